/** Deleting anonymous rows past their retention (the jobs' retention pass, ADR 020). */
import { inArray, lt } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { abuseTrips } from '../db/schema/abuse';
import { analyticsEvents, clientLogs } from '../db/schema/platform';

const TABLES = { analyticsEvents, clientLogs, abuseTrips } as const;
export type RetentionTable = keyof typeof TABLES;

/**
 * Deletes at most `limit` rows of `table` created before `before`, oldest
 * first; answers how many. Bounded, so a large backlog never holds one long
 * statement (and its locks) — the caller repeats while batches come back full.
 */
export async function retentionDeleteBatch(
  db: Queryable,
  table: RetentionTable,
  before: Date,
  limit: number,
): Promise<number> {
  const t = TABLES[table];
  const oldest = db.select({ id: t.id }).from(t).where(lt(t.createdAt, before)).orderBy(t.id).limit(limit);
  const deleted = await db.delete(t).where(inArray(t.id, oldest)).returning({ id: t.id });
  return deleted.length;
}
