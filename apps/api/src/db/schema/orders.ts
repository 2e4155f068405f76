import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt, instant, money, updatedAt } from './columns';
import { customers } from './customers';
import { codeDiscounts } from './menu';
import {
  branchContacts,
  branches,
  companies,
  orderModes,
  paymentProviderAccounts,
  paymentTypes,
} from './tenant';

export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id),
    orderModeId: integer()
      .notNull()
      .references(() => orderModes.id),
    customerId: integer().references(() => customers.id),
    /** Unguessable public reference; the only way a diner reaches an order. */
    code: text().notNull().unique(),
    status: text({ enum: ['GENERATED', 'ACCEPTED', 'READY', 'DELIVERED', 'CANCELED'] })
      .notNull()
      .default('GENERATED'),
    type: text({ enum: ['DELIVERY', 'TAKE_AWAY', 'DINE_IN', 'SELF_SERVICE'] }).notNull(),
    source: text().notNull().default('DIRECT'),
    campaignId: text(),
    acquisitionChannel: text(),
    customerName: text(),
    phone: text(),
    customerEmail: text(),
    customerDocument: text(),
    tableNumber: text(),
    optIn: boolean().notNull().default(false),
    installedApp: boolean().notNull().default(false),
    destination: jsonb().$type<Record<string, unknown>>(),
    notes: text(),
    scheduled: boolean().notNull().default(false),
    scheduledAt: instant(),
    minDelayInMinutes: integer(),
    maxDelayInMinutes: integer(),
    paymentTypeId: integer().references(() => paymentTypes.id),
    paymentMethod: text().notNull(),
    paymentUpload: text(),
    paymentStatus: text({ enum: ['NOT_REQUIRED', 'PENDING', 'PROCESSING', 'PAID', 'REJECTED', 'EXPIRED'] })
      .notNull()
      .default('NOT_REQUIRED'),
    /** Cash tendered (`paysWith`), minor units. */
    paysWith: money(),
    itemsPrice: money().notNull(),
    deliveryFee: money().notNull().default(0),
    userServiceFee: money().notNull().default(0),
    /** The order's total as the server computed it. */
    price: money().notNull(),
    /** Discount and surcharge entries as the spec shapes them (name, type, value, amount, …). */
    discounts: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    surcharges: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    /** The full pricing breakdown from packages/domain, kept for audit and the follow-up page. */
    breakdown: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    codeDiscountId: integer().references(() => codeDiscounts.id),
    loyaltyRedeemedPoints: integer().notNull().default(0),
    loyaltyGainedPoints: integer().notNull().default(0),
    orderText: text(),
    userExternalReference: text(),
    partnerName: text(),
    analyticsSessionId: text(),
    errorType: text(),
    errorDetails: text(),
    cancelReason: text(),
    trackingUrl: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    acceptedAt: instant(),
    readyAt: instant(),
    deliveredAt: instant(),
    canceledAt: instant(),
  },
  (t) => [
    index().on(t.branchContactId, t.createdAt),
    index().on(t.companyId, t.phone),
    index().on(t.customerId),
    // The survey invitation job and the console read recently delivered orders (ADR 031). Partial: a
    // placed order (never DELIVERED yet) costs this index nothing (ADR 043).
    index().on(t.status, t.deliveredAt).where(sql`${t.status} = 'DELIVERED'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    referenceId: integer().notNull(),
    referenceType: text({ enum: ['PLATE', 'GARNISH'] })
      .notNull()
      .default('PLATE'),
    name: text().notNull(),
    sizeId: integer(),
    sizeName: text(),
    categoryId: integer(),
    categoryShowName: text(),
    quantity: integer().notNull(),
    unitPrice: money().notNull(),
    /** Line total after the line's discount (`accPrice`). */
    accPrice: money().notNull(),
    notes: text(),
    source: text().notNull().default('plate'),
    extras: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    discount: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index().on(t.orderId)],
);

export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text(),
    toStatus: text().notNull(),
    staffUserId: integer(),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.orderId)],
);

export const codeDiscountRedemptions = pgTable(
  'code_discount_redemptions',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    codeDiscountId: integer()
      .notNull()
      .references(() => codeDiscounts.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    phone: text(),
    amount: money().notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.orderId), index().on(t.codeDiscountId, t.phone)],
);

export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    /**
     * The tenant account whose keys made the payment; null for the environment's
     * keys or the sandbox. A notification settles the payment only when verified
     * by this same account (ADR 016). No cascade: an account with payments stays.
     */
    providerAccountId: integer().references(() => paymentProviderAccounts.id),
    status: text({
      enum: ['CREATED', 'PENDING', 'PROCESSING', 'APPROVED', 'REJECTED', 'CANCELED', 'EXPIRED'],
    })
      .notNull()
      .default('CREATED'),
    amount: money().notNull(),
    /** The provider's id for the payment (Mercado Pago payment id, Webpay token). */
    providerPaymentId: text(),
    idempotencyKey: text().notNull(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.orderId),
    uniqueIndex('payments_provider_reference').on(t.provider, t.providerPaymentId),
    unique().on(t.idempotencyKey),
  ],
);

/** Provider notifications, kept so that a repeated notification is recognised and ignored. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial().primaryKey(),
    provider: text().notNull(),
    notificationId: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    receivedAt: createdAt(),
  },
  (t) => [unique().on(t.provider, t.notificationId)],
);

/** An error reported by the diner on the follow-up page (one error type each). */
export const orderReports = pgTable(
  'order_reports',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    errorType: text().notNull(),
    details: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.orderId)],
);
