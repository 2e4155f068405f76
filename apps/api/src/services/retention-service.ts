/**
 * Retention of anonymous rows (ADR 020): storefront analytics events, browser
 * error reports and abuse trips older than their configured number of days are
 * deleted by the jobs, in batches; so are the diners' sign-in codes, sessions
 * and code counters once expired (ADR 018).
 */
import type { Config } from '../config';
import type { Queryable } from '../db/client';
import { customerAuthExpiredDelete } from '../repositories/customer-auth-repository';
import { type RetentionTable, retentionDeleteBatch } from '../repositories/retention-repository';

/** Rows per delete statement. */
export const RETENTION_BATCH = 1000;
/** Batches per table and pass: a backlog is worked off over several passes, never in one long one. */
export const RETENTION_MAX_BATCHES = 50;

export type RetentionResult = Record<
  RetentionTable | 'customerCodes' | 'customerSessions' | 'customerCounters',
  number
>;

/** One retention pass: deletes what is past its days, answers the rows deleted per table. */
export async function retentionRunOnce(
  db: Queryable,
  retention: Config['retention'],
  now: number,
  options: { batch?: number; maxBatches?: number } = {},
): Promise<RetentionResult> {
  const batch = options.batch ?? RETENTION_BATCH;
  const maxBatches = options.maxBatches ?? RETENTION_MAX_BATCHES;
  const days: Record<RetentionTable, number> = {
    analyticsEvents: retention.analyticsDays,
    clientLogs: retention.clientLogDays,
    abuseTrips: retention.abuseTripDays,
  };
  const result: RetentionResult = {
    analyticsEvents: 0,
    clientLogs: 0,
    abuseTrips: 0,
    customerCodes: 0,
    customerSessions: 0,
    customerCounters: 0,
  };
  for (const table of Object.keys(days) as RetentionTable[]) {
    const before = new Date(now - days[table] * 86_400_000);
    for (let round = 0; round < maxBatches; round++) {
      const deleted = await retentionDeleteBatch(db, table, before, batch);
      result[table] += deleted;
      if (deleted < batch) break;
    }
  }
  for (let round = 0; round < maxBatches; round++) {
    const deleted = await customerAuthExpiredDelete(db, new Date(now), batch);
    result.customerCodes += deleted.customerCodes;
    result.customerSessions += deleted.customerSessions;
    result.customerCounters += deleted.customerCounters;
    if (Math.max(deleted.customerCodes, deleted.customerSessions, deleted.customerCounters) < batch) break;
  }
  return result;
}
