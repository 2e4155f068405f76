import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rooms } from '../src/plugins/app/realtime';
import {
  appListen,
  FUEGO_OWNER,
  request,
  socketConnect,
  socketNext,
  staffLogin,
} from './support/console-fixture';
import { tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { CAMILA, DIEGO, riderOnShift } from './support/rider-fixture';
import { deliveryAccepted, shipmentPut, staffMove, tenantWithRiders } from './support/shipment-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// Issue 10, the tracking room (ADR 025): `tracking-{id}` is joined only with
// the code of that order; the page hears `tracking-updated` (the same object
// as the GET) on every change of its shipment and `rider-position` with the
// arrival window while the rider is on the way — nothing before a rider
// takes it, nothing after it is delivered, never another order's events.

const joinWith = (socket: Socket, payload: unknown) =>
  new Promise<boolean>((resolve) =>
    socket.emit('join', payload, (answer: { ok: boolean }) => resolve(answer.ok)),
  );

/** What arrives of `event` within `ms`. */
async function heard(socket: Socket, event: string, ms = 400): Promise<unknown[]> {
  const payloads: unknown[] = [];
  const listener = (payload: unknown) => payloads.push(payload);
  socket.on(event, listener);
  await new Promise((resolve) => setTimeout(resolve, ms));
  socket.off(event, listener);
  return payloads;
}

describe.each(testDatabaseKinds())('tracking room on %s', (kind) => {
  const ctx = useTestApp(kind);
  let palermo: LocationIds;
  let owner = '';
  let diego = { token: '', riderId: 0 };
  let camila = { token: '', riderId: 0 };
  let base = '';
  const sockets: Socket[] = [];
  const page = async () => {
    const socket = await socketConnect(base);
    sockets.push(socket);
    return socket;
  };
  const tracking = async (code: string) =>
    (await request(ctx, 'GET', `/api/logisticsorder/tracking/fuego-palermo/${code}`)).body;
  const report = (token: string, position: { lat: number; lng: number }) =>
    request(ctx, 'POST', '/api/rider/position', { token, payload: position });
  const LATER = WEDNESDAY_1300 + 3 * 3_600_000;

  beforeAll(async () => {
    await tenantLoad(ctx, tenantWithRiders(0));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    owner = await staffLogin(ctx, FUEGO_OWNER);
    diego = await riderOnShift(ctx, palermo.id, DIEGO.phone);
    camila = await riderOnShift(ctx, palermo.id, CAMILA.phone);
    base = await appListen(ctx);
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => {
    for (const socket of sockets) socket.close();
    ctx.app.clock.pin(undefined);
  });

  it('lets a page join only with its own order’s code', async () => {
    const mine = await deliveryAccepted(ctx, palermo, owner);
    const other = await deliveryAccepted(ctx, palermo, owner);
    const room = rooms.tracking(mine.shipment.logisticsOrderId);
    const socket = await page();
    expect(await joinWith(socket, room)).toBe(false);
    expect(await joinWith(socket, { room })).toBe(false);
    expect(await joinWith(socket, { room, orderCode: other.order.code })).toBe(false);
    expect(await joinWith(socket, { room, orderCode: 'ZZZZZZZZZZZZ' })).toBe(false);
    expect(await joinWith(socket, { room, orderCode: mine.order.code })).toBe(true);
  });

  it('sends the page its changes and the rider’s positions with the window while on the way, then nothing', async () => {
    const { order, shipment, securityCode } = await deliveryAccepted(ctx, palermo, owner);
    const other = await deliveryAccepted(ctx, palermo, owner);
    const socket = await page();
    expect(
      await joinWith(socket, { room: rooms.tracking(shipment.logisticsOrderId), orderCode: order.code }),
    ).toBe(true);
    const otherPage = await page();
    expect(
      await joinWith(otherPage, {
        room: rooms.tracking(other.shipment.logisticsOrderId),
        orderCode: other.order.code,
      }),
    ).toBe(true);

    // Not taken yet: a position of the rider reaches nobody's page.
    ctx.app.clock.pin(LATER);
    const early = heard(socket, 'rider-position');
    expect((await report(diego.token, { lat: -34.6, lng: -58.44 })).status).toBe(204);
    expect(await early).toEqual([]);

    // Taken: the whole tracking object, as the GET answers it.
    const updated = socketNext<Record<string, unknown>>(socket, 'tracking-updated');
    const elsewhere = heard(otherPage, 'tracking-updated', 600);
    expect((await shipmentPut(ctx, diego.token, shipment.id, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
    const taken = await updated;
    expect(taken).toEqual(await tracking(order.code));
    expect(taken).toMatchObject({
      id: shipment.logisticsOrderId,
      status: 'ON_ROUTE_TO_PICK_UP',
      securityCode,
      rider: { name: DIEGO.name, phone: DIEGO.phone },
    });
    expect(await elsewhere).toEqual([]);

    // A kept position: where the rider is and the window, as the GET computes it.
    ctx.app.clock.pin(LATER + 5000);
    const moved = socketNext<Record<string, unknown>>(socket, 'rider-position');
    const notTheirs = heard(otherPage, 'rider-position', 600);
    expect((await report(diego.token, { lat: -34.595, lng: -58.435 })).status).toBe(204);
    const position = await moved;
    const read = await tracking(order.code);
    expect(position).toEqual({
      lat: -34.595,
      lng: -58.435,
      at: new Date(LATER + 5000).toISOString(),
      eta: read.eta,
    });
    expect(read.eta).toMatchObject({
      source: 'estimate',
      text: expect.stringMatching(/^\d\d:\d\d–\d\d:\d\d$/),
    });
    expect(await notTheirs).toEqual([]);

    // On to the door, delivered: the page hears each move, then no more positions.
    for (const status of ['IN_STORE', 'ON_ROUTE_TO_DROP_OFF']) {
      const next = socketNext<{ status: string }>(socket, 'tracking-updated');
      expect((await shipmentPut(ctx, diego.token, shipment.id, status)).status).toBe(200);
      expect((await next).status).toBe(status);
    }
    const done = socketNext<Record<string, unknown>>(socket, 'tracking-updated');
    expect((await shipmentPut(ctx, diego.token, shipment.id, 'DELIVERED', { securityCode })).status).toBe(
      200,
    );
    expect(await done).toMatchObject({ status: 'DELIVERED', securityCode: null, rider: null, eta: null });
    ctx.app.clock.pin(LATER + 60_000);
    const after = heard(socket, 'rider-position');
    expect((await report(diego.token, { lat: -34.59, lng: -58.43 })).status).toBe(204);
    expect(await after).toEqual([]);
  });

  it('tells the page of a cancellation, and sends no position after it', async () => {
    const { order, shipment } = await deliveryAccepted(ctx, palermo, owner);
    const socket = await page();
    expect(
      await joinWith(socket, { room: rooms.tracking(shipment.logisticsOrderId), orderCode: order.code }),
    ).toBe(true);
    const taken = socketNext<{ status: string }>(socket, 'tracking-updated');
    expect((await shipmentPut(ctx, camila.token, shipment.id, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
    expect((await taken).status).toBe('ON_ROUTE_TO_PICK_UP');
    const cancelled = socketNext<Record<string, unknown>>(socket, 'tracking-updated');
    await staffMove(ctx, owner, order.id, 'CANCELED', 'Sin stock');
    expect(await cancelled).toMatchObject({ status: 'CANCELED', securityCode: null, rider: null, eta: null });
    ctx.app.clock.pin(LATER + 2 * 60_000);
    const after = heard(socket, 'rider-position');
    expect((await report(camila.token, { lat: -34.59, lng: -58.43 })).status).toBe(204);
    expect(await after).toEqual([]);
  });
});
