/**
 * Special days (ADR 054): a date's own hours replace its weekday's for open
 * now, the offered slots and the server's slot check; a shift still belongs
 * to the day it starts, across a special day too.
 */
import { describe, expect, it } from 'vitest';
import { palermoDeliverySchedule } from '../test/fixtures';
import { scheduleDays, scheduleIsOpen, scheduleShiftsOn, scheduleSlotAt } from './schedule';
import { minutes, type SpecialDay } from './types';

const BA = 'America/Argentina/Buenos_Aires';
const ba = (local: string) => Date.parse(`${local}:00-03:00`);
// Monday 2025-01-06: a holiday closed; Tuesday 2025-01-07: reduced hours.
const holidayClosed: SpecialDay = { date: '2025-01-06', workingHours: [] };
const reduced: SpecialDay = { date: '2025-01-07', workingHours: [{ startAt: '18:00', endAt: '21:00' }] };

describe('special days: open now', () => {
  it('a holiday with no hours is closed all day, and the weekday is back the day after', () => {
    const days = [holidayClosed];
    expect(scheduleIsOpen(palermoDeliverySchedule, ba('2025-01-06T13:00'), BA)).toBe(true);
    expect(scheduleIsOpen(palermoDeliverySchedule, ba('2025-01-06T13:00'), BA, days)).toBe(false);
    expect(scheduleIsOpen(palermoDeliverySchedule, ba('2025-01-06T20:00'), BA, days)).toBe(false);
    expect(scheduleIsOpen(palermoDeliverySchedule, ba('2025-01-07T13:00'), BA, days)).toBe(true);
  });

  it('reduced hours replace the weekday’s shifts', () => {
    const days = [reduced];
    expect(scheduleIsOpen(palermoDeliverySchedule, ba('2025-01-07T13:00'), BA, days)).toBe(false);
    expect(scheduleIsOpen(palermoDeliverySchedule, ba('2025-01-07T18:00'), BA, days)).toBe(true);
    expect(scheduleIsOpen(palermoDeliverySchedule, ba('2025-01-07T20:59'), BA, days)).toBe(true);
    expect(scheduleIsOpen(palermoDeliverySchedule, ba('2025-01-07T21:00'), BA, days)).toBe(false);
  });

  it('the night before a closed special day still runs past midnight into it', () => {
    // Friday 19:30–02:00; Saturday 2025-01-04 closed: Saturday 01:00 is Friday's shift.
    const days: SpecialDay[] = [{ date: '2025-01-04', workingHours: [] }];
    expect(scheduleIsOpen(palermoDeliverySchedule, ba('2025-01-04T01:00'), BA, days)).toBe(true);
    expect(scheduleIsOpen(palermoDeliverySchedule, ba('2025-01-04T20:00'), BA, days)).toBe(false);
    // Saturday's own shift would have run into Sunday: gone with the special day.
    expect(scheduleIsOpen(palermoDeliverySchedule, ba('2025-01-05T01:00'), BA, days)).toBe(false);
  });

  it('a closed special day cuts the night that starts on it, and a special late shift runs into the next day', () => {
    const fridayClosed: SpecialDay[] = [{ date: '2025-01-03', workingHours: [] }];
    expect(scheduleIsOpen(palermoDeliverySchedule, ba('2025-01-04T01:00'), BA, fridayClosed)).toBe(false);
    const sundayLate: SpecialDay[] = [
      { date: '2025-01-05', workingHours: [{ startAt: '20:00', endAt: '03:00' }] },
    ];
    expect(scheduleIsOpen(palermoDeliverySchedule, ba('2025-01-06T02:30'), BA, sundayLate)).toBe(true);
    expect(scheduleIsOpen(palermoDeliverySchedule, ba('2025-01-06T03:00'), BA, sundayLate)).toBe(false);
  });

  it('a special day’s malformed times are skipped like a weekday’s', () => {
    const shifts = scheduleShiftsOn(palermoDeliverySchedule, { year: 2025, month: 1, day: 7 }, [
      {
        date: '2025-01-07',
        workingHours: [
          { startAt: '25:00', endAt: '21:00' },
          { startAt: '20:00', endAt: '01:00' },
        ],
      },
    ]);
    expect(shifts).toEqual([{ start: 1200, end: 1500 }]);
  });
});

describe('special days: slots offered and checked', () => {
  const options = { now: ba('2025-01-05T10:00'), timeZone: BA, minDelayInMinutes: minutes(0) };

  it('a closed holiday is not offered; the other days are', () => {
    const days = scheduleDays(palermoDeliverySchedule, { ...options, specialDays: [holidayClosed] });
    expect(days.map((day) => day.date)).toEqual([
      '2025-01-07',
      '2025-01-08',
      '2025-01-09',
      '2025-01-10',
      '2025-01-11',
    ]);
    const without = scheduleDays(palermoDeliverySchedule, options);
    expect(without.map((day) => day.date)).toContain('2025-01-06');
  });

  it('a day of reduced hours offers exactly its slots, and the server refuses a weekday slot that day', () => {
    const days = scheduleDays(palermoDeliverySchedule, { ...options, specialDays: [reduced] });
    const tuesday = days.find((day) => day.date === '2025-01-07');
    expect(tuesday?.slots.map((slot) => slot.time)).toEqual([
      '18:00',
      '18:15',
      '18:30',
      '18:45',
      '19:00',
      '19:15',
      '19:30',
      '19:45',
      '20:00',
      '20:15',
      '20:30',
      '20:45',
    ]);
    expect(scheduleSlotAt(days, ba('2025-01-07T12:30'))).toBeNull();
    expect(scheduleSlotAt(days, ba('2025-01-07T18:30'))?.day.date).toBe('2025-01-07');
  });

  it('a special day on a weekday with no hours opens it', () => {
    const sunday: SpecialDay[] = [
      { date: '2025-01-05', workingHours: [{ startAt: '12:00', endAt: '13:00' }] },
    ];
    const days = scheduleDays(palermoDeliverySchedule, { ...options, specialDays: sunday });
    expect(days.find((day) => day.date === '2025-01-05')?.slots.map((slot) => slot.time)).toEqual([
      '12:00',
      '12:15',
      '12:30',
      '12:45',
    ]);
  });
});
