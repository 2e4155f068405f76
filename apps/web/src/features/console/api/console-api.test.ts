import { describe, expect, it } from 'vitest';
import {
  BOARD_FINISHED_MAX,
  BOARD_PAGE_SIZE,
  type BoardPageRead,
  type BoardState,
  consoleBoardAssemble,
  type OrderBoard,
  type OrderStatus,
  type OrderSummary,
} from './console-api';

const STATUS: Record<BoardState, OrderStatus> = {
  new: 'GENERATED',
  accepted: 'ACCEPTED',
  ready: 'READY',
  delivered: 'DELIVERED',
  canceled: 'CANCELED',
};

const order = (id: number, status: OrderStatus): OrderSummary => ({
  id,
  code: `C${id}`,
  status,
  type: 'TAKE_AWAY',
  orderModeId: 1,
  branchContactId: 1,
  orderedAt: new Date(1_700_000_000_000 - id * 60_000).toISOString(),
  updatedAt: new Date(1_700_000_000_000 - id * 60_000).toISOString(),
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
});

/** A server holding `orders` newest first (lower id = newer), answering pages as the API does. */
function server(orders: OrderSummary[]) {
  const calls: { states: readonly BoardState[]; offset: number }[] = [];
  const counts = { new: 0, accepted: 0, ready: 0, delivered: 0, canceled: 0, scheduled: 0 };
  for (const item of orders) {
    const state = (Object.keys(STATUS) as BoardState[]).find((key) => STATUS[key] === item.status);
    if (state) counts[state] += 1;
  }
  const read: BoardPageRead = async (states, offset) => {
    calls.push({ states, offset });
    const matching = orders.filter((item) => states.some((state) => STATUS[state] === item.status));
    const answer: OrderBoard = {
      orders: matching.slice(offset, offset + BOARD_PAGE_SIZE),
      total: matching.length,
      offset,
      limit: BOARD_PAGE_SIZE,
      counts,
      unpaidCardOrders: 3,
    };
    return answer;
  };
  return { read, calls, counts };
}

describe('the console board, read whole', () => {
  it('keeps every open order however many finished ones came after it', async () => {
    // 250 orders delivered today, newer than a new order placed days ago.
    const finished = Array.from({ length: 250 }, (_, index) => order(index + 1, 'DELIVERED'));
    const oldOpen = order(1000, 'GENERATED');
    const { read, counts } = server([...finished, oldOpen]);
    const board = await consoleBoardAssemble(read);
    expect(board.orders.map((item) => item.id)).toContain(oldOpen.id);
    expect(board.orders).toHaveLength(251);
    expect(board.counts).toEqual(counts);
    expect(board.unpaidCardOrders).toBe(3);
  });

  it('reads the open orders whole and bounds only the finished ones', async () => {
    const open = Array.from({ length: 230 }, (_, index) => order(index + 1, 'ACCEPTED'));
    const finished = Array.from({ length: BOARD_FINISHED_MAX + 150 }, (_, index) =>
      order(index + 1000, index % 2 ? 'CANCELED' : 'DELIVERED'),
    );
    const { read, calls } = server([...open, ...finished]);
    const board = await consoleBoardAssemble(read);
    expect(board.orders.filter((item) => item.status === 'ACCEPTED')).toHaveLength(230);
    expect(board.orders.length - 230).toBe(BOARD_FINISHED_MAX);
    expect(calls[0]).toEqual({ states: ['new', 'accepted', 'ready'], offset: 0 });
    expect(calls.filter((call) => call.states.includes('new')).map((call) => call.offset)).toEqual([
      0, 100, 200,
    ]);
  });

  it('keeps an order once when it shifts between two pages', async () => {
    const open = Array.from({ length: 150 }, (_, index) => order(index + 1, 'GENERATED'));
    const { read: base } = server(open);
    let shifted = false;
    // A new order arrives between the two pages: the second page starts one order earlier.
    const read: BoardPageRead = async (states, offset) => {
      if (offset === 0 || shifted) return base(states, offset);
      shifted = true;
      return base(states, offset - 1);
    };
    const board = await consoleBoardAssemble(read);
    expect(new Set(board.orders.map((item) => item.id)).size).toBe(board.orders.length);
    expect(board.orders).toHaveLength(150);
  });
});
