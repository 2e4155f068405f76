/**
 * Searching the menu (ours, beyond the spec: issue 18). A diner types in
 * 'Buscar en el menú'; the menu keeps the plates whose name or description
 * holds every word typed, whatever the case and the accents ('Limon' finds
 * 'Limón', 'ÑOQUIS' finds 'ñoquis'), and hides the categories left empty.
 * Words narrow (AND), in any order: 'pollo limon' finds 'Pollo al limón' and
 * 'Pollo grillado con salsa de limón'. A blank query keeps the whole menu.
 */

interface SearchablePlate {
  showName: string;
  description?: string;
}

interface SearchableCategory<P extends SearchablePlate> {
  plates: readonly P[];
}

/** Lower case without diacritics (NFD splits 'á' into 'a' and its accent, which is dropped). */
function menuSearchFold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The query's words, folded; none for a blank query. */
export function menuSearchWords(query: string): string[] {
  return menuSearchFold(query).split(/\s+/).filter(Boolean);
}

/** Whether the plate's name or description holds every word (each word may sit in either). */
export function menuSearchMatches(plate: SearchablePlate, words: readonly string[]): boolean {
  const text = menuSearchFold(`${plate.showName}\n${plate.description ?? ''}`);
  return words.every((word) => text.includes(word));
}

/** The categories with only the plates that match the query, in menu order; empty ones dropped. */
export function menuSearchFilter<P extends SearchablePlate, C extends SearchableCategory<P>>(
  categories: readonly C[],
  query: string,
): C[] {
  const words = menuSearchWords(query);
  if (words.length === 0) return [...categories];
  const kept: C[] = [];
  for (const category of categories) {
    const plates = category.plates.filter((plate) => menuSearchMatches(plate, words));
    if (plates.length > 0) kept.push({ ...category, plates });
  }
  return kept;
}
