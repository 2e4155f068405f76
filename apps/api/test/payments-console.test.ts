/**
 * The orders console hears of payment changes as it hears of status moves:
 * `order-updated` with the console detail in `console-{branchContactId}`,
 * published after commit by the one announcing place, whichever flow changed
 * the payment status (a card paid through `POST /api/order/payment`, a
 * payment link paid on the sandbox's hosted page). Real Socket.IO clients.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '../src/plugins/app/realtime';
import {
  appListen,
  CHISPA_OWNER,
  FUEGO_PALERMO_STAFF,
  socketConnect,
  socketJoin,
  staffLogin,
} from './support/console-fixture';
import { tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import {
  cardPayment,
  eventually,
  generousOrderLimits,
  inject,
  orderPay,
  orderRow,
  paymentOrderPlace,
  paymentsTenant,
  paymentsTestConfig,
  sandboxToken,
} from './support/payments-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const APPROVE = '4509 9535 6623 3704';
const DECLINE = '4000 0000 0000 0002';

interface ConsoleUpdate {
  id: number;
  code: string;
  branchContactId: number;
  paymentStatus: string;
  paymentState: string;
}

describe.each(testDatabaseKinds())('payment changes reach the orders console on %s', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: generousOrderLimits, payments: paymentsTestConfig() });
  let palermo: LocationIds;
  let chispa: LocationIds;
  let socket: Socket;
  let stranger: Socket;
  const heard: ConsoleUpdate[] = [];
  const strangerHeard: unknown[] = [];

  beforeAll(async () => {
    await tenantLoad(ctx, paymentsTenant());
    await tenantLoad(ctx, paymentsTenant({ prefix: 'chispa' }));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    chispa = await locationIds(ctx, 'chispa-palermo');
    const baseUrl = await appListen(ctx);
    socket = await socketConnect(baseUrl, await staffLogin(ctx, FUEGO_PALERMO_STAFF));
    expect(await socketJoin(socket, rooms.console(palermo.id))).toBe(true);
    socket.on('order-updated', (payload: ConsoleUpdate) => heard.push(payload));
    // Another company's console: joined in its own room, it must never hear of Palermo's orders.
    stranger = await socketConnect(baseUrl, await staffLogin(ctx, CHISPA_OWNER));
    expect(await socketJoin(stranger, rooms.console(chispa.id))).toBe(true);
    expect(await socketJoin(stranger, rooms.console(palermo.id))).toBe(false);
    stranger.on('order-updated', (payload) => strangerHeard.push(payload));
  });
  afterAll(() => {
    socket?.close();
    stranger?.close();
    ctx.app.clock.pin(undefined);
  });

  /** Waits until the console heard an update of `code` with `paymentStatus`. */
  const heardPayment = (code: string, paymentStatus: string) =>
    eventually(async () =>
      heard.find((update) => update.code === code && update.paymentStatus === paymentStatus),
    );

  it('a card paid through POST /api/order/payment: the console sees it PAID', async () => {
    const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
    const paid = await orderPay(ctx, cardPayment(order.code, await sandboxToken(ctx, APPROVE)));
    expect(paid.body).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    const update = await heardPayment(order.code, 'PAID');
    expect(update).toMatchObject({
      code: order.code,
      branchContactId: palermo.id,
      paymentStatus: 'PAID',
      paymentState: 'PAID',
    });
    // The detail is read after commit: it is what the database holds.
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PAID');
  });

  it('a declined card: the console sees the rejection', async () => {
    const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
    const declined = await orderPay(ctx, cardPayment(order.code, await sandboxToken(ctx, DECLINE)));
    expect(declined.body.status).toBe('REJECTED');
    expect(await heardPayment(order.code, 'REJECTED')).toBeTruthy();
  });

  it('a payment link paid on the hosted page (provider notification): the console sees it PAID', async () => {
    const order = await paymentOrderPlace(ctx, palermo, 'PAYMENT_LINK');
    const link = await inject(ctx, 'POST', '/api/paymenturl', {
      code: order.code,
      branchContactId: palermo.id,
      amount: order.price,
    });
    expect(link.status).toBe(201);
    const paid = await inject(ctx, 'POST', `/api/sandbox/checkout/${link.body.token}/pay`, {
      token: await sandboxToken(ctx, APPROVE),
    });
    expect(paid.status).toBe(200);
    expect(await heardPayment(order.code, 'PAID')).toBeTruthy();
  });

  it('never reaches another company’s console', async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.length).toBeGreaterThan(0);
    expect(strangerHeard).toEqual([]);
  });
});
