/**
 * The analytics events the storefront posts (ordering §7 "Analytics events are
 * posted to an analytics service with a session id header"), stored in our own
 * `analytics_events` table.
 */
import { type Static, Type } from 'typebox';

/**
 * Ordering §7's event types, plus ORDER_IMPEDIMENT for ordering §4's order
 * impediments and ABANDONED_CART_RETURN for a diner back through a recovery
 * message's link (ordering §2 `abandoned`, ADR 028).
 */
export const ANALYTICS_EVENT_TYPES = [
  'ADDRESS_SUBMIT',
  'PAY_ORDER',
  'CONTINUE_TO_CHECKOUT',
  'DELETE_ITEM',
  'VIEW_ORDER_SUMMARY',
  'ADD_ITEM',
  'ITEM_VIEW',
  'ORDER_MODE_SELECT',
  'BRANCH_CONTACT_SELECT',
  'ORDER_IMPEDIMENT',
  'ABANDONED_CART_RETURN',
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/**
 * Ordering §4 "Order impediments (analytics types)": an ORDER_IMPEDIMENT event
 * names one of these in `payload.impediment`.
 */
export const ORDER_IMPEDIMENTS = [
  'STORE_CLOSED',
  'STORE_TEMPORARILY_CLOSED',
  'ALL_ORDER_MODES_DISABLED',
  'ORDERS_DISABLED',
  'OUT_OF_COVERAGE_AREA',
  'NO_LOGISTICS_COVERAGE',
  'NO_PAYMENT_METHODS',
] as const;

/** A payload's JSON may take at most this many bytes (UTF-8). */
export const ANALYTICS_PAYLOAD_MAX_BYTES = 4096;
export const ANALYTICS_BATCH_MAX = 50;

/** The session id header: the storefront's random id for one browsing session. */
export const SessionIdHeaderSchema = Type.Object({
  'x-session-id': Type.String({
    pattern: '^[A-Za-z0-9-]{8,64}$',
    description: '8 to 64 letters, digits or dashes (a UUID fits)',
  }),
});

export const AnalyticsEventSchema = Type.Object(
  {
    type: Type.Enum([...ANALYTICS_EVENT_TYPES]),
    branchContactId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    orderModeId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    payload: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description: `Free-form details, at most ${ANALYTICS_PAYLOAD_MAX_BYTES} bytes of JSON. ORDER_IMPEDIMENT needs \`impediment\`: ${ORDER_IMPEDIMENTS.join(', ')}.`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type AnalyticsEventInput = Static<typeof AnalyticsEventSchema>;

export const AnalyticsBatchSchema = Type.Object(
  { events: Type.Array(AnalyticsEventSchema, { minItems: 1, maxItems: ANALYTICS_BATCH_MAX }) },
  { additionalProperties: false },
);

export const AnalyticsAcceptedSchema = Type.Object({
  accepted: Type.Integer({ description: 'Events stored' }),
});
