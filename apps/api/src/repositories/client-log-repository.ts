/** Error context reported by browsers (`POST /api/diner/log`). */
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { clientLogs } from '../db/schema/platform';
import { branchContacts, branches } from '../db/schema/tenant';

/**
 * The company a log belongs to, from the branch contact or branch it names;
 * null when neither exists (the log is kept, unattributed).
 */
export async function clientLogCompanyFind(
  db: Queryable,
  ids: { branchContactId: number | null; branchId: number | null },
): Promise<number | null> {
  if (ids.branchContactId !== null) {
    const [row] = await db
      .select({ companyId: branchContacts.companyId })
      .from(branchContacts)
      .where(eq(branchContacts.id, ids.branchContactId))
      .limit(1);
    if (row) return row.companyId;
  }
  if (ids.branchId !== null) {
    const [row] = await db
      .select({ companyId: branches.companyId })
      .from(branches)
      .where(eq(branches.id, ids.branchId))
      .limit(1);
    if (row) return row.companyId;
  }
  return null;
}

/** Stores one log entry. */
export async function clientLogInsert(
  db: Queryable,
  values: { companyId: number | null; payload: Record<string, unknown>; createdAt: Date },
): Promise<void> {
  await db.insert(clientLogs).values(values);
}

/** A stored entry, as the console lists it. */
export interface ClientLogRow {
  id: number;
  payload: Record<string, unknown>;
  createdAt: Date;
}

/** The company's newest entries since a moment, newest first. */
export async function clientLogRecentFind(
  db: Queryable,
  input: { companyId: number; since: Date; limit: number },
): Promise<ClientLogRow[]> {
  return db
    .select({ id: clientLogs.id, payload: clientLogs.payload, createdAt: clientLogs.createdAt })
    .from(clientLogs)
    .where(and(eq(clientLogs.companyId, input.companyId), gte(clientLogs.createdAt, input.since)))
    .orderBy(desc(clientLogs.createdAt), desc(clientLogs.id))
    .limit(input.limit);
}

/** Names of the company's branch contacts among the ids (an entry names its own; only ours are shown). */
export async function clientLogLocationNames(
  db: Queryable,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: branchContacts.id, name: branchContacts.name })
    .from(branchContacts)
    .where(and(eq(branchContacts.companyId, companyId), inArray(branchContacts.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.name]));
}
