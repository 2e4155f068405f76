/**
 * What a location can mark sold out (ADR 052): the plates (with their sizes)
 * and the garnish items of every menu its active order modes serve, each named
 * by the key its mark uses. A plate served in two menus under one key is one
 * item: its mark holds in both.
 */
import { soldOutItemKey } from '@comanda/domain/sold-out';
import type { Schedule } from '@comanda/domain/types';
import type { Queryable } from '../db/client';
import { schedulesPresent } from '../presenters/tenant-presenter';
import { menuRowsLoad } from '../repositories/menu-repository';
import { orderModesOfBranchContacts } from '../repositories/order-mode-repository';
import type { SoldOutKindColumn } from '../repositories/sold-out-repository';

export interface SoldOutCatalogueSize {
  itemKey: string;
  name: string;
}

export interface SoldOutCataloguePlate {
  itemKey: string;
  name: string;
  sizes: SoldOutCatalogueSize[];
}

export interface SoldOutCatalogueCategory {
  name: string;
  plates: SoldOutCataloguePlate[];
}

export interface SoldOutCatalogueGroup {
  name: string;
  items: { itemKey: string; name: string }[];
}

export interface SoldOutCatalogue {
  categories: SoldOutCatalogueCategory[];
  garnishGroups: SoldOutCatalogueGroup[];
  /** The schedules of each active order mode (what "por hoy" is computed from). */
  schedulesByMode: Schedule[][];
  /** What a person reads for each markable item, by `KIND:itemKey`. */
  names: Map<string, string>;
}

/** The index key of `names`. */
export function soldOutCatalogueKey(kind: SoldOutKindColumn, itemKey: string): string {
  return `${kind}:${itemKey}`;
}

/** Reads the location's menus (a handful of queries per menu; staff reads, never the diners' hot path). */
export async function soldOutCatalogueLoad(
  db: Queryable,
  companyId: number,
  branchContactId: number,
): Promise<SoldOutCatalogue> {
  const modes = await orderModesOfBranchContacts(db, companyId, [branchContactId]);
  const menuIds = [...new Set(modes.map((mode) => mode.menuId))];
  const categories = new Map<string, SoldOutCatalogueCategory>();
  const groups = new Map<string, SoldOutCatalogueGroup>();
  const names = new Map<string, string>();
  for (const menuId of menuIds) {
    const rows = await menuRowsLoad(db, companyId, menuId);
    if (!rows) continue;
    const categoryById = new Map(rows.categories.map((category) => [category.id, category]));
    // The menu's category order (plates come in their own order).
    for (const category of rows.categories) {
      const name = category.showName || category.name;
      if (!categories.has(name)) categories.set(name, { name, plates: [] });
    }
    for (const plate of rows.plates) {
      if (names.has(soldOutCatalogueKey('PLATE', plate.key))) continue;
      const category = categoryById.get(plate.categoryId);
      const categoryName = category?.showName || category?.name || '';
      let entry = categories.get(categoryName);
      if (!entry) {
        entry = { name: categoryName, plates: [] };
        categories.set(categoryName, entry);
      }
      const sizes = rows.sizes
        .filter((size) => size.plateId === plate.id)
        .map((size) => ({ itemKey: soldOutItemKey(plate.key, size.key), name: size.name }));
      entry.plates.push({ itemKey: plate.key, name: plate.showName, sizes });
      names.set(soldOutCatalogueKey('PLATE', plate.key), plate.showName);
      for (const size of sizes) {
        names.set(soldOutCatalogueKey('SIZE', size.itemKey), `${plate.showName} (${size.name})`);
      }
    }
    const groupById = new Map(rows.garnishGroups.map((group) => [group.id, group]));
    for (const item of rows.garnishItems) {
      const group = groupById.get(item.garnishGroupId);
      if (!group) continue;
      const itemKey = soldOutItemKey(group.key, item.key);
      if (names.has(soldOutCatalogueKey('GARNISH_ITEM', itemKey))) continue;
      let entry = groups.get(group.key);
      if (!entry) {
        entry = { name: group.groupName, items: [] };
        groups.set(group.key, entry);
      }
      entry.items.push({ itemKey, name: item.name });
      names.set(soldOutCatalogueKey('GARNISH_ITEM', itemKey), `${item.name} (${group.groupName})`);
    }
  }
  return {
    categories: [...categories.values()].filter((category) => category.plates.length > 0),
    garnishGroups: [...groups.values()],
    schedulesByMode: modes.map((mode) => schedulesPresent(mode.schedules) as Schedule[]),
    names,
  };
}
