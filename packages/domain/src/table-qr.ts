/**
 * A location's printable table QR codes (issue 12, beyond the spec): the link
 * each code carries and the console's range of tables to print. Kept apart
 * from table-number.ts (what the checkout reads from such a link) so that the
 * checkout's chunk does not carry the console's rules, nor the console share
 * a chunk with the checkout.
 */

/**
 * (ours) The `source` of a table QR code's link (ordering §2's source
 * parameter): the order then names where it came from ('Origen: qr-mesa' in
 * the console's order detail, `acquisitionChannel` in the order).
 */
export const TABLE_QR_LINK_SOURCE = 'qr-mesa';

/**
 * The link a table's QR code opens: the location's dine-in menu with the
 * table (`/menu/{alias}/{dine-in mode}?tableNumber={n}&source=qr-mesa`, ADR
 * 032: the link names the table, the path names the mode). `storefrontUrl` is
 * where the company's storefront lives (its own host or the public one),
 * without a trailing slash; `modeSegment` the dine-in mode's path segment.
 */
export function tableQrLinkUrl(input: {
  storefrontUrl: string;
  alias: string;
  modeSegment: string;
  table: string;
}): string {
  const base = input.storefrontUrl.replace(/\/+$/, '');
  const query = `tableNumber=${encodeURIComponent(input.table)}&source=${TABLE_QR_LINK_SOURCE}`;
  return `${base}/menu/${encodeURIComponent(input.alias)}/${encodeURIComponent(input.modeSegment)}?${query}`;
}

/** (decision) The most QR codes the console prints at once: a sheet run, not a stress test of the printer. */
export const TABLE_QR_PRINT_MAX = 100;

/** (ours) The console's messages for a range of tables (staff: usted, COPY.md). */
export const tableQrRangeMessages = {
  whole: 'Indique un número de mesa entero, de 1 en adelante',
  order: 'La última mesa debe ser igual o mayor que la primera',
  tooMany: `Se imprimen hasta ${TABLE_QR_PRINT_MAX} mesas por vez`,
} as const;

export type TableQrRangeCheck =
  | { ok: true; tables: number[] }
  | { ok: false; fields: Partial<Record<'from' | 'to', string>> };

/**
 * The tables from `from` to `to`, both included, as typed in the console: each
 * a whole number from 1 (no decimals, signs or letters), `to` not below
 * `from`, and at most TABLE_QR_PRINT_MAX of them. Errors name the field.
 */
export function tableQrRangeCheck(from: string, to: string): TableQrRangeCheck {
  const read = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : null);
  const first = read(from);
  const last = read(to);
  const fields: Partial<Record<'from' | 'to', string>> = {};
  if (first === null || first < 1) fields.from = tableQrRangeMessages.whole;
  if (last === null || last < 1) fields.to = tableQrRangeMessages.whole;
  if (fields.from || fields.to || first === null || last === null) return { ok: false, fields };
  if (last < first) return { ok: false, fields: { to: tableQrRangeMessages.order } };
  if (last - first + 1 > TABLE_QR_PRINT_MAX)
    return { ok: false, fields: { to: tableQrRangeMessages.tooMany } };
  return { ok: true, tables: Array.from({ length: last - first + 1 }, (_, index) => first + index) };
}
