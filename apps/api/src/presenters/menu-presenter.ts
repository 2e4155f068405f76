/**
 * Menu rows → the diner menu (ordering §3 "Menu", "Plate", "Extra group"),
 * assembled in memory from the handful of queries of `menuRowsLoad`.
 *
 * What a diner never sees: categories without plates, inactive plates, hidden
 * garnish items (never selectable), groups left without any item, and discounts
 * of plates that are not in this menu.
 */
import { type SoldOutKeys, soldOutItemKey } from '@comanda/domain/sold-out';
import type {
  CategoryRow,
  GarnishGroupRow,
  GarnishItemRow,
  MenuDiscountRow,
  MenuRows,
  PlateRow,
  PlateSizeRow,
} from '../repositories/menu-repository';
import type { CategoryView, GarnishGroupView, MenuDiscountView, MenuView, PlateView } from '../schemas/diner';
import { isDayOfWeek, major, textOrNull } from './present-utils';

/** The cart's default quantity cap (ordering §9) when a plate sets none. */
export const DEFAULT_MAX_QUANTITY = 9_999_999;

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** Nothing sold out (a menu read outside any location). */
const NOTHING_SOLD_OUT: SoldOutKeys = { plates: new Set(), sizes: new Set(), garnishItems: new Set() };

/** `{ soldOut: true }` when the key is sold out, else nothing: the body stays as small as before. */
function soldOutFlag(set: ReadonlySet<string>, key: string): { soldOut?: true } {
  return set.has(key) ? { soldOut: true } : {};
}

function garnishGroupPresent(
  group: GarnishGroupRow,
  items: readonly GarnishItemRow[],
  mantissaLength: number,
  soldOut: SoldOutKeys,
): GarnishGroupView {
  return {
    groupId: group.id,
    groupName: group.groupName,
    minGarnishAmount: group.minGarnishAmount,
    maxGarnishAmount: group.maxGarnishAmount,
    multipleSelection: group.multipleSelection,
    mandatory: group.mandatory,
    groupItems: items.map((item) => ({
      id: item.id,
      name: item.name,
      price: major(item.price, mantissaLength),
      description: textOrNull(item.description),
      visible: item.visible,
      ...soldOutFlag(soldOut.garnishItems, soldOutItemKey(group.key, item.key)),
    })),
  };
}

function platePresent(
  plate: PlateRow,
  context: {
    category: CategoryRow;
    sizes: readonly PlateSizeRow[];
    groups: readonly GarnishGroupView[];
    mantissaLength: number;
    soldOut: SoldOutKeys;
  },
): PlateView {
  const sized = context.sizes.length > 0;
  return {
    id: plate.id,
    showName: plate.showName,
    description: textOrNull(plate.description),
    price: sized || plate.price === null ? null : major(plate.price, context.mantissaLength),
    sizes: context.sizes.map((size) => ({
      id: size.id,
      name: size.name,
      price: major(size.price, context.mantissaLength),
      ...soldOutFlag(context.soldOut.sizes, soldOutItemKey(plate.key, size.key)),
    })),
    garnishGroups: [...context.groups],
    category: {
      id: context.category.id,
      name: context.category.name,
      showName: context.category.showName,
    },
    indicators: plate.indicators,
    hasIndicators: plate.indicators.length > 0,
    withImage: Boolean(plate.imageUrl),
    maxQuantity: plate.maxQuantity ?? DEFAULT_MAX_QUANTITY,
    ...soldOutFlag(context.soldOut.plates, plate.key),
  };
}

/**
 * A menu discount limited to the given plates (ids by key), or null when none
 * of its plates is in the menu or its amount is missing for its type.
 */
export function menuDiscountPresent(
  row: MenuDiscountRow,
  plateIdsByKey: ReadonlyMap<string, readonly number[]>,
  mantissaLength: number,
): MenuDiscountView | null {
  const plates = [...new Set(row.plateKeys.flatMap((key) => plateIdsByKey.get(key) ?? []))].sort(
    (a, b) => a - b,
  );
  if (plates.length === 0) return null;
  const common = { id: row.id, plates, validDays: row.validDays.filter(isDayOfWeek) };
  switch (row.type) {
    case 'PERCENT':
      return row.percentage === null ? null : { ...common, type: 'PERCENT', percentage: row.percentage };
    case 'FIXED':
      return row.fixedDiscount === null
        ? null
        : { ...common, type: 'FIXED', fixedDiscount: major(row.fixedDiscount, mantissaLength) };
    case 'MULTIPLE':
      return row.buy === null || row.pay === null
        ? null
        : { ...common, type: 'MULTIPLE', buy: row.buy, pay: row.pay };
    case 'FINAL_PRICE':
      return row.finalPrice === null
        ? null
        : { ...common, type: 'FINAL_PRICE', finalPrice: major(row.finalPrice, mantissaLength) };
  }
}

/** Plate ids by plate key: the index discounts are resolved with. */
export function plateIdsByKey(plates: readonly { id: number; key: string }[]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const plate of plates) {
    const ids = map.get(plate.key);
    if (ids) ids.push(plate.id);
    else map.set(plate.key, [plate.id]);
  }
  return map;
}

/**
 * Builds the diner menu body from the rows of one menu, with what is sold out
 * at the location serving it flagged `soldOut: true`. Money leaves in major units.
 */
export function menuPresent(
  rows: MenuRows,
  mantissaLength: number,
  soldOut: SoldOutKeys = NOTHING_SOLD_OUT,
): MenuView {
  const itemsByGroup = groupBy(rows.garnishItems, (item) => item.garnishGroupId);
  const groupViews = new Map<number, GarnishGroupView>();
  for (const group of rows.garnishGroups) {
    const items = itemsByGroup.get(group.id) ?? [];
    // A group whose every item is hidden offers nothing to choose; a mandatory one would block the plate.
    if (items.length > 0)
      groupViews.set(group.id, garnishGroupPresent(group, items, mantissaLength, soldOut));
  }
  const linksByPlate = groupBy(rows.plateGarnishGroups, (link) => link.plateId);
  const sizesByPlate = groupBy(rows.sizes, (size) => size.plateId);
  const categoriesById = new Map(rows.categories.map((category) => [category.id, category]));

  const plateViews = new Map<number, PlateView>();
  for (const plate of rows.plates) {
    const category = categoriesById.get(plate.categoryId);
    if (!category) continue;
    const groups = (linksByPlate.get(plate.id) ?? [])
      .map((link) => groupViews.get(link.garnishGroupId))
      .filter((group): group is GarnishGroupView => group !== undefined);
    plateViews.set(
      plate.id,
      platePresent(plate, {
        category,
        sizes: sizesByPlate.get(plate.id) ?? [],
        groups,
        mantissaLength,
        soldOut,
      }),
    );
  }

  const platesByCategory = groupBy(rows.plates, (plate) => plate.categoryId);
  const categories: CategoryView[] = rows.categories.flatMap((category) => {
    const plates = (platesByCategory.get(category.id) ?? [])
      .map((plate) => plateViews.get(plate.id))
      .filter((plate): plate is PlateView => plate !== undefined);
    if (plates.length === 0) return [];
    return [
      {
        id: category.id,
        name: category.name,
        showName: category.showName,
        description: textOrNull(category.description),
        withImage: Boolean(category.imageUrl),
        indicators: category.indicators,
        hasIndicators: category.indicators.length > 0,
        plates,
      },
    ];
  });

  const ordered = (position: (plate: PlateRow) => number | null): PlateView[] =>
    rows.plates
      .filter((plate) => position(plate) !== null && plateViews.has(plate.id))
      .sort((a, b) => (position(a) ?? 0) - (position(b) ?? 0) || a.id - b.id)
      .map((plate) => plateViews.get(plate.id) as PlateView);

  const idsByKey = plateIdsByKey(rows.plates.filter((plate) => plateViews.has(plate.id)));
  const discounts = rows.discounts
    .map((discount) => menuDiscountPresent(discount, idsByKey, mantissaLength))
    .filter((discount): discount is MenuDiscountView => discount !== null);

  return {
    id: rows.menu.id,
    name: rows.menu.name,
    categories,
    remarkeds: ordered((plate) => plate.remarkedOrder),
    upselleds: ordered((plate) => plate.upselledOrder),
    discounts,
  };
}
