/**
 * Own-fleet queries about the orders behind shipments (ADR 023): logistics
 * orders (one per order, with the delivery code), the orders' row locks — taken
 * first in every flow that moves an order with its shipment — and what the
 * diner's message and the realtime rooms need of an order's location.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { logisticsOrders } from '../db/schema/logistics';
import { orders } from '../db/schema/orders';
import { branchContacts } from '../db/schema/tenant';
import type { OrderRow } from './order-repository';

export type LogisticsOrderRow = typeof logisticsOrders.$inferSelect;

/** A logistics order of the company. */
export async function logisticsOrderOf(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<LogisticsOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(logisticsOrders)
    .where(and(eq(logisticsOrders.id, id), eq(logisticsOrders.companyId, companyId)));
  return row;
}

/** The logistics order of an order, created once (unique order id); undefined when it existed already. */
export async function logisticsOrderInsertOnce(
  tx: Queryable,
  values: typeof logisticsOrders.$inferInsert,
): Promise<LogisticsOrderRow | undefined> {
  const [row] = await tx.insert(logisticsOrders).values(values).onConflictDoNothing().returning();
  return row;
}

/** The logistics order of an order, if any. */
export async function logisticsOrderOfOrder(
  db: Queryable,
  companyId: number,
  orderId: number,
): Promise<LogisticsOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(logisticsOrders)
    .where(and(eq(logisticsOrders.orderId, orderId), eq(logisticsOrders.companyId, companyId)));
  return row;
}

/** The public code of the order behind a logistics order (the proof a tracking socket must give). */
export async function logisticsOrderCodeOf(
  db: Queryable,
  logisticsOrderId: number,
): Promise<string | undefined> {
  const [row] = await db
    .select({ code: orders.code })
    .from(logisticsOrders)
    .innerJoin(
      orders,
      and(eq(orders.id, logisticsOrders.orderId), eq(orders.companyId, logisticsOrders.companyId)),
    )
    .where(eq(logisticsOrders.id, logisticsOrderId));
  return row?.code;
}

/**
 * Locks the orders behind some logistics orders, ascending by order id (every
 * flow takes its order locks first), and reads them with their logistics order.
 */
export async function ordersOfLogisticsLock(
  tx: Tx,
  companyId: number,
  logisticsOrderIds: readonly number[],
): Promise<{ logistics: LogisticsOrderRow; order: OrderRow }[]> {
  if (logisticsOrderIds.length === 0) return [];
  return tx
    .select({ logistics: logisticsOrders, order: orders })
    .from(orders)
    .innerJoin(
      logisticsOrders,
      and(eq(logisticsOrders.orderId, orders.id), eq(logisticsOrders.companyId, orders.companyId)),
    )
    .where(and(eq(orders.companyId, companyId), inArray(logisticsOrders.id, [...logisticsOrderIds])))
    .orderBy(asc(orders.id))
    .for('update', { of: orders });
}

/**
 * The codes of the orders behind some logistics orders, without locking them:
 * for announcing a change made under other locks (an accept must not take an
 * order's lock after its shipment's — orders are always locked first).
 */
export async function orderCodesOfLogistics(
  db: Queryable,
  companyId: number,
  logisticsOrderIds: readonly number[],
): Promise<string[]> {
  if (logisticsOrderIds.length === 0) return [];
  const rows = await db
    .select({ code: orders.code })
    .from(orders)
    .innerJoin(
      logisticsOrders,
      and(eq(logisticsOrders.orderId, orders.id), eq(logisticsOrders.companyId, orders.companyId)),
    )
    .where(and(eq(orders.companyId, companyId), inArray(logisticsOrders.id, [...logisticsOrderIds])));
  return rows.map((row) => row.code);
}

/** A branch contact's alias and name (the diner's message names the venue and links its follow-up page). */
export async function branchContactLabel(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<{ alias: string; name: string }> {
  const [row] = await db
    .select({ alias: branchContacts.alias, name: branchContacts.name })
    .from(branchContacts)
    .where(and(eq(branchContacts.id, id), eq(branchContacts.companyId, companyId)));
  if (!row) throw new Error(`branch contact ${id} of company ${companyId} not found`);
  return row;
}

/** The branch contact's own-fleet switch, within the company. */
export async function branchContactOwnLogistics(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<boolean> {
  const [row] = await db
    .select({ ownLogistics: branchContacts.ownLogistics })
    .from(branchContacts)
    .where(and(eq(branchContacts.id, id), eq(branchContacts.companyId, companyId)));
  return row?.ownLogistics ?? false;
}
