/**
 * Keys of what a venue adds from the console (a menu, a category, a plate, a
 * size, a garnish group or item): made from the name as typed, once, and never
 * changed after the first save — orders, sold-out marks and discounts name
 * items by key (ADR 053).
 */

/** The longest key the tenant format accepts is 100; a readable slug stays well under it. */
export const MENU_KEY_MAX = 60;

/**
 * `Milanesa napolitana` → `milanesa-napolitana`: lower-case ASCII letters and
 * digits joined by single dashes (accents dropped, `ñ` → `n`). A name with no
 * letter or digit gives `item`.
 */
export function menuKeySlug(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MENU_KEY_MAX)
    .replace(/-+$/g, '');
  return slug || 'item';
}

/**
 * A new key for `name`, unique among `taken` (the keys already in its list):
 * the slug, or the slug with `-2`, `-3`… on a clash.
 */
export function menuKeyFromName(name: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = menuKeySlug(name);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
