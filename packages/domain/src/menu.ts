/**
 * The menu as the diner sees it (ordering §3 "Menu", §5 "Cart and menu").
 */
import type { Category } from './types';

/** Categories shown on the menu: a category with no plates is hidden. */
export function menuVisibleCategories<C extends Pick<Category, 'plates'>>(categories: readonly C[]): C[] {
  return categories.filter((category) => category.plates.length > 0);
}
