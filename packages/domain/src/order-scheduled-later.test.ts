import { describe, expect, it } from 'vitest';
import {
  ORDER_SCHEDULED_LEAD_MINUTES,
  orderScheduledDueAt,
  orderScheduledLater,
} from './order-scheduled-later';

const NOW = Date.parse('2026-11-20T21:00:00-03:00');
const inMinutes = (n: number) => new Date(NOW + n * 60_000);

describe('ADR 049: a scheduled order is "for later" until its lead time', () => {
  it('is apart while its time is more than the lead away, and joins its column from then on', () => {
    const order = (at: Date) => ({ status: 'GENERATED' as const, scheduled: true, scheduledAt: at });
    expect(orderScheduledLater(order(inMinutes(ORDER_SCHEDULED_LEAD_MINUTES + 1)), NOW)).toBe(true);
    expect(orderScheduledLater(order(inMinutes(ORDER_SCHEDULED_LEAD_MINUTES)), NOW)).toBe(false);
    expect(orderScheduledLater(order(inMinutes(-5)), NOW)).toBe(false);
    expect(
      orderScheduledLater(
        { status: 'ACCEPTED', scheduled: true, scheduledAt: inMinutes(24 * 60).toISOString() },
        NOW,
      ),
    ).toBe(true);
  });

  it('never sets apart an order for now, nor a finished one', () => {
    expect(orderScheduledLater({ status: 'GENERATED', scheduled: false, scheduledAt: null }, NOW)).toBe(
      false,
    );
    expect(orderScheduledLater({ status: 'GENERATED', scheduled: true, scheduledAt: null }, NOW)).toBe(false);
    for (const status of ['DELIVERED', 'CANCELED'] as const) {
      expect(orderScheduledLater({ status, scheduled: true, scheduledAt: inMinutes(600) }, NOW)).toBe(false);
    }
  });

  it('is due the lead before its time', () => {
    expect(orderScheduledDueAt(inMinutes(90).getTime())).toBe(
      inMinutes(90 - ORDER_SCHEDULED_LEAD_MINUTES).getTime(),
    );
  });
});
