/**
 * Schedules of an order mode (ordering §3 "Order mode > schedules", §4/§5
 * "Scheduling"): open now, the days and slots offered for a scheduled order,
 * the nearest valid slot, forcing 'Programado', the closed notices and the
 * 'Horarios del Local' table.
 *
 * Working hours are wall-clock times of the branch contact's IANA zone. A shift
 * whose `endAt` is not after its `startAt` runs past midnight and belongs to the
 * day it starts (Friday 19:30–02:00 is open at 01:00 on Saturday and its slots
 * are listed under Friday); `00:00` as `endAt` is midnight.
 *
 * Slots are wall-clock times on a 15-minute grid (:00, :15, :30, :45). On
 * daylight-saving days a time that does not exist is not offered and a time
 * that happens twice is offered once (its first occurrence), so every slot the
 * diner sees is a real, unique time; a daytime shift keeps exactly its slots.
 *
 * Special days (ADR 054): a date listed in the mode's `specialDays` has those
 * hours instead of its weekday's (none: closed). A shift still belongs to the
 * day it starts, so the night before a holiday runs past midnight into it as
 * usual, and a special day's own late shift runs into the next morning.
 */
import { scheduleMessages } from './messages';
import {
  DAYS_OF_WEEK,
  type DayOfWeek,
  type Minutes,
  minutes,
  type Schedule,
  type SpecialDay,
  type WorkingHours,
} from './types';
import {
  type LocalDate,
  localDateAddDays,
  localDateDayOfWeek,
  localDateIso,
  timeOfDayFormat,
  timeOfDayParse,
  toEpoch,
  zonedDate,
  zonedInstant,
} from './zoned-time';

/** (decision) Minutes between two offered slots. */
export const SCHEDULE_SLOT_STEP_MINUTES: Minutes = minutes(15);

/** (decision) Days offered for a scheduled order, today included. */
export const SCHEDULE_DAYS_AHEAD = 7;

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

/** A shift in minutes after the midnight of the day it starts; `end` may pass 1440. */
export interface ScheduleShift {
  start: number;
  end: number;
}

/** An offered time: its wall-clock label and the instant it stands for. */
export interface ScheduleSlot {
  /** `HH:MM` in the branch contact's zone. */
  time: string;
  /** Epoch milliseconds (the order's `scheduledAt`). */
  at: number;
}

/** An offered day with its slots. */
export interface ScheduleDay {
  /** `YYYY-MM-DD` of the day the shifts start. */
  date: string;
  dayOfWeek: DayOfWeek;
  slots: ScheduleSlot[];
}

/** Reads one `{startAt, endAt}` pair; null when either time is malformed. */
export function scheduleShiftParse(hours: WorkingHours): ScheduleShift | null {
  const start = timeOfDayParse(hours.startAt);
  const end = timeOfDayParse(hours.endAt);
  if (start === null || end === null) return null;
  return { start, end: end <= start ? end + DAY_MINUTES : end };
}

/** Parsed shifts, malformed ones skipped, sorted by start. */
function shiftsSorted(hours: readonly WorkingHours[]): ScheduleShift[] {
  return hours
    .map(scheduleShiftParse)
    .filter((shift) => shift !== null)
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The shifts of a weekday across every schedule and config of the mode, sorted by start. */
export function scheduleShifts(schedules: readonly Schedule[], dayOfWeek: DayOfWeek): ScheduleShift[] {
  return shiftsSorted(
    schedules.flatMap((schedule) =>
      schedule.scheduleConfigs.flatMap((config) =>
        config.workingDays.flatMap((day) => (day.dayOfWeek === dayOfWeek ? day.workingHours : [])),
      ),
    ),
  );
}

/** The shifts starting on a local date: a special day's hours replace its weekday's. */
export function scheduleShiftsOn(
  schedules: readonly Schedule[],
  date: LocalDate,
  specialDays: readonly SpecialDay[] = [],
): ScheduleShift[] {
  const iso = localDateIso(date);
  const special = specialDays.find((day) => day.date === iso);
  return special ? shiftsSorted(special.workingHours) : scheduleShifts(schedules, localDateDayOfWeek(date));
}

/** Whether a weekday has any working hours. */
export function scheduleHasDay(schedules: readonly Schedule[], dayOfWeek: DayOfWeek): boolean {
  return scheduleShifts(schedules, dayOfWeek).length > 0;
}

/**
 * Whether the mode is open at `now` in `timeZone`: inside a shift of today, or
 * of yesterday when that shift runs past midnight.
 */
export function scheduleIsOpen(
  schedules: readonly Schedule[],
  now: number | Date,
  timeZone: string,
  specialDays?: readonly SpecialDay[],
): boolean {
  const at = toEpoch(now);
  const today = zonedDate(at, timeZone);
  for (const date of [localDateAddDays(today, -1), today]) {
    for (const shift of scheduleShiftsOn(schedules, date, specialDays)) {
      const start = zonedInstant(date, shift.start, timeZone).instant;
      const end = zonedInstant(date, shift.end, timeZone).instant;
      if (at >= start && at < end) return true;
    }
  }
  return false;
}

/** Options of `scheduleDays`. */
export interface ScheduleDaysOptions {
  now: number | Date;
  timeZone: string;
  /** Lead time: today's slots are at least this many minutes from now. */
  minDelayInMinutes: Minutes;
  /** Days offered, today included (default 7). */
  days?: number;
  /** The mode's special days (ADR 054). */
  specialDays?: readonly SpecialDay[];
}

function daySlots(
  shifts: readonly ScheduleShift[],
  date: LocalDate,
  timeZone: string,
  earliest: number,
): ScheduleSlot[] {
  const step = SCHEDULE_SLOT_STEP_MINUTES;
  const slots: ScheduleSlot[] = [];
  const seenMinutes = new Set<number>();
  const seenInstants = new Set<number>();
  for (const shift of shifts) {
    for (let minute = Math.ceil(shift.start / step) * step; minute < shift.end; minute += step) {
      const { instant, exists } = zonedInstant(date, minute, timeZone);
      const time = timeOfDayFormat(minute);
      // The same wall time twice in one day can only come from overlapping shifts.
      if (!exists || instant < earliest || seenMinutes.has(minute) || seenInstants.has(instant)) continue;
      seenMinutes.add(minute);
      seenInstants.add(instant);
      slots.push({ time, at: instant });
    }
  }
  return slots.sort((a, b) => a.at - b.at);
}

/**
 * The days and slots offered for a scheduled order: only configured weekdays,
 * today's slots at least `minDelayInMinutes` from now, and a day with no slot
 * left (typically today, late) is dropped. Yesterday is offered too while its
 * past-midnight shift still has slots.
 */
export function scheduleDays(schedules: readonly Schedule[], options: ScheduleDaysOptions): ScheduleDay[] {
  const now = toEpoch(options.now);
  const earliest = now + Math.max(0, options.minDelayInMinutes) * MINUTE_MS;
  const today = zonedDate(now, options.timeZone);
  const result: ScheduleDay[] = [];
  for (let offset = -1; offset < (options.days ?? SCHEDULE_DAYS_AHEAD); offset++) {
    const date = localDateAddDays(today, offset);
    const shifts = scheduleShiftsOn(schedules, date, options.specialDays);
    const slots = daySlots(shifts, date, options.timeZone, earliest);
    if (slots.length > 0)
      result.push({ date: localDateIso(date), dayOfWeek: localDateDayOfWeek(date), slots });
  }
  return result;
}

/** The first day and slot (what enabling 'Programado' selects). */
export function scheduleFirstSlot(
  days: readonly ScheduleDay[],
): { day: ScheduleDay; slot: ScheduleSlot } | null {
  const day = days[0];
  const slot = day?.slots[0];
  return day && slot ? { day, slot } : null;
}

/**
 * The valid slot nearest to a chosen instant (a stale selection, a time typed
 * or carried over); on a tie the later slot, so an order is never moved earlier
 * than asked. Null when nothing is offered.
 */
export function scheduleNearestSlot(
  days: readonly ScheduleDay[],
  chosen: number | Date,
): { day: ScheduleDay; slot: ScheduleSlot } | null {
  const at = toEpoch(chosen);
  let best: { day: ScheduleDay; slot: ScheduleSlot } | null = null;
  for (const day of days) {
    for (const slot of day.slots) {
      if (!best) best = { day, slot };
      else {
        const distance = Math.abs(slot.at - at);
        const bestDistance = Math.abs(best.slot.at - at);
        if (distance < bestDistance || (distance === bestDistance && slot.at > best.slot.at))
          best = { day, slot };
      }
    }
  }
  return best;
}

/** The offered slot at exactly `at` (the server's check of `scheduledAt`), or null. */
export function scheduleSlotAt(
  days: readonly ScheduleDay[],
  at: number | Date,
): { day: ScheduleDay; slot: ScheduleSlot } | null {
  const instant = toEpoch(at);
  for (const day of days) {
    const slot = day.slots.find((candidate) => candidate.at === instant);
    if (slot) return { day, slot };
  }
  return null;
}

/** The schedule call's response shape: `schedulerDaysInfo` and `datesBetween`. */
export function scheduleConfigResponse(days: readonly ScheduleDay[]): {
  schedulerDaysInfo: { dayOfWeek: DayOfWeek; date: string; availableHours: string[] }[];
  datesBetween: [string, string] | null;
} {
  const first = days[0];
  const last = days[days.length - 1];
  return {
    schedulerDaysInfo: days.map((day) => ({
      dayOfWeek: day.dayOfWeek,
      date: day.date,
      availableHours: day.slots.map((slot) => slot.time),
    })),
    datesBetween: first && last ? [first.date, last.date] : null,
  };
}

/** Whether the diner orders now or for later, and what the checkout offers. */
export interface OrderTiming {
  canOrderNow: boolean;
  canSchedule: boolean;
  /** Ordering now is impossible but scheduling is possible: 'Programado' is forced. */
  forceScheduled: boolean;
  /** 'Programa tu pedido' when scheduled is forced, else 'Tipo de pedido'. */
  title: string;
}

/**
 * Ordering now needs the mode enabled and open; scheduling needs the mode
 * enabled, `useSchedule` and at least one offered day.
 */
export function scheduleOrderTiming(input: {
  orderEnabled: boolean;
  useSchedule: boolean;
  isOpen: boolean;
  days: readonly ScheduleDay[];
}): OrderTiming {
  const canOrderNow = input.orderEnabled && input.isOpen;
  const canSchedule = input.orderEnabled && input.useSchedule && input.days.length > 0;
  const forceScheduled = !canOrderNow && canSchedule;
  return {
    canOrderNow,
    canSchedule,
    forceScheduled,
    title: forceScheduled ? scheduleMessages.scheduleTitle : scheduleMessages.orderTypeTitle,
  };
}

/**
 * The closed-branch modal and banner: 'Local cerrado' / 'Local cerrado.' when
 * nothing can be ordered, 'Programa tu pedido' / 'Local cerrado, programa tu
 * pedido.' when only scheduling is possible; null when open.
 */
export function scheduleClosedNotice(timing: Pick<OrderTiming, 'canOrderNow' | 'canSchedule'>): {
  modal: string;
  banner: string;
} | null {
  if (timing.canOrderNow) return null;
  return timing.canSchedule
    ? { modal: scheduleMessages.scheduleModal, banner: scheduleMessages.closedScheduleBanner }
    : { modal: scheduleMessages.closedModal, banner: scheduleMessages.closedBanner };
}

/** A row of the 'Horarios del Local' table. */
export interface ScheduleHoursRow {
  dayOfWeek: DayOfWeek;
  dayName: string;
  /** `12:00 - 15:30 y 19:30 - 23:30`, or 'Cerrado'. */
  hours: string;
}

/** The 'Horarios del Local' table: per order mode, Monday to Sunday. */
export function scheduleHoursTable(
  modes: readonly { showName: string; schedules: readonly Schedule[] }[],
): { showName: string; rows: ScheduleHoursRow[] }[] {
  return modes.map((mode) => ({
    showName: mode.showName,
    rows: DAYS_OF_WEEK.map((dayOfWeek) => {
      const shifts = scheduleShifts(mode.schedules, dayOfWeek);
      return {
        dayOfWeek,
        dayName: scheduleMessages.dayNames[dayOfWeek],
        hours:
          shifts.length === 0
            ? scheduleMessages.closedLabel
            : shifts
                .map((shift) => `${timeOfDayFormat(shift.start)} - ${timeOfDayFormat(shift.end)}`)
                .join(scheduleMessages.shiftSeparator),
      };
    }),
  }));
}
