/** Abuse limits that tripped at a location (`abuse_trips`, ADR 020), for its console. */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { abuseTrips } from '../db/schema/abuse';
import { branchContacts, branches, companies, orderModes } from '../db/schema/tenant';

export type AbuseTripRow = typeof abuseTrips.$inferSelect;
export type AbuseTripKind = AbuseTripRow['kind'];

/**
 * Counts one refusal in its window's row (created on the first): one upsert,
 * so concurrent refusals on any process add up in the same row.
 */
export async function abuseTripRecord(
  db: Queryable,
  trip: {
    companyId: number;
    branchContactId: number;
    kind: AbuseTripKind;
    phoneMasked: string;
    windowStart: Date;
    at: Date;
  },
): Promise<void> {
  await db
    .insert(abuseTrips)
    .values({ ...trip, count: 1, createdAt: trip.at, lastAt: trip.at })
    .onConflictDoUpdate({
      target: [abuseTrips.branchContactId, abuseTrips.kind, abuseTrips.phoneMasked, abuseTrips.windowStart],
      set: { count: sql`${abuseTrips.count} + 1`, lastAt: trip.at },
    });
}

/** A location's trips whose last refusal is at or after `since`, latest first. */
export async function abuseTripsList(
  db: Queryable,
  scope: { companyId: number; branchContactId: number; since: Date; limit: number },
): Promise<AbuseTripRow[]> {
  return db
    .select()
    .from(abuseTrips)
    .where(
      and(
        eq(abuseTrips.companyId, scope.companyId),
        eq(abuseTrips.branchContactId, scope.branchContactId),
        gte(abuseTrips.lastAt, scope.since),
      ),
    )
    .orderBy(desc(abuseTrips.lastAt), desc(abuseTrips.id))
    .limit(scope.limit);
}

/**
 * The location and company of an order mode, with the company's content
 * version (the read is cached under it), or undefined (an order for nothing
 * trips nothing).
 */
export async function orderModeVenueFind(
  db: Queryable,
  orderModeId: number,
): Promise<{ companyId: number; branchContactId: number; contentVersion: number } | undefined> {
  const [row] = await db
    .select({
      companyId: orderModes.companyId,
      branchContactId: orderModes.branchContactId,
      contentVersion: companies.contentVersion,
    })
    .from(orderModes)
    .innerJoin(companies, eq(companies.id, orderModes.companyId))
    .where(eq(orderModes.id, orderModeId))
    .limit(1);
  return row;
}

/**
 * The company of the branch a code is validated at, and the location when the
 * request names one of that branch; undefined for an unknown branch.
 */
export async function codeDiscountVenueFind(
  db: Queryable,
  ids: { branchId: number; branchContactId?: number | null | undefined },
): Promise<{ companyId: number; branchContactId: number | null } | undefined> {
  const [branch] = await db
    .select({ companyId: branches.companyId })
    .from(branches)
    .where(eq(branches.id, ids.branchId))
    .limit(1);
  if (!branch) return undefined;
  if (ids.branchContactId == null) return { companyId: branch.companyId, branchContactId: null };
  const [contact] = await db
    .select({ id: branchContacts.id })
    .from(branchContacts)
    .where(
      and(
        eq(branchContacts.id, ids.branchContactId),
        eq(branchContacts.branchId, ids.branchId),
        eq(branchContacts.companyId, branch.companyId),
      ),
    )
    .limit(1);
  return { companyId: branch.companyId, branchContactId: contact?.id ?? null };
}
