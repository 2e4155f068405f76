import { moneyToMinor } from '@comanda/domain/money';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import {
  aliases,
  branchContacts,
  branches,
  categories,
  codeDiscountRedemptions,
  codeDiscounts,
  companies,
  countries,
  customers,
  deliveryZones,
  garnishGroups,
  garnishItems,
  generalDiscounts,
  generalSurcharges,
  logisticsOrders,
  loyaltyLedger,
  loyaltyProgramBranchContacts,
  loyaltyPrograms,
  loyaltyRewards,
  menuDiscounts,
  menus,
  orderItems,
  orderModes,
  orderStatusEvents,
  orders,
  partners,
  paymentTypes,
  plateGarnishGroups,
  plateSizes,
  plates,
  riderSessions,
  riders,
  shipmentStacks,
  shipments,
  staffSessions,
  staffUserBranchContacts,
  staffUsers,
  surveyAnswers,
  surveyQuestions,
  surveys,
} from '../db/schema';
import { RETIRED_POSITION } from '../db/schema/columns';
import { SECRET_DISABLED, secretHash, secretVerify } from '../lib/secret-hash';
import type {
  TenantBranch,
  TenantBranchContact,
  TenantFile,
  TenantMenu,
  TenantOrderMode,
  TenantValueDiscount,
} from './tenant-format';
import { tenantValidateAgainstDatabase, tenantValidateFile } from './tenant-validate';

/** The entities an import reports on, in the order the summary lists them. */
export const TENANT_ENTITIES = [
  'countries',
  'companies',
  'branches',
  'branchContacts',
  'deliveryZones',
  'orderModes',
  'paymentTypes',
  'generalDiscounts',
  'generalSurcharges',
  'menus',
  'categories',
  'plates',
  'plateSizes',
  'garnishGroups',
  'garnishItems',
  'menuDiscounts',
  'codeDiscounts',
  'loyaltyPrograms',
  'loyaltyRewards',
  'surveys',
  'surveyQuestions',
  'riders',
  'partners',
  'staff',
  'customers',
] as const;
export type TenantEntity = (typeof TENANT_ENTITIES)[number];

/** What an import did to one kind of entity. */
export interface TenantImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
}

export type TenantImportResult =
  | {
      ok: true;
      companyId: number;
      companyAlias: string;
      changed: boolean;
      summary: Record<string, TenantImportCounts>;
    }
  | { ok: false; errors: string[] };

// Imports run one at a time (whole-cluster advisory lock): two imports checking
// alias ownership concurrently could otherwise both pass and clash on write.
const IMPORT_LOCK = 72_740_001;

/** Thrown inside the transaction to roll it back with the problems found while writing. */
class ImportRefused extends Error {
  constructor(readonly errors: string[]) {
    super('tenant import refused');
  }
}

/**
 * Imports a `tenant/v1` file (see `tenant-format.ts`): validates it whole, then
 * creates or updates the tenant in one transaction, matching existing rows by
 * aliases and keys. Identical rows are not rewritten, so importing the same
 * file twice reports `changed: false`. Orders, customers' points and history
 * are never deleted or altered; entities that left the file are deleted when
 * nothing references them and deactivated otherwise. Never throws for a bad
 * file: problems come back as `{ ok: false, errors }` with JSON paths.
 */
export async function tenantImport(db: Db, input: unknown): Promise<TenantImportResult> {
  const fileCheck = tenantValidateFile(input);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
      const databaseErrors = await tenantValidateAgainstDatabase(tx, input);
      if (!fileCheck.ok || databaseErrors.length > 0) {
        return { ok: false as const, errors: [...(fileCheck.ok ? [] : fileCheck.errors), ...databaseErrors] };
      }
      const importer = new TenantImporter(tx, fileCheck.tenant);
      const result = await importer.run();
      if (importer.errors.length > 0) throw new ImportRefused(importer.errors);
      return result;
    });
  } catch (error) {
    if (error instanceof ImportRefused) return { ok: false, errors: error.errors };
    throw error;
  }
}

/**
 * Position given to a row that left the file but stays for history (a plate
 * that was ordered, an order mode with orders…). Besides its inactive flag,
 * it tells the export that the row is no longer part of the tenant, even where
 * a file may legitimately hold an inactive row of its own. Diner reads skip it.
 */
export const RETIRED = RETIRED_POSITION;

type Outcome = 'created' | 'updated' | 'unchanged';
type Row = { id: number } & Record<string, unknown>;
type IdTable = PgTable & { id: PgColumn };

/** Equality of stored and desired values: numbers, text, booleans and jsonb (key order ignored). */
export function valuesSame(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) {
    return (a === null || a === undefined) && (b === null || b === undefined);
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => valuesSame(item, b[index]));
  }
  if (typeof a === 'object' && typeof b === 'object') {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    for (const key of keys) if (!valuesSame(left[key], right[key])) return false;
    return true;
  }
  return false;
}

function rowSame(before: Record<string, unknown>, values: Record<string, unknown>): boolean {
  return Object.entries(values).every(([key, value]) => valuesSame(before[key], value));
}

/** Plain JSON for a jsonb column: drops `undefined` so stored and desired values compare equal. */
function json<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function groupBy<T, K>(rows: T[], keyOf: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key);
    if (list) list.push(row);
    else map.set(key, [row]);
  }
  return map;
}

function byKey<T extends { key: string }>(rows: T[] | undefined): Map<string, T> {
  return new Map((rows ?? []).map((row) => [row.key, row]));
}

class TenantImporter {
  readonly errors: string[] = [];
  private readonly summary = Object.fromEntries(
    TENANT_ENTITIES.map((entity) => [entity, { created: 0, updated: 0, unchanged: 0, removed: 0 }]),
  ) as Record<TenantEntity, TenantImportCounts>;
  private readonly mantissa: number;
  private companyId = 0;
  /** Branch contact alias → id, filled as contacts are saved (staff and loyalty name them). */
  private readonly contactIds = new Map<string, number>();
  /** Branch alias → id and the branch's menu key → id. */
  private readonly branchIds = new Map<string, number>();
  private readonly menuIds = new Map<number, Map<string, number>>();

  constructor(
    private readonly tx: Tx,
    private readonly file: TenantFile,
  ) {
    this.mantissa = file.country.mantissaLength;
  }

  private minor(major: number): number {
    return moneyToMinor(major, this.mantissa);
  }

  private minorOrNull(major: number | undefined): number | null {
    return major === undefined ? null : this.minor(major);
  }

  private count(entity: TenantEntity, outcome: Outcome | 'removed'): void {
    this.summary[entity][outcome] += 1;
  }

  /** Inserts, updates (only when a value differs) or leaves a row; returns its id and what happened. */
  private async save(
    table: IdTable,
    before: Row | undefined,
    values: Record<string, unknown>,
  ): Promise<{ id: number; outcome: Outcome }> {
    if (!before) {
      const inserted = (await this.tx
        .insert(table)
        .values(values as never)
        .returning({ id: table.id })) as { id: number }[];
      const id = inserted[0]?.id;
      if (id === undefined) throw new Error('insert returned no id');
      return { id, outcome: 'created' };
    }
    if (rowSame(before, values)) return { id: before.id, outcome: 'unchanged' };
    const set = 'updatedAt' in getTableColumns(table) ? { ...values, updatedAt: new Date() } : values;
    await this.tx
      .update(table)
      .set(set as never)
      .where(eq(table.id, before.id));
    return { id: before.id, outcome: 'updated' };
  }

  private async saveCounted(
    entity: TenantEntity,
    table: IdTable,
    before: Row | undefined,
    values: Record<string, unknown>,
  ): Promise<number> {
    const { id, outcome } = await this.save(table, before, values);
    this.count(entity, outcome);
    return id;
  }

  /** Points `alias` at an entity, so `/menu/{alias}` resolves it. */
  private async aliasSet(
    alias: string,
    type: 'COMPANY' | 'BRANCH' | 'BRANCH_CONTACT',
    entityId: number,
  ): Promise<boolean> {
    const [current] = await this.tx.select().from(aliases).where(eq(aliases.alias, alias));
    const values = { type, companyId: this.companyId, entityId };
    if (current && rowSame(current, values)) return false;
    if (current) await this.tx.update(aliases).set(values).where(eq(aliases.alias, alias));
    else await this.tx.insert(aliases).values({ alias, ...values });
    return true;
  }

  /**
   * Stops `alias` resolving to an entity that left the file. Only the alias row
   * that still points at that very entity goes: the file may have given the
   * alias to another entity of the company meanwhile.
   */
  private async aliasRemove(
    alias: string,
    type: 'BRANCH' | 'BRANCH_CONTACT',
    entityId: number,
  ): Promise<boolean> {
    const removed = await this.tx
      .delete(aliases)
      .where(and(eq(aliases.alias, alias), eq(aliases.type, type), eq(aliases.entityId, entityId)))
      .returning({ alias: aliases.alias });
    return removed.length > 0;
  }

  async run(): Promise<Extract<TenantImportResult, { ok: true }>> {
    await this.saveCountry();
    await this.saveCompany();

    const existingBranches = await this.tx
      .select()
      .from(branches)
      .where(eq(branches.companyId, this.companyId));
    const branchByAlias = new Map(existingBranches.map((row) => [row.alias, row]));
    for (const [index, branch] of this.file.branches.entries()) {
      await this.saveBranch(branch, index, branchByAlias.get(branch.alias));
    }
    await this.saveBranchContacts();
    for (const branch of this.file.branches) {
      const branchId = this.branchIds.get(branch.alias)!;
      await this.removeAbsentMenus(branchId, branch);
      await this.saveLoyalty(branch, branchId);
      await this.saveSurvey(branch, branchId);
    }
    for (const row of existingBranches) {
      if (!this.branchIds.has(row.alias)) await this.removeBranch(row);
    }
    await this.savePartners();
    await this.saveStaff();
    await this.saveCustomers();

    const changed = Object.values(this.summary).some(
      (counts) => counts.created + counts.updated + counts.removed > 0,
    );
    if (changed) {
      // Diner-facing caches key on contentVersion; any change drops them everywhere.
      await this.tx
        .update(companies)
        .set({ contentVersion: sql`${companies.contentVersion} + 1`, updatedAt: new Date() })
        .where(eq(companies.id, this.companyId));
    }
    return {
      ok: true,
      companyId: this.companyId,
      companyAlias: this.file.company.alias,
      changed,
      summary: this.summary,
    };
  }

  private async saveCountry(): Promise<void> {
    const { country } = this.file;
    const [before] = await this.tx.select().from(countries).where(eq(countries.code, country.code));
    const values = {
      code: country.code,
      name: country.name,
      currencyCode: country.currency.code,
      currencySymbol: country.currency.symbol,
      phonePrefix: country.phonePrefix,
      mantissaLength: country.mantissaLength,
      timezone: country.timezone,
    };
    if (!before) {
      await this.tx.insert(countries).values(values);
      this.count('countries', 'created');
    } else if (rowSame(before, values)) {
      this.count('countries', 'unchanged');
    } else {
      await this.tx.update(countries).set(values).where(eq(countries.code, country.code));
      this.count('countries', 'updated');
    }
  }

  private async saveCompany(): Promise<void> {
    const { company, country } = this.file;
    const [before] = await this.tx.select().from(companies).where(eq(companies.alias, company.alias));
    const id = await this.saveCounted('companies', companies, before, {
      alias: company.alias,
      name: company.name,
      countryCode: country.code,
    });
    this.companyId = id;
    await this.aliasSet(company.alias, 'COMPANY', id);
  }

  // ---------------------------------------------------------------- branches

  private async saveBranch(
    branch: TenantBranch,
    position: number,
    before: typeof branches.$inferSelect | undefined,
  ): Promise<void> {
    const { id, outcome } = await this.save(branches, before, {
      companyId: this.companyId,
      alias: branch.alias,
      name: branch.name,
      position,
      social: json(branch.social ?? {}),
      customMessage: branch.customMessage ?? null,
      withCustomLogo: branch.withCustomLogo ?? false,
      customLogoUrl: branch.customLogoURL ?? null,
      withCustomBannerLogo: branch.customBannerLogoURL !== undefined,
      customBannerLogoUrl: branch.customBannerLogoURL ?? null,
      askForLocation: branch.askForLocation ?? false,
      generalConfig: json(branch.generalConfig ?? {}),
      menuCustomization: json(branch.menuCustomization ?? {}),
      fbPixelId: branch.fbPixelId ?? null,
      googleTagManagerId: branch.googleTagManagerId ?? null,
      googleAnalyticsId: branch.googleAnalyticsId ?? null,
    });
    const aliasChanged = await this.aliasSet(branch.alias, 'BRANCH', id);
    this.count('branches', outcome === 'unchanged' && aliasChanged ? 'updated' : outcome);
    this.branchIds.set(branch.alias, id);

    const groupIds = await this.saveGarnishGroups(branch, id);
    await this.saveMenus(branch, id, groupIds);
    await this.saveMenuDiscounts(branch, id);
    await this.saveCodeDiscounts(branch, id);
  }

  private async saveGarnishGroups(branch: TenantBranch, branchId: number): Promise<Map<string, number>> {
    const existing = await this.tx.select().from(garnishGroups).where(eq(garnishGroups.branchId, branchId));
    const existingItems =
      existing.length === 0
        ? []
        : await this.tx
            .select()
            .from(garnishItems)
            .where(
              inArray(
                garnishItems.garnishGroupId,
                existing.map((row) => row.id),
              ),
            );
    const itemsByGroup = groupBy(existingItems, (row) => row.garnishGroupId);
    const groupByKey = byKey(existing);
    const ids = new Map<string, number>();
    for (const group of branch.garnishGroups ?? []) {
      const id = await this.saveCounted('garnishGroups', garnishGroups, groupByKey.get(group.key), {
        companyId: this.companyId,
        branchId,
        key: group.key,
        groupName: group.groupName,
        mandatory: group.mandatory,
        multipleSelection: group.multipleSelection,
        minGarnishAmount: group.minGarnishAmount,
        maxGarnishAmount: group.maxGarnishAmount,
      });
      ids.set(group.key, id);
      const itemByKey = byKey(itemsByGroup.get(id));
      for (const [position, item] of group.groupItems.entries()) {
        await this.saveCounted('garnishItems', garnishItems, itemByKey.get(item.key), {
          companyId: this.companyId,
          garnishGroupId: id,
          key: item.key,
          position,
          name: item.name,
          description: item.description ?? null,
          price: this.minor(item.price),
          visible: item.visible ?? true,
        });
      }
      const wanted = new Set(group.groupItems.map((item) => item.key));
      await this.removeGarnishItems((itemsByGroup.get(id) ?? []).filter((row) => !wanted.has(row.key)));
    }
    for (const row of existing) {
      if (!ids.has(row.key)) await this.removeGarnishGroup(row, itemsByGroup.get(row.id) ?? []);
    }
    return ids;
  }

  private async saveMenus(
    branch: TenantBranch,
    branchId: number,
    groupIds: Map<string, number>,
  ): Promise<void> {
    const existing = await this.tx.select().from(menus).where(eq(menus.branchId, branchId));
    const menuByKey = byKey(existing);
    const ids = new Map<string, number>();
    for (const menu of branch.menus) {
      const id = await this.saveCounted('menus', menus, menuByKey.get(menu.key), {
        companyId: this.companyId,
        branchId,
        key: menu.key,
        name: menu.name,
      });
      ids.set(menu.key, id);
      await this.saveMenuContent(menu, id, groupIds);
    }
    // Menus that left the file are removed after order modes (removeAbsentMenus), which may still point at them.
    this.menuIds.set(branchId, ids);
  }

  private async saveMenuContent(
    menu: TenantMenu,
    menuId: number,
    groupIds: Map<string, number>,
  ): Promise<void> {
    const existingCategories = await this.tx.select().from(categories).where(eq(categories.menuId, menuId));
    const existingPlates = await this.tx.select().from(plates).where(eq(plates.menuId, menuId));
    const plateIds = existingPlates.map((row) => row.id);
    const existingSizes =
      plateIds.length === 0
        ? []
        : await this.tx.select().from(plateSizes).where(inArray(plateSizes.plateId, plateIds));
    const existingLinks =
      plateIds.length === 0
        ? []
        : await this.tx
            .select()
            .from(plateGarnishGroups)
            .where(inArray(plateGarnishGroups.plateId, plateIds));
    const categoryByKey = byKey(existingCategories);
    const plateByKey = byKey(existingPlates);
    const sizesByPlate = groupBy(existingSizes, (row) => row.plateId);
    const linksByPlate = groupBy(existingLinks, (row) => row.plateId);
    const remarked = new Map((menu.remarkeds ?? []).map((key, index) => [key, index]));
    const upselled = new Map((menu.upselleds ?? []).map((key, index) => [key, index]));
    const wantedCategories = new Set<string>();
    const wantedPlates = new Set<string>();

    for (const [categoryPosition, category] of menu.categories.entries()) {
      wantedCategories.add(category.key);
      const categoryId = await this.saveCounted('categories', categories, categoryByKey.get(category.key), {
        companyId: this.companyId,
        menuId,
        key: category.key,
        position: categoryPosition,
        name: category.name,
        showName: category.showName,
        description: category.description ?? null,
        imageUrl: category.imageUrl ?? null,
      });
      for (const [platePosition, plate] of category.plates.entries()) {
        wantedPlates.add(plate.key);
        const { id: plateId, outcome } = await this.save(plates, plateByKey.get(plate.key), {
          companyId: this.companyId,
          menuId,
          categoryId,
          key: plate.key,
          position: platePosition,
          showName: plate.showName,
          description: plate.description ?? null,
          price: this.minorOrNull(plate.price),
          maxQuantity: plate.maxQuantity ?? null,
          imageUrl: plate.imageUrl ?? null,
          indicators: plate.indicators ?? [],
          remarkedOrder: remarked.get(plate.key) ?? null,
          upselledOrder: upselled.get(plate.key) ?? null,
          active: true,
        });

        const sizeByKey = byKey(sizesByPlate.get(plateId));
        for (const [sizePosition, size] of (plate.sizes ?? []).entries()) {
          await this.saveCounted('plateSizes', plateSizes, sizeByKey.get(size.key), {
            companyId: this.companyId,
            plateId,
            key: size.key,
            position: sizePosition,
            name: size.name,
            price: this.minor(size.price),
          });
        }
        const wantedSizes = new Set((plate.sizes ?? []).map((size) => size.key));
        const goneSizes = (sizesByPlate.get(plateId) ?? []).filter((row) => !wantedSizes.has(row.key));
        await this.deleteRows('plateSizes', plateSizes, goneSizes);

        const wantedLinks = (plate.garnishGroups ?? []).map((key, position) => ({
          plateId,
          garnishGroupId: groupIds.get(key)!,
          position,
        }));
        const currentLinks = (linksByPlate.get(plateId) ?? [])
          .sort((a, b) => a.position - b.position)
          .map((row) => ({
            plateId: row.plateId,
            garnishGroupId: row.garnishGroupId,
            position: row.position,
          }));
        let linksChanged = false;
        if (!valuesSame(currentLinks, wantedLinks)) {
          linksChanged = true;
          await this.tx.delete(plateGarnishGroups).where(eq(plateGarnishGroups.plateId, plateId));
          if (wantedLinks.length > 0) await this.tx.insert(plateGarnishGroups).values(wantedLinks);
        }
        this.count('plates', outcome === 'unchanged' && linksChanged ? 'updated' : outcome);
      }
    }
    await this.removePlates(existingPlates.filter((row) => !wantedPlates.has(row.key)));
    await this.removeEmptyCategories(
      menuId,
      existingCategories.filter((row) => !wantedCategories.has(row.key)),
    );
  }

  private async saveMenuDiscounts(branch: TenantBranch, branchId: number): Promise<void> {
    const existing = await this.tx
      .select()
      .from(menuDiscounts)
      .where(eq(menuDiscounts.branchId, branchId))
      .orderBy(menuDiscounts.position, menuDiscounts.id);
    const wanted = branch.discounts ?? [];
    for (const [position, discount] of wanted.entries()) {
      await this.saveCounted('menuDiscounts', menuDiscounts, existing[position], {
        companyId: this.companyId,
        branchId,
        position,
        type: discount.type,
        percentage: discount.type === 'PERCENT' ? (discount.percentage ?? null) : null,
        fixedDiscount: discount.type === 'FIXED' ? this.minorOrNull(discount.fixedDiscount) : null,
        buy: discount.type === 'MULTIPLE' ? (discount.buy ?? null) : null,
        pay: discount.type === 'MULTIPLE' ? (discount.pay ?? null) : null,
        finalPrice: discount.type === 'FINAL_PRICE' ? this.minorOrNull(discount.finalPrice) : null,
        plateKeys: discount.plates,
        validDays: discount.validDays ?? [],
      });
    }
    await this.deleteRows('menuDiscounts', menuDiscounts, existing.slice(wanted.length));
  }

  private async saveCodeDiscounts(branch: TenantBranch, branchId: number): Promise<void> {
    const existing = await this.tx.select().from(codeDiscounts).where(eq(codeDiscounts.branchId, branchId));
    const byCode = new Map(existing.map((row) => [row.code, row]));
    const wanted = new Set<string>();
    for (const discount of branch.codeDiscounts ?? []) {
      const code = discount.code.toUpperCase();
      wanted.add(code);
      await this.saveCounted('codeDiscounts', codeDiscounts, byCode.get(code), {
        companyId: this.companyId,
        branchId,
        code,
        type: discount.type,
        value: discount.type === 'FIXED' ? this.minor(discount.value) : discount.value,
        active: discount.active,
        minimumOrderAmount: this.minorOrNull(discount.minimumOrderAmount),
        plateKey: discount.plate ?? null,
        categoryKey: discount.category ?? null,
        firstTimeOnly: discount.firstTimeOnly ?? false,
        maximumDiscountAmount: this.minorOrNull(discount.maximumDiscountAmount),
        freeDelivery: discount.freeDelivery ?? discount.type === 'FREE_DELIVERY',
        limitedUsage: discount.limitedUsage ?? false,
        usageLimit: discount.usageLimit ?? null,
      });
    }
    await this.removeCodeDiscounts(existing.filter((row) => !wanted.has(row.code)));
  }

  // -------------------------------------------------------- branch contacts

  private async saveBranchContacts(): Promise<void> {
    const existing = await this.tx
      .select()
      .from(branchContacts)
      .where(eq(branchContacts.companyId, this.companyId));
    const contactByAlias = new Map(existing.map((row) => [row.alias, row]));
    for (const branch of this.file.branches) {
      const branchId = this.branchIds.get(branch.alias)!;
      for (const [position, contact] of branch.branchContacts.entries()) {
        await this.saveBranchContact(contact, branchId, position, contactByAlias.get(contact.alias));
      }
    }
    for (const row of existing) {
      if (!this.contactIds.has(row.alias)) await this.removeBranchContact(row);
    }
  }

  private async saveBranchContact(
    contact: TenantBranchContact,
    branchId: number,
    position: number,
    before: typeof branchContacts.$inferSelect | undefined,
  ): Promise<void> {
    const { id, outcome } = await this.save(branchContacts, before, {
      companyId: this.companyId,
      branchId,
      alias: contact.alias,
      name: contact.name,
      position,
      callPhone: contact.callPhone ?? null,
      whatsAppPhone: contact.whatsAppPhone ?? null,
      address: json(contact.address),
      lat: contact.coordinates.lat,
      lng: contact.coordinates.lng,
      timezone: contact.timezone ?? null,
      mandatoryEmail: contact.mandatoryEmail,
      ordersConsoleActive: contact.ordersConsoleActive,
      forceCustomerName: contact.forceCustomerName ?? false,
      forceCustomerPhone: contact.forceCustomerPhone ?? false,
      blocked: contact.commercialTermsInfo.blocked,
      manualClosing: contact.manualClosing,
      betweenStreetsRequired: contact.deliveryConfig.betweenStreetsRequired,
      ownLogistics: contact.deliveryConfig.ownLogistics,
    });
    const aliasChanged = await this.aliasSet(contact.alias, 'BRANCH_CONTACT', id);
    this.count('branchContacts', outcome === 'unchanged' && aliasChanged ? 'updated' : outcome);
    this.contactIds.set(contact.alias, id);

    await this.saveDeliveryZones(contact, id);
    const menuIds = this.menuIds.get(branchId)!;
    const existingModes = await this.tx.select().from(orderModes).where(eq(orderModes.branchContactId, id));
    const modeByKey = byKey(existingModes);
    for (const [modePosition, mode] of contact.orderModes.entries()) {
      await this.saveOrderMode(mode, id, modePosition, menuIds.get(mode.menu)!, modeByKey.get(mode.key));
    }
    const wantedModes = new Set(contact.orderModes.map((mode) => mode.key));
    await this.removeOrderModes(existingModes.filter((row) => !wantedModes.has(row.key)));
    await this.saveRiders(contact, id);
  }

  private async saveDeliveryZones(contact: TenantBranchContact, branchContactId: number): Promise<void> {
    const existing = await this.tx
      .select()
      .from(deliveryZones)
      .where(eq(deliveryZones.branchContactId, branchContactId))
      .orderBy(deliveryZones.position, deliveryZones.id);
    const wanted = contact.deliveryConfig.deliveryZones;
    for (const [position, zone] of wanted.entries()) {
      await this.saveCounted('deliveryZones', deliveryZones, existing[position], {
        companyId: this.companyId,
        branchContactId,
        position,
        name: zone.name,
        radiusMeters: zone.radiusMeters ?? null,
        polygon: zone.polygon ? json(zone.polygon) : null,
        fee: this.minor(zone.fee),
        cashFee: this.minor(zone.cashFee),
        minimumOrderPrice: this.minor(zone.minimumOrderPrice ?? 0),
        freeDeliveryFrom: this.minorOrNull(zone.freeDeliveryFrom),
      });
    }
    await this.deleteRows('deliveryZones', deliveryZones, existing.slice(wanted.length));
  }

  private async saveOrderMode(
    mode: TenantOrderMode,
    branchContactId: number,
    position: number,
    menuId: number,
    before: typeof orderModes.$inferSelect | undefined,
  ): Promise<void> {
    const id = await this.saveCounted('orderModes', orderModes, before, {
      companyId: this.companyId,
      branchContactId,
      key: mode.key,
      position,
      type: mode.type,
      showName: mode.showName,
      menuId,
      active: mode.active,
      orderEnabled: mode.orderEnabled,
      useSchedule: mode.useSchedule,
      minDelayInMinutes: mode.minDelayInMinutes,
      maxDelayInMinutes: mode.maxDelayInMinutes,
      schedules: json(mode.schedules),
      userFee: this.minor(mode.fees.userFee),
      percentageUserFee: mode.fees.percentageUserFee,
    });

    const existingTypes = await this.tx.select().from(paymentTypes).where(eq(paymentTypes.orderModeId, id));
    const typeByKey = byKey(existingTypes);
    for (const [typePosition, type] of mode.paymentTypes.entries()) {
      await this.saveCounted('paymentTypes', paymentTypes, typeByKey.get(type.key), {
        companyId: this.companyId,
        orderModeId: id,
        key: type.key,
        position: typePosition,
        showName: type.showName,
        description: type.description ?? null,
        active: type.active,
        upload: type.upload,
        paymentMethod: type.paymentMethod,
        providerName: type.onlinePayment.providerName,
      });
    }
    const wantedTypes = new Set(mode.paymentTypes.map((type) => type.key));
    await this.removePaymentTypes(existingTypes.filter((row) => !wantedTypes.has(row.key)));

    const existingDiscounts = await this.tx
      .select()
      .from(generalDiscounts)
      .where(eq(generalDiscounts.orderModeId, id))
      .orderBy(generalDiscounts.position, generalDiscounts.id);
    await this.saveValueDiscounts(existingDiscounts, mode.generalDiscounts, {
      orderModeId: id,
      partnerId: null,
    });

    const existingSurcharges = await this.tx
      .select()
      .from(generalSurcharges)
      .where(eq(generalSurcharges.orderModeId, id))
      .orderBy(generalSurcharges.position, generalSurcharges.id);
    for (const [surchargePosition, surcharge] of mode.generalSurcharges.entries()) {
      await this.saveCounted('generalSurcharges', generalSurcharges, existingSurcharges[surchargePosition], {
        companyId: this.companyId,
        orderModeId: id,
        position: surchargePosition,
        name: surcharge.name,
        type: surcharge.type,
        value: surcharge.type === 'FIXED' ? this.minor(surcharge.value) : surcharge.value,
      });
    }
    await this.deleteRows(
      'generalSurcharges',
      generalSurcharges,
      existingSurcharges.slice(mode.generalSurcharges.length),
    );
  }

  /** General discounts of an order mode or of a partner: matched by position, they have no key. */
  private async saveValueDiscounts(
    existing: (typeof generalDiscounts.$inferSelect)[],
    wanted: TenantValueDiscount[],
    owner: { orderModeId: number | null; partnerId: number | null },
  ): Promise<void> {
    for (const [position, discount] of wanted.entries()) {
      await this.saveCounted('generalDiscounts', generalDiscounts, existing[position], {
        companyId: this.companyId,
        ...owner,
        position,
        name: discount.name,
        type: discount.type,
        value: discount.type === 'FIXED' ? this.minor(discount.value) : discount.value,
        priority: discount.priority ?? null,
      });
    }
    await this.deleteRows('generalDiscounts', generalDiscounts, existing.slice(wanted.length));
  }

  private async saveRiders(contact: TenantBranchContact, branchContactId: number): Promise<void> {
    const existing = await this.tx.select().from(riders).where(eq(riders.branchContactId, branchContactId));
    const byPhone = new Map(existing.map((row) => [row.phone, row]));
    const contactIndex = this.pathOfContact(contact.alias);
    for (const [index, rider] of contact.riders.entries()) {
      const before = byPhone.get(rider.phone);
      const path = `${contactIndex}.riders[${index}].securityCode`;
      const securityCodeHash = await this.secretFor(rider.securityCode, before?.securityCodeHash, path);
      if (securityCodeHash === undefined) continue;
      // `active` is the rider's shift: read on creation only, afterwards it is live state.
      await this.saveCounted('riders', riders, before, {
        companyId: this.companyId,
        branchContactId,
        name: rider.name,
        phone: rider.phone,
        securityCodeHash,
        // Listed by the venue itself: approved (a rider who registers from the shift page waits for it).
        approved: true,
        ...(before ? {} : { active: rider.active }),
      });
    }
    const wanted = new Set(contact.riders.map((rider) => rider.phone));
    await this.removeRiders(existing.filter((row) => !wanted.has(row.phone)));
  }

  /**
   * The hash to store for a secret: the current one when the file repeats it (or
   * leaves it out, as an export does), a fresh one when it changed. Undefined,
   * with an error recorded, when there is no usable secret at all.
   */
  private async secretFor(
    plain: string | undefined,
    currentHash: string | undefined,
    path: string,
  ): Promise<string | undefined> {
    const usable = currentHash !== undefined && currentHash !== SECRET_DISABLED;
    if (plain === undefined) {
      if (usable) return currentHash;
      this.errors.push(
        `${path}: is required for a new ${path.includes('riders') ? 'rider' : 'staff member'}`,
      );
      return undefined;
    }
    if (usable && (await secretVerify(plain, currentHash))) return currentHash;
    return secretHash(plain);
  }

  private pathOfContact(alias: string): string {
    for (const [branchIndex, branch] of this.file.branches.entries()) {
      const contactIndex = branch.branchContacts.findIndex((contact) => contact.alias === alias);
      if (contactIndex >= 0) return `branches[${branchIndex}].branchContacts[${contactIndex}]`;
    }
    return alias;
  }

  // ------------------------------------------------------ loyalty and survey

  private async saveLoyalty(branch: TenantBranch, branchId: number): Promise<void> {
    const [before] = await this.tx
      .select()
      .from(loyaltyPrograms)
      .where(eq(loyaltyPrograms.branchId, branchId));
    const program = branch.loyaltyProgram;
    if (program) {
      const { id, outcome } = await this.save(loyaltyPrograms, before, {
        companyId: this.companyId,
        branchId,
        active: program.active,
        name: program.name,
        orderPercentage: program.orderPercentage ?? 0,
        minRedeemedPoints: program.minRedeemedPoints ?? 0,
        maxRedeemedPoints: program.maxRedeemedPoints ?? null,
        maxRedeemedPercentage: program.maxRedeemedPercentage ?? null,
        supportsDiscounts: program.supportsDiscounts ?? true,
        welcomeText: program.welcomeText ?? null,
      });
      const linksChanged = await this.syncLinks(
        loyaltyProgramBranchContacts,
        loyaltyProgramBranchContacts.loyaltyProgramId,
        id,
        (program.branchContacts ?? []).map((alias) => ({
          loyaltyProgramId: id,
          branchContactId: this.contactIds.get(alias)!,
        })),
      );
      this.count('loyaltyPrograms', outcome === 'unchanged' && linksChanged ? 'updated' : outcome);
    } else if (before) {
      await this.tx.delete(loyaltyPrograms).where(eq(loyaltyPrograms.id, before.id));
      this.count('loyaltyPrograms', 'removed');
    }

    const existingRewards = await this.tx
      .select()
      .from(loyaltyRewards)
      .where(eq(loyaltyRewards.branchId, branchId));
    const rewardByKey = byKey(existingRewards);
    for (const reward of branch.loyaltyRewards ?? []) {
      await this.saveCounted('loyaltyRewards', loyaltyRewards, rewardByKey.get(reward.key), {
        companyId: this.companyId,
        branchId,
        branchContactId: reward.branchContact ? this.contactIds.get(reward.branchContact)! : null,
        key: reward.key,
        active: reward.active,
        reward: reward.reward,
      });
    }
    const wanted = new Set((branch.loyaltyRewards ?? []).map((reward) => reward.key));
    await this.removeLoyaltyRewards(existingRewards.filter((row) => !wanted.has(row.key)));
  }

  /** Replaces a link table's rows of one owner when they differ; true when it did. */
  private async syncLinks<T extends Record<string, number>>(
    table: PgTable,
    ownerColumn: PgColumn,
    ownerId: number,
    wanted: T[],
  ): Promise<boolean> {
    const current = (await this.tx.select().from(table).where(eq(ownerColumn, ownerId))) as T[];
    const order = (rows: T[]) => rows.map((row) => JSON.stringify(Object.entries(row).sort())).sort();
    if (valuesSame(order(current), order(wanted))) return false;
    await this.tx.delete(table).where(eq(ownerColumn, ownerId));
    if (wanted.length > 0) await this.tx.insert(table).values(wanted as never);
    return true;
  }

  private async saveSurvey(branch: TenantBranch, branchId: number): Promise<void> {
    const [before] = await this.tx.select().from(surveys).where(eq(surveys.branchId, branchId));
    if (!branch.survey) {
      if (before) await this.removeSurvey(before);
      return;
    }
    const surveyId = await this.saveCounted('surveys', surveys, before, {
      companyId: this.companyId,
      branchId,
      active: branch.survey.active,
    });
    const existing = await this.tx
      .select()
      .from(surveyQuestions)
      .where(eq(surveyQuestions.surveyId, surveyId));
    const questionByKey = byKey(existing);
    const wanted = new Set<string>();
    for (const question of branch.survey.questions) {
      wanted.add(question.key);
      const parentId = await this.saveCounted(
        'surveyQuestions',
        surveyQuestions,
        questionByKey.get(question.key),
        {
          companyId: this.companyId,
          surveyId,
          parentQuestionId: null,
          key: question.key,
          title: question.title,
          subTitle: question.subTitle ?? null,
          type: question.type,
          questionOrder: question.questionOrder,
          mandatory: question.mandatory,
          priority: question.priority,
          options: question.options ?? [],
        },
      );
      for (const [index, reason] of (question.questionReasons ?? []).entries()) {
        wanted.add(reason.key);
        await this.saveCounted('surveyQuestions', surveyQuestions, questionByKey.get(reason.key), {
          companyId: this.companyId,
          surveyId,
          parentQuestionId: parentId,
          key: reason.key,
          title: reason.title,
          subTitle: reason.subTitle ?? null,
          type: reason.type,
          questionOrder: index + 1,
          mandatory: false,
          priority: false,
          options: reason.options ?? [],
        });
      }
    }
    // Answers keep the question's title and type, so a question that left the file can go.
    await this.deleteRows(
      'surveyQuestions',
      surveyQuestions,
      existing.filter((row) => !wanted.has(row.key)),
    );
  }

  // ------------------------------------------------- partners, staff, customers

  private async savePartners(): Promise<void> {
    const existing = await this.tx.select().from(partners).where(eq(partners.companyId, this.companyId));
    const byName = new Map(existing.map((row) => [row.name, row]));
    const wanted = new Set<string>();
    for (const [index, partner] of (this.file.partners ?? []).entries()) {
      wanted.add(partner.name);
      const before = byName.get(partner.name);
      const jwtSecret = partner.jwtSecret ?? before?.jwtSecret;
      if (jwtSecret === undefined) {
        this.errors.push(`partners[${index}].jwtSecret: is required for a new partner`);
        continue;
      }
      const id = await this.saveCounted('partners', partners, before, {
        companyId: this.companyId,
        name: partner.name,
        jwtSecret,
      });
      const existingDiscounts = await this.tx
        .select()
        .from(generalDiscounts)
        .where(eq(generalDiscounts.partnerId, id))
        .orderBy(generalDiscounts.position, generalDiscounts.id);
      await this.saveValueDiscounts(existingDiscounts, partner.generalDiscounts, {
        orderModeId: null,
        partnerId: id,
      });
    }
    await this.deleteRows(
      'partners',
      partners,
      existing.filter((row) => !wanted.has(row.name)),
    );
  }

  private async saveStaff(): Promise<void> {
    const existing = await this.tx.select().from(staffUsers).where(eq(staffUsers.companyId, this.companyId));
    const byEmail = new Map(existing.map((row) => [row.email, row]));
    const wanted = new Set<string>();
    for (const [index, member] of (this.file.staff ?? []).entries()) {
      const email = member.email.toLowerCase();
      wanted.add(email);
      const before = byEmail.get(email);
      const passwordHash = await this.secretFor(
        member.password,
        before?.passwordHash,
        `staff[${index}].password`,
      );
      if (passwordHash === undefined) continue;
      const { id, outcome } = await this.save(staffUsers, before, {
        companyId: this.companyId,
        name: member.name,
        email,
        passwordHash,
        role: member.role,
      });
      const linksChanged = await this.syncLinks(
        staffUserBranchContacts,
        staffUserBranchContacts.staffUserId,
        id,
        (member.branchContacts ?? []).map((alias) => ({
          staffUserId: id,
          branchContactId: this.contactIds.get(alias)!,
        })),
      );
      this.count('staff', outcome === 'unchanged' && linksChanged ? 'updated' : outcome);
    }
    await this.removeStaff(existing.filter((row) => !wanted.has(row.email)));
  }

  private async saveCustomers(): Promise<void> {
    const wanted = this.file.customers ?? [];
    if (wanted.length === 0) return;
    const existing = await this.tx
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.companyId, this.companyId),
          inArray(
            customers.phone,
            wanted.map((customer) => customer.phone),
          ),
        ),
      );
    const byPhone = new Map(existing.map((row) => [row.phone, row]));
    for (const customer of wanted) {
      const before = byPhone.get(customer.phone);
      if (before) {
        // Points and consent belong to the customer once known: only the contact data is refreshed.
        await this.saveCounted('customers', customers, before, {
          name: customer.name ?? before.name,
          email: customer.email?.toLowerCase() ?? before.email,
        });
        continue;
      }
      const balance = customer.loyaltyPointsBalance ?? 0;
      const id = await this.saveCounted('customers', customers, undefined, {
        companyId: this.companyId,
        phone: customer.phone,
        name: customer.name ?? null,
        email: customer.email?.toLowerCase() ?? null,
        optIn: customer.optIn ?? false,
        loyaltyPointsBalance: balance,
      });
      if (balance > 0) {
        await this.tx.insert(loyaltyLedger).values({
          companyId: this.companyId,
          customerId: id,
          kind: 'OPENING',
          amount: balance,
          postBalance: balance,
        });
      }
    }
  }

  // ---------------------------------------------------------------- removal
  //
  // An entity that left the file is deleted when nothing references it, and
  // deactivated otherwise, so orders, points and answers keep what they point
  // at. Deactivating something already inactive is not counted again, which
  // keeps a repeated import at `changed: false`.

  private async deleteRows(entity: TenantEntity, table: IdTable, rows: { id: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.tx.delete(table).where(
      inArray(
        table.id,
        rows.map((row) => row.id),
      ),
    );
    this.summary[entity].removed += rows.length;
  }

  /** The ids among `ids` that appear in `column` (a reference from history). */
  private async referenced(
    column: PgColumn,
    ids: number[],
    extra?: ReturnType<typeof eq>,
  ): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const condition = extra ? and(inArray(column, ids), extra) : inArray(column, ids);
    const rows = (await this.tx.selectDistinct({ id: column }).from(column.table).where(condition)) as {
      id: number | null;
    }[];
    return new Set(rows.map((row) => row.id).filter((id): id is number => id !== null));
  }

  private async removePlates(rows: (typeof plates.$inferSelect)[]): Promise<void> {
    const ordered = await this.referenced(
      orderItems.referenceId,
      rows.map((row) => row.id),
      eq(orderItems.referenceType, 'PLATE'),
    );
    await this.deleteRows(
      'plates',
      plates,
      rows.filter((row) => !ordered.has(row.id)),
    );
    for (const row of rows) {
      if (ordered.has(row.id) && (row.active || row.position !== RETIRED)) {
        await this.tx.update(plates).set({ active: false, position: RETIRED }).where(eq(plates.id, row.id));
        this.count('plates', 'removed');
      }
    }
  }

  /** Categories that left the file go, unless a kept (deactivated) plate still sits in them. */
  private async removeEmptyCategories(
    menuId: number,
    rows: (typeof categories.$inferSelect)[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const used = await this.referenced(
      plates.categoryId,
      rows.map((row) => row.id),
      eq(plates.menuId, menuId),
    );
    await this.deleteRows(
      'categories',
      categories,
      rows.filter((row) => !used.has(row.id)),
    );
    for (const row of rows) {
      if (used.has(row.id) && row.position !== RETIRED) {
        await this.tx.update(categories).set({ position: RETIRED }).where(eq(categories.id, row.id));
        this.count('categories', 'removed');
      }
    }
  }

  private async removeGarnishItems(rows: (typeof garnishItems.$inferSelect)[]): Promise<void> {
    const ordered = await this.referenced(
      orderItems.referenceId,
      rows.map((row) => row.id),
      eq(orderItems.referenceType, 'GARNISH'),
    );
    await this.deleteRows(
      'garnishItems',
      garnishItems,
      rows.filter((row) => !ordered.has(row.id)),
    );
    for (const row of rows) {
      if (ordered.has(row.id) && (row.visible || row.position !== RETIRED)) {
        await this.tx
          .update(garnishItems)
          .set({ visible: false, position: RETIRED })
          .where(eq(garnishItems.id, row.id));
        this.count('garnishItems', 'removed');
      }
    }
  }

  private async removeGarnishGroup(
    row: typeof garnishGroups.$inferSelect,
    items: (typeof garnishItems.$inferSelect)[],
  ): Promise<void> {
    await this.removeGarnishItems(items);
    const [kept] = await this.tx
      .select({ id: garnishItems.id })
      .from(garnishItems)
      .where(eq(garnishItems.garnishGroupId, row.id))
      .limit(1);
    if (kept) {
      // Its ordered items are hidden; unlinking it keeps it off every plate.
      await this.tx.delete(plateGarnishGroups).where(eq(plateGarnishGroups.garnishGroupId, row.id));
    } else {
      await this.deleteRows('garnishGroups', garnishGroups, [row]);
    }
  }

  private async removeCodeDiscounts(rows: (typeof codeDiscounts.$inferSelect)[]): Promise<void> {
    const ids = rows.map((row) => row.id);
    const used = new Set([
      ...(await this.referenced(orders.codeDiscountId, ids)),
      ...(await this.referenced(codeDiscountRedemptions.codeDiscountId, ids)),
    ]);
    await this.deleteRows(
      'codeDiscounts',
      codeDiscounts,
      rows.filter((row) => !used.has(row.id)),
    );
    for (const row of rows) {
      if (used.has(row.id) && row.active) {
        await this.tx.update(codeDiscounts).set({ active: false }).where(eq(codeDiscounts.id, row.id));
        this.count('codeDiscounts', 'removed');
      }
    }
  }

  private async removePaymentTypes(rows: (typeof paymentTypes.$inferSelect)[]): Promise<void> {
    const used = await this.referenced(
      orders.paymentTypeId,
      rows.map((row) => row.id),
    );
    await this.deleteRows(
      'paymentTypes',
      paymentTypes,
      rows.filter((row) => !used.has(row.id)),
    );
    for (const row of rows) {
      if (used.has(row.id) && (row.active || row.position !== RETIRED)) {
        await this.tx
          .update(paymentTypes)
          .set({ active: false, position: RETIRED })
          .where(eq(paymentTypes.id, row.id));
        this.count('paymentTypes', 'removed');
      }
    }
  }

  private async removeOrderModes(rows: (typeof orderModes.$inferSelect)[]): Promise<void> {
    const used = await this.referenced(
      orders.orderModeId,
      rows.map((row) => row.id),
    );
    await this.deleteRows(
      'orderModes',
      orderModes,
      rows.filter((row) => !used.has(row.id)),
    );
    for (const row of rows) {
      if (used.has(row.id) && (row.active || row.orderEnabled || row.position !== RETIRED)) {
        await this.tx
          .update(orderModes)
          .set({ active: false, orderEnabled: false, position: RETIRED })
          .where(eq(orderModes.id, row.id));
        this.count('orderModes', 'removed');
      }
    }
  }

  private async removeRiders(rows: (typeof riders.$inferSelect)[]): Promise<void> {
    const ids = rows.map((row) => row.id);
    const used = new Set([
      ...(await this.referenced(shipments.riderId, ids)),
      ...(await this.referenced(shipments.offeredToRiderId, ids)),
      ...(await this.referenced(shipmentStacks.riderId, ids)),
      ...(await this.referenced(shipmentStacks.offeredToRiderId, ids)),
    ]);
    await this.deleteRows(
      'riders',
      riders,
      rows.filter((row) => !used.has(row.id)),
    );
    for (const row of rows) {
      if (used.has(row.id) && row.securityCodeHash !== SECRET_DISABLED) {
        // Kept for the shipments that name them, but no code opens a shift any more.
        await this.tx
          .update(riders)
          .set({ active: false, securityCodeHash: SECRET_DISABLED, updatedAt: new Date() })
          .where(eq(riders.id, row.id));
        await this.tx.delete(riderSessions).where(eq(riderSessions.riderId, row.id));
        this.count('riders', 'removed');
      }
    }
  }

  private async removeStaff(rows: (typeof staffUsers.$inferSelect)[]): Promise<void> {
    const used = await this.referenced(
      orderStatusEvents.staffUserId,
      rows.map((row) => row.id),
    );
    await this.deleteRows(
      'staff',
      staffUsers,
      rows.filter((row) => !used.has(row.id)),
    );
    for (const row of rows) {
      if (used.has(row.id) && row.passwordHash !== SECRET_DISABLED) {
        await this.tx
          .update(staffUsers)
          .set({ passwordHash: SECRET_DISABLED })
          .where(eq(staffUsers.id, row.id));
        await this.tx.delete(staffSessions).where(eq(staffSessions.staffUserId, row.id));
        await this.tx.delete(staffUserBranchContacts).where(eq(staffUserBranchContacts.staffUserId, row.id));
        this.count('staff', 'removed');
      }
    }
  }

  private async removeLoyaltyRewards(rows: (typeof loyaltyRewards.$inferSelect)[]): Promise<void> {
    // A credited reward stays (inactive): deleting it would let the same customer earn it again.
    const credited = await this.referenced(
      loyaltyLedger.loyaltyRewardId,
      rows.map((row) => row.id),
    );
    await this.deleteRows(
      'loyaltyRewards',
      loyaltyRewards,
      rows.filter((row) => !credited.has(row.id)),
    );
    for (const row of rows) {
      if (credited.has(row.id) && row.active) {
        await this.tx.update(loyaltyRewards).set({ active: false }).where(eq(loyaltyRewards.id, row.id));
        this.count('loyaltyRewards', 'removed');
      }
    }
  }

  private async removeSurvey(row: typeof surveys.$inferSelect): Promise<void> {
    const [answered] = await this.tx
      .select({ id: surveyAnswers.id })
      .from(surveyAnswers)
      .where(eq(surveyAnswers.surveyId, row.id))
      .limit(1);
    if (!answered) {
      await this.deleteRows('surveys', surveys, [row]);
    } else if (row.active) {
      await this.tx.update(surveys).set({ active: false }).where(eq(surveys.id, row.id));
      this.count('surveys', 'removed');
    }
  }

  /**
   * A location that left the file: deleted with everything under it when no
   * order or shipment names it; otherwise closed (its alias no longer
   * resolves, its order modes stop taking orders, its riders are disabled).
   */
  private async removeBranchContact(row: typeof branchContacts.$inferSelect): Promise<void> {
    const ids = [row.id];
    const used =
      (await this.referenced(orders.branchContactId, ids)).size +
        (await this.referenced(logisticsOrders.branchContactId, ids)).size +
        (await this.referenced(shipments.branchContactId, ids)).size +
        (await this.referenced(shipmentStacks.branchContactId, ids)).size >
      0;
    const aliasRemoved = await this.aliasRemove(row.alias, 'BRANCH_CONTACT', row.id);
    if (!used) {
      await this.deleteRows('branchContacts', branchContacts, [row]);
      return;
    }
    const modes = await this.tx.select().from(orderModes).where(eq(orderModes.branchContactId, row.id));
    await this.removeOrderModes(modes);
    await this.removeRiders(await this.tx.select().from(riders).where(eq(riders.branchContactId, row.id)));
    if (!row.manualClosing || row.position !== RETIRED) {
      await this.tx
        .update(branchContacts)
        .set({ manualClosing: true, position: RETIRED, updatedAt: new Date() })
        .where(eq(branchContacts.id, row.id));
    }
    if (aliasRemoved || !row.manualClosing || row.position !== RETIRED)
      this.count('branchContacts', 'removed');
  }

  /** Menus of a kept branch that left the file, once no order mode points at them any more. */
  private async removeAbsentMenus(branchId: number, branch: TenantBranch | undefined): Promise<void> {
    const wanted = new Set((branch?.menus ?? []).map((menu) => menu.key));
    const rows = (await this.tx.select().from(menus).where(eq(menus.branchId, branchId))).filter(
      (row) => !wanted.has(row.key),
    );
    for (const row of rows) {
      const menuPlates = await this.tx.select().from(plates).where(eq(plates.menuId, row.id));
      await this.removePlates(menuPlates);
      await this.removeEmptyCategories(
        row.id,
        await this.tx.select().from(categories).where(eq(categories.menuId, row.id)),
      );
      const [pointedAt] = await this.tx
        .select({ id: orderModes.id })
        .from(orderModes)
        .where(eq(orderModes.menuId, row.id))
        .limit(1);
      const [platesLeft] = await this.tx
        .select({ id: plates.id })
        .from(plates)
        .where(eq(plates.menuId, row.id))
        .limit(1);
      if (!pointedAt && !platesLeft) await this.deleteRows('menus', menus, [row]);
    }
  }

  /** A brand that left the file: its locations, menus and settings go (or are deactivated) first. */
  private async removeBranch(row: typeof branches.$inferSelect): Promise<void> {
    await this.removeAbsentMenus(row.id, undefined);
    const groups = await this.tx.select().from(garnishGroups).where(eq(garnishGroups.branchId, row.id));
    for (const group of groups) {
      await this.removeGarnishGroup(
        group,
        await this.tx.select().from(garnishItems).where(eq(garnishItems.garnishGroupId, group.id)),
      );
    }
    await this.deleteRows(
      'menuDiscounts',
      menuDiscounts,
      await this.tx.select().from(menuDiscounts).where(eq(menuDiscounts.branchId, row.id)),
    );
    await this.removeCodeDiscounts(
      await this.tx.select().from(codeDiscounts).where(eq(codeDiscounts.branchId, row.id)),
    );
    const programs = await this.tx.select().from(loyaltyPrograms).where(eq(loyaltyPrograms.branchId, row.id));
    await this.deleteRows('loyaltyPrograms', loyaltyPrograms, programs);
    await this.removeLoyaltyRewards(
      await this.tx.select().from(loyaltyRewards).where(eq(loyaltyRewards.branchId, row.id)),
    );
    const [survey] = await this.tx.select().from(surveys).where(eq(surveys.branchId, row.id));
    if (survey) await this.removeSurvey(survey);

    const aliasRemoved = await this.aliasRemove(row.alias, 'BRANCH', row.id);
    const kept =
      (await this.referenced(branchContacts.branchId, [row.id])).size > 0 ||
      (await this.referenced(orders.branchId, [row.id])).size > 0 ||
      (await this.referenced(menus.branchId, [row.id])).size > 0 ||
      (await this.referenced(surveys.branchId, [row.id])).size > 0;
    if (!kept) {
      await this.deleteRows('branches', branches, [row]);
      return;
    }
    if (row.position !== RETIRED) {
      await this.tx
        .update(branches)
        .set({ position: RETIRED, updatedAt: new Date() })
        .where(eq(branches.id, row.id));
    }
    if (aliasRemoved || row.position !== RETIRED) this.count('branches', 'removed');
  }
}
