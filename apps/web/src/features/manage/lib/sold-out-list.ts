/** The 'Agotados' list: one mark applied to it, and the search over it. */
import type { SoldOutItem, SoldOutList, SoldOutMark } from '../api/sold-out-api';

function itemApply<T extends SoldOutItem>(item: T, mark: SoldOutMark): T {
  return item.itemKey === mark.itemKey ? { ...item, soldOut: mark.soldOut, until: mark.until } : item;
}

/** The list with one item's new state (a PUT's answer or another console's `sold-out-updated`). */
export function soldOutApply(list: SoldOutList, mark: SoldOutMark): SoldOutList {
  return {
    ...list,
    categories: list.categories.map((category) => ({
      ...category,
      plates: category.plates.map((plate) => ({
        ...(mark.kind === 'PLATE' ? itemApply(plate, mark) : plate),
        sizes: mark.kind === 'SIZE' ? plate.sizes.map((size) => itemApply(size, mark)) : plate.sizes,
      })),
    })),
    garnishGroups:
      mark.kind === 'GARNISH_ITEM'
        ? list.garnishGroups.map((group) => ({
            ...group,
            items: group.items.map((item) => itemApply(item, mark)),
          }))
        : list.garnishGroups,
  };
}

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** What matches the search, accents and case aside: plates by name or category, garnish items by name or group. */
export function soldOutMatches(
  list: SoldOutList,
  search: string,
): Pick<SoldOutList, 'categories' | 'garnishGroups'> {
  const wanted = folded(search.trim());
  if (!wanted) return list;
  const has = (text: string) => folded(text).includes(wanted);
  return {
    categories: list.categories
      .map((category) => ({
        ...category,
        plates: has(category.name) ? category.plates : category.plates.filter((plate) => has(plate.name)),
      }))
      .filter((category) => category.plates.length > 0),
    garnishGroups: list.garnishGroups
      .map((group) => ({
        ...group,
        items: has(group.name) ? group.items : group.items.filter((item) => has(item.name)),
      }))
      .filter((group) => group.items.length > 0),
  };
}
