/**
 * The orders console's reads and venue controls, for a signed-in staff member.
 *
 * Authorization, the same for every endpoint: the row (branch contact, order,
 * order mode) is looked up within the staff member's company — another
 * company's id answers 404, exactly like an id that does not exist, so ids
 * reveal nothing across tenants — and then its branch contact must be one the
 * staff member may see (OWNER: all of the company; STAFF: the listed ones),
 * else 403.
 *
 * Venue controls (manual closing, ordering per order mode) change what diners
 * read: they bump the company's content version in the same transaction, so
 * every process's caches and the storefront follow, and they are published to
 * the branch contact's console room after commit.
 */
import { followUpMessages } from '@comanda/domain/messages';
import { orderScheduledLaterAfter } from '@comanda/domain/order-scheduled-later';
import { type OrderStatus, orderPaymentWindowOpenSince } from '@comanda/domain/order-status';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/client';
import { forbidden, HttpError, notFound } from '../lib/http-error';
import type { Realtime } from '../plugins/app/realtime';
import { rooms } from '../plugins/app/realtime';
import {
  consoleBranchContactPresent,
  consoleOrderDetailPresent,
  consoleOrderSummaryPresent,
  outboxMessagePresent,
} from '../presenters/console-presenter';
import type {
  ConsoleBranchContact,
  ConsoleOrderDetail,
  ConsoleOrderList,
  ConsoleState,
  OutboxMessageView,
} from '../presenters/console-schemas';
import {
  branchContactClosingSet,
  branchContactLock,
  branchContactOfCompany,
  companyContentVersionBump,
  companyCountryOf,
  consoleBranchContacts,
  consoleOrderCounts,
  consoleOrdersPage,
  type OrderStatusValue,
  orderModeLock,
  orderModeOfCompany,
  orderModeOrderingSet,
  orderOfCompany,
  orderPaymentAttemptUnderWay,
  orderReportsOf,
  orderStatusEventsOf,
} from '../repositories/console-repository';
import { type OrderRow, orderItemsOf, orderSurroundingsFind } from '../repositories/order-repository';
import {
  type OutboxListRow,
  type OutboxStatus,
  outboxFind,
  outboxList,
} from '../repositories/outbox-repository';
import { contentChangedPublish } from './content-cache';
import type { StaffPrincipal } from './staff-auth-service';

/** (ours) Texts of the console's refusals. */
export const consoleMessages = {
  branchContactNotFound: (id: number) => `No existe el local ${id}`,
  branchContactForbidden: 'No tiene acceso a este local',
  orderNotFound: (id: number) => `No existe el pedido ${id}`,
  orderForbidden: 'No tiene acceso a los pedidos de este local',
  orderModeNotFound: (id: number) => `No existe el modo de pedido ${id}`,
  cancelReasonRequired: 'Indique el motivo de la cancelación',
  moveNotAllowed: (from: OrderStatus, to: OrderStatus) =>
    `No se puede pasar un pedido de '${followUpMessages.steps[from]}' a '${followUpMessages.steps[to]}'`,
} as const;

/** What the console's writes need. */
export interface ConsoleDeps {
  db: Db;
  realtime: Pick<Realtime, 'publish'>;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'error'>;
}

// ---------------------------------------------------------------- authorization

/** A branch contact the staff member may see: 404 outside their company, 403 when not theirs. */
export async function consoleBranchContactCheck(db: Queryable, staff: StaffPrincipal, id: number) {
  const row = await branchContactOfCompany(db, staff.companyId, id);
  if (!row) throw notFound(consoleMessages.branchContactNotFound(id));
  if (!staff.branchContactIds.has(row.id)) throw forbidden(consoleMessages.branchContactForbidden);
  return row;
}

/** An order the staff member may see: 404 outside their company, 403 when its location is not theirs. */
export async function consoleOrderCheck(
  db: Queryable,
  staff: StaffPrincipal,
  orderId: number,
): Promise<OrderRow> {
  const order = await orderOfCompany(db, staff.companyId, orderId);
  if (!order) throw notFound(consoleMessages.orderNotFound(orderId));
  if (!staff.branchContactIds.has(order.branchContactId)) throw forbidden(consoleMessages.orderForbidden);
  return order;
}

/** An order mode the staff member may control: 404 outside their company, 403 when not theirs. */
export async function consoleOrderModeCheck(db: Queryable, staff: StaffPrincipal, id: number) {
  const row = await orderModeOfCompany(db, staff.companyId, id);
  if (!row) throw notFound(consoleMessages.orderModeNotFound(id));
  if (!staff.branchContactIds.has(row.branchContactId))
    throw forbidden(consoleMessages.branchContactForbidden);
  return row;
}

// ---------------------------------------------------------------- reads

const STATE_STATUS: Record<ConsoleState, OrderStatusValue> = {
  new: 'GENERATED',
  accepted: 'ACCEPTED',
  ready: 'READY',
  delivered: 'DELIVERED',
  canceled: 'CANCELED',
};

/** The branch contacts the staff member may see, with their venue controls. */
export async function consoleBranchContactsList(
  db: Queryable,
  staff: StaffPrincipal,
): Promise<ConsoleBranchContact[]> {
  const rows = await consoleBranchContacts(db, staff.companyId, [...staff.branchContactIds]);
  return rows.map(consoleBranchContactPresent);
}

/**
 * (decision, ADR 011 "Board window") How long a delivered or canceled order
 * stays on the board after it finished. A rolling 24 hours rather than "since
 * the start of the local day": a service that runs past midnight keeps its
 * finished orders (and counts) until it is long over, and the rule needs no
 * time zone. Open orders stay whatever their age: they still need action.
 */
export const CONSOLE_FINISHED_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The board of a branch contact: one page of its orders (newest first) —
 * every open one, and those finished within `CONSOLE_FINISHED_WINDOW_MS` —
 * with the counts per state and the unpaid card orders of that same board.
 */
export async function consoleOrdersList(
  db: Queryable,
  staff: StaffPrincipal,
  query: {
    branchContactId: number;
    states?: readonly ConsoleState[];
    since?: Date;
    offset: number;
    limit: number;
  },
  now: number,
): Promise<ConsoleOrderList> {
  await consoleBranchContactCheck(db, staff, query.branchContactId);
  const scope = {
    companyId: staff.companyId,
    branchContactId: query.branchContactId,
    finishedSince: new Date(now - CONSOLE_FINISHED_WINDOW_MS),
    ...(query.since ? { since: query.since } : {}),
  };
  const country = await companyCountryOf(db, staff.companyId);
  const page = await consoleOrdersPage(db, {
    ...scope,
    statuses: query.states?.map((state) => STATE_STATUS[state]),
    offset: query.offset,
    limit: query.limit,
  });
  const counts = await consoleOrderCounts(db, {
    ...scope,
    paymentWindowOpenSince: new Date(orderPaymentWindowOpenSince(now)),
    scheduledLaterAfter: new Date(orderScheduledLaterAfter(now)),
  });
  const m = country?.mantissaLength ?? 0;
  return {
    orders: page.rows.map((row) => consoleOrderSummaryPresent(row, m, now)),
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    counts: {
      new: counts.GENERATED,
      accepted: counts.ACCEPTED,
      ready: counts.READY,
      delivered: counts.DELIVERED,
      canceled: counts.CANCELED,
      scheduled: counts.scheduled,
    },
    unpaidCardOrders: counts.unpaidCardOrders,
  };
}

/** The detail of an order already authorized (see `consoleOrderCheck`). */
export async function consoleOrderDetailGet(
  db: Queryable,
  order: OrderRow,
  now: number,
): Promise<ConsoleOrderDetail> {
  const items = await orderItemsOf(db, order.companyId, order.id);
  const surroundings = await orderSurroundingsFind(db, order);
  if (!surroundings) throw notFound(consoleMessages.orderNotFound(order.id));
  const reports = await orderReportsOf(db, order.companyId, order.id);
  const events = await orderStatusEventsOf(db, order.companyId, order.id);
  const paymentAttemptUnderWay = await orderPaymentAttemptUnderWay(db, order.companyId, order.id);
  return consoleOrderDetailPresent(
    order,
    items,
    surroundings,
    { reports, events, paymentAttemptUnderWay },
    now,
  );
}

/** A branch contact's outbox, newest first. */
export async function consoleOutboxList(
  db: Queryable,
  staff: StaffPrincipal,
  query: { branchContactId: number; statuses?: readonly OutboxStatus[]; offset: number; limit: number },
): Promise<{ messages: OutboxMessageView[]; total: number; offset: number; limit: number }> {
  await consoleBranchContactCheck(db, staff, query.branchContactId);
  const { rows, total } = await outboxList(db, {
    companyId: staff.companyId,
    branchContactId: query.branchContactId,
    ...(query.statuses ? { statuses: query.statuses } : {}),
    offset: query.offset,
    limit: query.limit,
  });
  return { messages: rows.map(outboxMessagePresent), total, offset: query.offset, limit: query.limit };
}

// ---------------------------------------------------------------- realtime (after commit)

/** Runs a publish after commit; a failure is logged, never turned into an error answer (the write stands). */
export async function afterCommit(deps: Pick<ConsoleDeps, 'log'>, what: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    deps.log.error({ err: error }, `realtime publish failed: ${what}`);
  }
}

/** Tells each message's location console of its current state (one read for all of them). */
export async function consoleOutboxPublish(
  deps: Pick<ConsoleDeps, 'db' | 'realtime'>,
  outboxIds: number[],
): Promise<void> {
  for (const row of await outboxFind(deps.db, outboxIds)) consoleOutboxRowPublish(deps, row);
}

/** Tells a location's console of a message already at hand (a placement wrote it: no read back). */
export function consoleOutboxRowPublish(deps: Pick<ConsoleDeps, 'realtime'>, row: OutboxListRow): void {
  if (!row.message.branchContactId) return;
  deps.realtime.publish(
    rooms.console(row.message.branchContactId),
    'outbox-updated',
    outboxMessagePresent(row),
  );
}

// ---------------------------------------------------------------- venue controls

async function controlsPublished(
  deps: ConsoleDeps,
  staff: StaffPrincipal,
  branchContactId: number,
  changed: boolean,
): Promise<{ changed: boolean; branchContact: ConsoleBranchContact }> {
  const [row] = await consoleBranchContacts(deps.db, staff.companyId, [branchContactId]);
  if (!row) throw notFound(consoleMessages.branchContactNotFound(branchContactId));
  const branchContact = consoleBranchContactPresent(row);
  if (changed) {
    // The storefront's cached reads of this company follow the switch in every process.
    await afterCommit(deps, 'content-changed', () => contentChangedPublish(deps.db, staff.companyId));
    await afterCommit(deps, 'branch-contact-updated', async () =>
      deps.realtime.publish(rooms.console(branchContactId), 'branch-contact-updated', branchContact),
    );
  }
  return { changed, branchContact };
}

/**
 * Closes or reopens a branch contact by hand (`manualClosing`). Setting the
 * value it already has changes nothing (no version bump, no event).
 */
export async function consoleClosingSet(
  deps: ConsoleDeps,
  staff: StaffPrincipal,
  branchContactId: number,
  manualClosing: boolean,
): Promise<{ changed: boolean; branchContact: ConsoleBranchContact }> {
  await consoleBranchContactCheck(deps.db, staff, branchContactId);
  const changed = await deps.db.transaction(async (tx) => {
    const locked = await branchContactLock(tx, staff.companyId, branchContactId);
    if (!locked) throw notFound(consoleMessages.branchContactNotFound(branchContactId));
    if (locked.manualClosing === manualClosing) return false;
    const now = new Date(deps.now());
    await branchContactClosingSet(tx, staff.companyId, branchContactId, manualClosing, now);
    await companyContentVersionBump(tx, staff.companyId, now);
    return true;
  });
  return controlsPublished(deps, staff, branchContactId, changed);
}

/**
 * Enables or disables ordering in an order mode (`orderEnabled`; disabled, the
 * menu is informative). Setting the value it already has changes nothing.
 */
export async function consoleOrderingSet(
  deps: ConsoleDeps,
  staff: StaffPrincipal,
  orderModeId: number,
  orderEnabled: boolean,
): Promise<{ changed: boolean; branchContact: ConsoleBranchContact }> {
  const mode = await consoleOrderModeCheck(deps.db, staff, orderModeId);
  const changed = await deps.db.transaction(async (tx) => {
    const locked = await orderModeLock(tx, staff.companyId, orderModeId);
    if (!locked) throw notFound(consoleMessages.orderModeNotFound(orderModeId));
    if (locked.orderEnabled === orderEnabled) return false;
    await orderModeOrderingSet(tx, staff.companyId, orderModeId, orderEnabled);
    await companyContentVersionBump(tx, staff.companyId, new Date(deps.now()));
    return true;
  });
  return controlsPublished(deps, staff, mode.branchContactId, changed);
}

/** For the routes: a typed 400 with one message per field. */
export function fieldError(field: string, message: string): HttpError {
  return new HttpError(400, `${field}: ${message}`, { [field]: message });
}
