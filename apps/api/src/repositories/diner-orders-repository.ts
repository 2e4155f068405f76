/**
 * 'Mis pedidos': one customer's orders at one location, newest first, scoped
 * by company, location and phone together (ADR 027), with their lines.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { orderItems, orders } from '../db/schema/orders';
import type { OrderItemRow } from './order-repository';

/** What the list shows of an order. */
export type DinerOrderRow = Pick<
  typeof orders.$inferSelect,
  'id' | 'code' | 'type' | 'orderModeId' | 'status' | 'createdAt' | 'scheduled' | 'scheduledAt' | 'price'
>;

/** What the list shows of an order's line (and what 'Repetir pedido' needs to configure it again). */
export type DinerOrderLineRow = Pick<
  OrderItemRow,
  'orderId' | 'referenceId' | 'sizeId' | 'name' | 'quantity' | 'notes' | 'extras' | 'accPrice'
>;

/**
 * One page of the orders a phone placed at a location of its company, newest
 * first (ties by id), whether a next page exists, and the lines of the page's
 * orders in their order.
 */
export async function dinerOrdersPage(
  db: Queryable,
  scope: { companyId: number; branchContactId: number; phone: string },
  page: { offset: number; limit: number },
): Promise<{ rows: DinerOrderRow[]; hasMore: boolean; lines: DinerOrderLineRow[] }> {
  const read = await db
    .select({
      id: orders.id,
      code: orders.code,
      type: orders.type,
      orderModeId: orders.orderModeId,
      status: orders.status,
      createdAt: orders.createdAt,
      scheduled: orders.scheduled,
      scheduledAt: orders.scheduledAt,
      price: orders.price,
    })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, scope.companyId),
        eq(orders.branchContactId, scope.branchContactId),
        eq(orders.phone, scope.phone),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .offset(page.offset)
    // One more than the page: whether a next page exists without counting them all.
    .limit(page.limit + 1);
  const rows = read.slice(0, page.limit);
  const hasMore = read.length > page.limit;
  if (rows.length === 0) return { rows, hasMore, lines: [] };
  const lines = await db
    .select({
      orderId: orderItems.orderId,
      referenceId: orderItems.referenceId,
      sizeId: orderItems.sizeId,
      name: orderItems.name,
      quantity: orderItems.quantity,
      notes: orderItems.notes,
      extras: orderItems.extras,
      accPrice: orderItems.accPrice,
    })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.companyId, scope.companyId),
        inArray(
          orderItems.orderId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.position), asc(orderItems.id));
  return { rows, hasMore, lines };
}
