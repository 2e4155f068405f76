/**
 * TypeBox schemas of the customer's tracking (ADR 025; the contract with the
 * page: docs/decisions/025-customer-tracking.md). The same object answers
 * `GET /api/logisticsorder/tracking/{alias}/{orderCode}` and travels as
 * `tracking-updated` on `tracking-{id}`; `rider-position` carries a position
 * with its estimate. Every key is always present (null when unknown).
 */
import { type Static, Type } from 'typebox';
import { Nullable } from '../schemas/diner';
import { ShipmentStatusSchema } from './shipment-schemas';

const Lat = Type.Number({ minimum: -90, maximum: 90 });
const Lng = Type.Number({ minimum: -180, maximum: 180 });
const PositionSchema = Type.Object({ lat: Lat, lng: Lng });

export const TrackingEtaSchema = Type.Object(
  {
    from: Type.String({ format: 'date-time', description: 'Start of the arrival window (whole 5 minutes)' }),
    to: Type.String({ format: 'date-time', description: 'End of the arrival window (whole 5 minutes)' }),
    text: Type.String({
      description:
        "The window on the location's clock, `21:35–21:45` (en dash): what 'Entrega estimada' shows",
    }),
    source: Type.Union([Type.Literal('router'), Type.Literal('estimate')], {
      description: 'router: an OSRM-compatible router (ROUTER_URL); estimate: straight line × road factor',
    }),
  },
  { description: 'Arrival estimate; null without a recent rider position, or once delivered or cancelled' },
);

export const TrackingSchema = Type.Object({
  id: Type.Integer({ description: 'Logistics order id: the realtime room is `tracking-{id}`' }),
  status: ShipmentStatusSchema,
  orderCode: Type.String(),
  orderedAt: Type.String({ format: 'date-time', description: 'When the order was placed' }),
  timeZone: Type.String({ description: "The location's IANA zone: every time on the page is shown in it" }),
  securityCode: Nullable(
    Type.String({ description: "The delivery code ('Clave de entrega'); null once delivered or cancelled" }),
  ),
  rider: Nullable(
    Type.Object(
      {
        name: Type.String(),
        phone: Nullable(Type.String({ description: 'E.164' })),
        position: Nullable(
          Type.Object(
            {
              lat: Lat,
              lng: Lng,
              at: Type.String({ format: 'date-time', description: 'When it was reported' }),
            },
            { description: 'The last reported position; null when never reported' },
          ),
        ),
      },
      { description: 'Only while the shipment is taken and on its way to this customer' },
    ),
  ),
  branch: Type.Object({
    name: Type.String(),
    logoUrl: Nullable(Type.String()),
    position: Nullable(PositionSchema),
  }),
  destination: Type.Object({ position: Nullable(PositionSchema) }),
  eta: Nullable(TrackingEtaSchema),
  updatedAt: Type.String({
    format: 'date-time',
    description: 'When this answer was computed (server clock)',
  }),
});

export type TrackingView = Static<typeof TrackingSchema>;
export type TrackingEtaView = Static<typeof TrackingEtaSchema>;

/** `rider-position` on `tracking-{id}`: the page merges it into `rider.position` and `eta`. */
export interface TrackingPositionEvent {
  lat: number;
  lng: number;
  at: string;
  eta: TrackingEtaView | null;
}
