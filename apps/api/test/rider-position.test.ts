import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riders } from '../src/db/schema/logistics';
import { rooms } from '../src/plugins/app/realtime';
import {
  appListen,
  FUEGO_OWNER,
  request,
  socketConnect,
  socketJoin,
  socketNext,
  staffLogin,
} from './support/console-fixture';
import { tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { CAMILA, DIEGO, riderOnShift } from './support/rider-fixture';
import {
  BELGRANO_RIDER_PHONE,
  deliveryAccepted,
  shipmentPut,
  tenantWithRiders,
} from './support/shipment-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// Rider positions and the realtime rooms of the own fleet (ADR 023): a
// position is kept on the rider row at most every 2 s, published to the
// venue's console and to the tracking room of the orders the rider is on;
// `tracking-{id}` is joined only with the order's code, `riders-{id}` only by
// a rider of that location; shipment changes reach riders (no personal data),
// consoles and the order's follow-up page.

/** A Socket.IO client with a rider's handshake token; rejects on connect_error. */
async function riderSocket(baseUrl: string, riderToken: string): Promise<Socket> {
  const socket = connect(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { riderToken },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}

const joinWith = (socket: Socket, payload: unknown) =>
  new Promise<boolean>((resolve) =>
    socket.emit('join', payload, (answer: { ok: boolean }) => resolve(answer.ok)),
  );

/** Nothing of `event` arrives within `ms`. */
async function silence(socket: Socket, event: string, ms = 300): Promise<unknown[]> {
  const heard: unknown[] = [];
  const listener = (payload: unknown) => heard.push(payload);
  socket.on(event, listener);
  await new Promise((resolve) => setTimeout(resolve, ms));
  socket.off(event, listener);
  return heard;
}

describe.each(testDatabaseKinds())('rider positions and realtime on %s', (kind) => {
  const ctx = useTestApp(kind);
  let palermo: LocationIds;
  let belgrano: LocationIds;
  let owner = '';
  let diego = { token: '', riderId: 0 };
  let camila = { token: '', riderId: 0 };
  let bruno = { token: '', riderId: 0 };
  let base = '';
  const sockets: Socket[] = [];
  const keep = (socket: Socket) => {
    sockets.push(socket);
    return socket;
  };
  const report = (token: string, position: Record<string, unknown>) =>
    request(ctx, 'POST', '/api/rider/position', { token, payload: position });
  const riderRow = async (id: number) => (await ctx.app.db.select().from(riders).where(eq(riders.id, id)))[0];

  beforeAll(async () => {
    await tenantLoad(ctx, tenantWithRiders(0, { belgrano: true }));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    belgrano = await locationIds(ctx, 'fuego-belgrano');
    owner = await staffLogin(ctx, FUEGO_OWNER);
    diego = await riderOnShift(ctx, palermo.id, DIEGO.phone);
    camila = await riderOnShift(ctx, palermo.id, CAMILA.phone);
    bruno = await riderOnShift(ctx, belgrano.id, BELGRANO_RIDER_PHONE);
    base = await appListen(ctx);
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => {
    for (const socket of sockets) socket.close();
    ctx.app.clock.pin(undefined);
  });

  it('keeps the last position at most every 2 s, and refuses a bad one', async () => {
    const t0 = WEDNESDAY_1300 + 3_600_000;
    ctx.app.clock.pin(t0);
    expect((await report(camila.token, { lat: -34.58, lng: -58.42, accuracy: 12 })).status).toBe(204);
    expect(await riderRow(camila.riderId)).toMatchObject({
      lat: -34.58,
      lng: -58.42,
      positionAccuracy: 12,
      positionAt: new Date(t0),
    });
    // A second report within 2 s is accepted and dropped.
    ctx.app.clock.pin(t0 + 1500);
    expect((await report(camila.token, { lat: -34.59, lng: -58.43 })).status).toBe(204);
    expect(await riderRow(camila.riderId)).toMatchObject({ lat: -34.58, positionAt: new Date(t0) });
    ctx.app.clock.pin(t0 + 2000);
    expect((await report(camila.token, { lat: -34.59, lng: -58.43 })).status).toBe(204);
    expect(await riderRow(camila.riderId)).toMatchObject({
      lat: -34.59,
      lng: -58.43,
      positionAccuracy: null,
      positionAt: new Date(t0 + 2000),
    });

    const bad = await report(camila.token, { lat: 91, lng: -58.43 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['body.lat']);
    expect((await report(camila.token, { lat: -34.5, lng: -58.4, extra: 1 })).status).toBe(400);
  });

  it('refuses a report once the shift ended, or with a token that names no session', async () => {
    await ctx.app.db.update(riders).set({ active: false }).where(eq(riders.id, bruno.riderId));
    const ended = await report(bruno.token, { lat: -34.56, lng: -58.45 });
    expect(ended.status).toBe(401);
    expect(ended.headers['www-authenticate']).toBe('Bearer realm="rider"');
    expect((await riderRow(bruno.riderId))?.positionAt).toBeNull();
    await ctx.app.db.update(riders).set({ active: true }).where(eq(riders.id, bruno.riderId));
    expect((await report('A'.repeat(43), { lat: -34.56, lng: -58.45 })).status).toBe(401);
    expect((await report(bruno.token, { lat: -34.56, lng: -58.45 })).status).toBe(204);
  });

  it('refuses a rider socket without a live session, and keeps rider and tracking rooms closed to others', async () => {
    await expect(riderSocket(base, 'x'.repeat(43))).rejects.toThrow('unauthorized');
    const anonymous = keep(await socketConnect(base));
    expect(await socketJoin(anonymous, rooms.riders(palermo.id))).toBe(false);
    const mine = keep(await riderSocket(base, diego.token));
    expect(await socketJoin(mine, rooms.riders(palermo.id))).toBe(true);
    expect(await socketJoin(mine, rooms.riders(belgrano.id))).toBe(false);
    const theirs = keep(await riderSocket(base, bruno.token));
    expect(await socketJoin(theirs, rooms.riders(palermo.id))).toBe(false);
    expect(await socketJoin(theirs, rooms.riders(belgrano.id))).toBe(true);
    // Console rooms stay staff-only, whoever asks.
    expect(await socketJoin(mine, rooms.console(palermo.id))).toBe(false);

    const { order, shipment } = await deliveryAccepted(ctx, palermo, owner);
    const tracking = rooms.tracking(shipment.logisticsOrderId);
    expect(await socketJoin(anonymous, tracking)).toBe(false);
    expect(await joinWith(anonymous, { room: tracking, orderCode: 'ZZZZZZZZ' })).toBe(false);
    expect(await joinWith(mine, { room: tracking })).toBe(false);
    expect(await joinWith(anonymous, { room: tracking, orderCode: order.code.toLowerCase() })).toBe(true);
  });

  it('publishes a kept position to the console and to the tracking room of the order the rider is on', async () => {
    const console = keep(await socketConnect(base, owner));
    expect(await socketJoin(console, rooms.console(palermo.id))).toBe(true);
    const { order, shipment } = await deliveryAccepted(ctx, palermo, owner);
    const customer = keep(await socketConnect(base));
    expect(
      await joinWith(customer, { room: rooms.tracking(shipment.logisticsOrderId), orderCode: order.code }),
    ).toBe(true);

    // Not taken yet: the console hears of the rider, the customer does not.
    ctx.app.clock.pin(WEDNESDAY_1300 + 2 * 3_600_000);
    const heardByConsole = socketNext(console, 'rider-position');
    const quiet = silence(customer, 'rider-position');
    expect((await report(diego.token, { lat: -34.6, lng: -58.4 })).status).toBe(204);
    expect(await heardByConsole).toEqual({
      riderId: diego.riderId,
      lat: -34.6,
      lng: -58.4,
      at: new Date(WEDNESDAY_1300 + 2 * 3_600_000).toISOString(),
    });
    expect(await quiet).toEqual([]);

    // Taken: the customer hears where the rider is, without the rider's id.
    expect((await shipmentPut(ctx, diego.token, shipment.id, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
    ctx.app.clock.pin(WEDNESDAY_1300 + 2 * 3_600_000 + 5000);
    const heardByCustomer = socketNext(customer, 'rider-position');
    expect((await report(diego.token, { lat: -34.61, lng: -58.41 })).status).toBe(204);
    expect(await heardByCustomer).toEqual({
      lat: -34.61,
      lng: -58.41,
      at: new Date(WEDNESDAY_1300 + 2 * 3_600_000 + 5000).toISOString(),
      // The arrival window (ADR 025; its rule and values: tracking-realtime.test.ts).
      eta: expect.objectContaining({ source: 'estimate' }),
    });

    // A dropped report is published nowhere.
    ctx.app.clock.pin(WEDNESDAY_1300 + 2 * 3_600_000 + 6000);
    const none = silence(console, 'rider-position');
    expect((await report(diego.token, { lat: -34.62, lng: -58.42 })).status).toBe(204);
    expect(await none).toEqual([]);
  });

  it('announces shipment changes to the location’s riders, its consoles and the order’s page', async () => {
    const rider = keep(await riderSocket(base, camila.token));
    expect(await socketJoin(rider, rooms.riders(palermo.id))).toBe(true);
    const other = keep(await riderSocket(base, bruno.token));
    expect(await socketJoin(other, rooms.riders(belgrano.id))).toBe(true);
    const console = keep(await socketConnect(base, owner));
    expect(await socketJoin(console, rooms.console(palermo.id))).toBe(true);

    const created = socketNext<{ kind: string; id: number; status: string; riderId: number | null }>(
      rider,
      'shipment-updated',
    );
    const elsewhere = silence(other, 'shipment-updated', 500);
    const { order, shipment } = await deliveryAccepted(ctx, palermo, owner);
    expect(await created).toEqual({
      kind: 'simple',
      id: shipment.id,
      status: 'LOOKING_FOR_DRIVER',
      riderId: null,
    });
    expect(await elsewhere).toEqual([]);

    const page = keep(await socketConnect(base));
    expect(await socketJoin(page, rooms.order(order.code))).toBe(true);
    const toRiders = socketNext<Record<string, unknown>>(rider, 'shipment-updated');
    const toConsole = socketNext<{ kind: string; shipment: Record<string, unknown> }>(
      console,
      'shipment-updated',
    );
    const toPage = socketNext<{ shipment: unknown }>(page, 'order-updated');
    expect((await shipmentPut(ctx, camila.token, shipment.id, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
    // Riders learn only what changed: no customer, no address, no order code.
    expect(await toRiders).toEqual({
      kind: 'simple',
      id: shipment.id,
      status: 'ON_ROUTE_TO_PICK_UP',
      riderId: camila.riderId,
    });
    const item = await toConsole;
    expect(item.kind).toBe('simple');
    expect(item.shipment).toMatchObject({
      id: shipment.id,
      status: 'ON_ROUTE_TO_PICK_UP',
      customerName: 'Ana Pérez',
      order: { code: order.code },
      rider: { id: camila.riderId, name: CAMILA.name },
    });
    expect((await toPage).shipment).toEqual({ status: 'ON_ROUTE_TO_PICK_UP', riderName: CAMILA.name });
  });
});
