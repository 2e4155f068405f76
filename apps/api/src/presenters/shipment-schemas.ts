/**
 * TypeBox schemas of the own-fleet shipment API (ADR 023): the rider's and
 * the venue's views of a shipment and a stack, the rider's requests, and the
 * realtime payloads. Ids are the database's integer ids; money is in major
 * units; every key is always present (null when there is no value).
 */
import { type Static, Type } from 'typebox';
import { Nullable } from '../schemas/diner';

export const SHIPMENT_STATUSES = [
  'PENDING',
  'STACKING',
  'LOOKING_FOR_DRIVER',
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFF',
  'ON_ROUTE_TO_DROP_OFFS',
  'DELIVERED',
  'RETURNED',
  'DRIVER_CANCELED',
  'CANCELED',
] as const;

export const ShipmentStatusSchema = Type.Enum([...SHIPMENT_STATUSES]);

export const ShipmentErrorSchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
  /** EXPIRED_BY_OTHER (another rider took it), INVALID_TRANSITION, … */
  code: Type.Optional(Type.String()),
  /** On a refused move: the status it has. */
  status: Type.Optional(Type.String()),
  retryAfterSeconds: Type.Optional(Type.Integer()),
  attemptsLeft: Type.Optional(Type.Integer()),
});

/** The error answers of the rider's shipment routes. */
export const shipmentErrors = {
  400: ShipmentErrorSchema,
  401: ShipmentErrorSchema,
  403: ShipmentErrorSchema,
  404: ShipmentErrorSchema,
  409: ShipmentErrorSchema,
  422: ShipmentErrorSchema,
  429: ShipmentErrorSchema,
} as const;

const shipmentProperties = {
  id: Type.Integer(),
  status: ShipmentStatusSchema,
  code: Type.String({ description: 'Short display code (4 characters)' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  returnShipment: Type.Boolean({ description: 'The rider brings the cash back to the store (RETURNED)' }),
  stackingOrder: Type.Integer(),
  stackId: Nullable(Type.Integer()),
  logisticsOrder: Type.Object({ id: Type.Integer() }),
  riderId: Nullable(Type.Integer({ description: 'Who holds it; another rider’s id means it was lost' })),
  rider: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), phone: Type.String() })),
  eta: Nullable(Type.String({ format: 'date-time' })),
  wonByOther: Type.Boolean(),
  canCancel: Type.Boolean({ description: 'The viewer may cancel it now (shipmentCancelPlan)' }),
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
  branch: Type.Object({
    name: Type.String(),
    address: Nullable(Type.String()),
    lat: Nullable(Type.Number()),
    lng: Nullable(Type.Number()),
  }),
  order: Type.Object({
    paymentType: Nullable(Type.String({ description: 'The payment type’s name' })),
    paymentMethod: Type.String({ description: 'CASH: the rider collects the total' }),
    total: Type.Number(),
    paysWith: Nullable(Type.Number({ description: 'Cash the customer pays with' })),
  }),
};

/**
 * A shipment as a rider sees it. Street, number, coordinates, customer name
 * and phone only while the customer's details may be shown
 * (`shipmentCustomerDetailsVisible`); never the order's code, which opens the
 * follow-up page and its delivery code.
 */
export const ShipmentSchema = Type.Object(shipmentProperties);
export type ShipmentView = Static<typeof ShipmentSchema>;

/** A shipment as the venue's staff see it (their own location): everything, with the order's code. */
export const ShipmentStaffSchema = Type.Object({
  ...shipmentProperties,
  order: Type.Object({
    ...shipmentProperties.order.properties,
    id: Type.Integer(),
    code: Type.String(),
    status: Type.String(),
  }),
  offeredToRiderId: Nullable(Type.Integer()),
  cancelReason: Nullable(Type.String()),
  deliveryCodeLockedUntil: Nullable(Type.String({ format: 'date-time' })),
});
export type ShipmentStaffView = Static<typeof ShipmentStaffSchema>;

const stackProperties = {
  id: Type.Integer(),
  status: ShipmentStatusSchema,
  selectedIndex: Type.Integer({ description: 'Index in `shipments` of the one the rider is on' }),
  returnStack: Type.Boolean(),
  riderId: Nullable(Type.Integer()),
  rider: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), phone: Type.String() })),
  wonByOther: Type.Boolean(),
  canCancel: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
};

/** A stack as a rider sees it; `shipments` in `shipmentStackSort` order. */
export const StackSchema = Type.Object({ ...stackProperties, shipments: Type.Array(ShipmentSchema) });
export type StackView = Static<typeof StackSchema>;

export const StackStaffSchema = Type.Object({
  ...stackProperties,
  shipments: Type.Array(ShipmentStaffSchema),
  offeredToRiderId: Nullable(Type.Integer()),
});
export type StackStaffView = Static<typeof StackStaffSchema>;

/** What the rider is on: a simple shipment or a stack (`GET /api/shipments/rider`, dispatch items). */
export const ShipmentTargetSchema = Type.Union([
  Type.Object({ kind: Type.Literal('simple'), shipment: ShipmentSchema }),
  Type.Object({ kind: Type.Literal('stack'), stack: StackSchema }),
]);
export type ShipmentTargetView = Static<typeof ShipmentTargetSchema>;

export const ShipmentStaffItemSchema = Type.Union([
  Type.Object({ kind: Type.Literal('simple'), shipment: ShipmentStaffSchema }),
  Type.Object({ kind: Type.Literal('stack'), stack: StackStaffSchema }),
]);
export type ShipmentStaffItem = Static<typeof ShipmentStaffItemSchema>;

/** `GET /api/shipments/order/{logisticsOrderId}`: the public fields of a logistics order's shipments. */
export const OrderShipmentsSchema = Type.Object({
  shipments: Type.Array(
    Type.Object({
      id: Type.Integer(),
      status: ShipmentStatusSchema,
      code: Type.String(),
      createdAt: Type.String({ format: 'date-time' }),
      updatedAt: Type.String({ format: 'date-time' }),
      rider: Nullable(Type.Object({ name: Type.String() })),
    }),
  ),
  searching: Type.Boolean({ description: 'One of them is looking for a driver' }),
});
export type OrderShipmentsView = Static<typeof OrderShipmentsSchema>;

/** The status update payload (follow-up §3) and what we add to it. */
const riderFields = {
  rider_phone: Type.Optional(Type.String({ maxLength: 40 })),
  rider_name: Type.Optional(Type.String({ maxLength: 200 })),
  rider_id: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 20 })])),
  securityCode: Type.Optional(
    Type.String({
      maxLength: 16,
      description: 'The delivery code the customer gives (needed for DELIVERED)',
    }),
  ),
};

export const ShipmentUpdateBodySchema = Type.Object(
  {
    status: ShipmentStatusSchema,
    id: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 20 })])),
    ...riderFields,
  },
  { additionalProperties: false },
);
export type ShipmentUpdateBody = Static<typeof ShipmentUpdateBodySchema>;

export const StackUpdateBodySchema = Type.Object(
  {
    status: Type.Optional(ShipmentStatusSchema),
    selectedShipmentId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    id: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 20 })])),
    ...riderFields,
  },
  { additionalProperties: false },
);
export type StackUpdateBody = Static<typeof StackUpdateBodySchema>;

export const IdempotencyHeadersSchema = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'A retry with the same key gets the first answer; the move is made once',
    }),
  ),
});

/** `shipment-updated` to `riders-{branchContactId}`: no personal data, the app refetches. */
export interface RiderShipmentEvent {
  kind: 'simple' | 'stack';
  id: number;
  status: string;
  riderId: number | null;
}
