import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  palermoDelivery,
  palermoDeliverySchedule,
  palermoSalon,
  palermoSalonSchedule,
} from '../test/fixtures';
import {
  SCHEDULE_SLOT_STEP_MINUTES,
  scheduleClosedNotice,
  scheduleConfigResponse,
  scheduleDays,
  scheduleFirstSlot,
  scheduleHasDay,
  scheduleHoursTable,
  scheduleIsOpen,
  scheduleNearestSlot,
  scheduleOrderTiming,
  scheduleShiftParse,
  scheduleSlotAt,
} from './schedule';
import { minutes, type Schedule } from './types';
import { zonedParts } from './zoned-time';

const BA = 'America/Argentina/Buenos_Aires';
const SCL = 'America/Santiago';
/** An instant from a Buenos Aires wall-clock time (UTC−3, no DST). */
const ba = (local: string) => Date.parse(`${local}:00-03:00`);

const lateNight: Schedule[] = [
  {
    scheduleConfigs: [
      { workingDays: [{ dayOfWeek: 'SATURDAY', workingHours: [{ startAt: '19:30', endAt: '02:00' }] }] },
    ],
  },
];
const sundayLunch: Schedule[] = [
  {
    scheduleConfigs: [
      { workingDays: [{ dayOfWeek: 'SUNDAY', workingHours: [{ startAt: '12:00', endAt: '15:30' }] }] },
    ],
  },
];

describe('ordering §4 Scheduling: open now', () => {
  it.each([
    ['Thursday 2025-01-02 13:00', ba('2025-01-02T13:00'), true],
    ['Thursday 16:00 (between shifts)', ba('2025-01-02T16:00'), false],
    ['Thursday 23:58 (shift to 23:59)', ba('2025-01-02T23:58'), true],
    ['Thursday 23:59 (closed at endAt)', ba('2025-01-02T23:59'), false],
    ['Friday 12:00 (opens at startAt)', ba('2025-01-03T12:00'), true],
    ['Saturday 01:00 (Friday 19:30–02:00 past midnight)', ba('2025-01-04T01:00'), true],
    ['Saturday 02:00', ba('2025-01-04T02:00'), false],
    ['Saturday 13:00 (no lunch on Saturday)', ba('2025-01-04T13:00'), false],
    ['Sunday 01:30 (Saturday night shift)', ba('2025-01-05T01:30'), true],
    ['Sunday 20:00 (Sunday not configured)', ba('2025-01-05T20:00'), false],
  ])('delivery, %s → %s', (_, now, open) => {
    expect(scheduleIsOpen(palermoDeliverySchedule, now, BA)).toBe(open);
  });

  it('reads 00:00 as midnight', () => {
    expect(scheduleIsOpen(palermoSalonSchedule, ba('2025-01-06T23:59'), BA)).toBe(true);
    expect(scheduleIsOpen(palermoSalonSchedule, ba('2025-01-07T00:00'), BA)).toBe(false);
    expect(scheduleShiftParse({ startAt: '12:00', endAt: '00:00' })).toEqual({ start: 720, end: 1440 });
    expect(scheduleShiftParse({ startAt: '12:00', endAt: '24:00' })).toBeNull();
  });

  it('accepts a Date and reads schedules in the branch zone', () => {
    expect(scheduleIsOpen(palermoDeliverySchedule, new Date(ba('2025-01-02T13:00')), BA)).toBe(true);
    // 13:00 in Buenos Aires is 11:00 in Mexico City: closed there.
    expect(scheduleIsOpen(palermoDeliverySchedule, ba('2025-01-02T13:00'), 'America/Mexico_City')).toBe(
      false,
    );
    expect(scheduleHasDay(palermoDeliverySchedule, 'SUNDAY')).toBe(false);
  });
});

describe('ordering §5 Scheduling: days and slots', () => {
  const monday1400 = scheduleDays(palermoDeliverySchedule, {
    now: ba('2025-01-06T14:00'),
    timeZone: BA,
    minDelayInMinutes: minutes(30),
  });

  it('offers only configured weekdays, 7 days from today', () => {
    expect(monday1400.map((d) => `${d.date} ${d.dayOfWeek}`)).toEqual([
      '2025-01-06 MONDAY',
      '2025-01-07 TUESDAY',
      '2025-01-08 WEDNESDAY',
      '2025-01-09 THURSDAY',
      '2025-01-10 FRIDAY',
      '2025-01-11 SATURDAY',
    ]);
  });

  it('keeps today only from now + minDelayInMinutes, on a 15-minute grid', () => {
    const today = monday1400[0]?.slots.map((s) => s.time) ?? [];
    expect(today.slice(0, 5)).toEqual(['14:30', '14:45', '15:00', '15:15', '19:30']);
    expect(today.at(-1)).toBe('23:15');
    expect(today).toHaveLength(20);
    expect(monday1400[0]?.slots[0]?.at).toBe(ba('2025-01-06T14:30'));
    expect(SCHEDULE_SLOT_STEP_MINUTES).toBe(15);
  });

  it('lists a past-midnight shift under the day it starts', () => {
    const friday = monday1400.find((d) => d.dayOfWeek === 'FRIDAY');
    expect(friday?.slots).toHaveLength(14 + 26);
    expect(friday?.slots.at(-1)).toEqual({ time: '01:45', at: ba('2025-01-11T01:45') });
  });

  it('drops today when it has no slot left', () => {
    const late = scheduleDays(palermoDeliverySchedule, {
      now: ba('2025-01-06T23:20'),
      timeZone: BA,
      minDelayInMinutes: minutes(30),
    });
    expect(late[0]?.date).toBe('2025-01-07');
  });

  it("still offers yesterday's past-midnight slots after midnight", () => {
    const days = scheduleDays(palermoDeliverySchedule, {
      now: ba('2025-01-04T00:30'),
      timeZone: BA,
      minDelayInMinutes: minutes(30),
    });
    expect(days[0]?.date).toBe('2025-01-03');
    expect(days[0]?.slots.map((s) => s.time)).toEqual(['01:00', '01:15', '01:30', '01:45']);
  });

  it('aligns a shift that starts off the grid', () => {
    const odd: Schedule[] = [
      {
        scheduleConfigs: [
          { workingDays: [{ dayOfWeek: 'MONDAY', workingHours: [{ startAt: '12:10', endAt: '13:00' }] }] },
        ],
      },
    ];
    const days = scheduleDays(odd, {
      now: ba('2025-01-06T08:00'),
      timeZone: BA,
      minDelayInMinutes: minutes(0),
      days: 1,
    });
    expect(days[0]?.slots.map((s) => s.time)).toEqual(['12:15', '12:30', '12:45']);
  });

  it('offers an overlapping time once', () => {
    const overlap: Schedule[] = [
      {
        scheduleConfigs: [
          { workingDays: [{ dayOfWeek: 'MONDAY', workingHours: [{ startAt: '12:00', endAt: '13:00' }] }] },
        ],
      },
      {
        scheduleConfigs: [
          { workingDays: [{ dayOfWeek: 'MONDAY', workingHours: [{ startAt: '12:30', endAt: '13:30' }] }] },
        ],
      },
    ];
    const days = scheduleDays(overlap, {
      now: ba('2025-01-06T08:00'),
      timeZone: BA,
      minDelayInMinutes: minutes(0),
      days: 1,
    });
    expect(days[0]?.slots.map((s) => s.time)).toEqual(['12:00', '12:15', '12:30', '12:45', '13:00', '13:15']);
  });

  it('answers the schedule call with schedulerDaysInfo and datesBetween', () => {
    const response = scheduleConfigResponse(monday1400);
    expect(response.datesBetween).toEqual(['2025-01-06', '2025-01-11']);
    expect(response.schedulerDaysInfo[0]?.availableHours.slice(0, 2)).toEqual(['14:30', '14:45']);
    expect(scheduleConfigResponse([])).toEqual({ schedulerDaysInfo: [], datesBetween: null });
  });
});

describe('ordering §5 Scheduling: adjusting the chosen time', () => {
  const days = scheduleDays(palermoDeliverySchedule, {
    now: ba('2025-01-06T14:00'),
    timeZone: BA,
    minDelayInMinutes: minutes(30),
  });

  it.each([
    ['15:40 → 15:15', ba('2025-01-06T15:40'), '2025-01-06', '15:15'],
    ['18:00 → 19:30', ba('2025-01-06T18:00'), '2025-01-06', '19:30'],
    ['a tie goes later', ba('2025-01-06T14:37') + 30_000, '2025-01-06', '14:45'],
    ['before the lead time → first slot', ba('2025-01-06T14:00'), '2025-01-06', '14:30'],
    ['Sunday noon → Saturday 01:45 of the night before', ba('2025-01-12T12:00'), '2025-01-11', '01:45'],
  ])('%s', (_, chosen, date, time) => {
    const nearest = scheduleNearestSlot(days, chosen);
    expect([nearest?.day.date, nearest?.slot.time]).toEqual([date, time]);
  });

  it('selects the first day and slot, and finds an exact slot', () => {
    expect(scheduleFirstSlot(days)?.slot.time).toBe('14:30');
    expect(scheduleFirstSlot([])).toBeNull();
    expect(scheduleNearestSlot([], 0)).toBeNull();
    expect(scheduleSlotAt(days, new Date(ba('2025-01-07T12:15')))?.day.dayOfWeek).toBe('TUESDAY');
    expect(scheduleSlotAt(days, ba('2025-01-07T12:10'))).toBeNull();
  });
});

describe("ordering §4 Scheduling: forcing 'Programado' and closed notices", () => {
  const someDays = [{ date: '2025-01-06', dayOfWeek: 'MONDAY' as const, slots: [{ time: '20:00', at: 1 }] }];

  it.each([
    [
      'open',
      { orderEnabled: true, useSchedule: true, isOpen: true, days: someDays },
      true,
      true,
      false,
      'Tipo de pedido',
    ],
    [
      'closed, schedulable',
      { orderEnabled: true, useSchedule: true, isOpen: false, days: someDays },
      false,
      true,
      true,
      'Programa tu pedido',
    ],
    [
      'closed, no schedule',
      { orderEnabled: true, useSchedule: false, isOpen: false, days: someDays },
      false,
      false,
      false,
      'Tipo de pedido',
    ],
    [
      'closed, no days',
      { orderEnabled: true, useSchedule: true, isOpen: false, days: [] },
      false,
      false,
      false,
      'Tipo de pedido',
    ],
    [
      'ordering disabled',
      { orderEnabled: false, useSchedule: true, isOpen: true, days: someDays },
      false,
      false,
      false,
      'Tipo de pedido',
    ],
  ])('%s', (_, input, canOrderNow, canSchedule, forceScheduled, title) => {
    expect(scheduleOrderTiming(input)).toEqual({ canOrderNow, canSchedule, forceScheduled, title });
  });

  it('shows the closed modal and banner', () => {
    expect(scheduleClosedNotice({ canOrderNow: true, canSchedule: true })).toBeNull();
    expect(scheduleClosedNotice({ canOrderNow: false, canSchedule: true })).toEqual({
      modal: 'Programa tu pedido',
      banner: 'Local cerrado, programa tu pedido.',
    });
    expect(scheduleClosedNotice({ canOrderNow: false, canSchedule: false })).toEqual({
      modal: 'Local cerrado',
      banner: 'Local cerrado.',
    });
  });
});

describe("ordering §2 'Horarios del Local'", () => {
  it('lists the hours per order mode, Monday first', () => {
    const [delivery, salon] = scheduleHoursTable([palermoDelivery, palermoSalon]);
    expect(delivery?.showName).toBe('Delivery');
    expect(delivery?.rows.map((r) => `${r.dayName}: ${r.hours}`)).toEqual([
      'Lunes: 12:00 - 15:30 y 19:30 - 23:30',
      'Martes: 12:00 - 15:30 y 19:30 - 23:30',
      'Miércoles: 12:00 - 15:30 y 19:30 - 23:30',
      'Jueves: 12:00 - 15:30 y 19:30 - 23:59',
      'Viernes: 12:00 - 15:30 y 19:30 - 02:00',
      'Sábado: 19:30 - 02:00',
      'Domingo: Cerrado',
    ]);
    expect(salon?.rows[0]?.hours).toBe('12:00 - 00:00');
  });
});

describe('Scheduling across daylight-saving changes (America/Santiago)', () => {
  it('offers no time that does not exist when clocks jump 00:00 → 01:00 (2025-09-07)', () => {
    const days = scheduleDays(lateNight, {
      now: Date.parse('2025-09-06T12:00:00Z'),
      timeZone: SCL,
      minDelayInMinutes: minutes(0),
      days: 1,
    });
    const times = days[0]?.slots.map((s) => s.time) ?? [];
    expect(times).toHaveLength(18 + 4);
    expect(times.slice(17)).toEqual(['23:45', '01:00', '01:15', '01:30', '01:45']);
    // 23:45 (UTC−4) and 01:00 (UTC−3) are 15 real minutes apart: no time is lost.
    const [last, next] = (days[0]?.slots ?? []).slice(17, 19);
    expect((next?.at ?? 0) - (last?.at ?? 0)).toBe(15 * 60_000);
  });

  it('offers a repeated time once when clocks go back 00:00 → 23:00 (2025-04-06)', () => {
    const days = scheduleDays(lateNight, {
      now: Date.parse('2025-04-05T12:00:00Z'),
      timeZone: SCL,
      minDelayInMinutes: minutes(0),
      days: 1,
    });
    const slots = days[0]?.slots ?? [];
    expect(slots).toHaveLength(26);
    expect(new Set(slots.map((s) => s.time)).size).toBe(26);
    expect(slots.find((s) => s.time === '23:00')?.at).toBe(Date.parse('2025-04-06T02:00:00Z'));
    expect(slots.find((s) => s.time === '00:00')?.at).toBe(Date.parse('2025-04-06T04:00:00Z'));
    // The second 23:30 is still inside the shift.
    expect(scheduleIsOpen(lateNight, Date.parse('2025-04-06T03:30:00Z'), SCL)).toBe(true);
  });

  it('keeps a daytime shift exactly on the day of the change', () => {
    const days = scheduleDays(sundayLunch, {
      now: Date.parse('2025-09-07T05:00:00Z'),
      timeZone: SCL,
      minDelayInMinutes: minutes(0),
      days: 1,
    });
    const slots = days[0]?.slots ?? [];
    expect(slots).toHaveLength(14);
    expect(slots[0]).toEqual({ time: '12:00', at: Date.parse('2025-09-07T15:00:00Z') });
    expect(slots.at(-1)?.time).toBe('15:15');
    const before = scheduleDays(sundayLunch, {
      now: Date.parse('2025-08-31T05:00:00Z'),
      timeZone: SCL,
      minDelayInMinutes: minutes(0),
      days: 1,
    });
    expect(before[0]?.slots[0]).toEqual({ time: '12:00', at: Date.parse('2025-08-31T16:00:00Z') });
  });
});

describe('slot properties (fast-check)', () => {
  const zones = [
    'America/Argentina/Buenos_Aires',
    'America/Santiago',
    'America/New_York',
    'America/Asuncion',
    'Europe/London',
  ];

  it('every slot is a real wall time of its day, inside opening hours, after the lead time, unique and ordered', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2024-01-01T00:00:00Z'), max: Date.parse('2026-12-31T00:00:00Z') }),
        fc.constantFrom(...zones),
        fc.constantFrom(palermoDeliverySchedule, palermoSalonSchedule, lateNight, sundayLunch),
        fc.integer({ min: 0, max: 120 }),
        (now, zone, schedules, delay) => {
          const days = scheduleDays(schedules, {
            now,
            timeZone: zone,
            minDelayInMinutes: minutes(delay),
            days: 3,
          });
          let previous = Number.NEGATIVE_INFINITY;
          for (const day of days) {
            expect(day.slots.length).toBeGreaterThan(0);
            expect(new Set(day.slots.map((s) => s.time)).size).toBe(day.slots.length);
            for (const slot of day.slots) {
              const parts = zonedParts(slot.at, zone);
              const label = `${String(parts.hour).padStart(2, '0')}:${String(parts.minute).padStart(2, '0')}`;
              expect(label).toBe(slot.time);
              expect(parts.minute % 15).toBe(0);
              expect(slot.at).toBeGreaterThanOrEqual(now + delay * 60_000);
              expect(slot.at).toBeGreaterThan(previous);
              expect(scheduleIsOpen(schedules, slot.at, zone)).toBe(true);
              previous = slot.at;
            }
          }
        },
      ),
      { numRuns: 150 },
    );
    // 150 generated weeks: on a loaded machine they take longer than the default 5 s.
  }, 60_000);
});
