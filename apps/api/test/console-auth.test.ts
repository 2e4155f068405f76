import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rooms } from '../src/plugins/app/realtime';
import {
  type Answer,
  appListen,
  CHISPA_OWNER,
  FUEGO_OWNER,
  FUEGO_PALERMO_STAFF,
  freshPhone,
  orderPlace,
  palermoTakeAway,
  request,
  socketConnect,
  socketJoin,
  socketNext,
  staffLogin,
} from './support/console-fixture';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, plateOf, WEDNESDAY_1300 } from './support/order-fixture';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

// Who may do what in the orders console: every endpoint checks the session
// (401), the tenant (another company's ids are 404, like ids that do not
// exist) and the branch contact (403 for a location of the company the staff
// member may not see). The example tenant's STAFF user sees Fuego Palermo only;
// the OWNER sees every Fuego location; `chispa` is a second company.

/** One place an endpoint can point at: a location, one of its order modes and one of its orders. */
interface Target {
  branchContactId: number;
  orderModeId: number;
  orderId: number;
}

/** Every console endpoint, as a request against a target. */
const endpoints: {
  name: string;
  call: (ctx: TestContext, token: string | null, t: Target) => Promise<Answer>;
  /** The answer of an allowed call (200 unless said). */
  allowed?: number;
}[] = [
  {
    name: 'GET /api/console/orders',
    call: (ctx, token, t) =>
      request(ctx, 'GET', `/api/console/orders?branchContactId=${t.branchContactId}`, { token }),
  },
  {
    name: 'GET /api/console/orders/:id',
    call: (ctx, token, t) => request(ctx, 'GET', `/api/console/orders/${t.orderId}`, { token }),
  },
  {
    name: 'POST /api/console/orders/:id/status',
    call: (ctx, token, t) =>
      request(ctx, 'POST', `/api/console/orders/${t.orderId}/status`, {
        token,
        payload: { status: 'ACCEPTED' },
      }),
  },
  {
    name: 'POST /api/console/orders/:id/payment-link',
    call: (ctx, token, t) => request(ctx, 'POST', `/api/console/orders/${t.orderId}/payment-link`, { token }),
    // The example tenant's orders are paid in cash: an allowed call reaches the payments flow, which
    // answers that the order is not paid this way (409), after the access checks.
    allowed: 409,
  },
  {
    name: 'PUT /api/console/branchcontacts/:id/closing',
    call: (ctx, token, t) =>
      request(ctx, 'PUT', `/api/console/branchcontacts/${t.branchContactId}/closing`, {
        token,
        payload: { manualClosing: false },
      }),
  },
  {
    name: 'PUT /api/console/ordermodes/:id/ordering',
    call: (ctx, token, t) =>
      request(ctx, 'PUT', `/api/console/ordermodes/${t.orderModeId}/ordering`, {
        token,
        payload: { orderEnabled: true },
      }),
  },
  {
    name: 'GET /api/console/outbox',
    call: (ctx, token, t) =>
      request(ctx, 'GET', `/api/console/outbox?branchContactId=${t.branchContactId}`, { token }),
  },
];

describe.each(testDatabaseKinds())('orders console authorization on %s', (kind) => {
  const ctx = useTestApp(kind);
  let palermo: LocationIds;
  let cafe: LocationIds;
  let chispa: LocationIds;
  const targets = {} as Record<'palermo' | 'cafe' | 'chispa', Target>;
  const tokens = {} as Record<'owner' | 'staff' | 'chispaOwner', string>;

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    cafe = await locationIds(ctx, 'fuego-cafe-centro');
    chispa = await locationIds(ctx, 'chispa-palermo');
    const palermoOrder = await orderPlace(ctx, palermoTakeAway(palermo));
    const cafeOrder = await orderPlace(ctx, {
      orderModeId: cafe.modes.SELF_SERVICE,
      branchContact: { id: cafe.id },
      items: [{ referenceId: plateOf(cafe, 'SELF_SERVICE', 'Espresso').id, quantity: 1 }],
      price: 2100,
      paymentType: { id: cafe.paymentTypes.SELF_SERVICE?.CASH },
      paysWith: 2100,
      phone: freshPhone(),
      customerName: 'Bruno',
    });
    const chispaOrder = await orderPlace(ctx, palermoTakeAway(chispa));
    targets.palermo = {
      branchContactId: palermo.id,
      orderModeId: palermo.modes.TAKE_AWAY as number,
      orderId: palermoOrder.id,
    };
    targets.cafe = {
      branchContactId: cafe.id,
      orderModeId: cafe.modes.SELF_SERVICE as number,
      orderId: cafeOrder.id,
    };
    targets.chispa = {
      branchContactId: chispa.id,
      orderModeId: chispa.modes.TAKE_AWAY as number,
      orderId: chispaOrder.id,
    };
    tokens.owner = await staffLogin(ctx, FUEGO_OWNER);
    tokens.staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    tokens.chispaOwner = await staffLogin(ctx, CHISPA_OWNER);
  });

  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  describe.each(endpoints)('$name', ({ call, allowed = 200 }) => {
    it('is 401 without a token, with a malformed or unknown one, and with an expired one', async () => {
      const none = await call(ctx, null, targets.palermo);
      expect(none.status).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer realm="console"');
      expect(none.body.message).toBe('Se requiere iniciar sesión (Authorization: Bearer …)');
      expect((await call(ctx, 'not-a-token', targets.palermo)).status).toBe(401);
      const unknown = await call(ctx, 'A'.repeat(43), targets.palermo);
      expect(unknown.status).toBe(401);
      expect(unknown.body.message).toBe('La sesión expiró o fue cerrada; vuelva a iniciar sesión');

      // 12 hours after login the session is over; a second earlier it still works.
      ctx.app.clock.pin(WEDNESDAY_1300 + 12 * 3_600_000 - 1000);
      expect((await call(ctx, tokens.owner, targets.palermo)).status).toBe(allowed);
      ctx.app.clock.pin(WEDNESDAY_1300 + 12 * 3_600_000);
      const expired = await call(ctx, tokens.owner, targets.palermo);
      expect(expired.status).toBe(401);
      expect(expired.body.message).toBe('La sesión expiró o fue cerrada; vuelva a iniciar sesión');
    });

    it("is 404 for another company's location, order or order mode", async () => {
      const fromChispa = await call(ctx, tokens.chispaOwner, targets.palermo);
      expect(fromChispa.status).toBe(404);
      const fromFuego = await call(ctx, tokens.owner, targets.chispa);
      expect(fromFuego.status).toBe(404);
      // The same answer as for ids that exist nowhere.
      const nowhere = await call(ctx, tokens.owner, {
        branchContactId: 999_999,
        orderModeId: 999_999,
        orderId: 999_999,
      });
      expect(nowhere.status).toBe(404);
      expect(Object.keys(fromChispa.body).sort()).toEqual(Object.keys(nowhere.body).sort());
    });

    it('is 403 for a STAFF user on a location of the company not listed for them', async () => {
      const answer = await call(ctx, tokens.staff, targets.cafe);
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('Forbidden');
    });

    it('lets a STAFF user reach their own location and the OWNER every location of the company', async () => {
      expect((await call(ctx, tokens.staff, targets.palermo)).status).toBe(allowed);
      expect((await call(ctx, tokens.owner, targets.palermo)).status).toBe(allowed);
      expect((await call(ctx, tokens.owner, targets.cafe)).status).toBe(allowed);
      expect((await call(ctx, tokens.chispaOwner, targets.chispa)).status).toBe(allowed);
    });
  });

  it('lists only the locations each staff member may see', async () => {
    const staff = await request(ctx, 'GET', '/api/console/branchcontacts', { token: tokens.staff });
    expect(staff.status).toBe(200);
    expect(staff.body.map((contact: { alias: string }) => contact.alias)).toEqual(['fuego-palermo']);
    const owner = await request(ctx, 'GET', '/api/console/branchcontacts', { token: tokens.owner });
    expect(owner.body.map((contact: { alias: string }) => contact.alias).sort()).toEqual([
      'fuego-belgrano',
      'fuego-cafe-centro',
      'fuego-palermo',
    ]);
    const chispaOwner = await request(ctx, 'GET', '/api/console/branchcontacts', {
      token: tokens.chispaOwner,
    });
    expect(chispaOwner.body.every((contact: { alias: string }) => contact.alias.startsWith('chispa-'))).toBe(
      true,
    );
    expect((await request(ctx, 'GET', '/api/console/branchcontacts')).status).toBe(401);
  });

  it('answers a list only with the orders of the location asked for', async () => {
    const list = await request(ctx, 'GET', `/api/console/orders?branchContactId=${palermo.id}`, {
      token: tokens.owner,
    });
    expect(list.body.orders.length).toBeGreaterThan(0);
    expect(
      list.body.orders.every((order: { branchContactId: number }) => order.branchContactId === palermo.id),
    ).toBe(true);
    expect(list.body.orders.map((order: { id: number }) => order.id)).not.toContain(targets.cafe.orderId);
  });

  it('refuses bad input with 400 per field, but only after the session check', async () => {
    const unauthenticated = await request(ctx, 'GET', '/api/console/orders?branchContactId=abc');
    expect(unauthenticated.status).toBe(401);
    const bad = await request(ctx, 'GET', '/api/console/orders?branchContactId=abc&limit=0', {
      token: tokens.owner,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['querystring.branchContactId', 'querystring.limit']);
    const missing = await request(ctx, 'GET', '/api/console/outbox', { token: tokens.owner });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ 'querystring.branchContactId': 'es obligatorio' });
    const badBody = await request(ctx, 'PUT', `/api/console/branchcontacts/${palermo.id}/closing`, {
      token: tokens.owner,
      payload: { manualClosing: 'perhaps' },
    });
    expect(badBody.status).toBe(400);
    expect(Object.keys(badBody.body.fields)).toEqual(['body.manualClosing']);
  });

  describe('console rooms over Socket.IO', () => {
    let baseUrl: string;
    const sockets: Socket[] = [];
    const open = async (token?: string) => {
      const socket = await socketConnect(baseUrl, token);
      sockets.push(socket);
      return socket;
    };

    beforeAll(async () => {
      baseUrl = await appListen(ctx);
    });
    afterAll(() => {
      for (const socket of sockets) socket.close();
    });

    it('lets staff join the console rooms of their locations only', async () => {
      const staff = await open(tokens.staff);
      expect(await socketJoin(staff, rooms.console(palermo.id))).toBe(true);
      expect(await socketJoin(staff, rooms.console(cafe.id))).toBe(false);
      expect(await socketJoin(staff, rooms.console(chispa.id))).toBe(false);
      const owner = await open(tokens.owner);
      expect(await socketJoin(owner, rooms.console(palermo.id))).toBe(true);
      expect(await socketJoin(owner, rooms.console(cafe.id))).toBe(true);
      expect(await socketJoin(owner, rooms.console(chispa.id))).toBe(false);
      const chispaOwner = await open(tokens.chispaOwner);
      expect(await socketJoin(chispaOwner, rooms.console(palermo.id))).toBe(false);
      expect(await socketJoin(chispaOwner, rooms.console(chispa.id))).toBe(true);
      // A diner (no token) joins order rooms, never console rooms.
      const diner = await open();
      expect(await socketJoin(diner, rooms.console(palermo.id))).toBe(false);
      expect(await socketJoin(diner, rooms.order('ABCDEF123456'))).toBe(true);
    });

    it('refuses a connection whose token is not a live session', async () => {
      await expect(socketConnect(baseUrl, 'A'.repeat(43))).rejects.toThrow('unauthorized');
      await expect(socketConnect(baseUrl, 'nonsense')).rejects.toThrow('unauthorized');
    });

    it("delivers a location's events to the consoles allowed to hear them, and to no other", async () => {
      const staff = await open(tokens.staff);
      const owner = await open(tokens.owner);
      expect(await socketJoin(staff, rooms.console(palermo.id))).toBe(true);
      expect(await socketJoin(owner, rooms.console(cafe.id))).toBe(true);
      const staffEvents: unknown[] = [];
      staff.on('order-updated', (payload) => staffEvents.push(payload));

      const heardByOwner = socketNext<{ id: number; status: string }>(owner, 'order-updated');
      const cafeOrder = await orderPlace(ctx, {
        orderModeId: cafe.modes.SELF_SERVICE,
        branchContact: { id: cafe.id },
        items: [{ referenceId: plateOf(cafe, 'SELF_SERVICE', 'Espresso').id, quantity: 1 }],
        price: 2100,
        paymentType: { id: cafe.paymentTypes.SELF_SERVICE?.CASH },
        paysWith: 2100,
        phone: freshPhone(),
        customerName: 'Carla',
      });
      const moved = await request(ctx, 'POST', `/api/console/orders/${cafeOrder.id}/status`, {
        token: tokens.owner,
        payload: { status: 'ACCEPTED' },
      });
      expect(moved.status).toBe(200);
      await expect(heardByOwner).resolves.toMatchObject({ id: cafeOrder.id, status: 'ACCEPTED' });

      const palermoOrder = await orderPlace(ctx, palermoTakeAway(palermo));
      const heardByStaff = socketNext<{ id: number }>(staff, 'order-updated');
      await request(ctx, 'POST', `/api/console/orders/${palermoOrder.id}/status`, {
        token: tokens.staff,
        payload: { status: 'ACCEPTED' },
      });
      await expect(heardByStaff).resolves.toMatchObject({ id: palermoOrder.id });
      // The staff socket heard Palermo's move only, never the café's.
      expect(staffEvents.map((event) => (event as { id: number }).id)).toEqual([palermoOrder.id]);
    });

    it('disconnects the sockets of a session at logout, and its token no longer connects', async () => {
      const token = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
      const socket = await open(token);
      expect(await socketJoin(socket, rooms.console(palermo.id))).toBe(true);
      const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      expect((await request(ctx, 'POST', '/api/staff/logout', { token })).status).toBe(204);
      await expect(disconnected).resolves.toBe('io server disconnect');
      await expect(socketConnect(baseUrl, token)).rejects.toThrow('unauthorized');
    });

    it('refuses a console join once the session has expired', async () => {
      const socket = await open(tokens.staff);
      ctx.app.clock.pin(WEDNESDAY_1300 + 12 * 3_600_000 + 1);
      expect(await socketJoin(socket, rooms.console(palermo.id))).toBe(false);
    });
  });
});
