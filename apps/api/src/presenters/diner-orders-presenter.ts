/** 'Mis pedidos' → JSON (`GET /api/orders`): money in major units, the follow-up link of each order. */
import { type OrderStatus, orderIsInProgress, orderStatusIsFinal } from '@comanda/domain/order-status';
import type { DinerOrderLineRow, DinerOrderRow } from '../repositories/diner-orders-repository';
import type { DinerOrderView } from '../schemas/diner-orders';
import { orderFollowUpPath, type StoredExtraGroup } from './order-presenter';
import { major, textOrNull } from './present-utils';

/** One order of the list, with its lines and where its follow-up page is. */
export function dinerOrderPresent(
  order: DinerOrderRow,
  lines: readonly DinerOrderLineRow[],
  context: {
    branchContact: { id: number; alias: string; name: string };
    mantissaLength: number;
    now: number;
  },
): DinerOrderView {
  const m = context.mantissaLength;
  return {
    code: order.code,
    type: order.type,
    orderModeId: order.orderModeId,
    status: order.status,
    orderedAt: order.createdAt.toISOString(),
    scheduled: order.scheduled,
    scheduledAt: order.scheduledAt ? order.scheduledAt.toISOString() : null,
    inProgress: orderIsInProgress(
      {
        inProgress: !orderStatusIsFinal(order.status as OrderStatus),
        scheduledAt: order.scheduledAt,
        orderedAt: order.createdAt,
      },
      context.now,
    ),
    price: major(order.price, m),
    items: lines.map((line) => ({
      referenceId: line.referenceId,
      sizeId: line.sizeId,
      name: line.name,
      quantity: line.quantity,
      notes: textOrNull(line.notes),
      extras: (line.extras as unknown as StoredExtraGroup[]).map((group) => ({
        groupId: group.groupId,
        groupName: group.groupName,
        groupItems: group.groupItems.map((extra) => ({
          referenceId: extra.referenceId,
          name: extra.name,
          quantity: extra.quantity,
        })),
      })),
      accPrice: major(line.accPrice, m),
    })),
    branchContact: context.branchContact,
    followUpUrl: orderFollowUpPath(context.branchContact.alias, order.code),
  };
}
