/** Small conversions every presenter shares: money to major units, urls, days of week. */
import { moneyMinor, moneyToMajor } from '@comanda/domain/money';
import type { DayOfWeek } from '../schemas/diner';

/** Minor units from the database → the major-unit number the API's JSON carries. */
export function major(minor: number, mantissaLength: number): number {
  return moneyToMajor(moneyMinor(minor), mantissaLength);
}

/** Like `major`, for an optional amount. */
export function majorOrNull(minor: number | null, mantissaLength: number): number | null {
  return minor === null ? null : major(minor, mantissaLength);
}

/**
 * An image url as the browser can load it: absolute urls (and data: urls) as
 * they are, relative ones under the public address of this server. Empty → null.
 */
export function publicUrlOf(url: string | null | undefined, publicUrl: string): string | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  if (/^(https?:|data:)/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('//')) return `https:${trimmed}`;
  return `${publicUrl}/${trimmed.replace(/^\/+/, '')}`;
}

const DAYS: readonly DayOfWeek[] = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
];

/** The week, Monday first. */
export const daysOfWeek = DAYS;

/** Narrows a stored day name to the spec's `MONDAY`…`SUNDAY`. */
export function isDayOfWeek(value: string): value is DayOfWeek {
  return (DAYS as readonly string[]).includes(value);
}

/** `text` or null when empty. */
export function textOrNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}
