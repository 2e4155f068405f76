/**
 * Filtering the menu by indicators (ours, beyond the spec: issue 12). A diner
 * toggles 'Sin TACC', 'Vegano', 'Vegetariano'; the menu keeps the plates that
 * carry every chosen indicator, the plate's own or its category's (a category
 * marked VEGANO vouches for each of its plates), and hides the categories left
 * empty. Several filters narrow (AND): a celiac vegan needs both at once.
 */
import { INDICATORS } from './indicators';

interface FilterablePlate {
  indicators: readonly string[];
}

interface FilterableCategory<P extends FilterablePlate> {
  indicators: readonly string[];
  plates: readonly P[];
}

/** The query parameter that keeps the chosen filters in the menu's URL (repeated: `?indicador=VEGANO&indicador=SIN_TACC`). */
export const MENU_FILTER_PARAM = 'indicador';

/**
 * The filters a menu offers: the catalogue's menu filters that some plate or
 * category of it carries, in catalogue order. A filter nothing matches is never shown.
 */
export function menuFilterOptions(categories: readonly FilterableCategory<FilterablePlate>[]): string[] {
  const used = new Set<string>();
  for (const category of categories) {
    if (category.plates.length === 0) continue;
    for (const code of category.indicators) used.add(code);
    for (const plate of category.plates) for (const code of plate.indicators) used.add(code);
  }
  return INDICATORS.filter((indicator) => indicator.menuFilter && used.has(indicator.code)).map(
    (indicator) => indicator.code,
  );
}

/**
 * The chosen filters from the URL's values: only options of this menu, each
 * once, in the options' order, so a stale or hand-written link never filters by
 * something the menu cannot show.
 */
export function menuFilterFromQuery(values: readonly string[], options: readonly string[]): string[] {
  return options.filter((code) => values.includes(code));
}

/** The categories with only the plates that carry every code (theirs or their category's); empty ones dropped. */
export function menuFilterByIndicators<P extends FilterablePlate, C extends FilterableCategory<P>>(
  categories: readonly C[],
  codes: readonly string[],
): C[] {
  if (codes.length === 0) return [...categories];
  const kept: C[] = [];
  for (const category of categories) {
    const plates = category.plates.filter((plate) =>
      codes.every((code) => plate.indicators.includes(code) || category.indicators.includes(code)),
    );
    if (plates.length > 0) kept.push({ ...category, plates });
  }
  return kept;
}
