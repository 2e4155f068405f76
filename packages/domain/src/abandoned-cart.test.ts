import { describe, expect, it } from 'vitest';
import { AR } from '../test/fixtures';
import {
  ABANDONED_CART_DEFAULT_DELAY_MINUTES,
  type AbandonedCartFacts,
  abandonedCartDelayValid,
  abandonedCartLinkValid,
  abandonedCartMessageText,
  abandonedCartNotifyAfter,
  abandonedCartRecoveryUrl,
  abandonedCartSettledStatus,
  abandonedCartStep,
} from './abandoned-cart';
import { moneyMinor as m } from './money';

const MIN = 60_000;
const HOUR = 60 * MIN;
const LEFT = Date.parse('2025-06-04T16:00:00Z');

const due = (overrides: Partial<AbandonedCartFacts> = {}): AbandonedCartFacts => ({
  now: LEFT + 30 * MIN,
  leftAt: LEFT,
  notifyAfter: abandonedCartNotifyAfter(LEFT, ABANDONED_CART_DEFAULT_DELAY_MINUTES),
  orderedSince: false,
  optedIn: true,
  locationOpen: true,
  lastMessagedAt: null,
  restorableLines: 2,
  ...overrides,
});

describe('abandonedCartStep', () => {
  it('sends once the delay has passed, to an opted-in customer, while the location is open', () => {
    expect(abandonedCartStep(due())).toEqual({ kind: 'SEND' });
    expect(abandonedCartStep(due({ now: LEFT + 30 * MIN - 1 }))).toEqual({ kind: 'WAIT' });
  });

  it('never messages a cart that became an order, even before it is due', () => {
    expect(abandonedCartStep(due({ orderedSince: true, now: LEFT + MIN }))).toEqual({ kind: 'ORDERED' });
    expect(abandonedCartStep(due({ orderedSince: true, optedIn: false }))).toEqual({ kind: 'ORDERED' });
  });

  it('closes without a message a cart of a customer who did not opt in', () => {
    expect(abandonedCartStep(due({ optedIn: false }))).toEqual({ kind: 'SKIP', reason: 'NO_OPT_IN' });
  });

  it('closes without a message a cart whose products are no longer sold', () => {
    expect(abandonedCartStep(due({ restorableLines: 0 }))).toEqual({
      kind: 'SKIP',
      reason: 'NOTHING_TO_RESTORE',
    });
  });

  it('writes at most one recovery message a day to a phone from a location', () => {
    const now = LEFT + 30 * MIN;
    expect(abandonedCartStep(due({ lastMessagedAt: now - 23 * HOUR }))).toEqual({
      kind: 'SKIP',
      reason: 'RECENTLY_MESSAGED',
    });
    expect(abandonedCartStep(due({ lastMessagedAt: now - 24 * HOUR }))).toEqual({ kind: 'SEND' });
  });

  it('waits while the location is closed, and gives up 12 hours after the diner left', () => {
    expect(abandonedCartStep(due({ locationOpen: false }))).toEqual({ kind: 'WAIT' });
    expect(abandonedCartStep(due({ locationOpen: false, now: LEFT + 12 * HOUR - 1 }))).toEqual({
      kind: 'WAIT',
    });
    expect(abandonedCartStep(due({ locationOpen: false, now: LEFT + 12 * HOUR }))).toEqual({
      kind: 'SKIP',
      reason: 'STALE',
    });
    // Open again before it went stale: the message goes then.
    expect(abandonedCartStep(due({ now: LEFT + 11 * HOUR }))).toEqual({ kind: 'SEND' });
  });
});

describe('abandonedCartSettledStatus', () => {
  const notifiedAt = LEFT + 30 * MIN;
  it('counts as recovered an order placed after the diner opened the link', () => {
    expect(
      abandonedCartSettledStatus({ notifiedAt, openedAt: notifiedAt + MIN, orderedAt: notifiedAt + 5 * MIN }),
    ).toBe('RECOVERED');
  });
  it('counts as ordered an order without the link, or before it was opened, or after the link expired', () => {
    expect(abandonedCartSettledStatus({ notifiedAt: null, openedAt: null, orderedAt: LEFT + MIN })).toBe(
      'ORDERED',
    );
    expect(abandonedCartSettledStatus({ notifiedAt, openedAt: null, orderedAt: notifiedAt + MIN })).toBe(
      'ORDERED',
    );
    expect(
      abandonedCartSettledStatus({ notifiedAt, openedAt: notifiedAt + 9 * MIN, orderedAt: notifiedAt + MIN }),
    ).toBe('ORDERED');
    expect(
      abandonedCartSettledStatus({
        notifiedAt,
        openedAt: notifiedAt + MIN,
        orderedAt: notifiedAt + 8 * 24 * HOUR,
      }),
    ).toBe('ORDERED');
  });
});

describe('abandonedCartLinkValid', () => {
  it('restores for 7 days after the message, never before one', () => {
    expect(abandonedCartLinkValid(null, LEFT)).toBe(false);
    expect(abandonedCartLinkValid(LEFT, LEFT + 7 * 24 * HOUR)).toBe(true);
    expect(abandonedCartLinkValid(LEFT, LEFT + 7 * 24 * HOUR + 1)).toBe(false);
  });
});

describe('abandonedCartDelayValid', () => {
  it('takes whole minutes from 5 to a day', () => {
    expect([4, 5, 30, 1440, 1441, 7.5].map(abandonedCartDelayValid)).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('abandonedCartMessageText', () => {
  it('lists the lines with the menu’s names, the subtotal and the link, in tú', () => {
    const url = abandonedCartRecoveryUrl({
      publicUrl: 'https://pedidos.example',
      alias: 'fuego-palermo',
      phone: '+5491155550101',
      token: 'abc_-1',
    });
    expect(url).toBe(
      'https://pedidos.example/menu/fuego-palermo/preview?abandoned=true&phone=%2B5491155550101&cart=abc_-1',
    );
    expect(
      abandonedCartMessageText({
        venueName: 'Fuego Palermo',
        lines: [
          { quantity: 2, name: 'Clásica (Doble)' },
          { quantity: 1, name: 'Papas' },
        ],
        subtotal: m(21500),
        country: AR,
        url,
      }),
    ).toBe(
      [
        '¡Hola! Dejaste tu pedido en Fuego Palermo sin terminar:',
        '2 × Clásica (Doble)',
        '1 × Papas',
        'Subtotal: $ 21.500',
        `Retómalo aquí, a los precios de hoy: ${url}`,
      ].join('\n'),
    );
  });

  it('lists five lines and counts the rest', () => {
    const lines = Array.from({ length: 7 }, (_, index) => ({ quantity: 1, name: `Plato ${index + 1}` }));
    const text = abandonedCartMessageText({ venueName: 'V', lines, subtotal: m(100), country: AR, url: 'u' });
    expect(text).toContain('1 × Plato 5');
    expect(text).not.toContain('Plato 6');
    expect(text).toContain('y 2 productos más');
  });
});
