/**
 * Reads of order modes and what hangs off them: payment types, general
 * discounts and surcharges, and the small "menu reference" a menu request needs
 * (menu id, the company's contentVersion and currency mantissa). Inactive order
 * modes are never returned: diners do not see them.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import {
  aliases,
  branchContacts,
  companies,
  countries,
  generalDiscounts,
  generalSurcharges,
  orderModes,
  partners,
  paymentTypes,
} from '../db/schema/tenant';
import { type AliasRow, aliasIsPlausible, aliasNormalize } from './tenant-repository';

export type OrderModeRow = typeof orderModes.$inferSelect;
export type PaymentTypeRow = typeof paymentTypes.$inferSelect;
export type GeneralDiscountRow = typeof generalDiscounts.$inferSelect;
export type GeneralSurchargeRow = typeof generalSurcharges.$inferSelect;

/**
 * What identifies one cached menu body: the menu, the location it is served at
 * (its sold-out marks are in the body), and the version of its company's
 * content that the body was built from.
 */
export interface MenuRef {
  orderModeId: number;
  menuId: number;
  branchContactId: number;
  companyId: number;
  contentVersion: number;
  mantissaLength: number;
}

const menuRefColumns = {
  orderModeId: orderModes.id,
  menuId: orderModes.menuId,
  branchContactId: orderModes.branchContactId,
  companyId: orderModes.companyId,
  contentVersion: companies.contentVersion,
  mantissaLength: countries.mantissaLength,
};

/** Active order modes of some branch contacts of one company, in display order. */
export async function orderModesOfBranchContacts(
  db: Queryable,
  companyId: number,
  branchContactIds: number[],
): Promise<OrderModeRow[]> {
  if (branchContactIds.length === 0) return [];
  return db
    .select()
    .from(orderModes)
    .where(
      and(
        eq(orderModes.companyId, companyId),
        inArray(orderModes.branchContactId, branchContactIds),
        eq(orderModes.active, true),
      ),
    )
    .orderBy(asc(orderModes.branchContactId), asc(orderModes.position), asc(orderModes.id));
}

/** Payment types of some order modes of one company, in display order (inactive ones included, flagged). */
export async function paymentTypesOfOrderModes(
  db: Queryable,
  companyId: number,
  orderModeIds: number[],
): Promise<PaymentTypeRow[]> {
  if (orderModeIds.length === 0) return [];
  return db
    .select()
    .from(paymentTypes)
    .where(and(eq(paymentTypes.companyId, companyId), inArray(paymentTypes.orderModeId, orderModeIds)))
    .orderBy(asc(paymentTypes.orderModeId), asc(paymentTypes.position), asc(paymentTypes.id));
}

/**
 * An active order mode by id with what its reads need: the branch contact's own
 * time zone, the company's currency mantissa and the country's time zone.
 */
export async function orderModeActiveFind(
  db: Queryable,
  orderModeId: number,
): Promise<
  | {
      orderMode: OrderModeRow;
      branchContactTimezone: string | null;
      countryTimezone: string;
      mantissaLength: number;
    }
  | undefined
> {
  const rows = await db
    .select({
      orderMode: orderModes,
      branchContactTimezone: branchContacts.timezone,
      countryTimezone: countries.timezone,
      mantissaLength: countries.mantissaLength,
    })
    .from(orderModes)
    .innerJoin(
      branchContacts,
      and(
        eq(branchContacts.id, orderModes.branchContactId),
        eq(branchContacts.companyId, orderModes.companyId),
      ),
    )
    .innerJoin(companies, eq(companies.id, orderModes.companyId))
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .where(and(eq(orderModes.id, orderModeId), eq(orderModes.active, true)))
    .limit(1);
  return rows[0];
}

/** General discounts of an order mode (not the partners' ones), in display order. */
export async function generalDiscountsOfOrderMode(
  db: Queryable,
  companyId: number,
  orderModeId: number,
): Promise<GeneralDiscountRow[]> {
  return db
    .select()
    .from(generalDiscounts)
    .where(and(eq(generalDiscounts.companyId, companyId), eq(generalDiscounts.orderModeId, orderModeId)))
    .orderBy(asc(generalDiscounts.position), asc(generalDiscounts.id));
}

/** General surcharges of an order mode, in display order. */
export async function generalSurchargesOfOrderMode(
  db: Queryable,
  companyId: number,
  orderModeId: number,
): Promise<GeneralSurchargeRow[]> {
  return db
    .select()
    .from(generalSurcharges)
    .where(and(eq(generalSurcharges.companyId, companyId), eq(generalSurcharges.orderModeId, orderModeId)))
    .orderBy(asc(generalSurcharges.position), asc(generalSurcharges.id));
}

/**
 * The menu reference of an active order mode, only if the alias names a branch
 * contact, that branch contact has this id, and the mode belongs to it — the
 * whole chain in one query, so a menu request costs one round trip on a cache hit.
 */
export async function menuRefFindForBranchContact(
  db: Queryable,
  query: { branchContactAlias: string; branchContactId: number; orderModeId?: number | undefined },
): Promise<MenuRef | undefined> {
  if (!aliasIsPlausible(aliasNormalize(query.branchContactAlias))) return undefined;
  // Without a mode: the location's first active one, in the venue's order.
  const rows = await db
    .select(menuRefColumns)
    .from(aliases)
    .innerJoin(
      orderModes,
      and(eq(orderModes.branchContactId, aliases.entityId), eq(orderModes.companyId, aliases.companyId)),
    )
    .innerJoin(companies, eq(companies.id, aliases.companyId))
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .where(
      and(
        eq(aliases.alias, aliasNormalize(query.branchContactAlias)),
        eq(aliases.type, 'BRANCH_CONTACT'),
        eq(aliases.entityId, query.branchContactId),
        query.orderModeId === undefined ? undefined : eq(orderModes.id, query.orderModeId),
        eq(orderModes.active, true),
      ),
    )
    .orderBy(orderModes.position, orderModes.id)
    .limit(1);
  return rows[0];
}

/**
 * Menu references of the active order modes under an alias's entity (a company,
 * a branch or a branch contact), optionally restricted to some ids. Ids outside
 * that entity are simply not returned.
 */
export async function menuRefsForAlias(
  db: Queryable,
  alias: AliasRow,
  orderModeIds: number[] | undefined,
): Promise<MenuRef[]> {
  const conditions: SQL[] = [eq(orderModes.companyId, alias.companyId), eq(orderModes.active, true)];
  if (orderModeIds) {
    if (orderModeIds.length === 0) return [];
    conditions.push(inArray(orderModes.id, orderModeIds));
  }
  if (alias.type === 'BRANCH') conditions.push(eq(branchContacts.branchId, alias.entityId));
  if (alias.type === 'BRANCH_CONTACT') conditions.push(eq(orderModes.branchContactId, alias.entityId));
  return db
    .select(menuRefColumns)
    .from(orderModes)
    .innerJoin(
      branchContacts,
      and(
        eq(branchContacts.id, orderModes.branchContactId),
        eq(branchContacts.companyId, orderModes.companyId),
      ),
    )
    .innerJoin(companies, eq(companies.id, orderModes.companyId))
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .where(and(...conditions))
    .orderBy(
      asc(branchContacts.position),
      asc(branchContacts.id),
      asc(orderModes.position),
      asc(orderModes.id),
    );
}

export type PartnerRow = typeof partners.$inferSelect;

/**
 * An external-benefits partner of a company, by name, with its general
 * discounts in list order; undefined when the company has no such partner
 * (another company's partner of the same name is never found).
 */
export async function partnerWithBenefitsFind(
  db: Queryable,
  companyId: number,
  name: string,
): Promise<{ partner: PartnerRow; benefits: GeneralDiscountRow[] } | undefined> {
  const [partner] = await db
    .select()
    .from(partners)
    .where(and(eq(partners.companyId, companyId), eq(partners.name, name)))
    .limit(1);
  if (!partner) return undefined;
  const benefits = await db
    .select()
    .from(generalDiscounts)
    .where(and(eq(generalDiscounts.companyId, companyId), eq(generalDiscounts.partnerId, partner.id)))
    .orderBy(asc(generalDiscounts.position), asc(generalDiscounts.id));
  return { partner, benefits };
}
