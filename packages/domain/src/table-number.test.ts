import { describe, expect, it } from 'vitest';
import { TABLE_NUMBER_MAX_LENGTH, tableNumberFromLink, tableNumberNote } from './table-number';

describe('tableNumberFromLink', () => {
  it.each([
    ['12', '12'],
    [' 7 ', '7'],
    ['Terraza  4', 'Terraza 4'],
    ['x'.repeat(TABLE_NUMBER_MAX_LENGTH), 'x'.repeat(TABLE_NUMBER_MAX_LENGTH)],
  ])('keeps %j as %j', (raw, table) => {
    expect(tableNumberFromLink(raw)).toBe(table);
  });

  it.each([null, undefined, '', '   ', 'x'.repeat(TABLE_NUMBER_MAX_LENGTH + 1), '12\n3', '4\u0000'])(
    'names no table with %j',
    (raw) => {
      expect(tableNumberFromLink(raw)).toBeNull();
    },
  );
});

describe('tableNumberNote', () => {
  it('says nothing in dine-in or without a table', () => {
    expect(tableNumberNote({ table: '12', orderModeType: 'DINE_IN', dineInName: 'En el salón' })).toBeNull();
    expect(tableNumberNote({ table: null, orderModeType: 'DELIVERY', dineInName: 'En el salón' })).toBeNull();
  });

  it('names the dine-in mode when the diner ordered another', () => {
    expect(tableNumberNote({ table: '12', orderModeType: 'TAKE_AWAY', dineInName: 'En el salón' })).toBe(
      'La mesa 12 de tu enlace solo se usa en En el salón: este pedido no la lleva.',
    );
  });

  it('says the location takes no table orders when it has no dine-in mode', () => {
    expect(tableNumberNote({ table: '12', orderModeType: 'DELIVERY', dineInName: null })).toBe(
      'Este local no toma pedidos en la mesa: el pedido no llevará la mesa 12 de tu enlace.',
    );
  });
});
