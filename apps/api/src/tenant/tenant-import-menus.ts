/**
 * A brand's menus in a tenant import: garnish groups and items, menus,
 * categories, plates and their sizes, and what left the file.
 */
import { eq, inArray } from 'drizzle-orm';
import {
  categories,
  garnishGroups,
  garnishItems,
  menus,
  orderItems,
  orderModes,
  plateGarnishGroups,
  plateSizes,
  plates,
} from '../db/schema';
import type { TenantBranch, TenantMenu } from './tenant-format';
import { byKey, groupBy, type ImportContext, RETIRED, valuesSame } from './tenant-import-context';

export async function saveGarnishGroups(
  ctx: ImportContext,
  branch: TenantBranch,
  branchId: number,
): Promise<Map<string, number>> {
  const existing = await ctx.tx.select().from(garnishGroups).where(eq(garnishGroups.branchId, branchId));
  const existingItems =
    existing.length === 0
      ? []
      : await ctx.tx
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
    const id = await ctx.saveCounted('garnishGroups', garnishGroups, groupByKey.get(group.key), {
      companyId: ctx.companyId,
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
      await ctx.saveCounted('garnishItems', garnishItems, itemByKey.get(item.key), {
        companyId: ctx.companyId,
        garnishGroupId: id,
        key: item.key,
        position,
        name: item.name,
        description: item.description ?? null,
        price: ctx.minor(item.price),
        visible: item.visible ?? true,
      });
    }
    const wanted = new Set(group.groupItems.map((item) => item.key));
    await removeGarnishItems(
      ctx,
      (itemsByGroup.get(id) ?? []).filter((row) => !wanted.has(row.key)),
    );
  }
  for (const row of existing) {
    if (!ids.has(row.key)) await removeGarnishGroup(ctx, row, itemsByGroup.get(row.id) ?? []);
  }
  return ids;
}

export async function saveMenus(
  ctx: ImportContext,
  branch: TenantBranch,
  branchId: number,
  groupIds: Map<string, number>,
): Promise<void> {
  const existing = await ctx.tx.select().from(menus).where(eq(menus.branchId, branchId));
  const menuByKey = byKey(existing);
  const ids = new Map<string, number>();
  for (const menu of branch.menus) {
    const id = await ctx.saveCounted('menus', menus, menuByKey.get(menu.key), {
      companyId: ctx.companyId,
      branchId,
      key: menu.key,
      name: menu.name,
    });
    ids.set(menu.key, id);
    await saveMenuContent(ctx, menu, id, groupIds);
  }
  // Menus that left the file are removed after order modes (removeAbsentMenus), which may still point at them.
  ctx.menuIds.set(branchId, ids);
}

export async function saveMenuContent(
  ctx: ImportContext,
  menu: TenantMenu,
  menuId: number,
  groupIds: Map<string, number>,
): Promise<void> {
  const existingCategories = await ctx.tx.select().from(categories).where(eq(categories.menuId, menuId));
  const existingPlates = await ctx.tx.select().from(plates).where(eq(plates.menuId, menuId));
  const plateIds = existingPlates.map((row) => row.id);
  const existingSizes =
    plateIds.length === 0
      ? []
      : await ctx.tx.select().from(plateSizes).where(inArray(plateSizes.plateId, plateIds));
  const existingLinks =
    plateIds.length === 0
      ? []
      : await ctx.tx.select().from(plateGarnishGroups).where(inArray(plateGarnishGroups.plateId, plateIds));
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
    const categoryId = await ctx.saveCounted('categories', categories, categoryByKey.get(category.key), {
      companyId: ctx.companyId,
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
      const { id: plateId, outcome } = await ctx.save(plates, plateByKey.get(plate.key), {
        companyId: ctx.companyId,
        menuId,
        categoryId,
        key: plate.key,
        position: platePosition,
        showName: plate.showName,
        description: plate.description ?? null,
        price: ctx.minorOrNull(plate.price),
        maxQuantity: plate.maxQuantity ?? null,
        imageUrl: plate.imageUrl ?? null,
        indicators: plate.indicators ?? [],
        remarkedOrder: remarked.get(plate.key) ?? null,
        upselledOrder: upselled.get(plate.key) ?? null,
        active: true,
      });

      const sizeByKey = byKey(sizesByPlate.get(plateId));
      for (const [sizePosition, size] of (plate.sizes ?? []).entries()) {
        await ctx.saveCounted('plateSizes', plateSizes, sizeByKey.get(size.key), {
          companyId: ctx.companyId,
          plateId,
          key: size.key,
          position: sizePosition,
          name: size.name,
          price: ctx.minor(size.price),
        });
      }
      const wantedSizes = new Set((plate.sizes ?? []).map((size) => size.key));
      const goneSizes = (sizesByPlate.get(plateId) ?? []).filter((row) => !wantedSizes.has(row.key));
      await ctx.deleteRows('plateSizes', plateSizes, goneSizes);

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
        await ctx.tx.delete(plateGarnishGroups).where(eq(plateGarnishGroups.plateId, plateId));
        if (wantedLinks.length > 0) await ctx.tx.insert(plateGarnishGroups).values(wantedLinks);
      }
      ctx.count('plates', outcome === 'unchanged' && linksChanged ? 'updated' : outcome);
    }
  }
  await removePlates(
    ctx,
    existingPlates.filter((row) => !wantedPlates.has(row.key)),
  );
  await removeEmptyCategories(
    ctx,
    menuId,
    existingCategories.filter((row) => !wantedCategories.has(row.key)),
  );
}

export async function removePlates(ctx: ImportContext, rows: (typeof plates.$inferSelect)[]): Promise<void> {
  const ordered = await ctx.referenced(
    orderItems.referenceId,
    rows.map((row) => row.id),
    eq(orderItems.referenceType, 'PLATE'),
  );
  await ctx.deleteRows(
    'plates',
    plates,
    rows.filter((row) => !ordered.has(row.id)),
  );
  for (const row of rows) {
    if (ordered.has(row.id) && (row.active || row.position !== RETIRED)) {
      await ctx.tx.update(plates).set({ active: false, position: RETIRED }).where(eq(plates.id, row.id));
      ctx.count('plates', 'removed');
    }
  }
}

/** Categories that left the file go, unless a kept (deactivated) plate still sits in them. */
export async function removeEmptyCategories(
  ctx: ImportContext,
  menuId: number,
  rows: (typeof categories.$inferSelect)[],
): Promise<void> {
  if (rows.length === 0) return;
  const used = await ctx.referenced(
    plates.categoryId,
    rows.map((row) => row.id),
    eq(plates.menuId, menuId),
  );
  await ctx.deleteRows(
    'categories',
    categories,
    rows.filter((row) => !used.has(row.id)),
  );
  for (const row of rows) {
    if (used.has(row.id) && row.position !== RETIRED) {
      await ctx.tx.update(categories).set({ position: RETIRED }).where(eq(categories.id, row.id));
      ctx.count('categories', 'removed');
    }
  }
}

export async function removeGarnishItems(
  ctx: ImportContext,
  rows: (typeof garnishItems.$inferSelect)[],
): Promise<void> {
  const ordered = await ctx.referenced(
    orderItems.referenceId,
    rows.map((row) => row.id),
    eq(orderItems.referenceType, 'GARNISH'),
  );
  await ctx.deleteRows(
    'garnishItems',
    garnishItems,
    rows.filter((row) => !ordered.has(row.id)),
  );
  for (const row of rows) {
    if (ordered.has(row.id) && (row.visible || row.position !== RETIRED)) {
      await ctx.tx
        .update(garnishItems)
        .set({ visible: false, position: RETIRED })
        .where(eq(garnishItems.id, row.id));
      ctx.count('garnishItems', 'removed');
    }
  }
}

export async function removeGarnishGroup(
  ctx: ImportContext,
  row: typeof garnishGroups.$inferSelect,
  items: (typeof garnishItems.$inferSelect)[],
): Promise<void> {
  await removeGarnishItems(ctx, items);
  const [kept] = await ctx.tx
    .select({ id: garnishItems.id })
    .from(garnishItems)
    .where(eq(garnishItems.garnishGroupId, row.id))
    .limit(1);
  if (kept) {
    // Its ordered items are hidden; unlinking it keeps it off every plate.
    await ctx.tx.delete(plateGarnishGroups).where(eq(plateGarnishGroups.garnishGroupId, row.id));
  } else {
    await ctx.deleteRows('garnishGroups', garnishGroups, [row]);
  }
}

/** Menus of a kept branch that left the file, once no order mode points at them any more. */
export async function removeAbsentMenus(
  ctx: ImportContext,
  branchId: number,
  branch: TenantBranch | undefined,
): Promise<void> {
  const wanted = new Set((branch?.menus ?? []).map((menu) => menu.key));
  const rows = (await ctx.tx.select().from(menus).where(eq(menus.branchId, branchId))).filter(
    (row) => !wanted.has(row.key),
  );
  for (const row of rows) {
    const menuPlates = await ctx.tx.select().from(plates).where(eq(plates.menuId, row.id));
    await removePlates(ctx, menuPlates);
    await removeEmptyCategories(
      ctx,
      row.id,
      await ctx.tx.select().from(categories).where(eq(categories.menuId, row.id)),
    );
    const [pointedAt] = await ctx.tx
      .select({ id: orderModes.id })
      .from(orderModes)
      .where(eq(orderModes.menuId, row.id))
      .limit(1);
    const [platesLeft] = await ctx.tx
      .select({ id: plates.id })
      .from(plates)
      .where(eq(plates.menuId, row.id))
      .limit(1);
    if (!pointedAt && !platesLeft) await ctx.deleteRows('menus', menus, [row]);
  }
}
