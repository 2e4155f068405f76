/**
 * Where shipments come from and how an order takes them along (ADR 023).
 *
 * Trigger: staff accept (ACCEPTED) a DELIVERY order of a location with its own
 * fleet (`ownLogistics`). In the accept's transaction, under the order's lock:
 * one logistics order (the delivery code: 4 random digits) and one shipment
 * looking for a driver (a short display code; a return shipment when the order
 * is paid in cash — the rider brings the money back). The logistics order is
 * unique per order, so it happens once. Take-away, table and self-service
 * orders never get one.
 *
 * An order the venue cancels takes its unfinished shipments along (CANCELED,
 * not re-pooled): no rider goes on delivering a cancelled order.
 */
import { randomInt } from 'node:crypto';
import { type ShipmentStatus, shipmentIsFinished } from '@comanda/domain/shipment';
import { shipmentDeliveryCode } from '@comanda/domain/shipment-codes';
import type { Tx } from '../db/client';
import type { OrderRow } from '../repositories/order-repository';
import {
  branchContactOwnLogistics,
  logisticsOrderInsertOnce,
  logisticsOrderOfOrder,
} from '../repositories/shipment-order-repository';
import { shipmentsLock, shipmentsOfLogisticsOrder } from '../repositories/shipment-repository';
import { stackLock } from '../repositories/shipment-stack-repository';
import { type ShipmentChanges, shipmentChangesNew } from './shipment-common';
import { shipmentFirstInsert, shipmentStatusWrite, stackAfterShipmentMove } from './shipment-writes';

/**
 * Creates the logistics order and its first shipment for an order just
 * accepted, when it is a delivery of an own-fleet location (see the module
 * comment). Call it in the accept's transaction. Answers what to announce
 * after commit, or null when the order gets no shipment.
 */
export async function shipmentCreateForAcceptedOrder(
  tx: Tx,
  order: OrderRow,
  input: { staffUserId: number | null; now: number },
): Promise<ShipmentChanges | null> {
  if (order.type !== 'DELIVERY') return null;
  if (!(await branchContactOwnLogistics(tx, order.companyId, order.branchContactId))) return null;
  const now = new Date(input.now);
  const logistics = await logisticsOrderInsertOnce(tx, {
    companyId: order.companyId,
    orderId: order.id,
    branchContactId: order.branchContactId,
    securityCode: shipmentDeliveryCode((size) => randomInt(size)),
    createdAt: now,
  });
  if (!logistics) return null;
  const changes = shipmentChangesNew(order.companyId, order.branchContactId);
  await shipmentFirstInsert(
    tx,
    logistics,
    { returnShipment: order.paymentMethod === 'CASH', staffUserId: input.staffUserId, now },
    changes,
  );
  return changes;
}

/**
 * Cancels the unfinished shipments of an order the venue cancelled (order
 * locked by the caller), closing their stack when it has nothing left to do.
 * Answers what to announce, or null when there was nothing.
 */
export async function shipmentsCancelForOrder(
  tx: Tx,
  order: OrderRow,
  input: { staffUserId: number | null; reason: string | null; now: number },
): Promise<ShipmentChanges | null> {
  const logistics = await logisticsOrderOfOrder(tx, order.companyId, order.id);
  if (!logistics) return null;
  const open = (await shipmentsOfLogisticsOrder(tx, order.companyId, logistics.id)).filter(
    (row) => !shipmentIsFinished(row.status as ShipmentStatus),
  );
  if (open.length === 0) return null;
  const changes = shipmentChangesNew(order.companyId, order.branchContactId);
  const now = new Date(input.now);
  const actor = { riderId: null, staffUserId: input.staffUserId };
  // Locks in the one order: (the order, taken by the caller) → stacks → shipments.
  const stackIds = [...new Set(open.flatMap((row) => (row.stackId === null ? [] : [row.stackId])))].sort(
    (a, b) => a - b,
  );
  const stacks = [];
  for (const stackId of stackIds) {
    const stack = await stackLock(tx, order.companyId, stackId);
    if (stack) stacks.push(stack);
  }
  for (const row of await shipmentsLock(
    tx,
    order.companyId,
    open.map((shipment) => shipment.id),
  )) {
    if (shipmentIsFinished(row.status as ShipmentStatus)) continue;
    await shipmentStatusWrite(
      tx,
      row,
      'CANCELED',
      { actor, now, reason: input.reason, patch: { cancelReason: input.reason } },
      changes,
    );
  }
  for (const stack of stacks) await stackAfterShipmentMove(tx, stack, { actor, now }, changes);
  return changes;
}
