/**
 * The table of a dine-in order (ordering §2 `tableNumber` on entry, §5 'Debe
 * ingresar número de mesa…'). A table QR code's link names the table: the
 * checkout fills it and the diner cannot change it, because the code is glued
 * to that table (docs/decisions/032-entry-parameters-and-catch-all.md). The
 * texts are ours: the spec names the parameter, not what the diner reads.
 */

/** The longest table the order accepts (the API's `tableUid`). */
export const TABLE_NUMBER_MAX_LENGTH = 40;

export const tableNumberMessages = {
  locked: 'Es la mesa del código QR que escaneaste.',
  otherMode: (table: string, dineInName: string) =>
    `La mesa ${table} de tu enlace solo se usa en ${dineInName}: este pedido no la lleva.`,
  noDineIn: (table: string) =>
    `Este local no toma pedidos en la mesa: el pedido no llevará la mesa ${table} de tu enlace.`,
} as const;

/**
 * The table a link names, or null when it names none usable: blank, longer
 * than the order accepts, or with control characters (a mangled link is
 * ignored and the diner types the table, rather than an order refused later).
 * Inner spaces are collapsed: `' Terraza  4 '` → `'Terraza 4'`.
 */
export function tableNumberFromLink(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  const table = raw.trim().replace(/\s+/g, ' ');
  return table !== '' && table.length <= TABLE_NUMBER_MAX_LENGTH ? table : null;
}

/**
 * What the checkout says about a link's table outside dine-in: nothing in
 * dine-in (the field shows it, locked), that it applies only to the dine-in
 * mode when the location has one, or that the location takes no table orders.
 */
export function tableNumberNote(input: {
  table: string | null;
  orderModeType: string;
  /** The show name of the location's active dine-in mode, or null when it has none. */
  dineInName: string | null;
}): string | null {
  if (!input.table || input.orderModeType === 'DINE_IN') return null;
  return input.dineInName
    ? tableNumberMessages.otherMode(input.table, input.dineInName)
    : tableNumberMessages.noDineIn(input.table);
}
