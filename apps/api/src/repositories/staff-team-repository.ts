/**
 * A company's staff accounts as the OWNER manages them from the console
 * (ADR 056): the accounts with their locations, and the one-time links that
 * set a password (`staff_links`, only the sha256 of a link's token is stored).
 */
import { and, asc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { RETIRED_POSITION } from '../db/schema/columns';
import { staffSessions, staffUserBranchContacts, staffUsers } from '../db/schema/platform';
import { branchContacts } from '../db/schema/tenant';
import { staffLinks } from '../db/schema/venue';
import type { StaffUserRow } from './staff-repository';

export type StaffLinkRow = typeof staffLinks.$inferSelect;
export type StaffLinkPurpose = StaffLinkRow['purpose'];

/** Every account of a company, owners first, then by name. */
export async function teamMembers(db: Queryable, companyId: number): Promise<StaffUserRow[]> {
  return db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.companyId, companyId))
    .orderBy(asc(staffUsers.role), asc(staffUsers.name), asc(staffUsers.id));
}

/**
 * The company's OWNER accounts, locked until the transaction ends: every
 * change of a role or of access takes these locks first (in id order), so two
 * owners removing each other at once are serialized and one of them is refused.
 */
export async function teamOwnersLock(db: Queryable, companyId: number): Promise<StaffUserRow[]> {
  return db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.companyId, companyId), eq(staffUsers.role, 'OWNER')))
    .orderBy(asc(staffUsers.id))
    .for('update');
}

/** One account of a company, locked for the rest of the transaction. */
export async function teamMemberLock(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<StaffUserRow | undefined> {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.companyId, companyId), eq(staffUsers.id, id)))
    .for('update');
  return row;
}

/** The live locations (id, alias, name) of the given staff accounts' links, by account. */
export async function teamMemberLocations(
  db: Queryable,
  staffUserIds: number[],
): Promise<Map<number, { id: number; alias: string; name: string }[]>> {
  const byMember = new Map<number, { id: number; alias: string; name: string }[]>();
  if (staffUserIds.length === 0) return byMember;
  const rows = await db
    .select({
      staffUserId: staffUserBranchContacts.staffUserId,
      id: branchContacts.id,
      alias: branchContacts.alias,
      name: branchContacts.name,
    })
    .from(staffUserBranchContacts)
    .innerJoin(branchContacts, eq(branchContacts.id, staffUserBranchContacts.branchContactId))
    .where(
      and(
        inArray(staffUserBranchContacts.staffUserId, staffUserIds),
        ne(branchContacts.position, RETIRED_POSITION),
      ),
    )
    .orderBy(asc(branchContacts.position), asc(branchContacts.id));
  for (const { staffUserId, ...location } of rows) {
    byMember.set(staffUserId, [...(byMember.get(staffUserId) ?? []), location]);
  }
  return byMember;
}

/** Which of the ids are live locations of the company. */
export async function teamCompanyLocations(
  db: Queryable,
  companyId: number,
  ids: number[],
): Promise<{ id: number; alias: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: branchContacts.id, alias: branchContacts.alias, name: branchContacts.name })
    .from(branchContacts)
    .where(
      and(
        eq(branchContacts.companyId, companyId),
        inArray(branchContacts.id, ids),
        ne(branchContacts.position, RETIRED_POSITION),
      ),
    )
    .orderBy(asc(branchContacts.position), asc(branchContacts.id));
}

/** Replaces an account's locations. */
export async function teamMemberLocationsSet(db: Queryable, staffUserId: number, ids: number[]) {
  await db.delete(staffUserBranchContacts).where(eq(staffUserBranchContacts.staffUserId, staffUserId));
  if (ids.length > 0)
    await db
      .insert(staffUserBranchContacts)
      .values(ids.map((branchContactId) => ({ staffUserId, branchContactId })));
}

/** Ends every session of an account; answers the token hashes that went (their sockets are the caller's). */
export async function teamMemberSessionsDelete(db: Queryable, staffUserId: number): Promise<string[]> {
  const rows = await db
    .delete(staffSessions)
    .where(eq(staffSessions.staffUserId, staffUserId))
    .returning({ tokenHash: staffSessions.tokenHash });
  return rows.map((row) => row.tokenHash);
}

/** The pending (unused, unexpired) links of the given accounts, newest first. */
export async function staffLinksPending(
  db: Queryable,
  staffUserIds: number[],
  now: Date,
): Promise<StaffLinkRow[]> {
  if (staffUserIds.length === 0) return [];
  return db
    .select()
    .from(staffLinks)
    .where(
      and(
        inArray(staffLinks.staffUserId, staffUserIds),
        isNull(staffLinks.usedAt),
        gt(staffLinks.expiresAt, now),
      ),
    )
    .orderBy(asc(staffLinks.expiresAt));
}

export async function staffLinkInsert(db: Queryable, row: typeof staffLinks.$inferInsert): Promise<void> {
  await db.insert(staffLinks).values(row);
}

/**
 * Revokes an account's pending links: they expire now (the table keeps no
 * other mark; an expired link and a revoked one answer the same 410).
 */
export async function staffLinksRevoke(db: Queryable, staffUserId: number, now: Date): Promise<void> {
  await db
    .update(staffLinks)
    .set({ expiresAt: now })
    .where(
      and(eq(staffLinks.staffUserId, staffUserId), isNull(staffLinks.usedAt), gt(staffLinks.expiresAt, now)),
    );
}

/** A link by its token's hash, with its account. */
export async function staffLinkFind(
  db: Queryable,
  tokenHash: string,
): Promise<{ link: StaffLinkRow; user: StaffUserRow } | undefined> {
  const [row] = await db
    .select({ link: staffLinks, user: staffUsers })
    .from(staffLinks)
    .innerJoin(
      staffUsers,
      and(eq(staffUsers.id, staffLinks.staffUserId), eq(staffUsers.companyId, staffLinks.companyId)),
    )
    .where(eq(staffLinks.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Uses a link: exactly one caller gets its row back (the conditional update
 * is the "exactly once"); everyone else, and any expired link, gets nothing.
 */
export async function staffLinkUse(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<StaffLinkRow | undefined> {
  const [row] = await db
    .update(staffLinks)
    .set({ usedAt: now })
    .where(and(eq(staffLinks.tokenHash, tokenHash), isNull(staffLinks.usedAt), gt(staffLinks.expiresAt, now)))
    .returning();
  return row;
}

/** Sets a password on an account that still has access; false when it was removed meanwhile. */
export async function teamPasswordSet(
  db: Queryable,
  user: Pick<StaffUserRow, 'id' | 'companyId'>,
  passwordHash: string,
  disabledHash: string,
): Promise<boolean> {
  const rows = await db
    .update(staffUsers)
    .set({ passwordHash })
    .where(
      and(
        eq(staffUsers.id, user.id),
        eq(staffUsers.companyId, user.companyId),
        ne(staffUsers.passwordHash, disabledHash),
      ),
    )
    .returning({ id: staffUsers.id });
  return rows.length > 0;
}

/** A new account; answers its row. */
export async function teamMemberInsert(
  db: Queryable,
  values: typeof staffUsers.$inferInsert,
): Promise<StaffUserRow> {
  const [row] = await db.insert(staffUsers).values(values).returning();
  return row!;
}

/** Changes an account; answers its row as stored. */
export async function teamMemberUpdate(
  db: Queryable,
  id: number,
  values: Partial<Pick<StaffUserRow, 'name' | 'email' | 'role' | 'passwordHash'>>,
): Promise<StaffUserRow> {
  const [row] = await db.update(staffUsers).set(values).where(eq(staffUsers.id, id)).returning();
  return row!;
}
