/**
 * Queries of the orders console and of the order changes it makes (status
 * moves, diner error reports, venue controls). Every read the console makes
 * is scoped by the staff member's company; the service then checks the branch
 * contact against the ones the staff member may see (404 for another
 * company's row, 403 for a location of their company they may not see).
 */
import { and, asc, count, desc, eq, gt, gte, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { Queryable, Tx } from '../db/client';
import { RETIRED_POSITION } from '../db/schema/columns';
import { orderItems, orderReports, orderStatusEvents, orders, payments } from '../db/schema/orders';
import { staffUsers } from '../db/schema/platform';
import { branchContacts, companies, countries, orderModes, paymentTypes } from '../db/schema/tenant';
import type { OrderRow } from './order-repository';

export type OrderStatusValue = OrderRow['status'];
export type OrderReportRow = typeof orderReports.$inferSelect;

/** Payment methods paid online after the order is placed (the console counts them while unpaid). */
export const ONLINE_PAYMENT_METHODS = ['CARD_ONLINE', 'PAYMENT_LINK'] as const;

/** Statuses that still need the venue: on the board whatever their age. */
export const OPEN_STATUSES = [
  'GENERATED',
  'ACCEPTED',
  'READY',
] as const satisfies readonly OrderStatusValue[];

/**
 * Whether a payment of the order is under way at the provider, which has not
 * decided yet: a charge in PROCESSING (the payments service refuses a second
 * one meanwhile), or a payment link whose last attempt the provider is still
 * deciding. An order stored PROCESSING without one was only placed with an
 * API-upload payment type: nobody has paid or tried to.
 */
const paymentAttemptUnderWay = (() => {
  // Qualified by hand: a select without joins renders its columns unqualified,
  // and inside this subquery an unqualified "id" would be the payment's. The
  // database names follow the client's snake_case casing.
  const column = (table: string, key: string) =>
    sql`${sql.identifier(table)}.${sql.identifier(toSnakeCase(key))}`;
  const order = (key: keyof typeof orders.$inferSelect) => column('orders', key);
  const payment = (key: keyof typeof payments.$inferSelect) => column('payments', key);
  return sql<boolean>`exists (select 1 from ${payments} where ${payment('orderId')} = ${order('id')} and ${payment('companyId')} = ${order('companyId')} and (${payment('status')} = 'PROCESSING' or (${payment('status')} in ('CREATED', 'PENDING') and ${payment('detail')} -> 'lastAttempt' ->> 'status' = 'PROCESSING')))`;
})();

// ---------------------------------------------------------------- scope

/** A branch contact of the company (live or retired), or undefined. */
export async function branchContactOfCompany(db: Queryable, companyId: number, id: number) {
  const [row] = await db
    .select({
      id: branchContacts.id,
      companyId: branchContacts.companyId,
      alias: branchContacts.alias,
      name: branchContacts.name,
      manualClosing: branchContacts.manualClosing,
      ordersConsoleActive: branchContacts.ordersConsoleActive,
      timeZone: sql<string>`coalesce(${branchContacts.timezone}, ${countries.timezone})`,
    })
    .from(branchContacts)
    .innerJoin(companies, eq(companies.id, branchContacts.companyId))
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .where(and(eq(branchContacts.id, id), eq(branchContacts.companyId, companyId)))
    .limit(1);
  return row;
}

/** An order mode of the company, or undefined. */
export async function orderModeOfCompany(db: Queryable, companyId: number, id: number) {
  const [row] = await db
    .select({ id: orderModes.id, branchContactId: orderModes.branchContactId })
    .from(orderModes)
    .where(and(eq(orderModes.id, id), eq(orderModes.companyId, companyId)))
    .limit(1);
  return row;
}

/** An order of the company, or undefined. */
export async function orderOfCompany(
  db: Queryable,
  companyId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------- board

/** The filters of the board. */
export interface ConsoleOrdersScope {
  companyId: number;
  branchContactId: number;
  /**
   * Delivered and canceled orders finished at or after this instant are on the
   * board; older finished ones are not (open orders always are).
   */
  finishedSince: Date;
  /** Orders placed at or after this instant (e.g. the start of the service day); all when absent. */
  since?: Date;
}

/** What the board shows: every open order of the location, and its recently finished ones. */
function boardWhere(scope: ConsoleOrdersScope) {
  return and(
    eq(orders.companyId, scope.companyId),
    eq(orders.branchContactId, scope.branchContactId),
    scope.since ? gte(orders.createdAt, scope.since) : undefined,
    or(
      inArray(orders.status, [...OPEN_STATUSES]),
      and(eq(orders.status, 'DELIVERED'), gte(orders.deliveredAt, scope.finishedSince)),
      and(eq(orders.status, 'CANCELED'), gte(orders.canceledAt, scope.finishedSince)),
    ),
  );
}

/** The columns of a board card (the order text and breakdown stay in the database). */
export async function consoleOrdersPage(
  db: Queryable,
  scope: ConsoleOrdersScope & { statuses?: readonly OrderStatusValue[]; offset: number; limit: number },
) {
  const where = and(
    boardWhere(scope),
    scope.statuses?.length ? inArray(orders.status, [...scope.statuses]) : undefined,
  );
  const rows = await db
    .select({
      id: orders.id,
      code: orders.code,
      status: orders.status,
      type: orders.type,
      orderModeId: orders.orderModeId,
      branchContactId: orders.branchContactId,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      scheduled: orders.scheduled,
      scheduledAt: orders.scheduledAt,
      customerName: orders.customerName,
      tableNumber: orders.tableNumber,
      price: orders.price,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      paymentTypeId: orders.paymentTypeId,
      paymentTypeName: paymentTypes.showName,
      errorType: orders.errorType,
      paymentAttemptUnderWay,
      itemsCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      reportsCount: sql<number>`(select count(*)::int from ${orderReports} where ${orderReports.orderId} = ${orders.id})`,
    })
    .from(orders)
    .leftJoin(
      paymentTypes,
      and(eq(paymentTypes.id, orders.paymentTypeId), eq(paymentTypes.companyId, orders.companyId)),
    )
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .offset(scope.offset)
    .limit(scope.limit);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}
export type ConsoleOrderRow = Awaited<ReturnType<typeof consoleOrdersPage>>['rows'][number];

/**
 * Orders per status of the board (those scheduled for later counted apart,
 * ADR 049), and its unpaid online-paid orders that may
 * still be paid: open, not paid, placed within the payment window (placed at
 * or after `paymentWindowOpenSince`, the domain's `orderPaymentWindowOpenSince`).
 * One pass over exactly the orders the board shows.
 */
export async function consoleOrderCounts(
  db: Queryable,
  scope: ConsoleOrdersScope & { paymentWindowOpenSince: Date; scheduledLaterAfter: Date },
) {
  // The domain's `orderScheduledLater`, over the rows: open, scheduled, its time beyond the lead.
  const later = and(
    inArray(orders.status, [...OPEN_STATUSES]),
    eq(orders.scheduled, true),
    gt(orders.scheduledAt, scope.scheduledLaterAfter),
  );
  const by = (status: OrderStatusValue) =>
    sql<number>`count(*) filter (where ${orders.status} = ${status} and not coalesce(${later}, false))::int`;
  const payable = and(
    inArray(orders.status, [...OPEN_STATUSES]),
    inArray(orders.paymentMethod, [...ONLINE_PAYMENT_METHODS]),
    notInArray(orders.paymentStatus, ['PAID', 'EXPIRED']),
    gte(orders.createdAt, scope.paymentWindowOpenSince),
  );
  const [row] = await db
    .select({
      GENERATED: by('GENERATED'),
      ACCEPTED: by('ACCEPTED'),
      READY: by('READY'),
      DELIVERED: by('DELIVERED'),
      CANCELED: by('CANCELED'),
      scheduled: sql<number>`count(*) filter (where ${later})::int`,
      unpaidCardOrders: sql<number>`count(*) filter (where ${payable})::int`,
    })
    .from(orders)
    .where(boardWhere(scope));
  return {
    GENERATED: Number(row?.GENERATED ?? 0),
    ACCEPTED: Number(row?.ACCEPTED ?? 0),
    READY: Number(row?.READY ?? 0),
    DELIVERED: Number(row?.DELIVERED ?? 0),
    CANCELED: Number(row?.CANCELED ?? 0),
    scheduled: Number(row?.scheduled ?? 0),
    unpaidCardOrders: Number(row?.unpaidCardOrders ?? 0),
  };
}

// ---------------------------------------------------------------- detail

/** Whether a payment of the order is under way at the provider (see `paymentAttemptUnderWay`). */
export async function orderPaymentAttemptUnderWay(
  db: Queryable,
  companyId: number,
  orderId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ underWay: paymentAttemptUnderWay })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)))
    .limit(1);
  return Boolean(row?.underWay);
}

/** The diner's error reports of an order, oldest first. */
export async function orderReportsOf(db: Queryable, companyId: number, orderId: number) {
  return db
    .select()
    .from(orderReports)
    .where(and(eq(orderReports.orderId, orderId), eq(orderReports.companyId, companyId)))
    .orderBy(asc(orderReports.createdAt), asc(orderReports.id));
}

/** The status history of an order with the name of the staff member who made each move. */
export async function orderStatusEventsOf(db: Queryable, companyId: number, orderId: number) {
  return db
    .select({
      fromStatus: orderStatusEvents.fromStatus,
      toStatus: orderStatusEvents.toStatus,
      staffUserId: orderStatusEvents.staffUserId,
      staffName: staffUsers.name,
      reason: orderStatusEvents.reason,
      createdAt: orderStatusEvents.createdAt,
    })
    .from(orderStatusEvents)
    .leftJoin(
      staffUsers,
      and(eq(staffUsers.id, orderStatusEvents.staffUserId), eq(staffUsers.companyId, companyId)),
    )
    .where(and(eq(orderStatusEvents.orderId, orderId), eq(orderStatusEvents.companyId, companyId)))
    .orderBy(asc(orderStatusEvents.createdAt), asc(orderStatusEvents.id));
}
export type OrderStatusEventRow = Awaited<ReturnType<typeof orderStatusEventsOf>>[number];

// ---------------------------------------------------------------- writes

/** Locks an order of the company for the rest of the transaction and reads it. */
export async function orderLockOfCompany(
  tx: Tx,
  companyId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)))
    .for('update');
  return row;
}

/** Locks an order by its public code (any case) for the rest of the transaction and reads it. */
export async function orderLockByCode(tx: Tx, code: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.code, code.toUpperCase())).for('update');
  return row;
}

const STATUS_TIMESTAMP = {
  ACCEPTED: 'acceptedAt',
  READY: 'readyAt',
  DELIVERED: 'deliveredAt',
  CANCELED: 'canceledAt',
} as const;

/**
 * Writes a status move of a locked order: the status, the move's timestamp
 * (and the cancel reason), and the status event naming the staff member.
 */
export async function orderStatusWrite(
  tx: Tx,
  input: {
    order: Pick<OrderRow, 'id' | 'companyId' | 'status'>;
    to: keyof typeof STATUS_TIMESTAMP;
    /** Null for a system move (the order following its shipment). */
    staffUserId: number | null;
    reason: string | null;
    now: Date;
  },
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({
      status: input.to,
      [STATUS_TIMESTAMP[input.to]]: input.now,
      ...(input.to === 'CANCELED' ? { cancelReason: input.reason } : {}),
      updatedAt: input.now,
    })
    .where(and(eq(orders.id, input.order.id), eq(orders.companyId, input.order.companyId)))
    .returning();
  if (!row) throw new Error(`order ${input.order.id} vanished under its lock`);
  await tx.insert(orderStatusEvents).values({
    companyId: input.order.companyId,
    orderId: input.order.id,
    fromStatus: input.order.status,
    toStatus: input.to,
    staffUserId: input.staffUserId,
    reason: input.reason,
    createdAt: input.now,
  });
  return row;
}

/** The newest report of an order (to recognise a repeated submission). */
export async function orderReportLatest(tx: Queryable, companyId: number, orderId: number) {
  const [row] = await tx
    .select()
    .from(orderReports)
    .where(and(eq(orderReports.orderId, orderId), eq(orderReports.companyId, companyId)))
    .orderBy(desc(orderReports.createdAt), desc(orderReports.id))
    .limit(1);
  return row;
}

/** Stores a diner's error report and sets it as the order's error type. */
export async function orderReportWrite(
  tx: Tx,
  input: {
    order: Pick<OrderRow, 'id' | 'companyId'>;
    errorType: string;
    details: string | null;
    now: Date;
  },
): Promise<{ order: OrderRow; report: OrderReportRow }> {
  const [report] = await tx
    .insert(orderReports)
    .values({
      companyId: input.order.companyId,
      orderId: input.order.id,
      errorType: input.errorType,
      details: input.details,
      createdAt: input.now,
    })
    .returning();
  const [order] = await tx
    .update(orders)
    .set({ errorType: input.errorType, errorDetails: input.details, updatedAt: input.now })
    .where(and(eq(orders.id, input.order.id), eq(orders.companyId, input.order.companyId)))
    .returning();
  if (!report || !order) throw new Error(`order ${input.order.id} vanished under its lock`);
  return { order, report };
}

// ---------------------------------------------------------------- venue controls

/** The company's live branch contacts among `ids`, with their order modes (active or not). */
export async function consoleBranchContacts(db: Queryable, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const contacts = await db
    .select({
      id: branchContacts.id,
      alias: branchContacts.alias,
      name: branchContacts.name,
      manualClosing: branchContacts.manualClosing,
      ordersConsoleActive: branchContacts.ordersConsoleActive,
      timeZone: sql<string>`coalesce(${branchContacts.timezone}, ${countries.timezone})`,
    })
    .from(branchContacts)
    .innerJoin(companies, eq(companies.id, branchContacts.companyId))
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .where(
      and(
        eq(branchContacts.companyId, companyId),
        inArray(branchContacts.id, [...ids]),
        ne(branchContacts.position, RETIRED_POSITION),
      ),
    )
    .orderBy(asc(branchContacts.position), asc(branchContacts.id));
  const modes = await db
    .select({
      id: orderModes.id,
      branchContactId: orderModes.branchContactId,
      type: orderModes.type,
      showName: orderModes.showName,
      active: orderModes.active,
      orderEnabled: orderModes.orderEnabled,
    })
    .from(orderModes)
    .where(
      and(
        eq(orderModes.companyId, companyId),
        inArray(orderModes.branchContactId, [...ids]),
        ne(orderModes.position, RETIRED_POSITION),
      ),
    )
    .orderBy(asc(orderModes.position), asc(orderModes.id));
  return contacts.map((contact) => ({
    ...contact,
    orderModes: modes
      .filter((mode) => mode.branchContactId === contact.id)
      .map(({ branchContactId: _, ...mode }) => mode),
  }));
}
export type ConsoleBranchContactRow = Awaited<ReturnType<typeof consoleBranchContacts>>[number];

/** Locks a branch contact of the company and reads its manual closing. */
export async function branchContactLock(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: branchContacts.id, manualClosing: branchContacts.manualClosing })
    .from(branchContacts)
    .where(and(eq(branchContacts.id, id), eq(branchContacts.companyId, companyId)))
    .for('update');
  return row;
}

/** Sets a branch contact's manual closing. */
export async function branchContactClosingSet(
  tx: Tx,
  companyId: number,
  id: number,
  manualClosing: boolean,
  now: Date,
): Promise<void> {
  await tx
    .update(branchContacts)
    .set({ manualClosing, updatedAt: now })
    .where(and(eq(branchContacts.id, id), eq(branchContacts.companyId, companyId)));
}

/** Locks an order mode of the company and reads whether it takes orders. */
export async function orderModeLock(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({
      id: orderModes.id,
      branchContactId: orderModes.branchContactId,
      orderEnabled: orderModes.orderEnabled,
    })
    .from(orderModes)
    .where(and(eq(orderModes.id, id), eq(orderModes.companyId, companyId)))
    .for('update');
  return row;
}

/** Enables or disables ordering in an order mode. */
export async function orderModeOrderingSet(
  tx: Tx,
  companyId: number,
  id: number,
  orderEnabled: boolean,
): Promise<void> {
  await tx
    .update(orderModes)
    .set({ orderEnabled })
    .where(and(eq(orderModes.id, id), eq(orderModes.companyId, companyId)));
}

/**
 * Bumps the company's content version, so every process's menu and order-mode
 * caches (keyed on it) and the storefront's reads follow a venue control.
 */
export async function companyContentVersionBump(tx: Tx, companyId: number, now: Date): Promise<void> {
  await tx
    .update(companies)
    .set({ contentVersion: sql`${companies.contentVersion} + 1`, updatedAt: now })
    .where(eq(companies.id, companyId));
}

/** The company's country (money of its orders is in this currency). */
export async function companyCountryOf(db: Queryable, companyId: number) {
  const [row] = await db
    .select({ country: countries })
    .from(companies)
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.country;
}
