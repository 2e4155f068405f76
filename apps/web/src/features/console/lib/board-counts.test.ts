import { describe, expect, it } from 'vitest';
import type { OrderBoard, OrderSummary } from '../api/console-api';
import { boardCountsAt } from './board-counts';

const NOW = Date.parse('2026-11-20T21:00:00-03:00');
const HOUR = 3_600_000;

const card = (id: number, fields: Partial<OrderSummary>): OrderSummary => ({
  id,
  code: `C${id}`,
  status: 'GENERATED',
  type: 'TAKE_AWAY',
  orderModeId: 1,
  branchContactId: 1,
  orderedAt: new Date(NOW).toISOString(),
  updatedAt: new Date(NOW).toISOString(),
  scheduled: false,
  scheduledAt: null,
  scheduledLater: false,
  customerName: null,
  table: null,
  price: 100,
  paymentType: null,
  paymentStatus: 'NOT_REQUIRED',
  paymentState: 'NOT_REQUIRED',
  paid: false,
  itemsCount: 1,
  errorType: null,
  reportsCount: 0,
  ...fields,
});

// As the server answered at NOW: one order for now, one new and one accepted for later (in 2 h).
const board: OrderBoard = {
  orders: [
    card(1, {}),
    card(2, { scheduled: true, scheduledAt: new Date(NOW + 2 * HOUR).toISOString(), scheduledLater: true }),
    card(3, {
      status: 'ACCEPTED',
      scheduled: true,
      scheduledAt: new Date(NOW + 2 * HOUR).toISOString(),
      scheduledLater: true,
    }),
  ],
  total: 3,
  offset: 0,
  limit: 3,
  counts: { new: 1, accepted: 0, ready: 0, delivered: 0, canceled: 0, scheduled: 2 },
  unpaidCardOrders: 0,
};

describe("ADR 049: the board's counts as time passes", () => {
  it("keeps the server's counts while nothing falls due", () => {
    expect(boardCountsAt(board, NOW + 30 * 60_000)).toEqual(board.counts);
  });

  it('moves an order that fell due from Programados to its column, counts included', () => {
    expect(boardCountsAt(board, NOW + HOUR + 60_000)).toEqual({
      new: 2,
      accepted: 1,
      ready: 0,
      delivered: 0,
      canceled: 0,
      scheduled: 0,
    });
  });
});
