/** Tenant-file rules that need the database (aliases, logins and countries other companies hold). */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { aliases, branchContacts, branches, companies, countries, orders, staffUsers } from '../db/schema';
import { rec, recs, str } from './tenant-validate-checks';

/**
 * The rules that need the database: aliases and staff logins are unique
 * across tenants, so a file may not claim one that another company holds; a
 * country shared with other companies may not be redefined by one of them;
 * and a company with orders may not change its currency's precision (its
 * stored amounts would change meaning). Read-only; the importer calls it
 * inside its transaction, after taking the import lock.
 */
export async function tenantValidateAgainstDatabase(db: Queryable, input: unknown): Promise<string[]> {
  const file = rec(input);
  if (!file) return ['(file): expected a JSON object'];
  const errors: string[] = [];
  const companyAlias = str(rec(file.company)?.alias);
  const [company] = companyAlias
    ? await db
        .select({ id: companies.id, countryCode: companies.countryCode })
        .from(companies)
        .where(eq(companies.alias, companyAlias))
    : [];
  const companyId = company?.id ?? -1;

  const claimed: [string, string, 'COMPANY' | 'BRANCH' | 'BRANCH_CONTACT'][] = [];
  if (companyAlias) claimed.push(['company.alias', companyAlias, 'COMPANY']);
  for (const [b, branch] of recs(file.branches)) {
    const alias = str(branch.alias);
    if (alias) claimed.push([`branches[${b}].alias`, alias, 'BRANCH']);
    for (const [c, contact] of recs(branch.branchContacts)) {
      const contactAlias = str(contact.alias);
      if (contactAlias)
        claimed.push([`branches[${b}].branchContacts[${c}].alias`, contactAlias, 'BRANCH_CONTACT']);
    }
  }
  const names = [...new Set(claimed.map(([, alias]) => alias))];
  if (names.length > 0) {
    // Entities that left their tenant's file keep their alias column after the
    // alias row is dropped, so the entity tables are asked as well.
    const taken = new Map<string, string>();
    const aliasRows = await db
      .select({ alias: aliases.alias, companyId: aliases.companyId, type: aliases.type })
      .from(aliases)
      .where(inArray(aliases.alias, names));
    for (const row of aliasRows) {
      if (row.companyId !== companyId) taken.set(row.alias, 'another company');
    }
    const entityRows = [
      ...(await db
        .select({ alias: companies.alias })
        .from(companies)
        .where(and(inArray(companies.alias, names), ne(companies.id, companyId)))),
      ...(await db
        .select({ alias: branches.alias })
        .from(branches)
        .where(and(inArray(branches.alias, names), ne(branches.companyId, companyId)))),
      ...(await db
        .select({ alias: branchContacts.alias })
        .from(branchContacts)
        .where(and(inArray(branchContacts.alias, names), ne(branchContacts.companyId, companyId)))),
    ];
    for (const row of entityRows) taken.set(row.alias, 'another company');
    for (const [path, alias, type] of claimed) {
      if (taken.has(alias)) {
        errors.push(`${path}: alias "${alias}" already belongs to ${taken.get(alias)}`);
        continue;
      }
      const own = aliasRows.find((row) => row.alias === alias);
      if (type === 'COMPANY' && own && own.type !== 'COMPANY') {
        errors.push(
          `${path}: alias "${alias}" is already used by a ${own.type.toLowerCase()} of this company`,
        );
      }
    }
  }

  const staffItems = recs(file.staff)
    .map(([i, member]) => [i, str(member.email)?.toLowerCase()] as const)
    .filter((item): item is readonly [number, string] => item[1] !== undefined);
  if (staffItems.length > 0) {
    const rows = await db
      .select({ email: staffUsers.email })
      .from(staffUsers)
      .where(
        and(
          inArray(
            staffUsers.email,
            staffItems.map(([, email]) => email),
          ),
          ne(staffUsers.companyId, companyId),
        ),
      );
    const takenEmails = new Set(rows.map((row) => row.email));
    for (const [i, email] of staffItems) {
      if (takenEmails.has(email))
        errors.push(`staff[${i}].email: "${email}" is already a login of another company`);
    }
  }

  const country = rec(file.country);
  const code = str(country?.code);
  if (country && code) {
    const [stored] = await db.select().from(countries).where(eq(countries.code, code));
    if (stored) {
      const desired: Record<string, unknown> = {
        name: country.name,
        currencyCode: rec(country.currency)?.code,
        currencySymbol: rec(country.currency)?.symbol,
        phonePrefix: country.phonePrefix,
        mantissaLength: country.mantissaLength,
        timezone: country.timezone,
      };
      const differing = Object.entries(desired)
        .filter(([field, value]) => value !== undefined && stored[field as keyof typeof stored] !== value)
        .map(([field]) => field);
      if (differing.length > 0) {
        const [other] = await db
          .select({ id: companies.id })
          .from(companies)
          .where(and(eq(companies.countryCode, code), ne(companies.id, companyId)))
          .limit(1);
        if (other) {
          errors.push(
            `country: differs from the stored country ${code} that other companies use (${differing.join(', ')}); use the same values`,
          );
        }
      }
    }
    if (company && typeof country.mantissaLength === 'number') {
      const [current] = await db
        .select({ mantissaLength: countries.mantissaLength })
        .from(countries)
        .where(eq(countries.code, company.countryCode));
      if (current && current.mantissaLength !== country.mantissaLength) {
        const [ordered] = await db
          .select({ one: sql<number>`1` })
          .from(orders)
          .where(eq(orders.companyId, companyId))
          .limit(1);
        if (ordered) {
          errors.push(
            `country.mantissaLength: cannot change from ${current.mantissaLength} to ${country.mantissaLength} once the company has orders (their amounts would change meaning)`,
          );
        }
      }
    }
  }
  return errors;
}
