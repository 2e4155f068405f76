/** The rider app's readings of money, times and phones (the product's formats). */
import { type MoneyCountry, moneyFormat, moneyToMinor } from '@comanda/domain/money';
import { phoneParse } from '@comanda/domain/phone';
import { zonedDate, zonedParts } from '@comanda/domain/zoned-time';

/** An amount in major units as the API sends it: '$ 8.000'. */
export function riderMoney(amount: number, country: MoneyCountry): string {
  return moneyFormat(moneyToMinor(amount, country.mantissaLength), country);
}

const two = (value: number) => String(value).padStart(2, '0');

/** '21:30' in the location's time zone; 'ayer 21:30' or '18/11 21:30' for another day. */
export function riderTime(iso: string, timeZone: string, now: number): string {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return '';
  const parts = zonedParts(at, timeZone);
  const time = `${two(parts.hour)}:${two(parts.minute)}`;
  const today = zonedDate(now, timeZone);
  const yesterday = zonedDate(now - 86_400_000, timeZone);
  const same = (day: { year: number; month: number; day: number }) =>
    day.year === parts.year && day.month === parts.month && day.day === parts.day;
  if (same(today)) return time;
  if (same(yesterday)) return `ayer ${time}`;
  return `${parts.day}/${parts.month} ${time}`;
}

/** A phone as a person reads it ('+54 9 11 5555-0101'), or as given when it cannot be parsed. */
export function riderPhoneText(e164: string): string {
  return phoneParse(e164)?.international ?? e164;
}
