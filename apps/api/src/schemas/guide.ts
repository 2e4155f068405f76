/**
 * TypeBox schemas of the branch guide (follow-up §2.4, §3 "Branch contact (guide
 * card)", §7 `POST /api/menu/near`). Field names as the spec writes them.
 */
import {
  GUIDE_FILTER_KEYS,
  GUIDE_OFFSET_MAX,
  GUIDE_PAGE_SIZE_DEFAULT,
  GUIDE_PAGE_SIZE_MAX,
} from '@comanda/domain/guide';
import { type Static, Type } from 'typebox';
import { LatitudeParam, LongitudeParam } from './delivery-info';
import { Nullable } from './diner';

const GuideFilterSchema = Type.Object(
  {
    key: Type.Unsafe<(typeof GUIDE_FILTER_KEYS)[number]>({
      type: 'string',
      enum: [...GUIDE_FILTER_KEYS],
      description:
        '`country`: a country code (AR) or name (Argentina); `branch_contact`: a location id or alias',
    }),
    value: Type.String({ minLength: 1, maxLength: 100 }),
  },
  { additionalProperties: false },
);

export const GuideSearchBodySchema = Type.Object(
  {
    lat: LatitudeParam,
    lng: LongitudeParam,
    filters: Type.Optional(
      Type.Array(GuideFilterSchema, {
        maxItems: 50,
        description:
          'Entries of one key are alternatives (any of them), the keys together all apply: ' +
          '`[{country: AR}, {country: UY}, {branch_contact: fuego-palermo}]` = that location, if in AR or UY',
      }),
    ),
    pagingOption: Type.Optional(
      Type.Object(
        {
          pageSize: Type.Optional(
            Type.Integer({ minimum: 1, maximum: GUIDE_PAGE_SIZE_MAX, default: GUIDE_PAGE_SIZE_DEFAULT }),
          ),
          offset: Type.Optional(
            Type.Integer({
              minimum: 0,
              maximum: GUIDE_OFFSET_MAX,
              default: 0,
              description: '(page − 1) × pageSize (follow-up §9)',
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type GuideSearchBody = Static<typeof GuideSearchBodySchema>;

export const GuideBranchContactSchema = Type.Object({
  id: Type.Integer(),
  alias: Type.String({ description: 'Its storefront is /menu/{alias}' }),
  name: Type.String(),
  address: Type.Object({
    street: Nullable(Type.String()),
    number: Nullable(Type.String()),
    city: Nullable(Type.String()),
  }),
  whatsAppPhone: Nullable(Type.String({ description: "The venue's own WhatsApp number (public)" })),
  distanceInMeters: Type.Integer({ description: 'Great-circle distance from the given point, rounded' }),
  reachableByDelivery: Type.Boolean({
    description: 'The location takes delivery orders and one of its delivery zones holds the point',
  }),
});
export type GuideBranchContactView = Static<typeof GuideBranchContactSchema>;

export const GuidePageSchema = Type.Object({
  branchContacts: Type.Array(GuideBranchContactSchema, { description: 'Nearest first; ties by name' }),
  pagingOption: Type.Object({ pageSize: Type.Integer(), offset: Type.Integer() }),
  hasMore: Type.Boolean({ description: 'Another page follows' }),
});
export type GuidePageView = Static<typeof GuidePageSchema>;
