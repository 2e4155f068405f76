/**
 * TypeBox schemas of order placement, code discount validation, the order
 * follow-up read and client logs (ordering §3 "Order payload", "Code discount",
 * "Discount entry", "Surcharge entry"; follow-up §3 "Order (follow-up view)").
 *
 * Money in and out is in major units of the company's currency, as everywhere
 * in the API. Conventions of `schemas/diner.ts` apply: documented keys of a
 * response are always present, `null` when the value is absent.
 *
 * The order payload mirrors the storefront's cart and checkout state. The
 * server is authoritative: it reads only what identifies the order (INPUT
 * below) and recomputes every figure from the database. Fields marked
 * INFORMATIONAL are accepted so the client can send its state as it is, and are
 * never stored as sent: `price` is the one client figure that is compared
 * (a difference answers 409 with the server's breakdown).
 */
import { TABLE_NUMBER_MAX_LENGTH } from '@comanda/domain/table-number';
import { type Static, type TSchema, Type } from 'typebox';
import { ErrorSchema, IdParam, Nullable, OrderModeTypeSchema } from './diner';

/**
 * `T | null` as a JSON Schema type list (`type: ['number', 'null']`) rather than
 * `anyOf`: with type coercion on, Ajv would turn a `null` into `0`, `''` or
 * `false` inside the first branch of an `anyOf`, and a cash order sent with
 * `paysWith: null` would read as paying with 0.
 */
function OrNull<T extends TSchema>(schema: T) {
  const type = (schema as { type?: unknown }).type;
  if (typeof type !== 'string') return Nullable(schema);
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] });
}

/** Optional and nullable: clients send `null` or leave the key out alike. */
const Opt = <T extends TSchema>(schema: T) => Type.Optional(OrNull(schema));

/** A major-unit amount as the client shows it. */
const MajorAmount = Type.Number({ minimum: 0, maximum: 1_000_000_000_000 });

const ShortText = (maxLength: number, description?: string) =>
  Type.String({ maxLength, ...(description ? { description } : {}) });

// ---------------------------------------------------------------- order payload

export const OrderExtraItemSchema = Type.Object({
  referenceId: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'INPUT: garnish item id' }),
  quantity: Type.Integer({ minimum: 0, maximum: 1000, description: 'INPUT' }),
  name: Opt(ShortText(300, 'INFORMATIONAL: the menu’s name is used')),
  price: Opt(Type.Number({ description: 'INFORMATIONAL: the menu’s price is used' })),
});

export const OrderExtraGroupSchema = Type.Object({
  groupId: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'INPUT: garnish group id' }),
  groupItems: Type.Array(OrderExtraItemSchema, { maxItems: 50 }),
  groupName: Opt(ShortText(300, 'INFORMATIONAL')),
  multipleSelection: Opt(Type.Boolean({ description: 'INFORMATIONAL' })),
});

export const OrderItemSchema = Type.Object({
  referenceId: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'INPUT: plate id' }),
  referenceType: Type.Optional(Type.Literal('PLATE', { description: 'Only plates are ordered' })),
  sizeId: Opt(
    Type.Integer({ minimum: 1, maximum: 2147483647, description: 'INPUT: required for sized plates' }),
  ),
  quantity: Type.Integer({ minimum: 1, maximum: 9_999_999, description: 'INPUT' }),
  notes: Opt(ShortText(2000, 'INPUT: limited by the branch’s item notes limit (250 by default)')),
  extras: Opt(Type.Array(OrderExtraGroupSchema, { maxItems: 30, description: 'INPUT: chosen garnishes' })),
  name: Opt(ShortText(300, 'INFORMATIONAL')),
  price: Opt(Type.Number({ description: 'INFORMATIONAL: unit price is read from the menu' })),
  originalPrice: Opt(Type.Number({ description: 'INFORMATIONAL' })),
  priceWithoutModifiers: Opt(Type.Number({ description: 'INFORMATIONAL' })),
  categoryId: Opt(Type.Integer({ description: 'INFORMATIONAL: the menu’s category is used' })),
  categoryShowName: Opt(ShortText(300, 'INFORMATIONAL')),
  maxQuantity: Opt(Type.Integer({ description: 'INFORMATIONAL: the menu’s maximum is used' })),
  source: Opt(ShortText(20, 'INFORMATIONAL: plate, upselled or edit')),
  upsell: Opt(Type.Boolean({ description: 'INFORMATIONAL' })),
  index: Opt(Type.Integer({ description: 'INFORMATIONAL' })),
  discount: Opt(Type.Unknown({ description: 'INFORMATIONAL: menu discounts are recomputed' })),
});

/** The diner's address for a delivery (ordering §3 "User location"). */
export const OrderDestinationSchema = Type.Object({
  fullAddress: Opt(ShortText(500, 'INPUT: required for delivery')),
  lat: Opt(Type.Number({ minimum: -90, maximum: 90, description: 'INPUT: required for delivery' })),
  lng: Opt(Type.Number({ minimum: -180, maximum: 180, description: 'INPUT: required for delivery' })),
  street: Opt(ShortText(200)),
  number: Opt(ShortText(50)),
  zone: Opt(ShortText(200)),
  city: Opt(ShortText(200)),
  locality: Opt(ShortText(200)),
  country: Opt(ShortText(100)),
  postalCode: Opt(ShortText(20)),
  betweenStreets: Opt(ShortText(300, 'INPUT: required when the branch contact asks for it')),
  details: Opt(ShortText(300, 'Floor, apartment (aclaraciones)')),
});
export type OrderDestination = Static<typeof OrderDestinationSchema>;

const EntryInfoSchema = Type.Object({
  name: Opt(ShortText(200)),
  type: Opt(ShortText(40)),
  value: Opt(Type.Number()),
  amount: Opt(Type.Number()),
  code: Opt(ShortText(60)),
});

export const OrderPayloadSchema = Type.Object(
  {
    orderModeId: IdParam,
    branchContact: Type.Object({ id: IdParam }, { description: 'INPUT: the location ordered from' }),
    items: Type.Array(OrderItemSchema, { minItems: 1, maxItems: 100 }),
    price: Type.Number({
      minimum: 0,
      maximum: 1_000_000_000_000,
      description: 'The total the diner saw, major units: a difference with the server’s answers 409',
    }),
    paymentType: Type.Object(
      {
        id: IdParam,
        paymentMethod: Opt(ShortText(40, 'INFORMATIONAL')),
        upload: Opt(ShortText(10, 'INFORMATIONAL')),
      },
      { description: 'INPUT: one of the order mode’s payment types' },
    ),
    type: Type.Optional(OrderModeTypeSchema),
    source: Type.Optional(ShortText(40, 'Default DIRECT')),
    tableUid: Opt(ShortText(TABLE_NUMBER_MAX_LENGTH, 'INPUT: table number, required in dining in')),
    destination: Opt(OrderDestinationSchema),
    phone: Opt(ShortText(40, 'INPUT: validated, stored in E.164')),
    customerName: Opt(ShortText(120)),
    customerEmail: Opt(ShortText(200)),
    document: Opt(ShortText(40, 'Sent without dots')),
    optIn: Opt(Type.Boolean()),
    installedApp: Opt(Type.Boolean()),
    notes: Opt(ShortText(4000, 'INPUT: limited by the branch’s order notes limit (250 by default)')),
    paysWith: Opt(MajorAmount),
    scheduled: Opt(Type.Boolean()),
    scheduledAt: Opt(Type.String({ format: 'date-time', description: 'One of the offered slots' })),
    codeDiscount: Opt(
      ShortText(60, 'INPUT: discount code the diner applied (the spec sends it as `discounts[].code`)'),
    ),
    loyaltyInfo: Opt(Type.Object({ redeemedPoints: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }) })),
    acquisitionChannel: Opt(ShortText(60)),
    campaignId: Opt(ShortText(120)),
    analyticsInfo: Opt(Type.Object({ sessionId: Opt(ShortText(120)) })),
    userExternalReference: Opt(ShortText(200)),
    partnerName: Opt(ShortText(120)),
    orderText: Opt(ShortText(20000, 'INFORMATIONAL: the server writes the venue’s text')),
    userServiceFee: Opt(Type.Number({ description: 'INFORMATIONAL' })),
    deliveryFee: Opt(Type.Number({ description: 'INFORMATIONAL' })),
    discounts: Opt(
      Type.Array(EntryInfoSchema, {
        maxItems: 20,
        description:
          'INFORMATIONAL, but for a coupon’s `code`: the discount code when `codeDiscount` is absent',
      }),
    ),
    surcharges: Opt(Type.Array(EntryInfoSchema, { maxItems: 20, description: 'INFORMATIONAL' })),
    minDelayInMinutes: Opt(Type.Integer({ description: 'INFORMATIONAL: the order mode’s are used' })),
    maxDelayInMinutes: Opt(Type.Integer({ description: 'INFORMATIONAL: the order mode’s are used' })),
    paymentInfo: Opt(
      Type.Object(
        {
          status: Opt(ShortText(40)),
          paymentReferenceId: Opt(ShortText(200)),
          paymentUpload: Opt(ShortText(10)),
          amount: Opt(Type.Number()),
        },
        { description: 'INFORMATIONAL: a payment status is never taken from the client' },
      ),
    ),
  },
  { description: 'ordering §3 "Order payload"' },
);
export type OrderPayload = Static<typeof OrderPayloadSchema>;

/** An Idempotency-Key of the diner's writes: 8 to 128 visible characters (UUIDs, ULIDs and the like). */
export const IdempotencyKey = (description: string) =>
  Type.String({ minLength: 8, maxLength: 128, pattern: '^[\\x21-\\x7E]+$', description });

/** `POST /api/order`'s headers: the key is optional, as the spec's clients send none (ADR 044). */
export const OrderHeadersSchema = Type.Object({
  'idempotency-key': Type.Optional(
    IdempotencyKey(
      'One per checkout attempt (a UUID); a retry sends the same key and body. Without it, the same ' +
        'location, phone, items, price and payment type within two minutes is the same order',
    ),
  ),
  'x-customer-session': Type.Optional(
    Type.String({
      maxLength: 128,
      description:
        'The diner’s session token (`POST /api/orderingcustomer/session`) for the order’s phone: needed to ' +
        'redeem points (`loyaltyInfo.redeemedPoints`); without it a stored customer’s data is never changed',
    }),
  ),
});

// ---------------------------------------------------------------- breakdown (major units)

export const DiscountEntrySchema = Type.Object({
  name: Type.String(),
  type: Type.Union([Type.Literal('PERCENT'), Type.Literal('FIXED'), Type.Literal('FREE_DELIVERY')]),
  value: Type.Number({ description: 'Percent for PERCENT, major units for FIXED' }),
  amount: Type.Number(),
  discountReferenceId: Nullable(Type.String()),
  externalBenefitType: Nullable(Type.String()),
  code: Nullable(Type.String({ description: 'Set on the code discount' })),
});
export type DiscountEntryView = Static<typeof DiscountEntrySchema>;

export const SurchargeEntrySchema = Type.Object({
  name: Type.String(),
  type: Type.Union([Type.Literal('PERCENT'), Type.Literal('FIXED')]),
  value: Type.Number({ description: 'Percent for PERCENT, major units for FIXED' }),
  amount: Type.Number(),
  surchargeReferenceId: Nullable(Type.String()),
});
export type SurchargeEntryView = Static<typeof SurchargeEntrySchema>;

export const BreakdownSchema = Type.Object(
  {
    items: Type.Array(
      Type.Object({
        index: Type.Integer({ description: 'Position in the payload’s items' }),
        referenceId: Type.Integer(),
        quantity: Type.Integer(),
        price: Type.Number({ description: 'Unit price from the menu, extras included' }),
        discount: Type.Number({ description: 'Menu discount of the line' }),
        accPrice: Type.Number({ description: 'Line total after its menu discount' }),
      }),
    ),
    itemsPrice: Type.Number({ description: 'Products after menu discounts' }),
    discounts: Type.Array(DiscountEntrySchema),
    surcharges: Type.Array(SurchargeEntrySchema),
    deliveryFee: Type.Number(),
    userServiceFee: Type.Number(),
    loyalty: Type.Object({
      redeemedPoints: Type.Integer(),
      amount: Type.Number(),
      gainedPoints: Type.Integer(),
    }),
    price: Type.Number({ description: 'The total' }),
  },
  { description: 'The server’s figures, major units' },
);
export type BreakdownView = Static<typeof BreakdownSchema>;

// ---------------------------------------------------------------- placement answer

export const OrderPlacedSchema = Type.Object({
  code: Type.String({ description: 'Unguessable public reference of the order' }),
  id: Type.Integer(),
  status: Type.String(),
  price: Type.Number({ description: 'Total, major units' }),
  paymentStatus: Type.String(),
  followUpUrl: Type.String({ description: '/menu/{alias}/order/{code}' }),
  handOff: Type.Union([
    Type.Object({ kind: Type.Literal('CONSOLE') }),
    Type.Object({
      kind: Type.Literal('MESSAGING'),
      url: Nullable(
        Type.String({ description: 'wa.me link with the order text; null without a venue phone' }),
      ),
    }),
  ]),
});
export type OrderPlacedView = Static<typeof OrderPlacedSchema>;

export const PriceChangedSchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  breakdown: BreakdownSchema,
});

// ---------------------------------------------------------------- follow-up view

const FollowUpExtraSchema = Type.Object({
  groupId: Type.Integer(),
  groupName: Type.String(),
  groupItems: Type.Array(
    Type.Object({ referenceId: Type.Integer(), name: Type.String(), quantity: Type.Integer() }),
  ),
});

export const OrderFollowUpSchema = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String(),
    type: OrderModeTypeSchema,
    orderModeId: Type.Integer(),
    status: Type.String({ description: 'GENERATED, ACCEPTED, READY, DELIVERED or CANCELED' }),
    orderedAt: Type.String({ format: 'date-time' }),
    scheduled: Type.Boolean(),
    scheduledAt: Nullable(Type.String({ format: 'date-time' })),
    paymentType: Nullable(
      Type.Object({ id: Type.Integer(), showName: Type.String(), paymentMethod: Type.String() }),
    ),
    paymentStatus: Type.String({ description: 'PENDING, PROCESSING, PAID, REJECTED…' }),
    paymentState: Type.String({
      description: 'NOT_REQUIRED, PAID, PROCESSING, UNPAID (show pay) or EXPIRED (payment window over)',
    }),
    paysWith: Nullable(Type.Number({ description: 'Cash tendered (paymentAmount)' })),
    items: Type.Array(
      Type.Object({
        quantity: Type.Integer(),
        name: Type.String(),
        extras: Type.Array(FollowUpExtraSchema),
        notes: Nullable(Type.String()),
        accPrice: Type.Number(),
      }),
    ),
    itemsPrice: Type.Number({ description: 'Products after menu discounts' }),
    surcharges: Type.Array(Type.Object({ name: Type.String(), amount: Type.Number() })),
    discounts: Type.Array(Type.Object({ name: Type.String(), amount: Type.Number() })),
    generalCodeDiscount: Nullable(Type.String({ description: 'The discount code applied' })),
    deliveryFee: Type.Number(),
    userServiceFee: Type.Number(),
    price: Type.Number(),
    notes: Nullable(Type.String()),
    destination: Nullable(
      Type.Object({
        street: Nullable(Type.String()),
        number: Nullable(Type.String()),
        zone: Nullable(Type.String()),
        locality: Nullable(Type.String()),
        city: Nullable(Type.String()),
        fullAddress: Nullable(Type.String()),
        betweenStreets: Nullable(Type.String()),
        details: Nullable(Type.String()),
      }),
    ),
    customerId: Nullable(Type.Integer()),
    customerName: Nullable(Type.String()),
    table: Nullable(Type.String({ description: 'Table number (dine-in)' })),
    trackingUrl: Nullable(Type.String()),
    shipmentSecurityCode: Nullable(Type.String()),
    shipment: Nullable(
      Type.Object(
        {
          status: Type.String({ description: 'The own-fleet shipment’s status (LOOKING_FOR_DRIVER, …)' }),
          riderName: Nullable(Type.String()),
        },
        { description: 'The order’s own-fleet delivery, once the venue accepted it (ADR 023)' },
      ),
    ),
    loyalty: Type.Object({
      programName: Nullable(Type.String()),
      cashback: Type.Boolean({
        description:
          'The programme returns money: the amounts below are currency units shown as money (ADR 033)',
      }),
      redeemedPoints: Type.Integer({ description: 'Points taken from the wallet at placement' }),
      gainedPoints: Type.Integer({ description: 'Points the order earns; credited when it is delivered' }),
      gainedCredited: Type.Boolean({ description: 'The gained points are in the wallet (order delivered)' }),
      redeemedReturned: Type.Boolean({
        description: 'The redeemed points were given back (order canceled)',
      }),
    }),
    survey: Type.Object(
      {
        orderHasResponse: Type.Boolean(),
        generalNPSAnswer: Nullable(Type.Integer({ description: 'The general rating 1–5 given, if any' })),
        canRate: Type.Boolean({
          description:
            'Delivered, its branch’s survey takes answers and it was not answered: offer the survey',
        }),
      },
      { description: 'ordering §3 “Survey summary” of the order (ADR 031)' },
    ),
    cancelReason: Nullable(
      Type.String({ description: 'Why the venue cancelled the order (the diner’s message says it too)' }),
    ),
    errorType: Nullable(Type.String()),
    branchContact: Type.Object({
      id: Type.Integer(),
      alias: Type.String(),
      name: Type.String(),
      whatsAppPhone: Nullable(Type.String()),
    }),
    country: Type.Object({
      code: Type.String(),
      currency: Type.Object({ code: Type.String(), symbol: Type.String() }),
      mantissaLength: Type.Integer(),
    }),
  },
  { description: 'follow-up §3 "Order (follow-up view)", money in major units' },
);
export type OrderFollowUpView = Static<typeof OrderFollowUpSchema>;

/** What the orders console receives on `order-created`: the follow-up view plus the contact data. */
export const OrderConsoleSchema = Type.Intersect([
  OrderFollowUpSchema,
  Type.Object({
    branchContactId: Type.Integer(),
    phone: Nullable(Type.String()),
    customerEmail: Nullable(Type.String()),
    customerDocument: Nullable(Type.String()),
    orderText: Nullable(Type.String()),
  }),
]);
export type OrderConsoleView = OrderFollowUpView & {
  branchContactId: number;
  phone: string | null;
  customerEmail: string | null;
  customerDocument: string | null;
  orderText: string | null;
};

export const OrderCodeParam = Type.String({
  pattern: '^[A-Za-z0-9]{6,32}$',
  description: 'The order code',
});

// ---------------------------------------------------------------- code discount validation

export const CodeDiscountValidateSchema = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 60 }),
  branchId: IdParam,
  paymentId: Opt(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The chosen payment type' })),
  phone: Opt(ShortText(40)),
  orderDate: Opt(Type.String({ format: 'date-time', description: 'scheduledAt, or now' })),
  branchContactId: Opt(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  orderModeId: Opt(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  items: Opt(
    Type.Array(OrderItemSchema, { maxItems: 100, description: 'The cart, to check the code’s conditions' }),
  ),
  destination: Opt(
    Type.Object(
      { lat: Type.Number({ minimum: -90, maximum: 90 }), lng: Type.Number({ minimum: -180, maximum: 180 }) },
      { description: 'Delivery point, to check “Ya tiene envío gratis”' },
    ),
  ),
});
export type CodeDiscountValidateBody = Static<typeof CodeDiscountValidateSchema>;

export const CodeDiscountInfoSchema = Type.Object({
  code: Type.String(),
  id: Type.Integer(),
  type: Type.Union([Type.Literal('PERCENT'), Type.Literal('FIXED'), Type.Literal('FREE_DELIVERY')]),
  value: Type.Number({ description: 'Percent for PERCENT, major units for FIXED' }),
  active: Type.Boolean(),
  minimumOrderAmount: Nullable(Type.Number()),
  plate: Nullable(Type.Object({ id: Type.Integer(), showName: Type.String() })),
  category: Nullable(Type.Object({ id: Type.Integer(), showName: Type.String() })),
  firstTimeOnly: Type.Boolean(),
  maximumDiscountAmount: Nullable(Type.Number()),
  freeDelivery: Type.Boolean(),
  limitedUsage: Type.Boolean(),
  terms: Type.Array(Type.String()),
  expiresInMs: Nullable(Type.Integer({ description: '180000 for a limited-usage code' })),
});
export type CodeDiscountInfoView = Static<typeof CodeDiscountInfoSchema>;

// ---------------------------------------------------------------- client logs

export const CLIENT_LOG_BODY_LIMIT_BYTES = 16 * 1024;

export const ClientLogSchema = Type.Object({
  bcId: Opt(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Branch contact id' })),
  branchId: Opt(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  url: Opt(Type.String({ maxLength: 4000 })),
  coordinates: Opt(Type.Unknown()),
  address: Opt(Type.Unknown()),
  component: Opt(Type.String({ maxLength: 4000 })),
  payload: Opt(Type.Unknown()),
  stack: Opt(Type.String({ maxLength: 16_000 })),
});
export type ClientLogBody = Static<typeof ClientLogSchema>;

/** Error responses of the order routes. */
export const orderErrorResponses = {
  400: ErrorSchema,
  401: ErrorSchema,
  404: ErrorSchema,
  409: PriceChangedSchema,
  422: ErrorSchema,
  429: ErrorSchema,
} as const;
