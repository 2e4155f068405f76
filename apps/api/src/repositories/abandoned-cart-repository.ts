/**
 * Abandoned carts (`abandoned_carts`, ADR 028), always scoped by company or by
 * a location whose company the caller already checked.
 *
 * "One message per cart" rests on two guards: the job locks due OPEN rows with
 * `for update skip locked` (concurrent runners pass over each other's rows),
 * and every move out of a status is a conditional update on that status, in the
 * same transaction as the outbox row it goes with. "One OPEN cart per location
 * and phone" is the partial unique index `abandoned_carts_open_once`, the
 * beacon's upsert target.
 */
import { and, asc, desc, eq, gte, inArray, lte, max, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { abandonedCarts, customers } from '../db/schema/customers';
import { orders } from '../db/schema/orders';
import { branchContacts } from '../db/schema/tenant';

export type AbandonedCartRow = typeof abandonedCarts.$inferSelect;
type CartStatus = AbandonedCartRow['status'];

/** What a beacon writes. */
export interface AbandonedCartLeave {
  companyId: number;
  branchId: number;
  branchContactId: number;
  orderModeId: number;
  phone: string;
  email: string | null;
  items: unknown[];
  navigationEvent: string | null;
  leftAt: Date;
  notifyAfter: Date;
}

/** Writes the location's OPEN cart of the phone, or replaces its items and pushes its time when there is one. */
export async function abandonedCartUpsert(
  db: Queryable,
  leave: AbandonedCartLeave,
): Promise<AbandonedCartRow> {
  const [row] = await db
    .insert(abandonedCarts)
    .values({ ...leave, status: 'OPEN', createdAt: leave.leftAt, updatedAt: leave.leftAt })
    .onConflictDoUpdate({
      target: [abandonedCarts.branchContactId, abandonedCarts.phone],
      targetWhere: sql`${abandonedCarts.status} = 'OPEN'`,
      set: {
        branchId: leave.branchId,
        orderModeId: leave.orderModeId,
        email: leave.email,
        items: leave.items,
        navigationEvent: leave.navigationEvent,
        leftAt: leave.leftAt,
        notifyAfter: leave.notifyAfter,
        updatedAt: leave.leftAt,
      },
    })
    .returning();
  if (!row) throw new Error('abandoned cart upsert returned no row');
  return row;
}

/** The location's delay before a message, in minutes. */
export async function abandonedCartDelayOf(
  db: Queryable,
  branchContactId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ minutes: branchContacts.abandonedCartDelayMinutes })
    .from(branchContacts)
    .where(eq(branchContacts.id, branchContactId));
  return row?.minutes;
}

/** Sets a location's delay (the caller checked the company). */
export async function abandonedCartDelaySet(
  db: Queryable,
  companyId: number,
  branchContactId: number,
  minutes: number,
): Promise<void> {
  await db
    .update(branchContacts)
    .set({ abandonedCartDelayMinutes: minutes })
    .where(and(eq(branchContacts.id, branchContactId), eq(branchContacts.companyId, companyId)));
}

/** Up to `limit` due OPEN carts, the longest due first (read without a lock; `abandonedCartsDueLock` decides). */
export async function abandonedCartsDue(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<AbandonedCartRow[]> {
  return db
    .select()
    .from(abandonedCarts)
    .where(and(eq(abandonedCarts.status, 'OPEN'), lte(abandonedCarts.notifyAfter, now)))
    .orderBy(asc(abandonedCarts.notifyAfter), asc(abandonedCarts.id))
    .limit(limit);
}

/**
 * Locks those of `ids` still OPEN and due, skipping rows another runner holds
 * (it is deciding them): only one runner ever decides a cart at a time.
 */
export async function abandonedCartsDueLock(
  tx: Queryable,
  ids: number[],
  now: Date,
): Promise<AbandonedCartRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(abandonedCarts)
    .where(
      and(
        inArray(abandonedCarts.id, ids),
        eq(abandonedCarts.status, 'OPEN'),
        lte(abandonedCarts.notifyAfter, now),
      ),
    )
    .orderBy(asc(abandonedCarts.id))
    .for('update', { skipLocked: true });
}

/** Moves a cart on from `from`; undefined when it was no longer in `from` (someone else moved it). */
export async function abandonedCartMove(
  db: Queryable,
  id: number,
  from: CartStatus | CartStatus[],
  set: Partial<
    Pick<
      AbandonedCartRow,
      | 'status'
      | 'notifiedAt'
      | 'recoveryTokenHash'
      | 'itemsAmount'
      | 'settledAt'
      | 'orderId'
      | 'skipReason'
      | 'notifyAfter'
      | 'navigationEvent'
    >
  > & { updatedAt: Date },
): Promise<AbandonedCartRow | undefined> {
  const statuses = Array.isArray(from) ? from : [from];
  const [row] = await db
    .update(abandonedCarts)
    .set(set)
    .where(and(eq(abandonedCarts.id, id), inArray(abandonedCarts.status, statuses)))
    .returning();
  return row;
}

/** Whether the customer of the company with this phone opted in to messages. */
export async function abandonedCartOptedIn(
  db: Queryable,
  companyId: number,
  phone: string,
): Promise<boolean> {
  const [row] = await db
    .select({ optIn: customers.optIn })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.phone, phone)));
  return row?.optIn ?? false;
}

/** The last recovery message to a phone from a location. */
export async function abandonedCartLastMessagedAt(
  db: Queryable,
  branchContactId: number,
  phone: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(abandonedCarts.notifiedAt) })
    .from(abandonedCarts)
    .where(and(eq(abandonedCarts.branchContactId, branchContactId), eq(abandonedCarts.phone, phone)));
  return row?.at ?? null;
}

/** The first order by a phone at a location placed at or after `since`. */
export async function abandonedCartFirstOrder(
  db: Queryable,
  cart: { companyId: number; branchContactId: number; phone: string | null },
  since: Date,
): Promise<{ id: number; createdAt: Date } | undefined> {
  if (!cart.phone) return undefined;
  const [row] = await db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, cart.companyId),
        eq(orders.phone, cart.phone),
        eq(orders.branchContactId, cart.branchContactId),
        gte(orders.createdAt, since),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(1);
  return row;
}

/** Carts messaged since `notifiedSince` that are not settled yet and whose phone ordered at the location since. */
export async function abandonedCartsNotifiedWithOrder(
  db: Queryable,
  notifiedSince: Date,
  limit: number,
): Promise<AbandonedCartRow[]> {
  return db
    .select()
    .from(abandonedCarts)
    .where(
      and(
        eq(abandonedCarts.status, 'NOTIFIED'),
        gte(abandonedCarts.notifiedAt, notifiedSince),
        sql`exists (select 1 from ${orders} where ${orders.companyId} = ${abandonedCarts.companyId}
          and ${orders.phone} = ${abandonedCarts.phone}
          and ${orders.branchContactId} = ${abandonedCarts.branchContactId}
          and ${orders.createdAt} >= ${abandonedCarts.leftAt})`,
      ),
    )
    .orderBy(asc(abandonedCarts.notifiedAt))
    .limit(limit);
}

/** The location's OPEN or NOTIFIED carts of a phone (what a cancel or an order settles). */
export async function abandonedCartsLiveOf(
  db: Queryable,
  branchContactId: number,
  phone: string,
): Promise<AbandonedCartRow[]> {
  return db
    .select()
    .from(abandonedCarts)
    .where(
      and(
        eq(abandonedCarts.branchContactId, branchContactId),
        eq(abandonedCarts.phone, phone),
        inArray(abandonedCarts.status, ['OPEN', 'NOTIFIED']),
      ),
    )
    .orderBy(desc(abandonedCarts.id));
}

/** The cart a recovery link's token names. */
export async function abandonedCartByToken(
  db: Queryable,
  tokenHash: string,
): Promise<AbandonedCartRow | undefined> {
  const [row] = await db.select().from(abandonedCarts).where(eq(abandonedCarts.recoveryTokenHash, tokenHash));
  return row;
}

/** Records the first time the link restored the cart. */
export async function abandonedCartOpened(db: Queryable, id: number, at: Date): Promise<void> {
  await db
    .update(abandonedCarts)
    .set({ openedAt: at, updatedAt: at })
    .where(and(eq(abandonedCarts.id, id), sql`${abandonedCarts.openedAt} is null`));
}
