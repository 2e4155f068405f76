import { describe, expect, it } from 'vitest';
import { palermoDeliverySchedule } from '../test/fixtures';
import { scheduleOpening, scheduleOpeningText } from './schedule-opening';
import type { Schedule, SpecialDay } from './types';

const BA = 'America/Argentina/Buenos_Aires';
const ba = (local: string) => Date.parse(`${local}:00-03:00`);
const text = (now: number, specialDays?: SpecialDay[], schedules: Schedule[] = palermoDeliverySchedule) =>
  scheduleOpeningText(scheduleOpening(schedules, now, BA, specialDays));

describe('the hours preview: open now / next opening', () => {
  it.each([
    ['Monday 13:00, lunch until 15:30', ba('2025-01-06T13:00'), 'Abierto ahora · cierra 15:30'],
    ['Monday 16:00, between shifts', ba('2025-01-06T16:00'), 'Cerrado · abre hoy 19:30'],
    ['Monday 23:45, after the last shift', ba('2025-01-06T23:45'), 'Cerrado · abre mañana 12:00'],
    [
      'Friday 21:00, the night runs past midnight',
      ba('2025-01-03T21:00'),
      'Abierto ahora · cierra mañana 02:00',
    ],
    ['Saturday 01:00, inside Friday’s night', ba('2025-01-04T01:00'), 'Abierto ahora · cierra 02:00'],
    ['Sunday 10:00, Sunday has no hours', ba('2025-01-05T10:00'), 'Cerrado · abre mañana 12:00'],
    ['Saturday 03:00, next opening that evening', ba('2025-01-04T03:00'), 'Cerrado · abre hoy 19:30'],
  ])('%s', (_, now, expected) => {
    expect(text(now)).toBe(expected);
  });

  it('a closed holiday today moves the next opening to the day after', () => {
    const holiday: SpecialDay[] = [{ date: '2025-01-06', workingHours: [] }];
    expect(text(ba('2025-01-06T13:00'), holiday)).toBe('Cerrado · abre mañana 12:00');
    expect(text(ba('2025-01-05T10:00'), holiday)).toBe('Cerrado · abre el martes 12:00');
  });

  it('special hours today set when it closes and opens', () => {
    const reduced: SpecialDay[] = [
      { date: '2025-01-06', workingHours: [{ startAt: '18:00', endAt: '21:00' }] },
    ];
    expect(text(ba('2025-01-06T13:00'), reduced)).toBe('Cerrado · abre hoy 18:00');
    expect(text(ba('2025-01-06T19:00'), reduced)).toBe('Abierto ahora · cierra 21:00');
  });

  it('a shift ending at 00:00 closes at midnight, said as 00:00', () => {
    const untilMidnight: Schedule[] = [
      {
        scheduleConfigs: [
          { workingDays: [{ dayOfWeek: 'FRIDAY', workingHours: [{ startAt: '12:00', endAt: '00:00' }] }] },
        ],
      },
    ];
    expect(text(ba('2025-01-03T21:00'), undefined, untilMidnight)).toBe('Abierto ahora · cierra 00:00');
  });

  it('shifts that touch close at the end of the last one', () => {
    const touching: Schedule[] = [
      {
        scheduleConfigs: [
          {
            workingDays: [
              {
                dayOfWeek: 'MONDAY',
                workingHours: [
                  { startAt: '12:00', endAt: '15:00' },
                  { startAt: '15:00', endAt: '23:00' },
                ],
              },
            ],
          },
        ],
      },
    ];
    expect(text(ba('2025-01-06T13:00'), undefined, touching)).toBe('Abierto ahora · cierra 23:00');
    expect(text(ba('2025-01-07T13:00'), undefined, touching)).toBe('Cerrado · abre el lunes 12:00');
  });

  it('no hours at all in the coming week says so', () => {
    expect(text(ba('2025-01-06T13:00'), undefined, [])).toBe('Cerrado · sin horarios en los próximos 7 días');
    const opening = scheduleOpening(palermoDeliverySchedule, ba('2025-01-06T16:00'), BA);
    expect(opening).toMatchObject({
      open: false,
      opensAt: { date: '2025-01-06', time: '19:30', daysAfter: 0 },
    });
    expect(opening.open === false && opening.opensAt?.at).toBe(ba('2025-01-06T19:30'));
  });
});
