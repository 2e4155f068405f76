/**
 * The invitation to rate a delivered order (ADR 031): the delivered orders
 * past their location's delay that have no invitation row yet, the claim of
 * an order (its unique invitation row, so two job runners never both send),
 * and the location's delay.
 */
import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { customers } from '../db/schema/customers';
import { orders } from '../db/schema/orders';
import { surveyInvitations, surveyResponses, surveys } from '../db/schema/platform';
import { branchContacts } from '../db/schema/tenant';

/** A delivered order the invitation job looks at. */
export interface SurveyInviteCandidate {
  orderId: number;
  companyId: number;
  branchContactId: number;
  code: string;
  phone: string | null;
  deliveredAt: Date;
  delayMinutes: number;
  alias: string;
  venueName: string;
  surveyActive: boolean;
  answered: boolean;
}

/**
 * Up to `limit` delivered orders past their location's delay, delivered after
 * `since`, with no invitation row yet, oldest first (read without a lock: the
 * claim decides).
 */
export async function surveyInviteCandidates(
  db: Queryable,
  now: Date,
  since: Date,
  limit: number,
): Promise<SurveyInviteCandidate[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      companyId: orders.companyId,
      branchContactId: orders.branchContactId,
      code: orders.code,
      phone: orders.phone,
      deliveredAt: orders.deliveredAt,
      delayMinutes: branchContacts.surveyInviteDelayMinutes,
      alias: branchContacts.alias,
      venueName: branchContacts.name,
      surveyActive: sql<boolean>`coalesce(${surveys.active}, false)`,
      answered: sql<boolean>`${surveyResponses.id} is not null`,
    })
    .from(orders)
    .innerJoin(
      branchContacts,
      and(eq(branchContacts.id, orders.branchContactId), eq(branchContacts.companyId, orders.companyId)),
    )
    .leftJoin(surveys, and(eq(surveys.branchId, orders.branchId), eq(surveys.companyId, orders.companyId)))
    .leftJoin(surveyResponses, eq(surveyResponses.orderId, orders.id))
    .leftJoin(surveyInvitations, eq(surveyInvitations.orderId, orders.id))
    .where(
      and(
        eq(orders.status, 'DELIVERED'),
        gte(orders.deliveredAt, since),
        lte(orders.deliveredAt, now),
        sql`${orders.deliveredAt} + ${branchContacts.surveyInviteDelayMinutes} * interval '1 minute' <= ${now}`,
        isNull(surveyInvitations.id),
      ),
    )
    .orderBy(orders.deliveredAt, orders.id)
    .limit(limit);
  return rows.flatMap((row) =>
    row.deliveredAt ? [{ ...row, deliveredAt: row.deliveredAt, answered: Boolean(row.answered) }] : [],
  );
}

/**
 * Claims an order's one invitation (inside the caller's transaction): true for
 * the one caller whose row went in; the unique order turns any other away,
 * also when it runs at the same moment in another process.
 */
export async function surveyInviteClaim(
  tx: Queryable,
  values: typeof surveyInvitations.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(surveyInvitations)
    .values(values)
    .onConflictDoNothing({ target: surveyInvitations.orderId })
    .returning({ id: surveyInvitations.id });
  return rows.length > 0;
}

/** Links a sent invitation to its outbox message. */
export async function surveyInviteMessageSet(tx: Queryable, orderId: number, outboxMessageId: number) {
  await tx.update(surveyInvitations).set({ outboxMessageId }).where(eq(surveyInvitations.orderId, orderId));
}

/** Whether a company's customer with this phone opted in to messages (ADR 028's rule, read at send time). */
export async function surveyInviteOptedIn(db: Queryable, companyId: number, phone: string): Promise<boolean> {
  const [row] = await db
    .select({ optIn: customers.optIn })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.phone, phone)));
  return row?.optIn ?? false;
}

/** Sets a location's delay before the invitation. */
export async function surveyInviteDelaySet(
  db: Queryable,
  companyId: number,
  branchContactId: number,
  minutes: number,
): Promise<void> {
  await db
    .update(branchContacts)
    .set({ surveyInviteDelayMinutes: minutes })
    .where(and(eq(branchContacts.id, branchContactId), eq(branchContacts.companyId, companyId)));
}

/** The company's locations among `ids`, by position, with their delay. */
export async function surveyLocations(
  db: Queryable,
  companyId: number,
  ids: number[],
): Promise<{ id: number; name: string; inviteDelayMinutes: number }[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: branchContacts.id,
      name: branchContacts.name,
      inviteDelayMinutes: branchContacts.surveyInviteDelayMinutes,
    })
    .from(branchContacts)
    .where(and(eq(branchContacts.companyId, companyId), inArray(branchContacts.id, ids)))
    .orderBy(branchContacts.position, branchContacts.id);
}
