import { describe, expect, it } from 'vitest';
import {
  ORDER_IN_PROGRESS_WINDOW_MS,
  ORDER_STATUS_FLOW,
  type OrderStatus,
  orderIsInProgress,
  orderNotificationText,
  orderPaymentMessage,
  orderPaymentState,
  orderProgressSteps,
  orderStatusCanMove,
  orderStatusIsFinal,
  orderStatusMove,
} from './order-status';

const ALL: OrderStatus[] = ['GENERATED', 'ACCEPTED', 'READY', 'DELIVERED', 'CANCELED'];
const ALLOWED = new Set([
  'GENERATED>ACCEPTED',
  'ACCEPTED>READY',
  'READY>DELIVERED',
  'GENERATED>CANCELED',
  'ACCEPTED>CANCELED',
  'READY>CANCELED',
]);

describe('follow-up §4.1 Order progress: the state machine', () => {
  it('follows generated → accepted → ready → delivered', () => {
    expect(ORDER_STATUS_FLOW).toEqual(['GENERATED', 'ACCEPTED', 'READY', 'DELIVERED']);
  });

  it.each(ALL.flatMap((from) => ALL.map((to) => [from, to] as const)))('%s → %s', (from, to) => {
    const allowed = ALLOWED.has(`${from}>${to}`);
    expect(orderStatusCanMove(from, to)).toBe(allowed);
    expect(orderStatusMove(from, to)).toEqual(
      allowed ? { ok: true, status: to } : { ok: false, error: 'INVALID_TRANSITION', from, to },
    );
  });

  it('knows the final statuses', () => {
    expect(ALL.filter(orderStatusIsFinal)).toEqual(['DELIVERED', 'CANCELED']);
  });

  it('draws the progress', () => {
    expect(orderProgressSteps('ACCEPTED').map((s) => s.state)).toEqual([
      'done',
      'current',
      'pending',
      'pending',
    ]);
    expect(orderProgressSteps('DELIVERED').map((s) => s.state)).toEqual(['done', 'done', 'done', 'done']);
    expect(orderProgressSteps('CANCELED').map((s) => `${s.status}:${s.state}`)).toEqual([
      'GENERATED:done',
      'CANCELED:current',
    ]);
  });
});

describe('follow-up §2.2 Unpaid card orders and the payment window', () => {
  const orderedAt = Date.parse('2025-01-02T20:00:00Z');
  const base = { paymentMethod: 'CARD_ONLINE' as const, status: 'GENERATED' as const, orderedAt };

  it.each([
    [
      'cash never asks for payment',
      { ...base, paymentMethod: 'CASH' as const, paymentStatus: 'PENDING' as const, now: orderedAt },
      'NOT_REQUIRED',
    ],
    [
      'a canceled card order neither',
      { ...base, status: 'CANCELED' as const, paymentStatus: 'PENDING' as const, now: orderedAt },
      'NOT_REQUIRED',
    ],
    ['paid', { ...base, paymentStatus: 'PAID' as const, now: orderedAt }, 'PAID'],
    [
      'processing while an attempt is under way at the provider',
      { ...base, paymentStatus: 'PROCESSING' as const, now: orderedAt, attemptUnderWay: true },
      'PROCESSING',
    ],
    [
      'stored PROCESSING at placement (upload API) without an attempt is still unpaid',
      { ...base, paymentStatus: 'PROCESSING' as const, now: orderedAt + 2 * 3_600_000 },
      'UNPAID',
    ],
    [
      'and expires after the window',
      { ...base, paymentStatus: 'PROCESSING' as const, now: orderedAt + 2 * 3_600_000 + 1 },
      'EXPIRED',
    ],
    [
      'unpaid within the window',
      { ...base, paymentStatus: 'PENDING' as const, now: orderedAt + 2 * 3_600_000 },
      'UNPAID',
    ],
    [
      'expired after the window',
      { ...base, paymentStatus: 'REJECTED' as const, now: orderedAt + 2 * 3_600_000 + 1 },
      'EXPIRED',
    ],
    [
      'custom window',
      { ...base, paymentStatus: 'PENDING' as const, now: orderedAt + 3_600_001, windowHours: 1 },
      'EXPIRED',
    ],
  ])('%s', (_, input, state) => {
    expect(orderPaymentState(input)).toBe(state);
  });

  it("says 'Tiempo de pago vencido, vuelva a generar el pedido' when expired", () => {
    expect(orderPaymentMessage('EXPIRED')).toBe('Tiempo de pago vencido, vuelva a generar el pedido');
    expect(orderPaymentMessage('UNPAID')).toBeNull();
  });
});

describe('ordering §4 In-progress order (24 hours ahead)', () => {
  const now = Date.parse('2025-01-02T20:00:00Z');

  it.each([
    ['flagged, ordered an hour ago', { inProgress: true, orderedAt: now - 3_600_000 }, true],
    [
      'flagged, scheduled in 24 h',
      { inProgress: true, scheduledAt: now + ORDER_IN_PROGRESS_WINDOW_MS },
      true,
    ],
    [
      'flagged, scheduled in 25 h',
      { inProgress: true, scheduledAt: now + 25 * 3_600_000, orderedAt: now },
      false,
    ],
    ['not flagged', { inProgress: false, orderedAt: now }, false],
    ['no time', { inProgress: true }, false],
  ])('%s', (_, order, inProgress) => {
    expect(orderIsInProgress(order, now)).toBe(inProgress);
  });
});

describe('issue 6 Diner notifications (ours)', () => {
  it('writes one text per status, with the follow-up link', () => {
    const url = 'https://pedidos.example/menu/fuego-palermo/order/AB12CD';
    const text = (status: OrderStatus) =>
      orderNotificationText({ status, orderCode: 'AB12CD', venueName: 'Fuego Palermo', followUpUrl: url });
    expect(text('GENERATED')).toBe(
      `Recibimos tu pedido AB12CD en Fuego Palermo. Te avisaremos cuando el local lo acepte.\nSigue tu pedido en ${url}`,
    );
    expect(text('ACCEPTED')).toBe(
      `Fuego Palermo aceptó tu pedido AB12CD y ya lo está preparando.\nSigue tu pedido en ${url}`,
    );
    expect(text('READY')).toBe(`Tu pedido AB12CD de Fuego Palermo está listo.\nSigue tu pedido en ${url}`);
    expect(text('DELIVERED')).toBe(
      `Tu pedido AB12CD de Fuego Palermo fue entregado. ¡Buen provecho!\nSigue tu pedido en ${url}`,
    );
    expect(new Set(ALL.map(text)).size).toBe(ALL.length);
  });

  it('adds the cancel reason to a cancel only, and leaves out a missing link', () => {
    expect(
      orderNotificationText({
        status: 'CANCELED',
        orderCode: 'AB12CD',
        venueName: 'Fuego Palermo',
        cancelReason: '  Sin stock de pan  ',
      }),
    ).toBe('Fuego Palermo canceló tu pedido AB12CD.\nMotivo: Sin stock de pan');
    expect(
      orderNotificationText({
        status: 'READY',
        orderCode: 'AB12CD',
        venueName: 'X',
        cancelReason: 'ignored',
      }),
    ).toBe('Tu pedido AB12CD de X está listo.');
    expect(
      orderNotificationText({ status: 'CANCELED', orderCode: 'AB12CD', venueName: 'X', cancelReason: ' ' }),
    ).toBe('X canceló tu pedido AB12CD.');
  });

  it('says a delivery with the venue’s own rider is on its way, with the delivery code', () => {
    const url = 'https://pedidos.example/menu/fuego-palermo/order/AB12CD';
    expect(
      orderNotificationText({
        status: 'READY',
        orderCode: 'AB12CD',
        venueName: 'Fuego Palermo',
        followUpUrl: url,
        deliveryCode: '0427',
      }),
    ).toBe(
      'Tu pedido AB12CD de Fuego Palermo va en camino.\n' +
        'Clave de entrega: 0427. El repartidor te solicitará esta clave al entregar el pedido\n' +
        `Sigue tu pedido en ${url}`,
    );
    // Only READY carries it.
    expect(
      orderNotificationText({
        status: 'DELIVERED',
        orderCode: 'AB12CD',
        venueName: 'X',
        deliveryCode: '0427',
      }),
    ).toBe('Tu pedido AB12CD de X fue entregado. ¡Buen provecho!');
  });
});
