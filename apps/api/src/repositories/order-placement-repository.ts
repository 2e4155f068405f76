/**
 * Queries of where a placement goes: the branch contact, its branch, company,
 * country and order mode, the switches a venue flips during service, and the
 * content (payment types, discounts, surcharges, loyalty programme) of a mode.
 * The entry point is the branch contact the payload names; every query after
 * it is scoped by that branch contact's company.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { RETIRED_POSITION } from '../db/schema/columns';
import {
  branchContacts,
  branches,
  companies,
  countries,
  orderModes,
  paymentTypes,
} from '../db/schema/tenant';
import type { LoyaltyProgramRow } from './customer-repository';
import { loyaltyProgramOfBranch } from './loyalty-repository';
import {
  type GeneralDiscountRow,
  type GeneralSurchargeRow,
  generalDiscountsOfOrderMode,
  generalSurchargesOfOrderMode,
  type OrderModeRow,
  type PaymentTypeRow,
} from './order-mode-repository';
import type { BranchContactRow, BranchRow, CompanyRow, CountryRow } from './tenant-repository';

/** Everything a placement needs about where the order goes, read fresh on every order. */
export interface PlacementContextRow {
  branchContact: BranchContactRow;
  branch: BranchRow;
  company: CompanyRow;
  country: CountryRow;
  /** Null when the mode does not exist or is not this branch contact's. */
  orderMode: OrderModeRow | null;
}

/**
 * The branch contact with its branch, company and country, and the order mode
 * when it belongs to that branch contact — one round trip. The flags a venue
 * flips during service (blocked, manual closing, console) are read here, fresh.
 */
export async function placementContextFind(
  db: Queryable,
  branchContactId: number,
  orderModeId: number,
): Promise<PlacementContextRow | undefined> {
  const rows = await db
    .select({
      branchContact: branchContacts,
      branch: branches,
      company: companies,
      country: countries,
      orderMode: orderModes,
    })
    .from(branchContacts)
    .innerJoin(
      branches,
      and(
        eq(branches.id, branchContacts.branchId),
        eq(branches.companyId, branchContacts.companyId),
        ne(branches.position, RETIRED_POSITION),
      ),
    )
    .innerJoin(companies, eq(companies.id, branchContacts.companyId))
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .leftJoin(
      orderModes,
      and(
        eq(orderModes.id, orderModeId),
        eq(orderModes.branchContactId, branchContacts.id),
        eq(orderModes.companyId, branchContacts.companyId),
      ),
    )
    // A location kept only for history (retired by an import) takes no orders: it is not found.
    .where(and(eq(branchContacts.id, branchContactId), ne(branchContacts.position, RETIRED_POSITION)))
    .limit(1);
  return rows[0];
}

/**
 * What a venue flips during service, read fresh on every order in one small
 * query: the location's and the mode's switches and the company's content
 * version (the key of everything else, which is cached). Undefined when the
 * location does not exist or is retired.
 */
export interface PlacementState {
  companyId: number;
  contentVersion: number;
  blocked: boolean;
  manualClosing: boolean;
  ordersConsoleActive: boolean;
  /** Null when the mode does not exist or is not this location's. */
  orderMode: { active: boolean; orderEnabled: boolean } | null;
}

export async function placementStateFind(
  db: Queryable,
  branchContactId: number,
  orderModeId: number,
): Promise<PlacementState | undefined> {
  const rows = await db
    .select({
      companyId: branchContacts.companyId,
      contentVersion: companies.contentVersion,
      blocked: branchContacts.blocked,
      manualClosing: branchContacts.manualClosing,
      ordersConsoleActive: branchContacts.ordersConsoleActive,
      modeId: orderModes.id,
      modeActive: orderModes.active,
      orderEnabled: orderModes.orderEnabled,
    })
    .from(branchContacts)
    .innerJoin(
      branches,
      and(
        eq(branches.id, branchContacts.branchId),
        eq(branches.companyId, branchContacts.companyId),
        ne(branches.position, RETIRED_POSITION),
      ),
    )
    .innerJoin(companies, eq(companies.id, branchContacts.companyId))
    .leftJoin(
      orderModes,
      and(
        eq(orderModes.id, orderModeId),
        eq(orderModes.branchContactId, branchContacts.id),
        eq(orderModes.companyId, branchContacts.companyId),
      ),
    )
    .where(and(eq(branchContacts.id, branchContactId), ne(branchContacts.position, RETIRED_POSITION)))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return {
    companyId: row.companyId,
    contentVersion: row.contentVersion,
    blocked: row.blocked,
    manualClosing: row.manualClosing,
    ordersConsoleActive: row.ordersConsoleActive,
    orderMode:
      row.modeId === null
        ? null
        : { active: row.modeActive ?? false, orderEnabled: row.orderEnabled ?? false },
  };
}

/** The tenant content an order mode's orders are priced and checked with (changes only with contentVersion). */
export interface OrderModeContentRows {
  paymentTypes: PaymentTypeRow[];
  generalDiscounts: GeneralDiscountRow[];
  surcharges: GeneralSurchargeRow[];
  loyaltyProgram: LoyaltyProgramRow | null;
  loyaltyBranchContactIds: number[];
}

/** Loads an order mode's content: payment types, general discounts and surcharges, loyalty. */
export async function orderModeContentLoad(
  db: Queryable,
  scope: { companyId: number; orderModeId: number; branchId: number },
): Promise<OrderModeContentRows> {
  const { companyId } = scope;
  const paymentTypeRows = await db
    .select()
    .from(paymentTypes)
    .where(and(eq(paymentTypes.companyId, companyId), eq(paymentTypes.orderModeId, scope.orderModeId)))
    .orderBy(asc(paymentTypes.position), asc(paymentTypes.id));
  const discountRows = await generalDiscountsOfOrderMode(db, companyId, scope.orderModeId);
  const surchargeRows = await generalSurchargesOfOrderMode(db, companyId, scope.orderModeId);
  const loyalty = await loyaltyProgramOfBranch(db, companyId, scope.branchId);
  return {
    paymentTypes: paymentTypeRows,
    generalDiscounts: discountRows,
    surcharges: surchargeRows,
    loyaltyProgram: loyalty?.program ?? null,
    loyaltyBranchContactIds: loyalty?.branchContactIds ?? [],
  };
}
