/**
 * Paths of the storefront (ordering §2, follow-up §2.1): `/menu/{alias}`,
 * `/menu/{alias}/{mode}` with `{category}` and `{category}/{plate}`, and
 * `/menu/{alias}/preview`. The mode segment is the order mode's show name (or
 * type), read without regard to case, accents, spaces, dashes or underscores.
 */

/** Second-level segments that are never an order mode. */
export const RESERVED_MODE_SEGMENTS: readonly string[] = ['preview', 'checkout', 'order'];

/** A text as a path segment: `Retiro en el Local` → `retiro-en-el-local`. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The path segment of an order mode: its show name, or its type when the name has no letters. */
export function modeSegment(mode: { type: string; showName: string }): string {
  return slugify(mode.showName) || slugify(mode.type);
}

/** Whether a path segment names a mode (by show name or by type). */
export function modeMatches(segment: string, mode: { type: string; showName: string }): boolean {
  const wanted = slugify(decodeURIComponent(segment));
  return wanted !== '' && (wanted === slugify(mode.showName) || wanted === slugify(mode.type));
}

/** The mode a segment names, or null (an unknown mode is an error screen). */
export function modeFind<M extends { type: string; showName: string }>(
  modes: readonly M[],
  segment: string,
): M | null {
  if (RESERVED_MODE_SEGMENTS.includes(segment.toLowerCase())) return null;
  // The show name wins over the type, so two modes of one type stay reachable.
  return (
    modes.find((mode) => slugify(decodeURIComponent(segment)) === slugify(mode.showName)) ??
    modes.find((mode) => modeMatches(segment, mode)) ??
    null
  );
}

/** `/menu/{alias}` */
export function aliasPath(alias: string): string {
  return `/menu/${encodeURIComponent(alias)}`;
}

/** `/menu/{alias}/{mode}` */
export function modePath(alias: string, mode: { type: string; showName: string }): string {
  return `${aliasPath(alias)}/${modeSegment(mode)}`;
}

/** `/menu/{alias}/preview` (the cart). */
export function cartPath(alias: string): string {
  return `${aliasPath(alias)}/preview`;
}

/** `/menu/{alias}/checkout`. */
export function checkoutPath(alias: string): string {
  return `${aliasPath(alias)}/checkout`;
}
