/**
 * Customers of a company (one per phone) and their loyalty ledger. Writes take
 * `Tx`: they run inside the placement's transaction, after its row locks
 * (idempotency key → code discount → customer, always in that order).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { customers, loyaltyLedger, type loyaltyPrograms } from '../db/schema/customers';
import { orders } from '../db/schema/orders';

export type CustomerRow = typeof customers.$inferSelect;
export type LoyaltyProgramRow = typeof loyaltyPrograms.$inferSelect;

/**
 * Creates or refreshes the customer of a phone within a company and returns it
 * with its row locked until the transaction ends (the points balance is read
 * and changed under this lock). With `refresh` (the diner proved the phone,
 * ADR 018) contact data is refreshed with what the diner entered, an empty
 * value never erasing a known one; without it a stored customer's data is
 * kept as it is (a new customer is created with the order's data).
 */
export async function customerUpsertLocked(
  tx: Tx,
  values: {
    companyId: number;
    phone: string;
    name: string | null;
    email: string | null;
    document: string | null;
    optIn: boolean | null;
    refresh: boolean;
    now: Date;
  },
): Promise<CustomerRow> {
  const [row] = await tx
    .insert(customers)
    .values({
      companyId: values.companyId,
      phone: values.phone,
      name: values.name,
      email: values.email,
      document: values.document,
      optIn: values.optIn ?? false,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .onConflictDoUpdate({
      target: [customers.companyId, customers.phone],
      set: values.refresh
        ? {
            name: sql`coalesce(excluded.name, ${customers.name})`,
            email: sql`coalesce(excluded.email, ${customers.email})`,
            document: sql`coalesce(excluded.document, ${customers.document})`,
            optIn: values.optIn === null ? sql`${customers.optIn}` : values.optIn,
            updatedAt: values.now,
          }
        : // Still an update, so that the row is returned and locked.
          { updatedAt: sql`${customers.updatedAt}` },
    })
    .returning();
  if (!row) throw new Error('customer upsert returned no row');
  return row;
}

/** The customer of a phone within a company, if any. */
export async function customerFind(
  db: Queryable,
  companyId: number,
  phone: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.phone, phone)))
    .limit(1);
  return row;
}

/** Whether a phone has ordered before from the company (canceled orders do not count). */
export async function customerHasOrdered(tx: Queryable, companyId: number, phone: string): Promise<boolean> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.phone, phone), ne(orders.status, 'CANCELED')))
    .limit(1);
  return rows.length > 0;
}

/**
 * Takes points off a locked customer's balance and writes the ledger row. The
 * guard in the update keeps the balance from ever going negative; false when
 * the balance did not cover the points.
 */
export async function loyaltyRedeem(
  tx: Tx,
  values: {
    companyId: number;
    customerId: number;
    branchId: number;
    orderId: number;
    orderCode: string;
    points: number;
    now: Date;
  },
): Promise<boolean> {
  const [updated] = await tx
    .update(customers)
    .set({
      loyaltyPointsBalance: sql`${customers.loyaltyPointsBalance} - ${values.points}`,
      updatedAt: values.now,
    })
    .where(
      and(
        eq(customers.id, values.customerId),
        eq(customers.companyId, values.companyId),
        sql`${customers.loyaltyPointsBalance} >= ${values.points}`,
      ),
    )
    .returning({ balance: customers.loyaltyPointsBalance });
  if (!updated) return false;
  await tx.insert(loyaltyLedger).values({
    companyId: values.companyId,
    customerId: values.customerId,
    branchId: values.branchId,
    kind: 'REDEMPTION',
    orderId: values.orderId,
    orderCode: values.orderCode,
    amount: -values.points,
    postBalance: updated.balance,
    createdAt: values.now,
  });
  return true;
}

/**
 * Credits the points an order earned to its customer, once: the order's row is
 * locked, an existing ACCRUAL row of the order means it was credited already
 * (and the ledger's unique index on order and kind refuses a second one even
 * without the lock). Returns the points credited (0 when none or already credited).
 */
export async function loyaltyAccrue(tx: Tx, orderId: number, now: Date): Promise<number> {
  return loyaltyOrderCredit(tx, orderId, now, 'ACCRUAL');
}

/**
 * Gives back the points an order redeemed (a canceled order), once, as a
 * REVERSAL row: only when the REDEMPTION was written and no REVERSAL exists.
 * Returns the points given back (0 when none or already given back).
 */
export async function loyaltyRedemptionReverse(tx: Tx, orderId: number, now: Date): Promise<number> {
  return loyaltyOrderCredit(tx, orderId, now, 'REVERSAL');
}

/** The one credit of an order's points to its customer: ACCRUAL (earned) or REVERSAL (redeemed, given back). */
async function loyaltyOrderCredit(
  tx: Tx,
  orderId: number,
  now: Date,
  kind: 'ACCRUAL' | 'REVERSAL',
): Promise<number> {
  const [order] = await tx
    .select({
      id: orders.id,
      code: orders.code,
      companyId: orders.companyId,
      branchId: orders.branchId,
      customerId: orders.customerId,
      gained: orders.loyaltyGainedPoints,
      redeemed: orders.loyaltyRedeemedPoints,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  const points = kind === 'ACCRUAL' ? order?.gained : order?.redeemed;
  if (!order || order.customerId === null || !points || points <= 0) return 0;
  const ledgerOf = (of: typeof kind | 'REDEMPTION') =>
    tx
      .select({ customerId: loyaltyLedger.customerId })
      .from(loyaltyLedger)
      .where(
        and(
          eq(loyaltyLedger.companyId, order.companyId),
          eq(loyaltyLedger.orderId, order.id),
          eq(loyaltyLedger.kind, of),
        ),
      )
      .limit(1);
  if ((await ledgerOf(kind)).length > 0) return 0;
  // Points are given back to whom they were taken from, and only if they were taken.
  let customerId = order.customerId;
  if (kind === 'REVERSAL') {
    const [redemption] = await ledgerOf('REDEMPTION');
    if (!redemption) return 0;
    customerId = redemption.customerId;
  }
  const [customer] = await tx
    .update(customers)
    .set({ loyaltyPointsBalance: sql`${customers.loyaltyPointsBalance} + ${points}`, updatedAt: now })
    .where(and(eq(customers.id, customerId), eq(customers.companyId, order.companyId)))
    .returning({ balance: customers.loyaltyPointsBalance });
  if (!customer) return 0;
  await tx.insert(loyaltyLedger).values({
    companyId: order.companyId,
    customerId,
    branchId: order.branchId,
    kind,
    orderId: order.id,
    orderCode: order.code,
    amount: points,
    postBalance: customer.balance,
    createdAt: now,
  });
  return points;
}
