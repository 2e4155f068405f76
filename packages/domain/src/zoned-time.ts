/**
 * Wall-clock arithmetic in an IANA time zone with nothing but Intl.DateTimeFormat.
 * Instants are epoch milliseconds; local dates are plain {year, month, day}.
 * Used by schedules (open now, slots) and by menu discounts' `validDays`.
 */
import type { DayOfWeek } from './types';

/** A calendar date with no time zone (month 1–12). */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** What a wall clock in a zone shows at an instant. */
export interface ZonedParts extends LocalDate {
  hour: number;
  minute: number;
  second: number;
  dayOfWeek: DayOfWeek;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const UTC_DAY_NAMES: readonly DayOfWeek[] = [
  'SUNDAY',
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
];

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Epoch milliseconds of a `number | Date`. */
export function toEpoch(instant: number | Date): number {
  return typeof instant === 'number' ? instant : instant.getTime();
}

/** The wall clock of `timeZone` at `instant`. Throws RangeError on an unknown zone. */
export function zonedParts(instant: number | Date, timeZone: string): ZonedParts {
  const epoch = toEpoch(instant);
  // Zone offsets are whole minutes: within the minute last asked of a zone only the second moves. An order's
  // checks ask the same instant many times, and formatToParts is the dearest of them.
  const minute = Math.floor(epoch / 60_000);
  const known = lastMinuteOf.get(timeZone);
  if (known?.minute === minute) {
    return { ...known.parts, second: Math.floor((epoch - minute * 60_000) / 1000) };
  }
  const parts = zonedPartsFormatted(epoch, timeZone);
  if (lastMinuteOf.size >= ZONES_REMEMBERED) lastMinuteOf.clear();
  lastMinuteOf.set(timeZone, { minute, parts });
  return parts;
}

const ZONES_REMEMBERED = 64;
const lastMinuteOf = new Map<string, { minute: number; parts: ZonedParts }>();

function zonedPartsFormatted(epoch: number, timeZone: string): ZonedParts {
  const values: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(epoch)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const date = { year: values.year ?? 0, month: values.month ?? 1, day: values.day ?? 1 };
  return {
    ...date,
    // Some engines print midnight as 24 even with h23.
    hour: (values.hour ?? 0) % 24,
    minute: values.minute ?? 0,
    second: values.second ?? 0,
    dayOfWeek: localDateDayOfWeek(date),
  };
}

/** The local date of `timeZone` at `instant`. */
export function zonedDate(instant: number | Date, timeZone: string): LocalDate {
  const { year, month, day } = zonedParts(instant, timeZone);
  return { year, month, day };
}

/** The weekday of `timeZone` at `instant` (for `validDays`). */
export function zonedDayOfWeek(instant: number | Date, timeZone: string): DayOfWeek {
  return zonedParts(instant, timeZone).dayOfWeek;
}

/** Minutes the zone is ahead of UTC at `instant` (-180 for Buenos Aires). */
export function zonedOffsetMinutes(instant: number, timeZone: string): number {
  const parts = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / MINUTE_MS);
}

/**
 * The instant at which the wall clock of `timeZone` shows `date` plus
 * `minuteOfDay` minutes (which may pass 1440 into the next days).
 * `exists` is false inside a daylight-saving gap; the instant is then the one
 * right after the gap (as `Temporal`'s 'compatible' does). In a repeated hour
 * the earlier instant is returned.
 */
export function zonedInstant(
  date: LocalDate,
  minuteOfDay: number,
  timeZone: string,
): { instant: number; exists: boolean } {
  const local = Date.UTC(date.year, date.month - 1, date.day, 0, minuteOfDay);
  const offsets = new Set([
    zonedOffsetMinutes(local - DAY_MS, timeZone),
    zonedOffsetMinutes(local, timeZone),
    zonedOffsetMinutes(local + DAY_MS, timeZone),
  ]);
  const candidates = [...offsets].map((offset) => local - offset * MINUTE_MS).sort((a, b) => a - b);
  const target = new Date(local);
  const matching = candidates.filter((candidate) => {
    const parts = zonedParts(candidate, timeZone);
    return (
      parts.year === target.getUTCFullYear() &&
      parts.month === target.getUTCMonth() + 1 &&
      parts.day === target.getUTCDate() &&
      parts.hour === target.getUTCHours() &&
      parts.minute === target.getUTCMinutes()
    );
  });
  const first = matching[0];
  if (first !== undefined) return { instant: first, exists: true };
  return { instant: candidates[candidates.length - 1] ?? local, exists: false };
}

/** The date `days` after `date` (negative goes back). */
export function localDateAddDays(date: LocalDate, days: number): LocalDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** The weekday of a calendar date. */
export function localDateDayOfWeek(date: LocalDate): DayOfWeek {
  return UTC_DAY_NAMES[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()] ?? 'SUNDAY';
}

/** `YYYY-MM-DD`. */
export function localDateIso(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** Reads `YYYY-MM-DD`; null when malformed. */
export function localDateParse(text: string): LocalDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return localDateIso(localDateAddDays(date, 0)) === text ? date : null;
}

/** Minutes after midnight of `HH:MM` (`00:00`–`23:59`); null when malformed. */
export function timeOfDayParse(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** `HH:MM` of minutes after midnight (wrapping past 24 h). */
export function timeOfDayFormat(minuteOfDay: number): string {
  const wrapped = ((minuteOfDay % 1440) + 1440) % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}
