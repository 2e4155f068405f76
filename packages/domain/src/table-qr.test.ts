import { describe, expect, it } from 'vitest';
import { tableNumberFromLink } from './table-number';
import { TABLE_QR_PRINT_MAX, tableQrLinkUrl, tableQrRangeCheck, tableQrRangeMessages } from './table-qr';

describe('tableQrLinkUrl', () => {
  it("opens the location's dine-in menu with the table and the QR source", () => {
    const url = tableQrLinkUrl({
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
    const url = tableQrLinkUrl({
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

describe('tableQrRangeCheck', () => {
  it('lists the tables of a range, both ends included', () => {
    expect(tableQrRangeCheck('1', '3')).toEqual({ ok: true, tables: [1, 2, 3] });
    expect(tableQrRangeCheck(' 7 ', '7')).toEqual({ ok: true, tables: [7] });
    const most = tableQrRangeCheck('1', String(TABLE_QR_PRINT_MAX));
    expect(most.ok && most.tables.length).toBe(TABLE_QR_PRINT_MAX);
  });

  it.each(['', '0', '-2', '1.5', '1e2', 'tres', '3 4'])('refuses %j as a table, on its field', (bad) => {
    expect(tableQrRangeCheck(bad, '5')).toEqual({
      ok: false,
      fields: { from: tableQrRangeMessages.whole },
    });
    expect(tableQrRangeCheck('5', bad)).toEqual({
      ok: false,
      fields: { to: tableQrRangeMessages.whole },
    });
  });

  it('refuses a range that goes backwards or holds more than a print run', () => {
    expect(tableQrRangeCheck('9', '3')).toEqual({
      ok: false,
      fields: { to: tableQrRangeMessages.order },
    });
    expect(tableQrRangeCheck('1', String(TABLE_QR_PRINT_MAX + 1))).toEqual({
      ok: false,
      fields: { to: 'Se imprimen hasta 100 mesas por vez' },
    });
  });
});
