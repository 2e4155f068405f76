/**
 * JSON shapes of the venue's dispatch view (`/api/console/dispatch…`,
 * `/api/console/riders/{id}/approval`) and of its `rider-updated` event. One
 * TypeBox schema each: it validates, serializes, documents (/docs) and types
 * the code. Shipments and stacks are the shipment API's staff views
 * (`ShipmentStaffItemSchema`: the customer's name, phone and address of the
 * staff member's own location), the same the write routes answer and
 * `shipment-updated` carries. Instants are ISO strings.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from '../schemas/diner';
import { ShipmentStaffItemSchema } from './shipment-schemas';

const Instant = Type.String({ format: 'date-time' });

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
  waiting: Type.Array(ShipmentStaffItemSchema),
  inProgress: Type.Array(ShipmentStaffItemSchema),
  /** Newest first, at most 200 shipments and 200 stacks. */
  finishedToday: Type.Array(ShipmentStaffItemSchema),
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
