/** Error context reported by browsers (`POST /api/diner/log`). */
import { eq } from 'drizzle-orm';
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
