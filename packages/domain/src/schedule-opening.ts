/**
 * "Open now, closes at…" / "Closed, opens at…" of an order mode (ADR 054):
 * what the console's hours editor previews on an unsaved draft, from the same
 * shift rules the storefront and the server use (schedule.ts), special days
 * included. Lives apart from schedule.ts so the storefront's first load does
 * not carry it.
 */
import { scheduleShiftsOn } from './schedule';
import type { DayOfWeek, Schedule, SpecialDay } from './types';
import {
  type LocalDate,
  localDateAddDays,
  localDateIso,
  toEpoch,
  zonedDate,
  zonedInstant,
  zonedParts,
} from './zoned-time';

/** (decision) How far ahead the next opening is looked for, today included. */
export const SCHEDULE_OPENING_DAYS_AHEAD = 8;

/** An instant with the wall clock it shows in the location's zone. */
export interface ScheduleMoment {
  at: number;
  /** Local `YYYY-MM-DD`. */
  date: string;
  /** Local `HH:MM`. */
  time: string;
  dayOfWeek: DayOfWeek;
  /** Local days after the day of `now` (0 today, 1 tomorrow). */
  daysAfter: number;
}

export type ScheduleOpening =
  | { open: true; closesAt: ScheduleMoment }
  /** `opensAt` null: no shift in the next `SCHEDULE_OPENING_DAYS_AHEAD` days. */
  | { open: false; opensAt: ScheduleMoment | null };

const DAY_MS = 86_400_000;

function moment(at: number, today: LocalDate, timeZone: string): ScheduleMoment {
  const parts = zonedParts(at, timeZone);
  const date = { year: parts.year, month: parts.month, day: parts.day };
  const daysAfter = Math.round(
    (Date.UTC(date.year, date.month - 1, date.day) - Date.UTC(today.year, today.month - 1, today.day)) /
      DAY_MS,
  );
  return {
    at,
    date: localDateIso(date),
    time: `${String(parts.hour).padStart(2, '0')}:${String(parts.minute).padStart(2, '0')}`,
    dayOfWeek: parts.dayOfWeek,
    daysAfter,
  };
}

/**
 * Whether the mode is open at `now` and until when (shifts that touch or
 * overlap count as one: 12:00–15:00 and 15:00–23:00 close at 23:00), or when
 * it opens next. Manual closing and `orderEnabled` are the caller's.
 */
export function scheduleOpening(
  schedules: readonly Schedule[],
  now: number | Date,
  timeZone: string,
  specialDays?: readonly SpecialDay[],
): ScheduleOpening {
  const at = toEpoch(now);
  const today = zonedDate(at, timeZone);
  const intervals: { start: number; end: number }[] = [];
  for (let offset = -1; offset < SCHEDULE_OPENING_DAYS_AHEAD; offset++) {
    const date = localDateAddDays(today, offset);
    for (const shift of scheduleShiftsOn(schedules, date, specialDays)) {
      const start = zonedInstant(date, shift.start, timeZone).instant;
      const end = zonedInstant(date, shift.end, timeZone).instant;
      if (end > start) intervals.push({ start, end });
    }
  }
  intervals.sort((a, b) => a.start - b.start);
  const current = intervals.find((interval) => at >= interval.start && at < interval.end);
  if (current) {
    let end = current.end;
    for (const interval of intervals) {
      if (interval.start <= end && interval.end > end) end = interval.end;
    }
    return { open: true, closesAt: moment(end, today, timeZone) };
  }
  const next = intervals.find((interval) => interval.start > at);
  return { open: false, opensAt: next ? moment(next.start, today, timeZone) : null };
}

/** (ours) The console's words for the preview, staff voice. */
export const scheduleOpeningMessages = {
  open: 'Abierto ahora',
  closed: 'Cerrado',
  closes: 'cierra',
  opens: 'abre',
  today: 'hoy',
  tomorrow: 'mañana',
  noOpening: 'sin horarios en los próximos 7 días',
  separator: ' · ',
  /** Weekday names after 'abre el …'. */
  dayNames: {
    MONDAY: 'lunes',
    TUESDAY: 'martes',
    WEDNESDAY: 'miércoles',
    THURSDAY: 'jueves',
    FRIDAY: 'viernes',
    SATURDAY: 'sábado',
    SUNDAY: 'domingo',
  },
} as const;

function momentWhen(value: ScheduleMoment, sameDayWord: string | null): string {
  const m = scheduleOpeningMessages;
  // Closing at 00:00 is tonight's midnight, not 'mañana 00:00'.
  const midnight = sameDayWord === null && value.daysAfter === 1 && value.time === '00:00';
  if (value.daysAfter === 0 || midnight) return sameDayWord ? `${sameDayWord} ${value.time}` : value.time;
  if (value.daysAfter === 1) return `${m.tomorrow} ${value.time}`;
  if (value.daysAfter < 7) return `el ${m.dayNames[value.dayOfWeek]} ${value.time}`;
  const [, month, day] = value.date.split('-');
  return `el ${day}/${month} ${value.time}`;
}

/**
 * 'Abierto ahora · cierra 23:30', 'Abierto ahora · cierra 00:00' (midnight), 'Abierto ahora · cierra mañana 02:00',
 * 'Cerrado · abre hoy 19:30', 'Cerrado · abre mañana 12:00',
 * 'Cerrado · abre el lunes 12:00', 'Cerrado · sin horarios en los próximos 7 días'.
 */
export function scheduleOpeningText(opening: ScheduleOpening): string {
  const m = scheduleOpeningMessages;
  if (opening.open) return `${m.open}${m.separator}${m.closes} ${momentWhen(opening.closesAt, null)}`;
  if (!opening.opensAt) return `${m.closed}${m.separator}${m.noOpening}`;
  return `${m.closed}${m.separator}${m.opens} ${momentWhen(opening.opensAt, m.today)}`;
}
