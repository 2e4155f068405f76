import { ABANDONED_CART_STATUSES } from '@comanda/domain/abandoned-cart';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt, instant, money, percent, updatedAt } from './columns';
import { branchContacts, branches, companies } from './tenant';

/**
 * A diner known by phone (E.164) within one company. The points balance is one
 * wallet per customer and company; every change goes through the ledger.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    name: text(),
    email: text(),
    document: text(),
    optIn: boolean().notNull().default(false),
    loyaltyPointsBalance: integer().notNull().default(0),
    addressesRegistered: jsonb().$type<Record<string, unknown>[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique().on(t.companyId, t.phone)],
);

export const loyaltyPrograms = pgTable(
  'loyalty_programs',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .unique()
      .references(() => branches.id, { onDelete: 'cascade' }),
    active: boolean().notNull().default(false),
    name: text().notNull(),
    orderPercentage: percent().notNull().default(0),
    /** Percent of the total credited back as money (ADR 033); a programme is points or cashback. */
    cashback: percent().notNull().default(0),
    minRedeemedPoints: integer().notNull().default(0),
    maxRedeemedPoints: integer(),
    maxRedeemedPercentage: percent(),
    supportsDiscounts: boolean().notNull().default(true),
    welcomeText: text(),
  },
  (t) => [
    check('loyalty_program_cashback_range', sql`${t.cashback} >= 0 and ${t.cashback} <= 100`),
    check('loyalty_program_points_or_cashback', sql`${t.cashback} = 0 or ${t.orderPercentage} = 0`),
  ],
);

export const loyaltyProgramBranchContacts = pgTable(
  'loyalty_program_branch_contacts',
  {
    loyaltyProgramId: integer()
      .notNull()
      .references(() => loyaltyPrograms.id, { onDelete: 'cascade' }),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.loyaltyProgramId, t.branchContactId] })],
);

export const loyaltyRewards = pgTable(
  'loyalty_rewards',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    branchContactId: integer().references(() => branchContacts.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    active: boolean().notNull().default(true),
    /** Points credited once per customer. */
    reward: integer().notNull(),
  },
  (t) => [unique().on(t.branchId, t.key)],
);

/** Append-only history of a customer's points; `postBalance` is the balance after the row. */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    branchId: integer().references(() => branches.id, { onDelete: 'set null' }),
    kind: text({ enum: ['OPENING', 'ACCRUAL', 'REDEMPTION', 'REWARD', 'REVERSAL'] }).notNull(),
    orderId: integer(),
    orderCode: text(),
    loyaltyRewardId: integer().references(() => loyaltyRewards.id, { onDelete: 'set null' }),
    amount: integer().notNull(),
    postBalance: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.customerId, t.createdAt),
    // A reward is credited once only per customer.
    uniqueIndex('loyalty_ledger_reward_once').on(t.customerId, t.loyaltyRewardId),
    // An order's points are earned, redeemed and given back at most once each, whatever a retry does.
    uniqueIndex('loyalty_ledger_order_once')
      .on(t.orderId, t.kind)
      .where(sql`${t.orderId} is not null and ${t.kind} in ('ACCRUAL', 'REDEMPTION', 'REVERSAL')`),
  ],
);

/**
 * Carts a signed-in diner left with items (ADR 028): at most one OPEN per
 * location and phone (a newer leave replaces it), one message each.
 */
export const abandonedCarts = pgTable(
  'abandoned_carts',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id, { onDelete: 'cascade' }),
    orderModeId: integer(),
    phone: text(),
    email: text(),
    items: jsonb().$type<unknown[]>().notNull().default([]),
    itemsAmount: money().notNull().default(0),
    navigationEvent: text(),
    status: text({ enum: ABANDONED_CART_STATUSES }).notNull().default('OPEN'),
    notifyAfter: instant(),
    /** The diner's last leave (a newer beacon moves it). */
    leftAt: instant().notNull().defaultNow(),
    notifiedAt: instant(),
    /** sha256 of the token of the message's link; the token itself is only in the message. */
    recoveryTokenHash: text().unique(),
    /** First time the link restored the cart. */
    openedAt: instant(),
    /** When the cart left OPEN / NOTIFIED for good, and the order that settled it. */
    settledAt: instant(),
    orderId: integer(),
    skipReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.branchContactId, t.phone),
    index().on(t.status, t.notifyAfter),
    index().on(t.branchContactId, t.createdAt),
    // The beacon's upsert target: one OPEN cart per location and phone.
    uniqueIndex('abandoned_carts_open_once').on(t.branchContactId, t.phone).where(sql`${t.status} = 'OPEN'`),
  ],
);

/**
 * One-time codes that prove a phone (ADR 018). Only the code's scrypt hash is
 * kept; a code is short-lived, used once, and burned after a few wrong tries.
 */
export const customerPhoneCodes = pgTable(
  'customer_phone_codes',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyId, t.phone, t.createdAt)],
);

/** A diner's signed-in state: an opaque token (only its sha256 kept) for one phone of one company. */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.expiresAt)],
);

/**
 * Fixed-window counters of code requests (per phone, per client IP), in the
 * database so every API process shares them without Redis. Keys carry no
 * plain IP (its sha256).
 */
export const customerCodeCounters = pgTable('customer_code_counters', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: instant().notNull(),
});
