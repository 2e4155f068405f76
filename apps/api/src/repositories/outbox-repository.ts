/**
 * The outbox of messages to diners (`outbox_messages`). A message is written
 * in the same transaction as the change it announces; the sender job claims
 * PENDING rows later.
 *
 * Claiming: one statement picks due PENDING rows with `for update skip
 * locked` (so concurrent claimers on PostgreSQL pass over each other's rows
 * instead of waiting or taking them twice) and stamps them with a lease in
 * `locked_until`, counting the attempt. Until the lease ends nobody else picks
 * them, even after the claiming statement's lock is gone; the claimer settles
 * each row with its lease as a guard, so a claimer whose lease ran out (and
 * whose row was claimed again) changes nothing. `locked_until` also carries
 * the backoff of a failed attempt: a row is due when it is null or past.
 */
import { and, count, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { orders } from '../db/schema/orders';
import { outboxMessages } from '../db/schema/platform';

export type OutboxRow = typeof outboxMessages.$inferSelect;
export type OutboxInsert = typeof outboxMessages.$inferInsert;
export type OutboxStatus = OutboxRow['status'];

/** Writes one message (inside the caller's transaction). */
export async function outboxInsert(db: Queryable, values: OutboxInsert): Promise<OutboxRow> {
  const [row] = await db.insert(outboxMessages).values(values).returning();
  if (!row) throw new Error('outbox insert returned no row');
  return row;
}

/**
 * Claims up to `limit` due PENDING messages, oldest first, under a lease that
 * ends at `leaseUntil`; answers the claimed rows (attempts already counted).
 */
export async function outboxClaim(
  db: Queryable,
  options: { now: Date; leaseUntil: Date; limit: number },
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'PENDING'),
        sql`(${outboxMessages.lockedUntil} is null or ${outboxMessages.lockedUntil} <= ${options.now})`,
      ),
    )
    .orderBy(outboxMessages.id)
    .limit(options.limit)
    .for('update', { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({ lockedUntil: options.leaseUntil, attempts: sql`${outboxMessages.attempts} + 1` })
    .where(inArray(outboxMessages.id, due))
    .returning();
}

/**
 * Settles a claimed message: SENT, KEPT or FAILED (lease released), or PENDING
 * again with the time of the next attempt. Only while the lease is still this
 * claimer's; answers the row, or undefined when the lease was lost.
 */
export async function outboxSettle(
  db: Queryable,
  claim: { id: number; leaseUntil: Date },
  outcome:
    | { status: 'SENT' | 'KEPT'; at: Date }
    | { status: 'FAILED'; error: string }
    | { status: 'PENDING'; error: string; retryAt: Date },
): Promise<OutboxRow | undefined> {
  const set =
    outcome.status === 'PENDING'
      ? { status: outcome.status, lastError: outcome.error, lockedUntil: outcome.retryAt }
      : outcome.status === 'FAILED'
        ? { status: outcome.status, lastError: outcome.error, lockedUntil: null }
        : { status: outcome.status, sentAt: outcome.at, lockedUntil: null, lastError: null };
  const [row] = await db
    .update(outboxMessages)
    .set(set)
    .where(
      and(
        eq(outboxMessages.id, claim.id),
        eq(outboxMessages.status, 'PENDING'),
        eq(outboxMessages.lockedUntil, claim.leaseUntil),
      ),
    )
    .returning();
  return row;
}

/** An outbox row with its order's code, for the console. */
export interface OutboxListRow {
  message: OutboxRow;
  orderCode: string | null;
}

/** A branch contact's messages, newest first, scoped by company. */
export async function outboxList(
  db: Queryable,
  scope: {
    companyId: number;
    branchContactId: number;
    statuses?: readonly OutboxStatus[];
    offset: number;
    limit: number;
  },
): Promise<{ rows: OutboxListRow[]; total: number }> {
  const where = and(
    eq(outboxMessages.companyId, scope.companyId),
    eq(outboxMessages.branchContactId, scope.branchContactId),
    scope.statuses?.length ? inArray(outboxMessages.status, [...scope.statuses]) : undefined,
  );
  const rows = await db
    .select({ message: outboxMessages, orderCode: orders.code })
    .from(outboxMessages)
    .leftJoin(
      orders,
      and(eq(orders.id, outboxMessages.orderId), eq(orders.companyId, outboxMessages.companyId)),
    )
    .where(where)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .offset(scope.offset)
    .limit(scope.limit);
  const [total] = await db.select({ n: count() }).from(outboxMessages).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One message with its order's code (for the console's live update). */
export async function outboxFind(db: Queryable, id: number): Promise<OutboxListRow | undefined> {
  const [row] = await db
    .select({ message: outboxMessages, orderCode: orders.code })
    .from(outboxMessages)
    .leftJoin(
      orders,
      and(eq(orders.id, outboxMessages.orderId), eq(orders.companyId, outboxMessages.companyId)),
    )
    .where(eq(outboxMessages.id, id))
    .limit(1);
  return row;
}

/**
 * Messages to `toPhone` that count against its daily cap: those that left
 * (SENT, or KEPT for the console) since `since`, plus those claimed before
 * `beforeId` and still being sent (so a batch's parallel sends count each other).
 */
export async function outboxRecipientRecentCount(
  db: Queryable,
  query: { toPhone: string; since: Date; now: Date; beforeId: number },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.toPhone, query.toPhone),
        or(
          and(inArray(outboxMessages.status, ['SENT', 'KEPT']), gt(outboxMessages.sentAt, query.since)),
          and(
            eq(outboxMessages.status, 'PENDING'),
            lt(outboxMessages.id, query.beforeId),
            gt(outboxMessages.lockedUntil, query.now),
            gt(outboxMessages.attempts, 0),
          ),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}
