/** How points read on screen: grouped like the venue's numbers ('3.500'), a sign on a move ('+350', '−500'). */
import { moneyLocale } from '@comanda/domain/money';

const formats = new Map<string, Intl.NumberFormat>();

export function pointsText(points: number, countryCode: string, signed = false): string {
  const locale = moneyLocale(countryCode);
  let format = formats.get(locale);
  if (!format) {
    // 'always': Spanish CLDR data leaves 4-digit numbers ungrouped, the product groups them (money.ts).
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: 'always' });
    formats.set(locale, format);
  }
  const number = format.format(Math.abs(points));
  if (!signed || points === 0) return points < 0 ? `−${number}` : number;
  return points > 0 ? `+${number}` : `−${number}`;
}
