/**
 * Staff accounts and their sessions (`staff_users`, `staff_user_branch_contacts`,
 * `staff_sessions`). A session row holds only the sha256 of its token; the
 * token itself exists in the staff member's browser alone.
 */
import { and, asc, eq, gt, inArray, lte, ne } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { RETIRED_POSITION } from '../db/schema/columns';
import { staffSessions, staffUserBranchContacts, staffUsers } from '../db/schema/platform';
import { branchContacts } from '../db/schema/tenant';

export type StaffUserRow = typeof staffUsers.$inferSelect;

/** A branch contact as the staff member's list shows it. */
export interface StaffBranchContact {
  id: number;
  alias: string;
  name: string;
}

/** A staff account by its (lower-cased) email, across tenants: a login names one account. */
export async function staffUserByEmail(db: Queryable, email: string): Promise<StaffUserRow | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, email)).limit(1);
  return row;
}

/** Stores a new session (the token's hash only). */
export async function staffSessionInsert(
  db: Queryable,
  values: {
    tokenHash: string;
    staffUserId: number;
    companyId: number;
    credentialsStamp: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(staffSessions).values(values);
}

/** A live session with its account: unknown, expired and other-company rows never come back. */
export async function staffSessionFind(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<{ user: StaffUserRow; expiresAt: Date; credentialsStamp: string } | undefined> {
  const [row] = await db
    .select({
      user: staffUsers,
      expiresAt: staffSessions.expiresAt,
      credentialsStamp: staffSessions.credentialsStamp,
    })
    .from(staffSessions)
    .innerJoin(
      staffUsers,
      and(eq(staffUsers.id, staffSessions.staffUserId), eq(staffUsers.companyId, staffSessions.companyId)),
    )
    .where(and(eq(staffSessions.tokenHash, tokenHash), gt(staffSessions.expiresAt, now)))
    .limit(1);
  return row;
}

/** One staff account of a company. */
export async function staffUserById(
  db: Queryable,
  companyId: number,
  id: number,
): Promise<StaffUserRow | undefined> {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.companyId, companyId), eq(staffUsers.id, id)))
    .limit(1);
  return row;
}

/** Stores a new password hash for one account of a company. */
export async function staffPasswordHashSet(
  db: Queryable,
  user: Pick<StaffUserRow, 'id' | 'companyId'>,
  passwordHash: string,
): Promise<void> {
  await db
    .update(staffUsers)
    .set({ passwordHash })
    .where(and(eq(staffUsers.companyId, user.companyId), eq(staffUsers.id, user.id)));
}

/** Re-stamps one session of an account (the one that changed the password keeps going). */
export async function staffSessionStampSet(
  db: Queryable,
  user: Pick<StaffUserRow, 'id' | 'companyId'>,
  tokenHash: string,
  credentialsStamp: string,
): Promise<void> {
  await db
    .update(staffSessions)
    .set({ credentialsStamp })
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        eq(staffSessions.staffUserId, user.id),
        eq(staffSessions.companyId, user.companyId),
      ),
    );
}

/** Ends every session of an account but one; answers the token hashes that went. */
export async function staffSessionsOthersDelete(
  db: Queryable,
  user: Pick<StaffUserRow, 'id' | 'companyId'>,
  keepTokenHash: string,
): Promise<string[]> {
  const rows = await db
    .delete(staffSessions)
    .where(
      and(
        eq(staffSessions.staffUserId, user.id),
        eq(staffSessions.companyId, user.companyId),
        ne(staffSessions.tokenHash, keepTokenHash),
      ),
    )
    .returning({ tokenHash: staffSessions.tokenHash });
  return rows.map((row) => row.tokenHash);
}

/** Ends one session; true when it existed. */
export async function staffSessionDelete(db: Queryable, tokenHash: string): Promise<boolean> {
  const rows = await db
    .delete(staffSessions)
    .where(eq(staffSessions.tokenHash, tokenHash))
    .returning({ tokenHash: staffSessions.tokenHash });
  return rows.length > 0;
}

/** Drops expired sessions (all of them, or one account's); returns how many went. */
export async function staffSessionsExpiredDelete(
  db: Queryable,
  now: Date,
  staffUserId?: number,
): Promise<number> {
  const rows = await db
    .delete(staffSessions)
    .where(
      and(
        lte(staffSessions.expiresAt, now),
        staffUserId === undefined ? undefined : eq(staffSessions.staffUserId, staffUserId),
      ),
    )
    .returning({ tokenHash: staffSessions.tokenHash });
  return rows.length;
}

/**
 * The branch contacts a staff member may see: every live one of the company
 * for an OWNER, the listed ones for STAFF (still of the same company — a link
 * to another company's location is ignored, whatever wrote it). Locations
 * retired by an import are left out.
 */
export async function staffBranchContacts(
  db: Queryable,
  user: Pick<StaffUserRow, 'id' | 'companyId' | 'role'>,
): Promise<StaffBranchContact[]> {
  const live = and(
    eq(branchContacts.companyId, user.companyId),
    ne(branchContacts.position, RETIRED_POSITION),
  );
  const columns = { id: branchContacts.id, alias: branchContacts.alias, name: branchContacts.name };
  if (user.role === 'OWNER') {
    return db
      .select(columns)
      .from(branchContacts)
      .where(live)
      .orderBy(asc(branchContacts.position), asc(branchContacts.id));
  }
  const links = db
    .select({ id: staffUserBranchContacts.branchContactId })
    .from(staffUserBranchContacts)
    .where(eq(staffUserBranchContacts.staffUserId, user.id));
  return db
    .select(columns)
    .from(branchContacts)
    .where(and(live, inArray(branchContacts.id, links)))
    .orderBy(asc(branchContacts.position), asc(branchContacts.id));
}
