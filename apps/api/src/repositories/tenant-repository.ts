/**
 * Reads of the tenant structure a diner can reach: aliases, companies with their
 * country, branches, branch contacts. A lookup by alias or id is the entry point
 * of a request; every query after it is scoped by the company of the row found,
 * so one tenant's ids never reach another tenant's data.
 */
import { and, asc, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { RETIRED_POSITION } from '../db/schema/columns';
import { aliases, branchContacts, branches, companies, countries } from '../db/schema/tenant';

export type AliasRow = typeof aliases.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type CountryRow = typeof countries.$inferSelect;
export type BranchRow = typeof branches.$inferSelect;
export type BranchContactRow = typeof branchContacts.$inferSelect;

/**
 * Aliases are stored lower-case (the tenant format allows nothing else), so a
 * diner typing `/menu/Fuego-Palermo` still finds the place.
 */
export function aliasNormalize(alias: string): string {
  return alias.trim().toLowerCase();
}

/**
 * Whether a normalized string can be an alias at all (letters, digits, dashes;
 * looser than the tenant format, never stricter). Anything else is answered
 * "not found" without a query: a NUL byte, for one, makes PostgreSQL fail.
 */
export function aliasIsPlausible(normalized: string): boolean {
  return /^[a-z0-9][a-z0-9-]*$/.test(normalized);
}

/** The entity an alias names (company, branch or branch contact), or undefined. */
export async function aliasFind(db: Queryable, alias: string): Promise<AliasRow | undefined> {
  if (!aliasIsPlausible(aliasNormalize(alias))) return undefined;
  const rows = await db
    .select()
    .from(aliases)
    .where(eq(aliases.alias, aliasNormalize(alias)))
    .limit(1);
  return rows[0];
}

/** A company with its country (currency, mantissa, time zone). */
export async function companyWithCountryFind(
  db: Queryable,
  companyId: number,
): Promise<{ company: CompanyRow; country: CountryRow } | undefined> {
  const rows = await db
    .select({ company: companies, country: countries })
    .from(companies)
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .where(eq(companies.id, companyId))
    .limit(1);
  return rows[0];
}

/** A company by alias, with its country. */
export async function companyWithCountryFindByAlias(
  db: Queryable,
  alias: string,
): Promise<{ company: CompanyRow; country: CountryRow } | undefined> {
  if (!aliasIsPlausible(aliasNormalize(alias))) return undefined;
  const rows = await db
    .select({ company: companies, country: countries })
    .from(companies)
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .where(eq(companies.alias, aliasNormalize(alias)))
    .limit(1);
  return rows[0];
}

/** A country by its ISO code (upper case). */
export async function countryFind(db: Queryable, code: string): Promise<CountryRow | undefined> {
  const rows = await db.select().from(countries).where(eq(countries.code, code)).limit(1);
  return rows[0];
}

/** A branch by id. The entry point of branch-id routes: its companyId scopes what follows. */
export async function branchFind(db: Queryable, branchId: number): Promise<BranchRow | undefined> {
  const rows = await db
    .select()
    .from(branches)
    .where(and(eq(branches.id, branchId), ne(branches.position, RETIRED_POSITION)))
    .limit(1);
  return rows[0];
}

/** One page of a company's branches in their display order, with the total count. */
export async function branchesPage(
  db: Queryable,
  companyId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: BranchRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(branches)
      .where(and(eq(branches.companyId, companyId), ne(branches.position, RETIRED_POSITION)))
      .orderBy(asc(branches.position), asc(branches.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ total: count() })
      .from(branches)
      .where(and(eq(branches.companyId, companyId), ne(branches.position, RETIRED_POSITION))),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/** A branch contact by id, the entry point of branch-contact-id routes. */
export async function branchContactFind(
  db: Queryable,
  branchContactId: number,
): Promise<BranchContactRow | undefined> {
  const rows = await db
    .select()
    .from(branchContacts)
    .where(and(eq(branchContacts.id, branchContactId), ne(branchContacts.position, RETIRED_POSITION)))
    .limit(1);
  return rows[0];
}

/** The branch contacts (locations) of a branch in display order. Blocked ones included: they are readable. */
export async function branchContactsOfBranch(
  db: Queryable,
  companyId: number,
  branchId: number,
): Promise<BranchContactRow[]> {
  return db
    .select()
    .from(branchContacts)
    .where(
      and(
        eq(branchContacts.companyId, companyId),
        eq(branchContacts.branchId, branchId),
        ne(branchContacts.position, RETIRED_POSITION),
      ),
    )
    .orderBy(asc(branchContacts.position), asc(branchContacts.id));
}

/** The content versions of some companies (a company that no longer exists is left out). */
export async function companyContentVersions(
  db: Queryable,
  companyIds: number[],
): Promise<{ id: number; contentVersion: number }[]> {
  if (companyIds.length === 0) return [];
  return db
    .select({ id: companies.id, contentVersion: companies.contentVersion })
    .from(companies)
    .where(inArray(companies.id, companyIds));
}

/** Every chat server a served brand names (ADR 040: what the storefront's content security policy allows). */
export async function supportChatOrigins(db: Queryable): Promise<string[]> {
  const rows = await db
    .selectDistinct({ origin: sql<string>`${branches.supportChat}->>'baseUrl'` })
    .from(branches)
    .where(and(isNotNull(branches.supportChat), ne(branches.position, RETIRED_POSITION)));
  return rows
    .map((row) => row.origin)
    .filter((origin): origin is string => Boolean(origin))
    .sort();
}
