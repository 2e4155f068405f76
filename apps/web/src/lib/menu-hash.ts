import type { ApiOrderMode } from '../types/api';

/**
 * The menu hash that decides whether a mode change keeps the cart
 * (`cartChangeOrderMode`). When the hash list could not be read (ordering §8:
 * an empty list), modes sharing a menu still share a key, so the cart survives
 * between them.
 */
export function menuHashOf(
  mode: Pick<ApiOrderMode, 'id' | 'menuId'>,
  hashes: ReadonlyMap<number, string>,
): string {
  return hashes.get(mode.id) ?? `menu-${mode.menuId}`;
}
