/**
 * JSON shapes of the orders console (`/api/console/...`), its realtime events
 * and the diner's error report answer. One TypeBox schema each: it validates
 * (requests), serializes (responses), documents (/docs) and types the code.
 * Money is in major units, instants are ISO strings.
 */
import { ORDER_ERROR_TYPES } from '@comanda/domain/venue-message';
import { type Static, Type } from 'typebox';
import { Nullable } from '../schemas/diner';
import { OrderConsoleSchema, OrderFollowUpSchema } from '../schemas/order';

export const ConsoleErrorSchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
  /** On a refused move: where the order is and where it may go. */
  status: Type.Optional(Type.String()),
  nextStatuses: Type.Optional(Type.Array(Type.String())),
});

/** The error answers every console route can give. */
export const consoleErrors = {
  400: ConsoleErrorSchema,
  401: ConsoleErrorSchema,
  403: ConsoleErrorSchema,
  404: ConsoleErrorSchema,
} as const;

/** The board's columns, as the console names them. */
export const CONSOLE_STATES = ['new', 'accepted', 'ready', 'delivered', 'canceled'] as const;
export type ConsoleState = (typeof CONSOLE_STATES)[number];

const PaymentTypeSchema = Nullable(
  Type.Object({ id: Type.Integer(), showName: Type.String(), paymentMethod: Type.String() }),
);

/** One card of the board. */
export const ConsoleOrderSummarySchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  status: Type.String({ description: 'GENERATED, ACCEPTED, READY, DELIVERED or CANCELED' }),
  type: Type.String({ description: 'DELIVERY, TAKE_AWAY, DINE_IN or SELF_SERVICE' }),
  orderModeId: Type.Integer(),
  branchContactId: Type.Integer(),
  orderedAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  scheduled: Type.Boolean({ description: 'A scheduled order: show it apart until scheduledAt approaches' }),
  scheduledAt: Nullable(Type.String({ format: 'date-time' })),
  scheduledLater: Type.Boolean({
    description:
      "Open, scheduled, and its time more than 60 min away (ADR 049): shown under 'Programados', out of its column and its count",
  }),
  customerName: Nullable(Type.String()),
  table: Nullable(Type.String()),
  price: Type.Number(),
  paymentType: PaymentTypeSchema,
  paymentStatus: Type.String(),
  paymentState: Type.String({
    description:
      'NOT_REQUIRED, PAID, PROCESSING (a payment under way at the provider), UNPAID or EXPIRED (payment window over)',
  }),
  paid: Type.Boolean(),
  itemsCount: Type.Integer({ description: 'Units ordered (sum of quantities)' }),
  errorType: Nullable(Type.String()),
  reportsCount: Type.Integer(),
});
export type ConsoleOrderSummary = Static<typeof ConsoleOrderSummarySchema>;

const CountsSchema = Type.Object({
  new: Type.Integer({ description: 'New orders, those scheduled for later aside (ADR 049)' }),
  accepted: Type.Integer(),
  ready: Type.Integer(),
  delivered: Type.Integer(),
  canceled: Type.Integer(),
  scheduled: Type.Integer({
    description: 'Open orders scheduled for later (`scheduledLater`), in no other count',
  }),
});

/** `GET /api/console/orders`. */
export const ConsoleOrderListSchema = Type.Object({
  orders: Type.Array(ConsoleOrderSummarySchema),
  /** Orders matching the state filter (for paging). */
  total: Type.Integer(),
  offset: Type.Integer(),
  limit: Type.Integer(),
  /** Per board column, over the orders the board shows (the same window and `since`; the state filter aside). */
  counts: CountsSchema,
  /** Open card and payment-link orders of the board not paid yet and still within their payment window. */
  unpaidCardOrders: Type.Integer(),
});
export type ConsoleOrderList = Static<typeof ConsoleOrderListSchema>;

export const OrderReportSchema = Type.Object({
  id: Type.Integer(),
  errorType: Type.String(),
  label: Type.String({ description: 'The error type in Spanish' }),
  details: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
});
export type OrderReportView = Static<typeof OrderReportSchema>;

/** `GET /api/console/orders/{id}`, the move's answer, and the console's `order-updated` event. */
export const ConsoleOrderDetailSchema = Type.Intersect([
  OrderConsoleSchema,
  Type.Object({
    updatedAt: Type.String({ format: 'date-time' }),
    acceptedAt: Nullable(Type.String({ format: 'date-time' })),
    readyAt: Nullable(Type.String({ format: 'date-time' })),
    deliveredAt: Nullable(Type.String({ format: 'date-time' })),
    canceledAt: Nullable(Type.String({ format: 'date-time' })),
    errorDetails: Nullable(Type.String()),
    acquisitionChannel: Nullable(
      Type.String({ description: "Where the diner came from: the entry link's source, else DIRECT" }),
    ),
    campaignId: Nullable(Type.String({ description: "The entry link's campaignId, if any" })),
    paid: Type.Boolean(),
    nextStatuses: Type.Array(Type.String(), { description: 'The moves the state machine allows now' }),
    customerWhatsAppUrl: Nullable(
      Type.String({ description: 'wa.me link to the customer’s phone with a greeting prefilled' }),
    ),
    destinationMapsUrl: Nullable(Type.String({ description: 'Directions to the delivery address' })),
    reports: Type.Array(OrderReportSchema),
    statusEvents: Type.Array(
      Type.Object({
        fromStatus: Nullable(Type.String()),
        toStatus: Type.String(),
        staffUserId: Nullable(Type.Integer()),
        staffName: Nullable(Type.String()),
        reason: Nullable(Type.String()),
        createdAt: Type.String({ format: 'date-time' }),
      }),
    ),
  }),
]);
export type ConsoleOrderDetail = Static<typeof ConsoleOrderDetailSchema>;

/** `POST /api/console/orders/{id}/status`. */
export const StatusMoveBodySchema = Type.Object(
  {
    status: Type.Enum(['ACCEPTED', 'READY', 'DELIVERED', 'CANCELED'], {
      description: 'The status to move to (GENERATED is where every order starts, never a move)',
    }),
    reason: Type.Optional(
      Type.String({ maxLength: 500, description: 'Required (not blank) for CANCELED; ignored otherwise' }),
    ),
  },
  { additionalProperties: false },
);

export const StatusMoveResultSchema = Type.Object({
  /** False when the order already was in that status (nothing written, nothing published). */
  changed: Type.Boolean(),
  order: ConsoleOrderDetailSchema,
});
export type StatusMoveResult = Static<typeof StatusMoveResultSchema>;

/** A branch contact with the venue controls the console flips. */
export const ConsoleBranchContactSchema = Type.Object({
  id: Type.Integer(),
  alias: Type.String(),
  name: Type.String(),
  manualClosing: Type.Boolean({ description: 'Closed by hand: the storefront shows it closed' }),
  ordersConsoleActive: Type.Boolean(),
  timeZone: Type.String({ description: "The location's IANA zone: the console shows every time in it" }),
  orderModes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      type: Type.String(),
      showName: Type.String(),
      active: Type.Boolean(),
      orderEnabled: Type.Boolean({
        description: 'False: the menu is informative (‘Menú informativo. Pedidos deshabilitados.’)',
      }),
    }),
  ),
});
export type ConsoleBranchContact = Static<typeof ConsoleBranchContactSchema>;

/** A diner message in the outbox. */
export const OutboxMessageSchema = Type.Object({
  id: Type.Integer(),
  branchContactId: Nullable(Type.Integer()),
  orderId: Nullable(Type.Integer()),
  orderCode: Nullable(Type.String()),
  channel: Type.String(),
  kind: Type.String({ description: 'ORDER_GENERATED, ORDER_ACCEPTED, …' }),
  toPhone: Type.String(),
  body: Type.String(),
  status: Type.String({
    description: 'PENDING (waiting), SENT, FAILED, or KEPT (no messaging provider configured)',
  }),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String({ description: "The provider's raw error, for support" })),
  errorText: Nullable(
    Type.String({
      description: 'Why it was not sent and what to do, as the venue reads it (Spanish, usted)',
    }),
  ),
  createdAt: Type.String({ format: 'date-time' }),
  sentAt: Nullable(Type.String({ format: 'date-time' })),
});
export type OutboxMessageView = Static<typeof OutboxMessageSchema>;

export const OutboxListSchema = Type.Object({
  messages: Type.Array(OutboxMessageSchema),
  total: Type.Integer(),
  offset: Type.Integer(),
  limit: Type.Integer(),
});

/** `POST /api/diner/order/details`. */
export const OrderDetailsBodySchema = Type.Object(
  {
    code: Type.String({ pattern: '^[A-Za-z0-9]{6,32}$', description: 'The order code' }),
    errorType: Type.Enum([...ORDER_ERROR_TYPES], {
      description: `Exactly one of ${ORDER_ERROR_TYPES.join(', ')}`,
    }),
    details: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { additionalProperties: false },
);
export type OrderDetailsBody = Static<typeof OrderDetailsBodySchema>;

export const OrderDetailsResultSchema = Type.Object({
  order: OrderFollowUpSchema,
  /** wa.me link to the venue with the report prefilled; null when the venue has no phone. */
  whatsAppUrl: Nullable(Type.String()),
  /** The prefilled text. */
  text: Type.String(),
});
export type OrderDetailsResult = Static<typeof OrderDetailsResultSchema>;
