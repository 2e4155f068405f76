/**
 * Notes limits of the order and of each item (ordering §3 "Menu customization",
 * §5 "Cart and menu", §9). Lengths count characters as the diner sees them
 * (Unicode code points), so an emoji is never cut in half.
 */

/** ordering §9: the default limit of order and item notes. */
export const NOTES_DEFAULT_LIMIT = 250;

/** The notes fields of the menu customization. */
export interface NotesCustomization {
  orderNotesLimit?: number;
  hasOrderNotesLimit?: boolean;
  itemNotesLimit?: number;
  hasItemNotesLimit?: boolean;
}

/**
 * The limit for order or item notes, or null for no limit
 * (`hasOrderNotesLimit`/`hasItemNotesLimit` false). Missing limits are 250.
 */
export function notesLimit(
  customization: NotesCustomization | null | undefined,
  kind: 'order' | 'item',
): number | null {
  const has = kind === 'order' ? customization?.hasOrderNotesLimit : customization?.hasItemNotesLimit;
  if (has === false) return null;
  const limit = kind === 'order' ? customization?.orderNotesLimit : customization?.itemNotesLimit;
  return limit !== undefined && limit >= 0 ? limit : NOTES_DEFAULT_LIMIT;
}

/** Characters of a text, as the diner counts them. */
export function notesLength(text: string): number {
  return Array.from(text).length;
}

/** What the field keeps of the diner's input: everything beyond the limit is ignored. */
export function notesApplyInput(input: string, limit: number | null): string {
  if (limit === null) return input;
  const characters = Array.from(input);
  return characters.length <= limit ? input : characters.slice(0, limit).join('');
}

/** The counter under the field, `x/limit`; null when there is no limit. */
export function notesCounter(text: string, limit: number | null): string | null {
  return limit === null ? null : `${notesLength(text)}/${limit}`;
}

/** Whether notes fit their limit (the API re-checks what the field enforced). */
export function notesWithinLimit(text: string, limit: number | null): boolean {
  return limit === null || notesLength(text) <= limit;
}
