/**
 * One-time phone codes, customer sessions and the code-request counters of
 * ADR 018. Every query is scoped by company (a session names its company; a
 * token of one company never reads another's).
 */
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { customerCodeCounters, customerPhoneCodes, customerSessions } from '../db/schema/customers';

export type CustomerPhoneCodeRow = typeof customerPhoneCodes.$inferSelect;
export type CustomerSessionRow = typeof customerSessions.$inferSelect;

/**
 * Counts one hit on `key` in a fixed window, atomically (one upsert: two
 * processes hitting at once both count), and answers the count so far and
 * when the window ends.
 */
export async function customerCodeCounterHit(
  db: Queryable,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ count: number; resetAt: Date }> {
  const resetAt = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(customerCodeCounters)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: customerCodeCounters.key,
      set: {
        count: sql`case when ${customerCodeCounters.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${customerCodeCounters.count} + 1 end`,
        resetAt: sql`case when ${customerCodeCounters.resetAt} <= ${now.toISOString()}::timestamptz then excluded.reset_at else ${customerCodeCounters.resetAt} end`,
      },
    })
    .returning({ count: customerCodeCounters.count, resetAt: customerCodeCounters.resetAt });
  if (!row) throw new Error('counter upsert returned no row');
  return row;
}

/** Writes a new code for a phone; the phone's older unused codes stop counting (only the newest verifies). */
export async function customerPhoneCodeInsert(
  tx: Tx,
  values: { companyId: number; phone: string; codeHash: string; expiresAt: Date; now: Date },
): Promise<CustomerPhoneCodeRow> {
  await tx
    .update(customerPhoneCodes)
    .set({ usedAt: values.now })
    .where(
      and(
        eq(customerPhoneCodes.companyId, values.companyId),
        eq(customerPhoneCodes.phone, values.phone),
        isNull(customerPhoneCodes.usedAt),
      ),
    );
  const [row] = await tx
    .insert(customerPhoneCodes)
    .values({
      companyId: values.companyId,
      phone: values.phone,
      codeHash: values.codeHash,
      expiresAt: values.expiresAt,
      createdAt: values.now,
    })
    .returning();
  if (!row) throw new Error('code insert returned no row');
  return row;
}

/** The phone's newest code, unused and unexpired, locked until the transaction ends (attempts are counted under it). */
export async function customerPhoneCodeLockLatest(
  tx: Tx,
  scope: { companyId: number; phone: string; now: Date },
): Promise<CustomerPhoneCodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(customerPhoneCodes)
    .where(
      and(
        eq(customerPhoneCodes.companyId, scope.companyId),
        eq(customerPhoneCodes.phone, scope.phone),
        isNull(customerPhoneCodes.usedAt),
        gt(customerPhoneCodes.expiresAt, scope.now),
      ),
    )
    .orderBy(desc(customerPhoneCodes.createdAt), desc(customerPhoneCodes.id))
    .limit(1)
    .for('update');
  return row;
}

/** Records a try on a locked code; `burn` (a correct code, or the last wrong one) ends it. */
export async function customerPhoneCodeTried(
  tx: Tx,
  id: number,
  values: { attempts: number; burn: boolean; now: Date },
): Promise<void> {
  await tx
    .update(customerPhoneCodes)
    .set({ attempts: values.attempts, ...(values.burn ? { usedAt: values.now } : {}) })
    .where(eq(customerPhoneCodes.id, id));
}

export async function customerSessionInsert(
  tx: Queryable,
  values: { companyId: number; phone: string; tokenHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await tx.insert(customerSessions).values({
    companyId: values.companyId,
    phone: values.phone,
    tokenHash: values.tokenHash,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  });
}

/** A live session by its token's hash. */
export async function customerSessionFind(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<CustomerSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(customerSessions)
    .where(and(eq(customerSessions.tokenHash, tokenHash), gt(customerSessions.expiresAt, now)))
    .limit(1);
  return row;
}

/** Ends a session; true when there was one. */
export async function customerSessionDelete(db: Queryable, tokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(customerSessions)
    .where(eq(customerSessions.tokenHash, tokenHash))
    .returning({ id: customerSessions.id });
  return rows.length > 0;
}

/**
 * Deletes at most `limit` spent rows of each kind: codes past their expiry,
 * sessions past theirs, counters whose window has closed. Nothing here is
 * read after that instant (a code or session past its expiry is refused, a
 * closed window restarts at 1), so they only hold phones and hashes longer
 * than they serve.
 */
export async function customerAuthExpiredDelete(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<{ customerCodes: number; customerSessions: number; customerCounters: number }> {
  const at = now.toISOString();
  const codes = await db
    .delete(customerPhoneCodes)
    .where(
      inArray(
        customerPhoneCodes.id,
        db
          .select({ id: customerPhoneCodes.id })
          .from(customerPhoneCodes)
          .where(lt(customerPhoneCodes.expiresAt, sql`${at}::timestamptz`))
          .limit(limit),
      ),
    )
    .returning({ id: customerPhoneCodes.id });
  const sessions = await db
    .delete(customerSessions)
    .where(
      inArray(
        customerSessions.id,
        db
          .select({ id: customerSessions.id })
          .from(customerSessions)
          .where(lt(customerSessions.expiresAt, sql`${at}::timestamptz`))
          .limit(limit),
      ),
    )
    .returning({ id: customerSessions.id });
  const counters = await db
    .delete(customerCodeCounters)
    .where(
      inArray(
        customerCodeCounters.key,
        db
          .select({ key: customerCodeCounters.key })
          .from(customerCodeCounters)
          .where(lt(customerCodeCounters.resetAt, sql`${at}::timestamptz`))
          .limit(limit),
      ),
    )
    .returning({ key: customerCodeCounters.key });
  return {
    customerCodes: codes.length,
    customerSessions: sessions.length,
    customerCounters: counters.length,
  };
}
