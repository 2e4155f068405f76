/**
 * The console's abandoned-cart figures (ADR 028): per location of a company,
 * carts abandoned, messages sent and carts recovered into orders over a period.
 */
import { and, count, eq, gte, inArray, isNotNull, sql, sum } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { abandonedCarts } from '../db/schema/customers';
import { orders } from '../db/schema/orders';
import { branchContacts, companies, countries } from '../db/schema/tenant';

/** A location as the figures show it: its zone (for "today"), its delay and its currency's decimals. */
export interface AbandonedCartLocation {
  id: number;
  name: string;
  timeZone: string;
  delayMinutes: number;
  mantissaLength: number;
}

/** The company's locations among `ids`, by position. */
export async function abandonedCartLocations(
  db: Queryable,
  companyId: number,
  ids: number[],
): Promise<AbandonedCartLocation[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: branchContacts.id,
      name: branchContacts.name,
      timezone: branchContacts.timezone,
      countryZone: countries.timezone,
      delayMinutes: branchContacts.abandonedCartDelayMinutes,
      mantissaLength: countries.mantissaLength,
    })
    .from(branchContacts)
    .innerJoin(companies, eq(companies.id, branchContacts.companyId))
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .where(and(eq(branchContacts.companyId, companyId), inArray(branchContacts.id, ids)))
    .orderBy(branchContacts.position, branchContacts.id);
  return rows.map(({ timezone, countryZone, ...row }) => ({ ...row, timeZone: timezone ?? countryZone }));
}

/** One location's figures over a period. */
export interface AbandonedCartCounts {
  abandoned: number;
  messagesSent: number;
  recovered: number;
  /** Σ price (minor units) of the orders the recovered carts turned into. */
  recoveredAmount: number;
}

/**
 * Per location of `branchContactIds` (of the company): carts abandoned (first
 * left) in [from, to), messages sent in it, and carts recovered in it with the
 * amount of their orders.
 */
export async function abandonedCartCounts(
  db: Queryable,
  companyId: number,
  branchContactIds: number[],
  from: Date,
  to: Date,
): Promise<Map<number, AbandonedCartCounts>> {
  const result = new Map<number, AbandonedCartCounts>();
  if (branchContactIds.length === 0) return result;
  const scope = and(
    eq(abandonedCarts.companyId, companyId),
    inArray(abandonedCarts.branchContactId, branchContactIds),
  );
  const entry = (id: number) => {
    let counts = result.get(id);
    if (!counts) {
      counts = { abandoned: 0, messagesSent: 0, recovered: 0, recoveredAmount: 0 };
      result.set(id, counts);
    }
    return counts;
  };
  const within = (column: typeof abandonedCarts.createdAt | typeof abandonedCarts.notifiedAt) =>
    and(gte(column, from), sql`${column} < ${to}`);
  const [abandoned, sent, recovered] = await Promise.all([
    db
      .select({ id: abandonedCarts.branchContactId, n: count() })
      .from(abandonedCarts)
      .where(and(scope, within(abandonedCarts.createdAt)))
      .groupBy(abandonedCarts.branchContactId),
    db
      .select({ id: abandonedCarts.branchContactId, n: count() })
      .from(abandonedCarts)
      .where(and(scope, isNotNull(abandonedCarts.notifiedAt), within(abandonedCarts.notifiedAt)))
      .groupBy(abandonedCarts.branchContactId),
    db
      .select({ id: abandonedCarts.branchContactId, n: count(), amount: sum(orders.price) })
      .from(abandonedCarts)
      .innerJoin(orders, and(eq(orders.id, abandonedCarts.orderId), eq(orders.companyId, companyId)))
      .where(
        and(
          scope,
          eq(abandonedCarts.status, 'RECOVERED'),
          gte(abandonedCarts.settledAt, from),
          sql`${abandonedCarts.settledAt} < ${to}`,
        ),
      )
      .groupBy(abandonedCarts.branchContactId),
  ]);
  for (const row of abandoned) entry(row.id).abandoned = Number(row.n);
  for (const row of sent) entry(row.id).messagesSent = Number(row.n);
  for (const row of recovered) {
    const counts = entry(row.id);
    counts.recovered = Number(row.n);
    counts.recoveredAmount = Number(row.amount ?? 0);
  }
  return result;
}
