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
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
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

/** How a claimed message ends this attempt. */
export type OutboxOutcome =
  | { status: 'SENT' | 'KEPT'; at: Date }
  | { status: 'FAILED'; error: string }
  | { status: 'PENDING'; error: string; retryAt: Date };

/**
 * Settles claimed messages in one statement: SENT, KEPT or FAILED (lease
 * released), or PENDING again with the time of the next attempt. Each only
 * while its lease is still `leaseUntil` (this claimer's); answers the rows
 * settled — a message whose lease was lost is not among them.
 */
export async function outboxSettleMany(
  db: Queryable,
  leaseUntil: Date,
  settlements: { id: number; outcome: OutboxOutcome }[],
): Promise<OutboxRow[]> {
  if (settlements.length === 0) return [];
  const values = settlements.map(({ id, outcome }) => ({
    id,
    status: outcome.status,
    last_error: 'error' in outcome ? outcome.error : null,
    locked_until: outcome.status === 'PENDING' ? outcome.retryAt.toISOString() : null,
    sent_at: 'at' in outcome ? outcome.at.toISOString() : null,
  }));
  return db
    .update(outboxMessages)
    .set({
      status: sql`v.status`,
      lastError: sql`v.last_error`,
      lockedUntil: sql`v.locked_until`,
      sentAt: sql`coalesce(v.sent_at, ${outboxMessages.sentAt})`,
    })
    .from(
      sql`jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as v(id int, status text, last_error text, locked_until timestamptz, sent_at timestamptz)`,
    )
    .where(
      and(
        sql`${outboxMessages.id} = v.id`,
        eq(outboxMessages.status, 'PENDING'),
        eq(outboxMessages.lockedUntil, leaseUntil),
      ),
    )
    .returning();
}

/** Settles one claimed message (`outboxSettleMany` for one); undefined when its lease was lost. */
export async function outboxSettle(
  db: Queryable,
  claim: { id: number; leaseUntil: Date },
  outcome: OutboxOutcome,
): Promise<OutboxRow | undefined> {
  const [row] = await outboxSettleMany(db, claim.leaseUntil, [{ id: claim.id, outcome }]);
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

/** Messages with their orders' codes (for the console's live update), in id order. */
export async function outboxFind(db: Queryable, ids: number[]): Promise<OutboxListRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ message: outboxMessages, orderCode: orders.code })
    .from(outboxMessages)
    .leftJoin(
      orders,
      and(eq(orders.id, outboxMessages.orderId), eq(orders.companyId, outboxMessages.companyId)),
    )
    .where(inArray(outboxMessages.id, ids))
    .orderBy(outboxMessages.id);
}

/**
 * For each claimed message, how many messages to its phone count against the
 * daily cap: those that left (SENT, or KEPT for the console) since `since`,
 * plus those claimed before it and still being sent (so a batch's messages to
 * one phone count each other). One statement for the whole batch.
 */
export async function outboxRecipientRecentCounts(
  db: Queryable,
  query: { messages: { id: number; toPhone: string }[]; since: Date; now: Date },
): Promise<Map<number, number>> {
  if (query.messages.length === 0) return new Map();
  const claimed = query.messages.map((message) => ({ id: message.id, to_phone: message.toPhone }));
  const counted = await db.execute(sql`
    select c.id, count(m.id)::int as n
    from jsonb_to_recordset(${JSON.stringify(claimed)}::jsonb) as c(id int, to_phone text)
    left join ${outboxMessages} m on m.to_phone = c.to_phone and (
      (m.status in ('SENT', 'KEPT') and m.sent_at > ${query.since.toISOString()}::timestamptz)
      or (m.status = 'PENDING' and m.id < c.id and m.locked_until > ${query.now.toISOString()}::timestamptz
        and m.attempts > 0)
    )
    group by c.id`);
  const rows = (counted as unknown as { rows: { id: number; n: number }[] }).rows;
  return new Map(rows.map((row) => [Number(row.id), Number(row.n)]));
}
