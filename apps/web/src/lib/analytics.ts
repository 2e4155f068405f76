/**
 * The storefront's own analytics (ordering §7 "Other calls"): events are queued
 * and posted in batches to `POST /api/analytics/events` with the page session's
 * id in `x-session-id`. Sending never blocks a click and never throws: a lost
 * event is better than a broken page.
 */

/**
 * The event types of ordering §7 (PAY_ORDER and CONTINUE_TO_CHECKOUT are sent by
 * the checkout), and ORDER_IMPEDIMENT for ordering §4's order impediments
 * (`payload.impediment`, see ADR 006), and ABANDONED_CART_RETURN for a diner
 * back through a recovery message's link (ADR 028).
 */
export type AnalyticsEventType =
  | 'ORDER_IMPEDIMENT'
  | 'ADDRESS_SUBMIT'
  | 'PAY_ORDER'
  | 'CONTINUE_TO_CHECKOUT'
  | 'DELETE_ITEM'
  | 'VIEW_ORDER_SUMMARY'
  | 'ADD_ITEM'
  | 'ITEM_VIEW'
  | 'ORDER_MODE_SELECT'
  | 'BRANCH_CONTACT_SELECT'
  | 'ABANDONED_CART_RETURN';

export interface AnalyticsEvent {
  type: AnalyticsEventType;
  branchContactId?: number;
  orderModeId?: number;
  payload?: Record<string, unknown>;
}

type Sender = typeof import('./analytics-sender');
let sender: Sender | null = null;
let waiting: AnalyticsEvent[] = [];

/** Queues an event; it is posted with others within two seconds, or when the page is hidden. */
export function analyticsTrack(type: AnalyticsEventType, details: Omit<AnalyticsEvent, 'type'> = {}): void {
  try {
    const event = { type, ...details };
    if (sender) {
      sender.analyticsEnqueue([event]);
      return;
    }
    waiting.push(event);
    if (waiting.length > 1) return;
    import('./analytics-sender').then(
      (module) => {
        sender = module;
        const events = waiting;
        waiting = [];
        module.analyticsEnqueue(events);
      },
      () => {
        // The sender could not load (offline): these events are lost, the page is not.
        waiting = [];
      },
    );
  } catch {
    // Never let analytics break the page.
  }
}
