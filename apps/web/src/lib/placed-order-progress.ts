import {
  ORDER_STATUS_FLOW,
  type OrderStatus,
  orderIsInProgress,
  orderStatusIsFinal,
} from '@comanda/domain/order-status';
import type { PlacedOrder } from './placed-orders';

/**
 * Ordering §4 "In-progress order": flagged in progress (not delivered nor
 * canceled) and its scheduled, else ordered, time at most 24 hours ahead.
 */
export function placedOrderInProgress(order: PlacedOrder, now: number): boolean {
  const status = order.status as OrderStatus;
  const known = status === 'CANCELED' || ORDER_STATUS_FLOW.includes(status);
  return orderIsInProgress(
    {
      inProgress: known && !orderStatusIsFinal(status),
      orderedAt: Date.parse(order.orderedAt),
      scheduledAt: order.scheduledAt ? Date.parse(order.scheduledAt) : null,
    },
    now,
  );
}
