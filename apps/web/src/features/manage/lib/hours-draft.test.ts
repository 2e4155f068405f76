import { describe, expect, it } from 'vitest';
import type { HoursMode } from '../api/hours-api';
import { hoursDraftOf, hoursEndsNextDay, hoursFieldKey, hoursMessage, hoursModeOf } from './hours-draft';

const mode: HoursMode = {
  key: 'delivery',
  type: 'DELIVERY',
  showName: 'Delivery',
  menu: 'carta',
  active: true,
  orderEnabled: true,
  useSchedule: true,
  minDelayInMinutes: 30,
  maxDelayInMinutes: 60,
  schedules: [
    {
      scheduleConfigs: [
        { workingDays: [{ dayOfWeek: 'FRIDAY', workingHours: [{ startAt: '19:30', endAt: '02:00' }] }] },
      ],
    },
    {
      scheduleConfigs: [
        { workingDays: [{ dayOfWeek: 'MONDAY', workingHours: [{ startAt: '12:00', endAt: '15:00' }] }] },
      ],
    },
  ],
  paymentTypes: [{ key: 'cash' }],
  fees: { userFee: 0, percentageUserFee: 0 },
};

describe('the hours draft', () => {
  it('gives an untouched mode back as it came, other fields included', () => {
    expect(hoursModeOf(hoursDraftOf(mode))).toEqual(mode);
  });

  it('writes an edited week as one schedule, Monday first, and special days only when there are some', () => {
    const draft = hoursDraftOf(mode);
    draft.week.SUNDAY = [{ startAt: '12:00', endAt: '16:00' }];
    draft.specialDays = [{ date: '2025-12-25', workingHours: [] }];
    const saved = hoursModeOf(draft);
    expect(saved.schedules).toEqual([
      {
        scheduleConfigs: [
          {
            workingDays: [
              { dayOfWeek: 'MONDAY', workingHours: [{ startAt: '12:00', endAt: '15:00' }] },
              { dayOfWeek: 'FRIDAY', workingHours: [{ startAt: '19:30', endAt: '02:00' }] },
              { dayOfWeek: 'SUNDAY', workingHours: [{ startAt: '12:00', endAt: '16:00' }] },
            ],
          },
        ],
      },
    ]);
    expect(saved.specialDays).toEqual([{ date: '2025-12-25', workingHours: [] }]);
    expect(saved.paymentTypes).toEqual([{ key: 'cash' }]);
  });

  it('finds where a server message goes in the editor', () => {
    const sent = [hoursModeOf(hoursDraftOf(mode))];
    expect(
      hoursFieldKey('[0].schedules[1].scheduleConfigs[0].workingDays[0].workingHours[0].startAt', sent),
    ).toBe('0.week.MONDAY.0.startAt');
    expect(hoursFieldKey('[0].specialDays[2].date', sent)).toBe('0.special.2.date');
    expect(hoursFieldKey('[0].specialDays[1].workingHours[0].endAt', sent)).toBe('0.special.1.0.endAt');
    expect(hoursFieldKey('[0].maxDelayInMinutes', sent)).toBe('0.maxDelayInMinutes');
    expect(hoursFieldKey('[0].paymentTypes', sent)).toBeNull();
  });

  it('says the validator’s messages in Spanish and lets the API’s pass', () => {
    expect(hoursMessage('must differ from startAt (an endAt earlier than startAt runs past midnight)')).toBe(
      'El cierre debe ser distinto de la apertura.',
    );
    expect(hoursMessage('expected a time as HH:MM (00:00 to 23:59)')).toBe(
      'Escriba la hora como HH:MM, de 00:00 a 23:59.',
    );
    expect(hoursMessage('expected a date as YYYY-MM-DD')).toBe('Elija una fecha válida.');
    expect(hoursMessage('expected a value of at least 0')).toBe('Escriba un número de 0 en adelante.');
    expect(hoursMessage('Aquí no se cambia el menú')).toBe('Aquí no se cambia el menú');
  });

  it('notes a shift that closes the next day', () => {
    expect(hoursEndsNextDay({ startAt: '19:30', endAt: '02:00' })).toBe(true);
    expect(hoursEndsNextDay({ startAt: '12:00', endAt: '00:00' })).toBe(true);
    expect(hoursEndsNextDay({ startAt: '12:00', endAt: '15:00' })).toBe(false);
  });
});
