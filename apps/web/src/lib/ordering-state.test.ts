import { describe, expect, it } from 'vitest';
import { orderingStateAt } from './ordering-state';

const zone = 'America/Argentina/Buenos_Aires';
const contact = { timezone: zone, manualClosing: false, commercialTermsInfo: { blocked: false } };
// Open Tuesday to Sunday 19:30–00:30 (past midnight), closed on Mondays.
const schedules = [
  {
    scheduleConfigs: [
      {
        workingDays: (['TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const).map(
          (dayOfWeek) => ({ dayOfWeek, workingHours: [{ startAt: '19:30', endAt: '00:30' }] }),
        ),
      },
    ],
  },
];
const mode = { schedules, orderEnabled: true, useSchedule: true, minDelayInMinutes: 30 };
const fridayNight = Date.parse('2026-11-20T21:00:00-03:00');
const saturdayAfterMidnight = Date.parse('2026-11-21T00:15:00-03:00');
const mondayMorning = Date.parse('2026-11-16T10:00:00-03:00');

describe('ordering §4/§8: can the diner order now, later, or not at all', () => {
  it('is open inside a shift, including the part past midnight', () => {
    for (const now of [fridayNight, saturdayAfterMidnight]) {
      const state = orderingStateAt(contact, mode, now);
      expect(state).toMatchObject({
        isOpen: true,
        closedNotice: null,
        orderingDisabled: false,
        canAddItems: true,
      });
    }
  });

  it("closed with scheduling: 'Programa tu pedido' / 'Local cerrado, programa tu pedido.'", () => {
    const state = orderingStateAt(contact, mode, mondayMorning);
    expect(state.isOpen).toBe(false);
    expect(state.closedNotice).toEqual({
      modal: 'Programa tu pedido',
      banner: 'Local cerrado, programa tu pedido.',
    });
    expect(state.canAddItems).toBe(true);
  });

  it("closed without scheduling: 'Local cerrado' / 'Local cerrado.', nothing can be added", () => {
    const state = orderingStateAt(contact, { ...mode, useSchedule: false }, mondayMorning);
    expect(state.closedNotice).toEqual({ modal: 'Local cerrado', banner: 'Local cerrado.' });
    expect(state.canAddItems).toBe(false);
  });

  it('a location closed by hand is closed inside its hours', () => {
    const state = orderingStateAt({ ...contact, manualClosing: true }, mode, fridayNight);
    expect(state.isOpen).toBe(false);
    expect(state.closedNotice?.modal).toBe('Programa tu pedido');
  });

  it('a mode that takes no orders, or a blocked location, is an informative menu (no closed notice)', () => {
    for (const state of [
      orderingStateAt(contact, { ...mode, orderEnabled: false }, fridayNight),
      orderingStateAt({ ...contact, commercialTermsInfo: { blocked: true } }, mode, fridayNight),
    ]) {
      expect(state).toMatchObject({ orderingDisabled: true, closedNotice: null, canAddItems: false });
    }
  });
});
