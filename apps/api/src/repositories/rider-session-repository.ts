/**
 * Rider shift sessions (ADR 022): the bearer tokens a rider's app sends. Only
 * a token's sha256 is stored; a session names the rider's company and branch
 * contact, and every read checks both against the rider row, so a token never
 * reaches another company's or location's data.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { riderSessions, riders } from '../db/schema/logistics';

export type RiderRow = typeof riders.$inferSelect;

/** Stores a new session (the caller made the token and holds only its hash from here on). */
export async function riderSessionInsert(
  db: Queryable,
  input: {
    tokenHash: string;
    rider: Pick<RiderRow, 'id' | 'companyId' | 'branchContactId'>;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(riderSessions).values({
    tokenHash: input.tokenHash,
    riderId: input.rider.id,
    companyId: input.rider.companyId,
    branchContactId: input.rider.branchContactId,
    expiresAt: input.expiresAt,
  });
}

/**
 * The rider of a live session: unexpired, the rider still on shift (`active`),
 * and the rider's company and branch contact still those the session was
 * issued for.
 */
export async function riderSessionFind(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<{ rider: RiderRow; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ rider: riders, expiresAt: riderSessions.expiresAt })
    .from(riderSessions)
    .innerJoin(
      riders,
      and(
        eq(riders.id, riderSessions.riderId),
        eq(riders.companyId, riderSessions.companyId),
        eq(riders.branchContactId, riderSessions.branchContactId),
      ),
    )
    .where(
      and(eq(riderSessions.tokenHash, tokenHash), gt(riderSessions.expiresAt, now), eq(riders.active, true)),
    )
    .limit(1);
  return row;
}

/** Ends every session of a rider (the shift ended, or the rider was deactivated). */
export async function riderSessionsEnd(db: Queryable, riderId: number): Promise<void> {
  await db.delete(riderSessions).where(eq(riderSessions.riderId, riderId));
}

/** Drops expired sessions (the background jobs' chore: a token past its hours is dead weight); returns how many went. */
export async function riderSessionsExpiredDelete(db: Queryable, now: Date): Promise<number> {
  const rows = await db
    .delete(riderSessions)
    .where(lte(riderSessions.expiresAt, now))
    .returning({ tokenHash: riderSessions.tokenHash });
  return rows.length;
}
