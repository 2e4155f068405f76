/**
 * The spec's "Delivery info" (ordering §3, §7 `GET /api/branch/{id}/deliveryzones/fee`):
 * what delivering to one point costs from one branch contact, and whether it can
 * be delivered at all. Same conventions as the diner schemas: every key always
 * present, `null` where there is no value, money in major units.
 */
import { type Static, Type } from 'typebox';
import { Nullable } from './diner';

/** A latitude in a query string: degrees, -90…90 (`lat=abc`, `lat=91` → 400 naming `querystring.lat`). */
export const LatitudeParam = Type.Number({ minimum: -90, maximum: 90, description: 'Latitude in degrees' });
/** A longitude in a query string: degrees, -180…180. */
export const LongitudeParam = Type.Number({
  minimum: -180,
  maximum: 180,
  description: 'Longitude in degrees',
});

export const DeliveryInfoQuerySchema = Type.Object({
  lat: LatitudeParam,
  lng: LongitudeParam,
  fullAddress: Type.Optional(
    Type.String({
      maxLength: 500,
      description:
        "The diner's formatted address. The storefront asks only once it has one (ordering §5); the server " +
        'answers from the coordinates and neither stores nor logs it.',
    }),
  ),
  city: Type.Optional(Type.String({ maxLength: 200 })),
  phone: Type.Optional(Type.String({ maxLength: 40 })),
});
export type DeliveryInfoQuery = Static<typeof DeliveryInfoQuerySchema>;

export const DeliveryInfoSchema = Type.Object(
  {
    fee: Type.Number({ description: 'Delivery fee in major units; 0 outside the delivery area' }),
    cashFee: Nullable(
      Type.Number({ description: 'Delivery fee when paying cash, in major units; null outside the area' }),
    ),
    minimumOrderPrice: Nullable(
      Type.Number({ description: 'Minimum products amount for delivery; null outside the area' }),
    ),
    freeDeliveryFrom: Nullable(
      Type.Number({ description: 'Products amount from which delivery is free; null = never free' }),
    ),
    insideDeliveryArea: Type.Boolean({
      description: 'Some delivery zone of the location contains the point',
    }),
    providersFailed: Type.Boolean({
      description:
        'The location delivers with its own riders and none is on shift (no rider for the address)',
    }),
    ownLogistics: Type.Boolean({ description: 'The location delivers with its own riders' }),
    cashAvailable: Type.Boolean({
      description:
        'Cash can be taken at the door: with own logistics, some rider on shift accepts cash; otherwise true',
    }),
    zoneName: Nullable(
      Type.String({ description: 'The delivery zone that applies (the first listed match)' }),
    ),
  },
  {
    description:
      'Ordering §3 "Delivery info". Zones are a radius around the location or a polygon; when zones overlap ' +
      'the first listed one applies.',
  },
);
export type DeliveryInfoView = Static<typeof DeliveryInfoSchema>;

export const DeliveryReachQuerySchema = Type.Object({ lat: LatitudeParam, lng: LongitudeParam });

export const DeliveryReachSchema = Type.Object(
  {
    branchContacts: Type.Array(
      Type.Object({
        id: Type.Integer(),
        insideDeliveryArea: Type.Boolean({
          description: 'The location takes delivery orders and one of its zones holds the point',
        }),
      }),
    ),
  },
  { description: "Every listed location of the brand, in the brand's order" },
);
