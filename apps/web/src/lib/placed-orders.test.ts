import { beforeEach, describe, expect, it } from 'vitest';
import { placedOrderInProgress } from './placed-order-progress';
import {
  type PlacedOrder,
  placedOrderForget,
  placedOrderRecord,
  placedOrderRefresh,
  placedOrdersRead,
} from './placed-orders';
import { storageScopeSet } from './storage-scope';

const NOW = Date.parse('2026-11-20T21:00:00-03:00');
const HOUR = 3_600_000;

const placed = (overrides: Partial<PlacedOrder> = {}): PlacedOrder => ({
  code: 'ABC123XYZ789',
  alias: 'brasa-caballito',
  orderedAt: new Date(NOW - HOUR).toISOString(),
  scheduledAt: null,
  status: 'GENERATED',
  ...overrides,
});

beforeEach(() => {
  localStorage.clear();
  storageScopeSet('brasa');
});

describe('placedOrderInProgress (ordering §4, 24 hours ahead)', () => {
  it('an order not delivered nor canceled, ordered already, is in progress', () => {
    for (const status of ['GENERATED', 'ACCEPTED', 'READY'])
      expect(placedOrderInProgress(placed({ status }), NOW)).toBe(true);
  });

  it('a delivered, canceled or unknown status is not', () => {
    for (const status of ['DELIVERED', 'CANCELED', 'WHATEVER'])
      expect(placedOrderInProgress(placed({ status }), NOW)).toBe(false);
  });

  it('a scheduled order counts from its scheduled time: up to 24 hours ahead, not beyond', () => {
    const at = (ms: number) => placed({ scheduledAt: new Date(NOW + ms).toISOString() });
    expect(placedOrderInProgress(at(24 * HOUR), NOW)).toBe(true);
    expect(placedOrderInProgress(at(24 * HOUR + 60_000), NOW)).toBe(false);
    expect(placedOrderInProgress(at(2 * 24 * HOUR), NOW)).toBe(false);
  });
});

describe('the placed orders store', () => {
  it('records newest first, refreshes an order in place, forgets one', () => {
    placedOrderRecord(placed({ code: 'AAAAAAAAAAAA' }));
    placedOrderRecord(placed({ code: 'BBBBBBBBBBBB' }));
    placedOrderRecord(placed({ code: 'AAAAAAAAAAAA', status: 'READY' }));
    expect(placedOrdersRead().map((order) => [order.code, order.status])).toEqual([
      ['AAAAAAAAAAAA', 'READY'],
      ['BBBBBBBBBBBB', 'GENERATED'],
    ]);
    placedOrderForget('AAAAAAAAAAAA');
    expect(placedOrdersRead().map((order) => order.code)).toEqual(['BBBBBBBBBBBB']);
  });

  it('a refresh updates an order this browser placed, in place, and never adds one opened from a link', () => {
    placedOrderRecord(placed({ code: 'AAAAAAAAAAAA' }));
    placedOrderRecord(placed({ code: 'BBBBBBBBBBBB' }));
    placedOrderRefresh(placed({ code: 'AAAAAAAAAAAA', status: 'DELIVERED' }));
    placedOrderRefresh(placed({ code: 'SHAREDLINK00' }));
    expect(placedOrdersRead().map((order) => [order.code, order.status])).toEqual([
      ['BBBBBBBBBBBB', 'GENERATED'],
      ['AAAAAAAAAAAA', 'DELIVERED'],
    ]);
  });

  it('keeps the newest 20 and ignores what it cannot read', () => {
    for (let index = 0; index < 25; index++) placedOrderRecord(placed({ code: `CODE${index}` }));
    expect(placedOrdersRead()).toHaveLength(20);
    expect(placedOrdersRead()[0]?.code).toBe('CODE24');
    localStorage.setItem('comanda:placed-orders@brasa', '{not json');
    expect(placedOrdersRead()).toEqual([]);
    localStorage.setItem('comanda:placed-orders@brasa', JSON.stringify([{ code: 1 }, placed()]));
    expect(placedOrdersRead()).toHaveLength(1);
  });
});
