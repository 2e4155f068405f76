/**
 * The writes every shipment flow shares, inside the caller's transaction and
 * under the locks it took (orders → stack → shipments): a status move with
 * its history line, re-pooling a cancelled shipment (a fresh one looking for
 * a driver, so the order is never lost), closing a stack whose shipments are
 * all finished (ADR 023).
 */
import { randomInt } from 'node:crypto';
import type { ShipmentStatus } from '@comanda/domain/shipment';
import { shipmentIsPreDropOff, shipmentStackIsFinished, shipmentStackSort } from '@comanda/domain/shipment';
import { shipmentDisplayCode } from '@comanda/domain/shipment-codes';
import { shipmentStackClosingStatus, shipmentStackCurrentIndex } from '@comanda/domain/shipment-lifecycle';
import type { Tx } from '../db/client';
import { shipmentDomainOf } from '../presenters/shipment-presenter';
import type { LogisticsOrderRow } from '../repositories/shipment-order-repository';
import {
  type ShipmentRow,
  shipmentEventInsert,
  shipmentInsert,
  shipmentsOfStackLock,
  shipmentUpdate,
} from '../repositories/shipment-repository';
import { type StackRow, stackUpdate } from '../repositories/shipment-stack-repository';
import type { ShipmentChanges } from './shipment-common';

/** Who makes a move: a rider, a staff member, or the system (both null). */
export interface ShipmentActor {
  riderId: number | null;
  staffUserId: number | null;
}

/** A fresh display code (randomness from node:crypto). */
export function shipmentCodeNew(): string {
  return shipmentDisplayCode((size) => randomInt(size));
}

/** Moves a locked shipment to `to` with its history line; `patch` adds fields (rider, reason, attempts). */
export async function shipmentStatusWrite(
  tx: Tx,
  row: ShipmentRow,
  to: ShipmentStatus,
  input: { actor: ShipmentActor; now: Date; reason?: string | null; patch?: Partial<ShipmentRow> },
  changes: ShipmentChanges,
): Promise<ShipmentRow> {
  const moved = await shipmentUpdate(tx, row.companyId, row.id, {
    ...input.patch,
    status: to,
    updatedAt: input.now,
  });
  await shipmentEventInsert(tx, {
    companyId: row.companyId,
    branchContactId: row.branchContactId,
    shipmentId: row.id,
    stackId: row.stackId,
    fromStatus: row.status,
    toStatus: to,
    riderId: input.actor.riderId,
    staffUserId: input.actor.staffUserId,
    reason: input.reason ?? null,
    createdAt: input.now,
  });
  changes.shipmentIds.add(row.id);
  if (row.stackId !== null) changes.stackIds.add(row.stackId);
  return moved;
}

/** A stack's status move with its history line. */
export async function stackStatusWrite(
  tx: Tx,
  stack: StackRow,
  to: ShipmentStatus,
  input: { actor: ShipmentActor; now: Date; reason?: string | null; patch?: Partial<StackRow> },
  changes: ShipmentChanges,
): Promise<StackRow> {
  const moved = await stackUpdate(tx, stack.companyId, stack.id, {
    ...input.patch,
    status: to,
    updatedAt: input.now,
  });
  await shipmentEventInsert(tx, {
    companyId: stack.companyId,
    branchContactId: stack.branchContactId,
    stackId: stack.id,
    fromStatus: stack.status,
    toStatus: to,
    riderId: input.actor.riderId,
    staffUserId: input.actor.staffUserId,
    reason: input.reason ?? null,
    createdAt: input.now,
  });
  changes.stackIds.add(stack.id);
  return moved;
}

/**
 * Re-pools a cancelled shipment: a fresh one for the same logistics order,
 * looking for a driver, unstacked and offered to everyone, keeping whether
 * the money comes back. The cancelled one keeps its history.
 */
export async function shipmentRepool(
  tx: Tx,
  cancelled: ShipmentRow,
  input: { actor: ShipmentActor; now: Date },
  changes: ShipmentChanges,
): Promise<ShipmentRow> {
  const fresh = await shipmentInsert(tx, {
    companyId: cancelled.companyId,
    logisticsOrderId: cancelled.logisticsOrderId,
    branchContactId: cancelled.branchContactId,
    status: 'LOOKING_FOR_DRIVER',
    returnShipment: cancelled.returnShipment,
    code: shipmentCodeNew(),
    providerName: cancelled.providerName,
    createdAt: input.now,
    updatedAt: input.now,
  });
  await shipmentEventInsert(tx, {
    companyId: fresh.companyId,
    branchContactId: fresh.branchContactId,
    shipmentId: fresh.id,
    fromStatus: null,
    toStatus: 'LOOKING_FOR_DRIVER',
    riderId: input.actor.riderId,
    staffUserId: input.actor.staffUserId,
    reason: `re-pooled after shipment ${cancelled.id}`,
    createdAt: input.now,
  });
  changes.shipmentIds.add(fresh.id);
  return fresh;
}

/** The first shipment of a logistics order, looking for a driver (created when staff accept the order). */
export async function shipmentFirstInsert(
  tx: Tx,
  logistics: LogisticsOrderRow,
  input: { returnShipment: boolean; staffUserId: number | null; now: Date },
  changes: ShipmentChanges,
): Promise<ShipmentRow> {
  const row = await shipmentInsert(tx, {
    companyId: logistics.companyId,
    logisticsOrderId: logistics.id,
    branchContactId: logistics.branchContactId,
    status: 'LOOKING_FOR_DRIVER',
    returnShipment: input.returnShipment,
    code: shipmentCodeNew(),
    providerName: logistics.providerName,
    createdAt: input.now,
    updatedAt: input.now,
  });
  await shipmentEventInsert(tx, {
    companyId: row.companyId,
    branchContactId: row.branchContactId,
    shipmentId: row.id,
    fromStatus: null,
    toStatus: 'LOOKING_FOR_DRIVER',
    staffUserId: input.staffUserId,
    createdAt: input.now,
  });
  changes.shipmentIds.add(row.id);
  return row;
}

/**
 * After a shipment of a stack moved: the stack's persisted selection follows
 * (the first unfinished in stack order), and a stack in drop-offs whose
 * shipments are all finished closes (`shipmentStackClosingStatus`); one
 * before drop-off left with nothing to deliver is CANCELED. The stack
 * must be locked by the caller.
 */
export async function stackAfterShipmentMove(
  tx: Tx,
  stack: StackRow,
  input: { actor: ShipmentActor; now: Date },
  changes: ShipmentChanges,
): Promise<StackRow> {
  const rows = await shipmentsOfStackLock(tx, stack.companyId, stack.id);
  const sorted = shipmentStackSort(rows.map(shipmentDomainOf));
  const selectedIndex = shipmentStackCurrentIndex(sorted);
  const status = stack.status as ShipmentStatus;
  const closing =
    status === 'ON_ROUTE_TO_DROP_OFFS'
      ? shipmentStackClosingStatus(sorted)
      : // Before drop-off a stack left with nothing to deliver (its orders cancelled) is over too.
        shipmentIsPreDropOff(status) && shipmentStackIsFinished({ shipments: sorted })
        ? 'CANCELED'
        : null;
  if (closing) return stackStatusWrite(tx, stack, closing, { ...input, patch: { selectedIndex } }, changes);
  if (selectedIndex === stack.selectedIndex) return stack;
  changes.stackIds.add(stack.id);
  return stackUpdate(tx, stack.companyId, stack.id, { selectedIndex, updatedAt: input.now });
}
