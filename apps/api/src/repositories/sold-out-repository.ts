/**
 * Sold-out marks of a location (issue 19, ADR 052). One row per
 * (location, kind, item key): the unique constraint makes "exactly one mark"
 * hold however many consoles switch the same item at once.
 */
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { soldOutMarks } from '../db/schema/venue';

export type SoldOutMarkRow = typeof soldOutMarks.$inferSelect;
export type SoldOutKindColumn = SoldOutMarkRow['kind'];

/** A location's marks, expired ones included (callers judge them at their instant). */
export async function soldOutMarksOfBranchContact(
  db: Queryable,
  branchContactId: number,
): Promise<SoldOutMarkRow[]> {
  return db
    .select()
    .from(soldOutMarks)
    .where(eq(soldOutMarks.branchContactId, branchContactId))
    .orderBy(asc(soldOutMarks.id));
}

/** The marks of several locations of one company (what the order placement and the menu read). */
export async function soldOutMarksOfBranchContacts(
  db: Queryable,
  companyId: number,
  branchContactIds: number[],
): Promise<SoldOutMarkRow[]> {
  if (branchContactIds.length === 0) return [];
  return db
    .select()
    .from(soldOutMarks)
    .where(
      and(eq(soldOutMarks.companyId, companyId), inArray(soldOutMarks.branchContactId, branchContactIds)),
    )
    .orderBy(asc(soldOutMarks.id));
}

type MarkKey = Pick<SoldOutMarkRow, 'companyId' | 'branchContactId' | 'kind' | 'itemKey'>;

function markWhere(key: MarkKey) {
  return and(
    eq(soldOutMarks.companyId, key.companyId),
    eq(soldOutMarks.branchContactId, key.branchContactId),
    eq(soldOutMarks.kind, key.kind),
    eq(soldOutMarks.itemKey, key.itemKey),
  );
}

/** Inserts the mark unless it exists; answers the row when this call created it. */
export async function soldOutMarkInsert(
  tx: Tx,
  mark: MarkKey & Pick<SoldOutMarkRow, 'until' | 'staffUserId'>,
): Promise<SoldOutMarkRow | undefined> {
  const [row] = await tx
    .insert(soldOutMarks)
    .values(mark)
    .onConflictDoNothing({
      target: [soldOutMarks.branchContactId, soldOutMarks.kind, soldOutMarks.itemKey],
    })
    .returning();
  return row;
}

/** The existing mark, locked until the transaction ends (its `until` is then changed or kept). */
export async function soldOutMarkLock(tx: Tx, key: MarkKey): Promise<SoldOutMarkRow | undefined> {
  const [row] = await tx.select().from(soldOutMarks).where(markWhere(key)).for('update').limit(1);
  return row;
}

/** Sets a locked mark's `until`. */
export async function soldOutMarkUntilSet(tx: Tx, id: number, until: Date | null): Promise<void> {
  await tx.update(soldOutMarks).set({ until }).where(eq(soldOutMarks.id, id));
}

/** Deletes the mark; answers the row when this call removed it (the one that records the change). */
export async function soldOutMarkDelete(tx: Tx, key: MarkKey): Promise<SoldOutMarkRow | undefined> {
  const [row] = await tx.delete(soldOutMarks).where(markWhere(key)).returning();
  return row;
}

/**
 * Deletes every mark whose `until` has passed, answering what it deleted: the
 * delete is the claim, so of several processes running the pass at once each
 * mark is deleted (and its company told) by exactly one.
 */
export async function soldOutMarksExpiredDelete(
  tx: Tx,
  now: Date,
): Promise<Pick<SoldOutMarkRow, 'companyId' | 'branchContactId' | 'kind' | 'itemKey'>[]> {
  return tx
    .delete(soldOutMarks)
    .where(and(isNotNull(soldOutMarks.until), lte(soldOutMarks.until, now)))
    .returning({
      companyId: soldOutMarks.companyId,
      branchContactId: soldOutMarks.branchContactId,
      kind: soldOutMarks.kind,
      itemKey: soldOutMarks.itemKey,
    });
}
