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

/**
 * (ours) The `source` of a table QR code's link (ordering §2's source
 * parameter): the order then names where it came from ('Origen: qr-mesa' in
 * the console's order detail, `acquisitionChannel` in the order).
 */
export const TABLE_NUMBER_LINK_SOURCE = 'qr-mesa';

/**
 * The link a table's QR code opens: the location's dine-in menu with the
 * table (`/menu/{alias}/{dine-in mode}?tableNumber={n}&source=qr-mesa`, ADR
 * 032: the link names the table, the path names the mode). `storefrontUrl` is
 * where the company's storefront lives (its own host or the public one),
 * without a trailing slash; `modeSegment` the dine-in mode's path segment.
 */
export function tableNumberLinkUrl(input: {
  storefrontUrl: string;
  alias: string;
  modeSegment: string;
  table: string;
}): string {
  const base = input.storefrontUrl.replace(/\/+$/, '');
  const query = `tableNumber=${encodeURIComponent(input.table)}&source=${TABLE_NUMBER_LINK_SOURCE}`;
  return `${base}/menu/${encodeURIComponent(input.alias)}/${encodeURIComponent(input.modeSegment)}?${query}`;
}

/** (decision) The most QR codes the console prints at once: a sheet run, not a stress test of the printer. */
export const TABLE_NUMBER_PRINT_MAX = 100;

/** (ours) The console's messages for a range of tables (staff: usted, COPY.md). */
export const tableNumberRangeMessages = {
  whole: 'Indique un número de mesa entero, de 1 en adelante',
  order: 'La última mesa debe ser igual o mayor que la primera',
  tooMany: `Se imprimen hasta ${TABLE_NUMBER_PRINT_MAX} mesas por vez`,
} as const;

export type TableNumberRangeCheck =
  | { ok: true; tables: number[] }
  | { ok: false; fields: Partial<Record<'from' | 'to', string>> };

/**
 * The tables from `from` to `to`, both included, as typed in the console: each
 * a whole number from 1 (no decimals, signs or letters), `to` not below
 * `from`, and at most TABLE_NUMBER_PRINT_MAX of them. Errors name the field.
 */
export function tableNumberRangeCheck(from: string, to: string): TableNumberRangeCheck {
  const read = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null);
  const first = read(from);
  const last = read(to);
  const fields: Partial<Record<'from' | 'to', string>> = {};
  if (first === null || first < 1) fields.from = tableNumberRangeMessages.whole;
  if (last === null || last < 1) fields.to = tableNumberRangeMessages.whole;
  if (fields.from || fields.to || first === null || last === null) return { ok: false, fields };
  if (last < first) return { ok: false, fields: { to: tableNumberRangeMessages.order } };
  if (last - first + 1 > TABLE_NUMBER_PRINT_MAX)
    return { ok: false, fields: { to: tableNumberRangeMessages.tooMany } };
  return { ok: true, tables: Array.from({ length: last - first + 1 }, (_, index) => first + index) };
}
