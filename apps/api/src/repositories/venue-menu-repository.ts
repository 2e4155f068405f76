/** Ids of a company's brands, menus and locations, which the menu editor's answers carry beside the keys. */
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { branchContacts, branches, companies, menus } from '../db/schema';

export async function brandOfCompany(db: Queryable, companyId: number, branchId: number) {
  const [row] = await db
    .select({ id: branches.id, alias: branches.alias, name: branches.name })
    .from(branches)
    .where(and(eq(branches.companyId, companyId), eq(branches.id, branchId)));
  return row;
}

/** Every brand, menu and location of the company, with their ids. */
export async function venueIdsOfCompany(db: Queryable, companyId: number) {
  const [companyRows, brandRows, menuRows, contactRows] = await Promise.all([
    db.select({ alias: companies.alias }).from(companies).where(eq(companies.id, companyId)),
    db
      .select({ id: branches.id, alias: branches.alias })
      .from(branches)
      .where(eq(branches.companyId, companyId)),
    db
      .select({ id: menus.id, branchId: menus.branchId, key: menus.key })
      .from(menus)
      .where(eq(menus.companyId, companyId)),
    db
      .select({ id: branchContacts.id, alias: branchContacts.alias })
      .from(branchContacts)
      .where(eq(branchContacts.companyId, companyId)),
  ]);
  return { alias: companyRows[0]?.alias, brandRows, menuRows, contactRows };
}
