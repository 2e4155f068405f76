/**
 * The hours editor's draft (ADR 054): an order mode's schedules as a week of
 * shifts per day, special days, and the way back to the tenant format; where a
 * server message about a path of the saved modes shows in the editor; the
 * Spanish words for the tenant validator's messages.
 */
import { DAYS_OF_WEEK, type DayOfWeek, type Schedule } from '@comanda/domain/types';
import type { HoursMode, HoursSchedule, HoursShift, HoursSpecialDay } from '../api/hours-api';

export type HoursWeek = Record<DayOfWeek, HoursShift[]>;

export interface HoursDraft {
  mode: HoursMode;
  week: HoursWeek;
  specialDays: HoursSpecialDay[];
}

/** Every shift of each weekday across the mode's schedules and configs, in the order they are listed. */
export function hoursWeekOf(schedules: readonly HoursSchedule[]): HoursWeek {
  const week = Object.fromEntries(DAYS_OF_WEEK.map((day) => [day, [] as HoursShift[]])) as HoursWeek;
  for (const schedule of schedules) {
    for (const config of schedule.scheduleConfigs) {
      for (const day of config.workingDays) {
        const shifts = week[day.dayOfWeek as DayOfWeek];
        if (shifts) shifts.push(...day.workingHours.map((hours) => ({ ...hours })));
      }
    }
  }
  return week;
}

/** The week as one schedule of one config, days without shifts left out. */
export function hoursSchedulesOf(week: HoursWeek): HoursSchedule[] {
  const workingDays = DAYS_OF_WEEK.filter((day) => week[day].length > 0).map((day) => ({
    dayOfWeek: day,
    workingHours: week[day].map((shift) => ({ ...shift })),
  }));
  return [{ scheduleConfigs: [{ workingDays }] }];
}

export function hoursDraftOf(mode: HoursMode): HoursDraft {
  return {
    mode: structuredClone(mode),
    week: hoursWeekOf(mode.schedules),
    specialDays: structuredClone(mode.specialDays ?? []),
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The draft as the tenant format. An untouched week keeps the mode's own
 * schedules (however many configs it had), so saving other fields changes
 * nothing in them.
 */
export function hoursModeOf(draft: HoursDraft): HoursMode {
  const { specialDays: _dropped, ...rest } = draft.mode;
  const schedules = sameJson(hoursWeekOf(draft.mode.schedules), draft.week)
    ? draft.mode.schedules
    : hoursSchedulesOf(draft.week);
  return {
    ...rest,
    schedules,
    ...(draft.specialDays.length > 0 ? { specialDays: draft.specialDays } : {}),
  };
}

/** The draft's hours as the domain reads them, for the preview. */
export function hoursDomainSchedules(week: HoursWeek): Schedule[] {
  return hoursSchedulesOf(week) as Schedule[];
}

/** A shift runs past midnight when it ends at or before its start (`00:00` is midnight). */
export function hoursEndsNextDay(shift: HoursShift): boolean {
  return /^\d\d:\d\d$/.test(shift.startAt) && /^\d\d:\d\d$/.test(shift.endAt) && shift.endAt <= shift.startAt;
}

/**
 * The editor's key for a server path relative to the saved modes
 * (`[0].schedules[0].scheduleConfigs[0].workingDays[2].workingHours[1].startAt`
 * → `0.week.WEDNESDAY.1.startAt`), read against what was sent. Null when the
 * path names nothing the editor shows.
 */
export function hoursFieldKey(path: string, sent: readonly HoursMode[]): string | null {
  const mode = /^\[(\d+)\]\.?(.*)$/.exec(path);
  if (!mode) return null;
  const index = Number(mode[1]);
  const rest = mode[2] ?? '';
  const week =
    /^schedules\[(\d+)\]\.scheduleConfigs\[(\d+)\]\.workingDays\[(\d+)\](?:\.workingHours\[(\d+)\]\.(startAt|endAt))?/.exec(
      rest,
    );
  if (week) {
    const day =
      sent[index]?.schedules[Number(week[1])]?.scheduleConfigs[Number(week[2])]?.workingDays[Number(week[3])]
        ?.dayOfWeek;
    if (!day) return null;
    return week[4] === undefined ? `${index}.week.${day}` : `${index}.week.${day}.${week[4]}.${week[5]}`;
  }
  const special = /^specialDays\[(\d+)\](?:\.(date)|\.workingHours\[(\d+)\]\.(startAt|endAt))?/.exec(rest);
  if (special) {
    if (special[2]) return `${index}.special.${special[1]}.date`;
    if (special[3] !== undefined) return `${index}.special.${special[1]}.${special[3]}.${special[4]}`;
    return `${index}.special.${special[1]}.date`;
  }
  const field = /^(showName|minDelayInMinutes|maxDelayInMinutes|fees\.userFee|fees\.percentageUserFee)$/.exec(
    rest,
  );
  return field ? `${index}.${field[1]}` : null;
}

/** The tenant validator speaks English to whoever writes a file; staff read these. */
const VALIDATOR_WORDS: [RegExp, string][] = [
  [/HH:MM/, 'Escriba la hora como HH:MM, de 00:00 a 23:59.'],
  [/must differ from startAt/, 'El cierre debe ser distinto de la apertura.'],
  [/YYYY-MM-DD|not a calendar date/, 'Elija una fecha válida.'],
  [/duplicate special day/, 'Esta fecha ya está en la lista de días especiales.'],
  [/at least minDelayInMinutes/, 'La demora máxima no puede ser menor que la mínima.'],
  [/expected a value of at least/, 'Escriba un número de 0 en adelante.'],
  [/expected a value of at most/, 'El número es demasiado grande.'],
  [/expected an integer/, 'Escriba un número entero.'],
  [/expected a number/, 'Escriba un número.'],
  [/expected at least 1 character/, 'Complete este dato.'],
  [/at most \d+ characters/, 'El texto es demasiado largo.'],
  [/decimal/, 'Revise los decimales del importe.'],
];

/** A server message in the staff's words: the API's Spanish sentences pass; the validator's are translated. */
export function hoursMessage(message: string): string {
  if (/[áéíóúñ¿]|^(Solo|Aquí|Revise|Otra)/.test(message)) return message;
  const known = VALIDATOR_WORDS.find(([pattern]) => pattern.test(message));
  return known ? known[1] : `Revise este dato (${message}).`;
}
