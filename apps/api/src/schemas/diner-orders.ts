/**
 * TypeBox schemas of 'Mis pedidos' (`GET /api/orders`, ordering §3 "Orders
 * list", §7 `dinerOrders.orders`) and of the lines 'Repetir pedido' puts back
 * in the cart (ADR 027). Conventions of `schemas/diner.ts`: keys always
 * present, `null` when absent, money in major units, integer ids.
 */
import { type Static, Type } from 'typebox';
import { IdParam, Nullable, OrderModeTypeSchema } from './diner';

/** (decision) Orders per page of 'Mis pedidos'; the spec's constant is not shown (ordering §9). */
export const DINER_ORDERS_PAGE_SIZE = 10;

export const DinerOrdersQuerySchema = Type.Object({
  phone: Type.String({ minLength: 1, maxLength: 40, description: 'As typed; read in the venue’s country' }),
  branchContactId: IdParam,
  offset: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 0,
    description: `Orders to skip: page × ${DINER_ORDERS_PAGE_SIZE}`,
  }),
});

const RepeatExtraSchema = Type.Object({
  groupId: Type.Integer(),
  groupName: Type.String(),
  groupItems: Type.Array(
    Type.Object({ referenceId: Type.Integer(), name: Type.String(), quantity: Type.Integer() }),
  ),
});

export const DinerOrderLineSchema = Type.Object(
  {
    referenceId: Type.Integer({ description: 'The plate ordered' }),
    sizeId: Nullable(Type.Integer()),
    name: Type.String({ description: 'As it was named when ordered' }),
    quantity: Type.Integer(),
    notes: Nullable(Type.String()),
    extras: Type.Array(RepeatExtraSchema),
    accPrice: Type.Number({ description: 'What the line cost then (after its menu discount)' }),
  },
  {
    description:
      'A line as ordered. For \u2018Repetir pedido\u2019 the storefront configures it again with today’s menu ' +
      '(`orderRepeatLines` of packages/domain): today’s prices, and what is no longer sold left out and named.',
  },
);

export const DinerOrderSchema = Type.Object({
  code: Type.String(),
  type: OrderModeTypeSchema,
  orderModeId: Type.Integer(),
  status: Type.String({ description: 'GENERATED, ACCEPTED, READY, DELIVERED or CANCELED' }),
  orderedAt: Type.String({ format: 'date-time' }),
  scheduled: Type.Boolean(),
  scheduledAt: Nullable(Type.String({ format: 'date-time' })),
  inProgress: Type.Boolean({
    description: 'Not delivered nor canceled, and its scheduled (else ordered) time within 24 hours ahead',
  }),
  price: Type.Number(),
  items: Type.Array(DinerOrderLineSchema),
  branchContact: Type.Object({ id: Type.Integer(), alias: Type.String(), name: Type.String() }),
  followUpUrl: Type.String({ description: '`/menu/{alias}/order/{code}`: the order’s follow-up page' }),
});

export const DinerOrdersSchema = Type.Object({
  orders: Type.Array(DinerOrderSchema, { description: 'Newest first' }),
  offset: Type.Integer(),
  pageSize: Type.Integer(),
  nextOffset: Nullable(Type.Integer({ description: 'The next page’s offset; null on the last page' })),
});

export type DinerOrderView = Static<typeof DinerOrderSchema>;
export type DinerOrdersView = Static<typeof DinerOrdersSchema>;
