/**
 * The menu editor's parts (ADR 053): a brand's menu, its garnish groups and
 * its menu discounts, read and saved through the tenant import's validator
 * and writer (ADR 051, services/venue-edit.ts). Values are in the tenant
 * format, money in major units. The OWNER's only: a menu is the brand's, not
 * a location's.
 */
import type { Db, Queryable } from '../db/client';
import { notFound } from '../lib/http-error';
import { brandOfCompany, venueIdsOfCompany } from '../repositories/venue-menu-repository';
import type { TenantPartLocate, TenantPartRead } from '../tenant/tenant-edit';
import { tenantExport } from '../tenant/tenant-export';
import type {
  TenantBranch,
  TenantFile,
  TenantGarnishGroup,
  TenantMenu,
  TenantMenuDiscount,
} from '../tenant/tenant-format';
import type { StaffPrincipal } from './staff-auth-service';
import { type VenueEditDeps, venueOwnerOnly, venuePartGet, venuePartSave } from './venue-edit';

export const venueMenuMessages = {
  ownerOnly: 'Solo el dueño puede editar la carta',
  brandNotFound: (id: number) => `No existe la marca ${id}`,
  menuNotFound: (key: string) => `No existe la carta ${key}`,
} as const;

/** Where a brand sits in an exported file. */
function brandIndex(file: TenantFile, alias: string): number {
  return file.branches.findIndex((branch) => branch.alias === alias);
}

/** One menu of a brand, by key. */
export function menuLocate(brandAlias: string, menuKey: string): TenantPartLocate<TenantMenu> {
  return (file) => {
    const b = brandIndex(file, brandAlias);
    const m = file.branches[b]?.menus.findIndex((menu) => menu.key === menuKey) ?? -1;
    if (b < 0 || m < 0) return undefined;
    const brand = file.branches[b] as TenantBranch;
    return {
      path: `branches[${b}].menus[${m}]`,
      get: () => brand.menus[m] as TenantMenu,
      set: (value) => {
        brand.menus[m] = value;
      },
    };
  };
}

/**
 * A list of the brand's that the file may leave out when empty (garnish
 * groups, discounts): read as an empty list, saved as absent when emptied, so
 * the export writes what it always wrote and the versions agree.
 */
function brandListLocate<K extends 'garnishGroups' | 'discounts'>(
  brandAlias: string,
  field: K,
): TenantPartLocate<NonNullable<TenantBranch[K]>> {
  return (file) => {
    const b = brandIndex(file, brandAlias);
    const brand = file.branches[b];
    if (!brand) return undefined;
    return {
      path: `branches[${b}].${field}`,
      get: () => (brand[field] ?? []) as NonNullable<TenantBranch[K]>,
      set: (value) => {
        if (value.length === 0) delete brand[field];
        else brand[field] = value;
      },
    };
  };
}

export const garnishGroupsLocate = (brandAlias: string) =>
  brandListLocate(brandAlias, 'garnishGroups') as TenantPartLocate<TenantGarnishGroup[]>;
export const menuDiscountsLocate = (brandAlias: string) =>
  brandListLocate(brandAlias, 'discounts') as TenantPartLocate<TenantMenuDiscount[]>;

/** The brand of the staff member's company (404 otherwise), for the OWNER only (403). */
async function brandCheck(db: Queryable, staff: StaffPrincipal, branchId: number) {
  venueOwnerOnly(staff, venueMenuMessages.ownerOnly);
  const brand = await brandOfCompany(db, staff.companyId, branchId);
  if (!brand) throw notFound(venueMenuMessages.brandNotFound(branchId));
  return brand;
}

// ---------------------------------------------------------------- the list

export interface MenuUse {
  branchContactId: number;
  branchContactName: string;
  orderModeType: string;
  orderModeName: string;
}

export interface MenusOfCompany {
  country: { code: string; currency: { code: string; symbol: string }; mantissaLength: number };
  brands: {
    id: number;
    alias: string;
    name: string;
    menus: { id: number; key: string; name: string; usedBy: MenuUse[] }[];
  }[];
}

/** The company's brands and their menus, each with the locations and modes that serve it. */
export async function venueMenusList(db: Db, staff: StaffPrincipal): Promise<MenusOfCompany> {
  venueOwnerOnly(staff, venueMenuMessages.ownerOnly);
  const { alias, brandRows, menuRows, contactRows } = await venueIdsOfCompany(db, staff.companyId);
  const file = alias ? await tenantExport(db, alias, { people: false }) : null;
  if (!file) throw notFound(venueMenuMessages.brandNotFound(0));
  const brandId = new Map(brandRows.map((row) => [row.alias, row.id]));
  const contactId = new Map(contactRows.map((row) => [row.alias, row.id]));
  return {
    country: {
      code: file.country.code,
      currency: file.country.currency,
      mantissaLength: file.country.mantissaLength,
    },
    brands: file.branches.flatMap((brand) => {
      const id = brandId.get(brand.alias);
      if (id === undefined) return [];
      const menuId = new Map(menuRows.filter((row) => row.branchId === id).map((row) => [row.key, row.id]));
      return [
        {
          id,
          alias: brand.alias,
          name: brand.name,
          menus: brand.menus.map((menu) => ({
            id: menuId.get(menu.key) ?? 0,
            key: menu.key,
            name: menu.name,
            usedBy: brand.branchContacts.flatMap((contact) =>
              contact.orderModes
                .filter((mode) => mode.menu === menu.key)
                .map((mode) => ({
                  branchContactId: contactId.get(contact.alias) ?? 0,
                  branchContactName: contact.name,
                  orderModeType: mode.type,
                  orderModeName: mode.showName,
                })),
            ),
          })),
        },
      ];
    }),
  };
}

// ---------------------------------------------------------------- the parts

/** Which part of a brand the editor reads or saves. */
export type MenuPart =
  | { kind: 'menu'; menuKey: string }
  | { kind: 'garnishGroups' }
  | { kind: 'menuDiscounts' };

function partOf(part: MenuPart, brand: { alias: string; name: string }) {
  switch (part.kind) {
    case 'menu':
      return { locate: menuLocate(brand.alias, part.menuKey), subject: 'menu' as const };
    case 'garnishGroups':
      return { locate: garnishGroupsLocate(brand.alias), subject: 'garnishGroups' as const };
    case 'menuDiscounts':
      return { locate: menuDiscountsLocate(brand.alias), subject: 'menuDiscounts' as const };
  }
}

/** A part of a brand of the OWNER's company as the editor shows it, with its version. */
export async function venueMenuPartGet(
  db: Db,
  staff: StaffPrincipal,
  branchId: number,
  part: MenuPart,
): Promise<TenantPartRead<unknown>> {
  const brand = await brandCheck(db, staff, branchId);
  const { locate } = partOf(part, brand);
  try {
    return await venuePartGet<unknown>(db, staff, locate as TenantPartLocate<unknown>);
  } catch (error) {
    if (part.kind === 'menu' && (error as { statusCode?: number }).statusCode === 404) {
      throw notFound(venueMenuMessages.menuNotFound(part.menuKey));
    }
    throw error;
  }
}

/**
 * Saves a part over the version the editor read (409 with the current part
 * when it moved, 400 with the import's message per field). The history names
 * the menu by its name, the brand's lists by the brand's.
 */
export async function venueMenuPartSave(
  deps: VenueEditDeps,
  staff: StaffPrincipal,
  branchId: number,
  part: MenuPart,
  save: { value: unknown; version: string },
): Promise<{ changed: boolean } & TenantPartRead<unknown>> {
  const brand = await brandCheck(deps.db, staff, branchId);
  const { locate, subject } = partOf(part, brand);
  const subjectName =
    part.kind === 'menu'
      ? `${(save.value as { name?: string }).name ?? part.menuKey} (${brand.name})`
      : brand.name;
  return venuePartSave<unknown>(deps, staff, {
    locate: locate as TenantPartLocate<unknown>,
    value: save.value,
    baseVersion: save.version,
    subject,
    subjectName,
    branchContactId: null,
  });
}
