import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  unique,
} from 'drizzle-orm/pg-core';
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
    /**
     * The venue let this rider take its shipments. Riders of the tenant file
     * are; a rider who registers from the shift page waits for the venue's
     * approval in the dispatch view (ADR 022).
     */
    approved: boolean().notNull().default(false),
    shiftStartedAt: instant(),
    acceptsCash: boolean().notNull().default(true),
    lat: doublePrecision(),
    lng: doublePrecision(),
    /** Accuracy radius of the last position, metres. */
    positionAccuracy: doublePrecision(),
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
    /** Offered only to this rider by the venue; null = open to every rider on shift. */
    offeredToRiderId: integer().references(() => riders.id),
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
    /** Offered only to this rider by the venue; null = open to every rider on shift. */
    offeredToRiderId: integer().references(() => riders.id),
    status: text().notNull().default('LOOKING_FOR_DRIVER'),
    returnShipment: boolean().notNull().default(false),
    stackingOrder: integer().notNull().default(0),
    /** Short display code shown to the rider ('Entregado (A1B2)'). */
    code: text().notNull(),
    etaAt: instant(),
    providerName: text().notNull().default('OWN_FLEET'),
    /** Wrong delivery codes typed by the rider; the code locks after a few (ADR 023). */
    deliveryCodeFailures: integer().notNull().default(0),
    deliveryCodeLockedUntil: instant(),
    cancelReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.branchContactId, t.status, t.createdAt), index().on(t.riderId), index().on(t.stackId)],
);

/** Every status move of a shipment or stack, with who made it: the dispatch view's history and an audit trail. */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchContactId: integer().notNull(),
    shipmentId: integer().references(() => shipments.id, { onDelete: 'cascade' }),
    stackId: integer().references(() => shipmentStacks.id, { onDelete: 'cascade' }),
    fromStatus: text(),
    toStatus: text().notNull(),
    /** The rider who moved it, or null when staff or the system did. */
    riderId: integer().references(() => riders.id, { onDelete: 'set null' }),
    staffUserId: integer(),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.shipmentId), index().on(t.stackId), index().on(t.branchContactId, t.createdAt)],
);

/**
 * A rider app's status change sent with an `Idempotency-Key` (the offline
 * queue replays it): the first answer is kept and given again to a retry, so a
 * replay never moves a shipment twice.
 */
export const riderRequests = pgTable(
  'rider_requests',
  {
    id: serial().primaryKey(),
    riderId: integer()
      .notNull()
      .references(() => riders.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /** sha256 of method, path and body: the same key with another request is refused. */
    requestHash: text().notNull(),
    statusCode: integer(),
    answer: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.riderId, t.key), index().on(t.createdAt)],
);
