/**
 * The board's counts as they stand now. The server counts each column with the
 * orders scheduled for later apart (ADR 049) at the instant it answered; a
 * scheduled order that falls due while the board is open joins its column on
 * screen before the next read, and its count moves with it, by the same domain
 * rule (`orderScheduledLater`) the server applied.
 */
import { orderScheduledLater } from '@comanda/domain/order-scheduled-later';
import type { BoardState, OrderBoard, OrderSummary } from '../api/console-api';

const STATE_OF: Partial<Record<OrderSummary['status'], BoardState>> = {
  GENERATED: 'new',
  ACCEPTED: 'accepted',
  READY: 'ready',
};

/** Whether an order sits under 'Programados' at `now`. */
export function boardScheduledLater(order: OrderSummary, now: number): boolean {
  return orderScheduledLater(order, now);
}

/** The server's counts, with the orders whose 'for later' changed since it answered moved over. */
export function boardCountsAt(board: OrderBoard, now: number): OrderBoard['counts'] {
  const counts = { ...board.counts };
  for (const order of board.orders) {
    const later = orderScheduledLater(order, now);
    const state = STATE_OF[order.status];
    if (later === order.scheduledLater || !state) continue;
    const step = later ? -1 : 1;
    counts[state] += step;
    counts.scheduled -= step;
  }
  return counts;
}
