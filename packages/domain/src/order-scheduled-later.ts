/**
 * (ours, ADR 049) A scheduled order "for later": the console sets it apart
 * under 'Programados', out of its state's column and its count ('Nuevos'
 * included), until `ORDER_SCHEDULED_LEAD_MINUTES` before its time — then the
 * kitchen has to act on it like any other. Finished orders are never apart.
 */
import type { OrderStatus } from './order-status';

/** (decision) How long before its time a scheduled order joins its state's column. */
export const ORDER_SCHEDULED_LEAD_MINUTES = 60;

const LEAD_MS = ORDER_SCHEDULED_LEAD_MINUTES * 60_000;

/** The instant a scheduled order stops being "for later": its time less the lead. */
export function orderScheduledDueAt(scheduledAt: number): number {
  return scheduledAt - LEAD_MS;
}

/** Scheduled orders whose time is after this instant are "for later" at `now`. */
export function orderScheduledLaterAfter(now: number): number {
  return now + LEAD_MS;
}

/** Whether an order is still "for later" at `now`: open, scheduled, and its time beyond the lead. */
export function orderScheduledLater(
  order: { status: OrderStatus; scheduled: boolean; scheduledAt: Date | string | null },
  now: number,
): boolean {
  if (!order.scheduled || order.scheduledAt === null) return false;
  if (order.status === 'DELIVERED' || order.status === 'CANCELED') return false;
  const at = order.scheduledAt instanceof Date ? order.scheduledAt.getTime() : Date.parse(order.scheduledAt);
  return Number.isFinite(at) && at > orderScheduledLaterAfter(now);
}
