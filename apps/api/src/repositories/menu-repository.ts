/**
 * Loads a whole menu in a fixed handful of queries (menu, categories, plates,
 * sizes, plate–group links, groups, visible items, the branch's discounts) that
 * the presenter assembles in memory — never one query per plate. Every query is
 * scoped by the company that owns the menu.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import {
  categories,
  garnishGroups,
  garnishItems,
  menuDiscounts,
  plateGarnishGroups,
  plateSizes,
  plates,
} from '../db/schema/menu';
import { companies, menus } from '../db/schema/tenant';

export type MenuRow = typeof menus.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type PlateRow = typeof plates.$inferSelect;
export type PlateSizeRow = typeof plateSizes.$inferSelect;
export type PlateGarnishGroupRow = typeof plateGarnishGroups.$inferSelect;
export type GarnishGroupRow = typeof garnishGroups.$inferSelect;
export type GarnishItemRow = typeof garnishItems.$inferSelect;
export type MenuDiscountRow = typeof menuDiscounts.$inferSelect;

/** Everything a menu body is built from. */
export interface MenuRows {
  menu: MenuRow;
  /** The company's contentVersion as seen by these same reads (see `menuRowsLoad`). */
  contentVersion: number;
  categories: CategoryRow[];
  /** Active plates only. */
  plates: PlateRow[];
  sizes: PlateSizeRow[];
  plateGarnishGroups: PlateGarnishGroupRow[];
  garnishGroups: GarnishGroupRow[];
  /** Visible items only: a hidden item is never selectable, so it never reaches a diner. */
  garnishItems: GarnishItemRow[];
  /** Menu discounts of the menu's branch (they name plates by key). */
  discounts: MenuDiscountRow[];
}

/**
 * Reads one menu of a company. Run it inside a repeatable-read transaction so
 * that every query (and the contentVersion) sees the same snapshot, even while
 * an import commits.
 */
export async function menuRowsLoad(
  db: Queryable,
  companyId: number,
  menuId: number,
): Promise<MenuRows | undefined> {
  const [head] = await db
    .select({ menu: menus, contentVersion: companies.contentVersion })
    .from(menus)
    .innerJoin(companies, eq(companies.id, menus.companyId))
    .where(and(eq(menus.id, menuId), eq(menus.companyId, companyId)))
    .limit(1);
  if (!head) return undefined;

  const platesOfMenu = and(
    eq(plates.menuId, menuId),
    eq(plates.companyId, companyId),
    eq(plates.active, true),
  );
  const groupIdsOfMenu = db
    .select({ id: plateGarnishGroups.garnishGroupId })
    .from(plateGarnishGroups)
    .innerJoin(plates, eq(plates.id, plateGarnishGroups.plateId))
    .where(platesOfMenu);

  // Sequential on purpose: inside the transaction they share one connection anyway, and
  // node-postgres deprecates overlapping queries on one client.
  const categoryRows = await db
    .select()
    .from(categories)
    .where(and(eq(categories.menuId, menuId), eq(categories.companyId, companyId)))
    .orderBy(asc(categories.position), asc(categories.id));
  const plateRows = await db
    .select()
    .from(plates)
    .where(platesOfMenu)
    .orderBy(asc(plates.position), asc(plates.id));
  const sizeRows = await db
    .select({ size: plateSizes })
    .from(plateSizes)
    .innerJoin(plates, eq(plates.id, plateSizes.plateId))
    .where(and(platesOfMenu, eq(plateSizes.companyId, companyId)))
    .orderBy(asc(plateSizes.plateId), asc(plateSizes.position), asc(plateSizes.id));
  const linkRows = await db
    .select({ link: plateGarnishGroups })
    .from(plateGarnishGroups)
    .innerJoin(plates, eq(plates.id, plateGarnishGroups.plateId))
    .where(platesOfMenu)
    .orderBy(asc(plateGarnishGroups.plateId), asc(plateGarnishGroups.position));
  const groupRows = await db
    .select()
    .from(garnishGroups)
    .where(and(eq(garnishGroups.companyId, companyId), inArray(garnishGroups.id, groupIdsOfMenu)));
  const itemRows = await db
    .select()
    .from(garnishItems)
    .where(
      and(
        eq(garnishItems.companyId, companyId),
        eq(garnishItems.visible, true),
        inArray(garnishItems.garnishGroupId, groupIdsOfMenu),
      ),
    )
    .orderBy(asc(garnishItems.garnishGroupId), asc(garnishItems.position), asc(garnishItems.id));
  const discountRows = await menuDiscountsOfBranch(db, companyId, head.menu.branchId);

  return {
    menu: head.menu,
    contentVersion: head.contentVersion,
    categories: categoryRows,
    plates: plateRows,
    sizes: sizeRows.map((row) => row.size),
    plateGarnishGroups: linkRows.map((row) => row.link),
    garnishGroups: groupRows,
    garnishItems: itemRows,
    discounts: discountRows,
  };
}

/** Menu discounts of a branch, in display order. */
export async function menuDiscountsOfBranch(
  db: Queryable,
  companyId: number,
  branchId: number,
): Promise<MenuDiscountRow[]> {
  return db
    .select()
    .from(menuDiscounts)
    .where(and(eq(menuDiscounts.companyId, companyId), eq(menuDiscounts.branchId, branchId)))
    .orderBy(asc(menuDiscounts.position), asc(menuDiscounts.id));
}

/**
 * Id and key of every active plate in every menu of a branch: discounts name
 * plates by key, and one key may be a plate in several menus (the delivery
 * menu's and the dining room's 'Clásica').
 */
export async function plateKeysOfBranch(
  db: Queryable,
  companyId: number,
  branchId: number,
): Promise<{ id: number; key: string }[]> {
  return db
    .select({ id: plates.id, key: plates.key })
    .from(plates)
    .innerJoin(menus, eq(menus.id, plates.menuId))
    .where(and(eq(plates.companyId, companyId), eq(menus.branchId, branchId), eq(plates.active, true)))
    .orderBy(asc(plates.id));
}

/** Image url of a plate or a category (the file url route). */
export async function imageUrlFind(
  db: Queryable,
  kind: 'PLATE' | 'CATEGORY',
  id: number,
): Promise<string | null | undefined> {
  if (kind === 'PLATE') {
    const rows = await db.select({ url: plates.imageUrl }).from(plates).where(eq(plates.id, id)).limit(1);
    return rows[0]?.url;
  }
  const rows = await db
    .select({ url: categories.imageUrl })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1);
  return rows[0]?.url;
}
