/**
 * JSON shapes of the venue's dispatch view (`/api/console/dispatch…`,
 * `/api/console/riders/{id}/approval`) and of its realtime events. One TypeBox
 * schema each: it validates, serializes, documents (/docs) and types the code.
 * Money is in major units, instants are ISO strings. Staff see the customer's
 * name, phone and address of their own location's shipments.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from '../schemas/diner';

const Instant = Type.String({ format: 'date-time' });

const RiderRefSchema = Type.Object({ id: Type.Integer(), name: Type.String(), phone: Type.String() });

const OfferSchema = Nullable(
  Type.Object(
    {
      id: Type.Integer(),
      name: Type.String(),
      onShift: Type.Boolean({
        description:
          'False when the rider ended the shift or lost the approval since: nobody else may take it until the venue offers it again or opens it to all',
      }),
    },
    { description: 'Offered only to this rider by the venue; null = open to every rider on shift' },
  ),
);

/** A shipment as the venue sees it. */
export const DispatchShipmentSchema = Type.Object({
  id: Type.Integer(),
  status: Type.String({ description: 'LOOKING_FOR_DRIVER, ON_ROUTE_TO_PICK_UP, IN_STORE, …' }),
  /** The status in the venue's words. */
  statusLabel: Type.String(),
  code: Type.String({ description: 'Short display code' }),
  createdAt: Instant,
  updatedAt: Instant,
  returnShipment: Type.Boolean({ description: 'Paid in cash: the rider brings the money back' }),
  stackingOrder: Type.Integer(),
  stackId: Nullable(Type.Integer()),
  logisticsOrder: Type.Object({ id: Type.Integer() }),
  riderId: Nullable(Type.Integer()),
  rider: Nullable(RiderRefSchema),
  offeredTo: OfferSchema,
  eta: Nullable(Instant),
  cancelReason: Nullable(Type.String()),
  customerName: Nullable(Type.String()),
  customerPhone: Nullable(Type.String()),
  destination: Nullable(
    Type.Object({
      street: Nullable(Type.String()),
      number: Nullable(Type.String()),
      zone: Nullable(Type.String()),
      locality: Nullable(Type.String()),
      fullAddress: Nullable(Type.String()),
      betweenStreets: Nullable(Type.String()),
      details: Nullable(Type.String()),
      lat: Nullable(Type.Number()),
      lng: Nullable(Type.Number()),
    }),
  ),
  order: Type.Object({
    id: Type.Integer(),
    code: Type.String(),
    status: Type.String(),
    paymentMethod: Type.String(),
    paymentType: Nullable(Type.String({ description: 'The payment type’s show name' })),
    total: Type.Number(),
    paysWith: Nullable(Type.Number()),
  }),
});
export type DispatchShipment = Static<typeof DispatchShipmentSchema>;

/** A stack (multi-delivery) as the venue sees it. */
export const DispatchStackSchema = Type.Object({
  id: Type.Integer(),
  status: Type.String(),
  statusLabel: Type.String(),
  /** In the rider's order (`shipmentStackSort`). */
  shipments: Type.Array(DispatchShipmentSchema),
  selectedIndex: Type.Integer(),
  returnStack: Type.Boolean(),
  riderId: Nullable(Type.Integer()),
  rider: Nullable(RiderRefSchema),
  offeredTo: OfferSchema,
  createdAt: Instant,
  updatedAt: Instant,
});
export type DispatchStack = Static<typeof DispatchStackSchema>;

export const DispatchItemSchema = Type.Union([
  Type.Object({ kind: Type.Literal('simple'), shipment: DispatchShipmentSchema }),
  Type.Object({ kind: Type.Literal('stack'), stack: DispatchStackSchema }),
]);
export type DispatchItem = Static<typeof DispatchItemSchema>;

export const DispatchRiderSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  /** On shift. */
  active: Type.Boolean(),
  /** False: registered from the shift page and waiting for the venue's approval. */
  approved: Type.Boolean(),
  registeredAt: Instant,
  shiftStartedAt: Nullable(Instant),
  position: Nullable(
    Type.Object(
      { lat: Type.Number(), lng: Type.Number(), accuracy: Nullable(Type.Number()), at: Instant },
      { description: 'The last position reported during this shift; null off shift or before approval' },
    ),
  ),
  current: Nullable(
    Type.Object({
      kind: Type.Union([Type.Literal('simple'), Type.Literal('stack')]),
      id: Type.Integer(),
      status: Type.String(),
      code: Type.String({ description: 'A stack’s shipment codes joined by ' + "' · '" }),
    }),
  ),
});
export type DispatchRider = Static<typeof DispatchRiderSchema>;

/** `GET /api/console/dispatch`. */
export const DispatchViewSchema = Type.Object({
  location: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    lat: Nullable(Type.Number()),
    lng: Nullable(Type.Number()),
    timezone: Type.String(),
    ownLogistics: Type.Boolean(),
  }),
  /** Where "today" starts for finishedToday: 05:00 of the location's local day (ADR 023). */
  dayStartsAt: Instant,
  /** Oldest first: the first one has waited longest. */
  waiting: Type.Array(DispatchItemSchema),
  inProgress: Type.Array(DispatchItemSchema),
  /** Newest first, at most 200 shipments and 200 stacks. */
  finishedToday: Type.Array(DispatchItemSchema),
  /**
   * Pending approval (on shift, not approved) first, then on shift, off shift, and off shift never
   * approved (or rejected); by name within each.
   */
  riders: Type.Array(DispatchRiderSchema),
});
export type DispatchView = Static<typeof DispatchViewSchema>;

/** `POST /api/console/riders/{id}/approval`. */
export const RiderApprovalBodySchema = Type.Object(
  {
    approved: Type.Boolean({
      description: 'true lets the rider take shipments; false takes that away and ends the shift',
    }),
  },
  { additionalProperties: false },
);

export const RiderApprovalResultSchema = Type.Object({
  /** False when the rider already was so (nothing written, nothing published). */
  changed: Type.Boolean(),
  rider: DispatchRiderSchema,
});
export type RiderApprovalResult = Static<typeof RiderApprovalResultSchema>;
