/**
 * The company that owns what a diner read names (an alias, a branch, a branch
 * contact, an order mode, an order), as its alias: the host rules of
 * `plugins/external/site-hosts.ts` compare it with the company a host serves.
 */
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';
import { orders } from '../db/schema/orders';
import { aliases, branchContacts, branches, companies, orderModes } from '../db/schema/tenant';
import { aliasIsPlausible, aliasNormalize } from './tenant-repository';

export type SiteOwned = 'alias' | 'company' | 'branch' | 'branchContact' | 'orderMode' | 'order';

/** The owning company's alias, or undefined when nothing has that key (the route answers its own 404). */
export async function siteOwnerAlias(
  db: Queryable,
  kind: SiteOwned,
  key: string | number,
): Promise<string | undefined> {
  if (kind === 'company') {
    const id = idOf(key);
    if (id === undefined) return undefined;
    const [row] = await db.select({ alias: companies.alias }).from(companies).where(eq(companies.id, id));
    return row?.alias;
  }
  const lookup = siteOwnerLookup(kind, key);
  if (!lookup) return undefined;
  const [row] = await db
    .select({ alias: companies.alias })
    .from(lookup.table)
    .innerJoin(companies, eq(companies.id, lookup.companyId))
    .where(lookup.where)
    .limit(1);
  return row?.alias;
}

function siteOwnerLookup(
  kind: Exclude<SiteOwned, 'company'>,
  key: string | number,
): { table: PgTable; companyId: PgColumn; where: SQL } | undefined {
  if (kind === 'alias') {
    const alias = aliasNormalize(String(key));
    return aliasIsPlausible(alias)
      ? { table: aliases, companyId: aliases.companyId, where: eq(aliases.alias, alias) }
      : undefined;
  }
  if (kind === 'order')
    return { table: orders, companyId: orders.companyId, where: eq(orders.code, String(key)) };
  const id = idOf(key);
  if (id === undefined) return undefined;
  const table = { branch: branches, branchContact: branchContacts, orderMode: orderModes }[kind];
  return { table, companyId: table.companyId, where: eq(table.id, id) };
}

function idOf(key: string | number): number | undefined {
  const id = Number(key);
  return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : undefined;
}
