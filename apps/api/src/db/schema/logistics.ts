import { boolean, doublePrecision, index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { companyId, createdAt, instant, updatedAt } from './columns';
import { orders } from './orders';
import { branchContacts, companies } from './tenant';

export const riders = pgTable(
  'riders',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    phone: text().notNull(),
    /** Salted scrypt hash of the rider's security code. */
    securityCodeHash: text().notNull(),
    /** On shift. */
    active: boolean().notNull().default(false),
    acceptsCash: boolean().notNull().default(true),
    lat: doublePrecision(),
    lng: doublePrecision(),
    positionAt: instant(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique().on(t.branchContactId, t.phone)],
);

/** Bearer tokens issued at shift start; only their hash is stored. */
export const riderSessions = pgTable(
  'rider_sessions',
  {
    tokenHash: text().primaryKey(),
    riderId: integer()
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchContactId: integer().notNull(),
    expiresAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.riderId)],
);

export const logisticsOrders = pgTable(
  'logistics_orders',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id),
    providerName: text().notNull().default('OWN_FLEET'),
    /** Delivery security code the rider asks the customer for. */
    securityCode: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.branchContactId)],
);

export const shipmentStacks = pgTable(
  'shipment_stacks',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id),
    riderId: integer().references(() => riders.id),
    status: text().notNull().default('LOOKING_FOR_DRIVER'),
    isReturn: boolean().notNull().default(false),
    selectedIndex: integer().notNull().default(0),
    providerName: text().notNull().default('OWN_FLEET'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.branchContactId, t.status)],
);

export const shipments = pgTable(
  'shipments',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    logisticsOrderId: integer()
      .notNull()
      .references(() => logisticsOrders.id, { onDelete: 'cascade' }),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id),
    stackId: integer().references(() => shipmentStacks.id),
    riderId: integer().references(() => riders.id),
    status: text().notNull().default('LOOKING_FOR_DRIVER'),
    returnShipment: boolean().notNull().default(false),
    stackingOrder: integer().notNull().default(0),
    /** Short display code shown to the rider ('Entregado (A1B2)'). */
    code: text().notNull(),
    etaAt: instant(),
    providerName: text().notNull().default('OWN_FLEET'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.branchContactId, t.status, t.createdAt), index().on(t.riderId), index().on(t.stackId)],
);
