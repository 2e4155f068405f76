/**
 * Whether a diner can order in a mode right now, from the domain's schedule
 * rules (ordering §4 "Scheduling", §6 "Branch rules", §8 "Closed branch"):
 * open now, or closed with scheduling possible ('Programa tu pedido'), or not
 * orderable at all (ordering disabled, blocked by commercial terms, closed).
 */
import {
  type OrderTiming,
  scheduleClosedNotice,
  scheduleDays,
  scheduleIsOpen,
  scheduleOrderTiming,
} from '@comanda/domain/schedule';
import type { Minutes } from '@comanda/domain/types';
import type { ApiBranchContactSummary, ApiOrderMode } from '../types/api';

export interface OrderingState {
  /** Open now: inside a shift and not closed by hand. */
  isOpen: boolean;
  timing: OrderTiming;
  /** The closed modal and banner texts; null when open or when ordering is off anyway. */
  closedNotice: { modal: string; banner: string } | null;
  /** 'Menú informativo. Pedidos deshabilitados.': the mode takes no orders, or the location is blocked. */
  orderingDisabled: boolean;
  /** Items may go to the cart: now, or for a scheduled time. */
  canAddItems: boolean;
}

/** The ordering state of a mode of a branch contact at `now`. */
export function orderingStateAt(
  contact: Pick<ApiBranchContactSummary, 'timezone' | 'manualClosing' | 'commercialTermsInfo'>,
  mode: Pick<
    ApiOrderMode,
    'schedules' | 'specialDays' | 'orderEnabled' | 'useSchedule' | 'minDelayInMinutes'
  >,
  now: number,
): OrderingState {
  const orderingDisabled = contact.commercialTermsInfo.blocked || !mode.orderEnabled;
  // The domain leaves manual closing to the caller: a location closed by hand is not open now.
  const isOpen =
    !contact.manualClosing && scheduleIsOpen(mode.schedules, now, contact.timezone, mode.specialDays);
  // The offered days only matter when closed (can the diner schedule instead?).
  const days =
    !isOpen && mode.useSchedule && !orderingDisabled
      ? scheduleDays(mode.schedules, {
          now,
          timeZone: contact.timezone,
          // Whole and not negative by construction: `minutes()`'s own check would add bytes to the first load.
          minDelayInMinutes: Math.max(0, Math.round(mode.minDelayInMinutes)) as Minutes,
          specialDays: mode.specialDays,
        })
      : [];
  const timing = scheduleOrderTiming({
    orderEnabled: !orderingDisabled,
    useSchedule: mode.useSchedule,
    isOpen,
    days,
  });
  return {
    isOpen,
    timing,
    closedNotice: orderingDisabled ? null : scheduleClosedNotice(timing),
    orderingDisabled,
    canAddItems: timing.canOrderNow || timing.canSchedule,
  };
}

// Read by the menu, the cart and the follow-up with the ordering state; lives on its own so the
// tracking page has it without the ordering rules.
export { useNow } from './use-now';
