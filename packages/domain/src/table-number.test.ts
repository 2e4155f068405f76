import { describe, expect, it } from 'vitest';
import {
  TABLE_NUMBER_MAX_LENGTH,
  TABLE_NUMBER_PRINT_MAX,
  tableNumberFromLink,
  tableNumberLinkUrl,
  tableNumberNote,
  tableNumberRangeCheck,
  tableNumberRangeMessages,
} from './table-number';

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

describe('tableNumberLinkUrl', () => {
  it("opens the location's dine-in menu with the table and the QR source", () => {
    const url = tableNumberLinkUrl({
      storefrontUrl: 'https://pedidos.fuego.com.ar/',
      alias: 'fuego-palermo',
      modeSegment: 'en-el-salon',
      table: '12',
    });
    expect(url).toBe(
      'https://pedidos.fuego.com.ar/menu/fuego-palermo/en-el-salon?tableNumber=12&source=qr-mesa',
    );
  });

  it('escapes what a path or a query cannot carry', () => {
    const url = tableNumberLinkUrl({
      storefrontUrl: 'http://x.test',
      alias: 'a b',
      modeSegment: 'dine-in',
      table: 'Terraza 4',
    });
    expect(url).toBe('http://x.test/menu/a%20b/dine-in?tableNumber=Terraza%204&source=qr-mesa');
    const table = decodeURIComponent(url.split('tableNumber=')[1]?.split('&')[0] ?? '');
    expect(tableNumberFromLink(table)).toBe('Terraza 4');
  });
});

describe('tableNumberRangeCheck', () => {
  it('lists the tables of a range, both ends included', () => {
    expect(tableNumberRangeCheck('1', '3')).toEqual({ ok: true, tables: [1, 2, 3] });
    expect(tableNumberRangeCheck(' 7 ', '7')).toEqual({ ok: true, tables: [7] });
    const most = tableNumberRangeCheck('1', String(TABLE_NUMBER_PRINT_MAX));
    expect(most.ok && most.tables.length).toBe(TABLE_NUMBER_PRINT_MAX);
  });

  it.each(['', '0', '-2', '1.5', '1e2', 'tres', '3 4'])('refuses %j as a table, on its field', (bad) => {
    expect(tableNumberRangeCheck(bad, '5')).toEqual({
      ok: false,
      fields: { from: tableNumberRangeMessages.whole },
    });
    expect(tableNumberRangeCheck('5', bad)).toEqual({
      ok: false,
      fields: { to: tableNumberRangeMessages.whole },
    });
  });

  it('refuses a range that goes backwards or holds more than a print run', () => {
    expect(tableNumberRangeCheck('9', '3')).toEqual({
      ok: false,
      fields: { to: tableNumberRangeMessages.order },
    });
    expect(tableNumberRangeCheck('1', String(TABLE_NUMBER_PRINT_MAX + 1))).toEqual({
      ok: false,
      fields: { to: 'Se imprimen hasta 100 mesas por vez' },
    });
  });
});
