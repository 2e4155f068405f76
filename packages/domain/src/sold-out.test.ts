import { describe, expect, it } from 'vitest';
import { moneyMinor } from './money';
import {
  type SoldOutMark,
  soldOutAny,
  soldOutCartProblems,
  soldOutItemKey,
  soldOutKeys,
  soldOutMarkActive,
  soldOutUntilToday,
} from './sold-out';
import type { CartItem, DayOfWeek, Plate, Schedule } from './types';

const BA = 'America/Argentina/Buenos_Aires';
/** An instant from a Buenos Aires wall-clock time (UTC−3, no DST). */
const ba = (local: string) => Date.parse(`${local}:00-03:00`);

function schedule(days: DayOfWeek[], hours: [string, string][]): Schedule[] {
  return [
    {
      scheduleConfigs: [
        {
          workingDays: days.map((dayOfWeek) => ({
            dayOfWeek,
            workingHours: hours.map(([startAt, endAt]) => ({ startAt, endAt })),
          })),
        },
      ],
    },
  ];
}

const WEEK: DayOfWeek[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

describe('sold-out marks at an instant', () => {
  const marks: SoldOutMark[] = [
    { kind: 'PLATE', itemKey: 'milanesa', until: null },
    { kind: 'SIZE', itemKey: 'pizza/grande', until: ba('2026-11-27T12:00') },
    { kind: 'GARNISH_ITEM', itemKey: 'salsas/chimichurri', until: ba('2026-11-26T20:00') },
  ];

  it('keeps marks without until and those whose until is ahead; drops those whose until passed', () => {
    const keys = soldOutKeys(marks, ba('2026-11-26T21:00'));
    expect([...keys.plates]).toEqual(['milanesa']);
    expect([...keys.sizes]).toEqual(['pizza/grande']);
    expect([...keys.garnishItems]).toEqual([]);
    expect(soldOutAny(keys)).toBe(true);
  });

  it('names a size by its plate and a garnish item by its group', () => {
    expect(soldOutItemKey('pizza', 'grande')).toBe('pizza/grande');
    expect(
      soldOutKeys([{ kind: 'SIZE', itemKey: soldOutItemKey('pizza', 'grande'), until: null }], 0).sizes,
    ).toEqual(new Set(['pizza/grande']));
  });

  it('a mark is over exactly at its until', () => {
    const until = ba('2026-11-27T12:00');
    expect(soldOutMarkActive({ until }, until - 1)).toBe(true);
    expect(soldOutMarkActive({ until }, until)).toBe(false);
    expect(soldOutAny(soldOutKeys(marks.slice(1), ba('2026-11-28T00:00')))).toBe(false);
  });
});

describe("'por hoy' ends at the next opening", () => {
  const lunchAndDinner = schedule(WEEK, [
    ['12:00', '15:30'],
    ['19:30', '23:30'],
  ]);

  it('during lunch: back at dinner', () => {
    expect(soldOutUntilToday([lunchAndDinner], ba('2026-11-26T13:00'), BA)).toBe(ba('2026-11-26T19:30'));
  });

  it('between services: back at the next one', () => {
    expect(soldOutUntilToday([lunchAndDinner], ba('2026-11-26T17:00'), BA)).toBe(ba('2026-11-26T19:30'));
  });

  it('during the last service, past midnight: back at the next day’s first opening', () => {
    const late = schedule(WEEK, [['20:00', '02:00']]);
    expect(soldOutUntilToday([late], ba('2026-11-27T01:00'), BA)).toBe(ba('2026-11-27T20:00'));
    expect(soldOutUntilToday([late], ba('2026-11-26T22:00'), BA)).toBe(ba('2026-11-27T20:00'));
  });

  it('shifts of several modes that touch or overlap are one service', () => {
    const delivery = schedule(WEEK, [['12:00', '16:00']]);
    const takeAway = schedule(WEEK, [['15:00', '18:00']]);
    const dinner = schedule(WEEK, [['18:00', '23:00']]);
    expect(soldOutUntilToday([delivery, takeAway, dinner], ba('2026-11-26T13:00'), BA)).toBe(
      ba('2026-11-27T12:00'),
    );
  });

  it('skips closed days', () => {
    const weekdays = schedule(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'], [['12:00', '22:00']]);
    // Friday 2026-11-27 at 21:00 → Monday 2026-11-30 at 12:00.
    expect(soldOutUntilToday([weekdays], ba('2026-11-27T21:00'), BA)).toBe(ba('2026-11-30T12:00'));
  });

  it('without any schedule (or open around the clock): the next local midnight', () => {
    expect(soldOutUntilToday([], ba('2026-11-26T13:00'), BA)).toBe(ba('2026-11-27T00:00'));
    const always = schedule(WEEK, [['00:00', '00:00']]);
    expect(soldOutUntilToday([always], ba('2026-11-26T23:59'), BA)).toBe(ba('2026-11-27T00:00'));
  });
});

describe('cart lines that hold something sold out', () => {
  const plates: Plate[] = [
    { id: '1', showName: 'Milanesa napolitana', price: moneyMinor(9000), soldOut: true },
    {
      id: '2',
      showName: 'Pizza muzzarella',
      sizes: [
        { id: '21', name: 'Chica', price: moneyMinor(8000) },
        { id: '22', name: 'Grande', price: moneyMinor(12000), soldOut: true },
      ],
    },
    {
      id: '3',
      showName: 'Hamburguesa',
      price: moneyMinor(10000),
      garnishGroups: [
        {
          groupId: '7',
          groupName: 'Agregados',
          minGarnishAmount: 0,
          multipleSelection: true,
          mandatory: false,
          groupItems: [
            { id: '71', name: 'Cheddar', price: moneyMinor(500) },
            { id: '72', name: 'Panceta', price: moneyMinor(700), soldOut: true },
          ],
        },
      ],
    },
  ];
  const byId = new Map(plates.map((plate) => [plate.id, plate]));
  const line = (referenceId: string, extra: Partial<CartItem> = {}) => ({
    referenceId,
    name: 'x',
    extras: [],
    ...extra,
  });

  it('names the plate, the size or the garnish item, one message per line', () => {
    const problems = soldOutCartProblems(
      [
        line('1'),
        line('2', { sizeId: '21' }),
        line('2', { sizeId: '22' }),
        line('3', {
          extras: [
            {
              groupId: '7',
              groupName: 'Agregados',
              multipleSelection: true,
              groupItems: [
                { referenceId: '71', name: 'Cheddar', quantity: 1 },
                { referenceId: '72', name: 'Panceta', quantity: 1 },
              ],
            },
          ],
        }),
        line('3'),
        line('99'),
      ],
      byId,
    );
    expect(problems).toEqual([
      {
        index: 0,
        kind: 'PLATE',
        message: "'Milanesa napolitana' se agotó. Quítalo del carrito para seguir.",
      },
      {
        index: 2,
        kind: 'SIZE',
        message: "'Pizza muzzarella' (Grande) se agotó. Quítalo del carrito para seguir.",
      },
      {
        index: 3,
        kind: 'GARNISH_ITEM',
        message: "'Panceta' de 'Hamburguesa' se agotó. Quítalo del carrito y vuelve a agregarlo sin eso.",
      },
    ]);
  });

  it('a cart with nothing sold out has no problems', () => {
    expect(soldOutCartProblems([line('2', { sizeId: '21' }), line('3')], byId)).toEqual([]);
  });
});
