import { describe, expect, it } from 'vitest';
import {
  localDateAddDays,
  localDateDayOfWeek,
  localDateIso,
  localDateParse,
  timeOfDayFormat,
  timeOfDayParse,
  zonedDate,
  zonedDayOfWeek,
  zonedInstant,
  zonedOffsetMinutes,
  zonedParts,
} from './zoned-time';

describe('zone arithmetic with Intl (architecture: instants in UTC, schedules in the branch zone)', () => {
  it('reads the wall clock of a zone', () => {
    expect(zonedParts(Date.parse('2025-01-02T18:00:00Z'), 'America/Argentina/Buenos_Aires')).toEqual({
      year: 2025,
      month: 1,
      day: 2,
      hour: 15,
      minute: 0,
      second: 0,
      dayOfWeek: 'THURSDAY',
    });
    expect(zonedDate(new Date('2025-01-03T02:00:00Z'), 'America/Argentina/Buenos_Aires')).toEqual({
      year: 2025,
      month: 1,
      day: 2,
    });
    expect(zonedDayOfWeek(Date.parse('2025-01-03T02:00:00Z'), 'UTC')).toBe('FRIDAY');
    expect(() => zonedParts(0, 'Mars/Olympus')).toThrow(RangeError);
  });

  it('reads the seconds right when asked again within the same minute, zone by zone', () => {
    const minute = Date.parse('2025-03-09T06:59:00Z');
    const zones = ['America/Argentina/Buenos_Aires', 'America/New_York', 'Asia/Kolkata'];
    for (const second of [0, 1, 30, 59]) {
      for (const zone of zones) {
        const at = minute + second * 1000 + 999;
        const fresh = new Intl.DateTimeFormat('en-US', { timeZone: zone, second: 'numeric' }).format(at);
        expect(zonedParts(at, zone).second).toBe(Number(fresh));
      }
    }
    // New York's clocks jump from 02:00 to 03:00 at 07:00 UTC that day: the next minute is read anew.
    expect(zonedParts(minute, 'America/New_York')).toMatchObject({ hour: 1, minute: 59 });
    expect(zonedParts(minute + 60_000, 'America/New_York')).toMatchObject({ hour: 3, minute: 0, second: 0 });
    expect(zonedParts(minute - 1, 'America/New_York')).toMatchObject({ hour: 1, minute: 58, second: 59 });
  });

  it('knows the offset', () => {
    expect(zonedOffsetMinutes(Date.parse('2025-01-02T18:00:00Z'), 'America/Argentina/Buenos_Aires')).toBe(
      -180,
    );
    expect(zonedOffsetMinutes(Date.parse('2025-07-02T18:00:00Z'), 'America/Santiago')).toBe(-240);
    expect(zonedOffsetMinutes(Date.parse('2025-01-02T18:00:00Z'), 'America/Santiago')).toBe(-180);
  });

  it('finds the instant of a wall time, across gaps and repeated hours', () => {
    const day = { year: 2025, month: 9, day: 6 };
    expect(zonedInstant(day, 23 * 60, 'America/Santiago')).toEqual({
      instant: Date.parse('2025-09-07T03:00:00Z'),
      exists: true,
    });
    // 00:30 on 2025-09-07 does not exist in Santiago: the instant after the gap (01:30).
    expect(zonedInstant(day, 24 * 60 + 30, 'America/Santiago')).toEqual({
      instant: Date.parse('2025-09-07T04:30:00Z'),
      exists: false,
    });
    // 23:30 on 2025-04-05 happens twice: the first one.
    expect(zonedInstant({ year: 2025, month: 4, day: 5 }, 23 * 60 + 30, 'America/Santiago')).toEqual({
      instant: Date.parse('2025-04-06T02:30:00Z'),
      exists: true,
    });
  });

  it('does calendar arithmetic', () => {
    expect(localDateAddDays({ year: 2024, month: 12, day: 31 }, 1)).toEqual({ year: 2025, month: 1, day: 1 });
    expect(localDateAddDays({ year: 2024, month: 3, day: 1 }, -1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(localDateDayOfWeek({ year: 2025, month: 1, day: 5 })).toBe('SUNDAY');
    expect(localDateIso({ year: 2025, month: 1, day: 5 })).toBe('2025-01-05');
    expect(localDateParse('2025-01-05')).toEqual({ year: 2025, month: 1, day: 5 });
    expect(localDateParse('2025-02-30')).toBeNull();
    expect(localDateParse('5/1/2025')).toBeNull();
  });

  it.each([
    ['00:00', 0],
    ['19:30', 1170],
    ['23:59', 1439],
    [' 07:05 ', 425],
    ['24:00', null],
    ['7:30', null],
    ['12:60', null],
  ])('timeOfDayParse(%s) = %s', (text, minutes) => {
    expect(timeOfDayParse(text)).toBe(minutes);
  });

  it('formats minutes past midnight', () => {
    expect(timeOfDayFormat(1170)).toBe('19:30');
    expect(timeOfDayFormat(1440 + 105)).toBe('01:45');
    expect(timeOfDayFormat(-15)).toBe('23:45');
  });
});
