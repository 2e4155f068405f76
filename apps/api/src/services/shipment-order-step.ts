/**
 * The order keeps in step with its shipment (ADR 023): leaving the store
 * makes the order READY, delivering it DELIVERED — moves written by the
 * order's own code (`orderStatusMoveWrite`), so the loyalty credit and the
 * diner's message are exactly those of a console move; a system move names
 * no staff member. The READY message of an own-fleet delivery says the order
 * is on its way and carries the delivery code.
 */
import type { OrderStatus } from '@comanda/domain/order-status';
import type { ShipmentStatus } from '@comanda/domain/shipment';
import { shipmentOrderMoves } from '@comanda/domain/shipment-lifecycle';
import type { Tx } from '../db/client';
import type { OrderRow } from '../repositories/order-repository';
import { branchContactLabel, type LogisticsOrderRow } from '../repositories/shipment-order-repository';
import { orderStatusMoveWrite } from './order-status-service';
import type { ShipmentChanges } from './shipment-common';

/**
 * Moves the order (locked by the caller) as the shipment's new status asks,
 * and records that its follow-up view changed. Answers the order after it.
 */
export async function shipmentOrderFollow(
  tx: Tx,
  deps: { publicUrl: string },
  input: {
    order: OrderRow;
    logistics: LogisticsOrderRow;
    shipmentStatus: ShipmentStatus;
    staffUserId: number | null;
    now: number;
  },
  changes: ShipmentChanges,
): Promise<OrderRow> {
  let order = input.order;
  const moves = shipmentOrderMoves(input.shipmentStatus, order.status as OrderStatus);
  if (moves.length > 0) {
    const branchContact = await branchContactLabel(tx, order.companyId, order.branchContactId);
    for (const to of moves) {
      const moved = await orderStatusMoveWrite(tx, deps, {
        order,
        to: to as Exclude<OrderStatus, 'GENERATED'>,
        staffUserId: input.staffUserId,
        reason: null,
        branchContact,
        deliveryCode: to === 'READY' ? input.logistics.securityCode : null,
        now: input.now,
      });
      order = moved.order;
      if (moved.outboxId !== null) changes.outboxIds.push(moved.outboxId);
    }
  }
  changes.orderCodes.add(order.code);
  return order;
}
