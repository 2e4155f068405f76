import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configForTest } from '../src/config';
import { rooms } from '../src/plugins/app/realtime';
import { tenantImport } from '../src/tenant/tenant-import';
import {
  appListen,
  FUEGO_OWNER,
  FUEGO_PALERMO_STAFF,
  orderPlace,
  palermoTakeAway,
  request,
  socketConnect,
  socketJoin,
  socketNext,
  staffLogin,
} from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, plateOf, WEDNESDAY_1300 } from './support/order-fixture';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

// Access that outlives its grant (issue 16, item 6): a staff member removed by
// an import, a location taken away from them, or a password changed must stop
// their consoles at once — sessions refused and sockets out of the rooms that
// carry customers' names, phones and addresses.

type Tenant = Record<string, unknown> & { staff: Record<string, unknown>[] };
const PALERMO_STAFF_INDEX = 1;

/** The example tenant, its Palermo counter seeing `aliases` and with `password` when given. */
function tenantWith(change: { aliases?: string[]; password?: string; removed?: boolean } = {}): Tenant {
  const tenant = tenantExample() as Tenant;
  const member = tenant.staff[PALERMO_STAFF_INDEX] as Record<string, unknown>;
  expect(member.email).toBe(FUEGO_PALERMO_STAFF.email);
  if (change.aliases) member.branchContacts = change.aliases;
  if (change.password) member.password = change.password;
  if (change.removed) tenant.staff.splice(PALERMO_STAFF_INDEX, 1);
  return tenant;
}

const adminImport = async (ctx: TestContext, tenant: unknown) => {
  const answer = await request(ctx, 'POST', '/api/admin/tenants', {
    payload: tenant,
    headers: { authorization: 'Bearer test-admin-token' },
  });
  expect(answer.status).toBe(200);
  return answer.body;
};

/** The order an event is about: `id` of an order event, `orderId` of an outbox event. */
const orderOf = ({ event, payload }: { event: string; payload: unknown }) =>
  event.startsWith('order-') ? (payload as { id: number }).id : (payload as { orderId?: number }).orderId;

/** Every event a socket hears from now on, by name. */
function recorder(socket: Socket) {
  const heard: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  return heard;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
const disconnection = (socket: Socket) =>
  new Promise<string>((resolve) => {
    if (!socket.connected) resolve('already');
    socket.once('disconnect', resolve);
  });

/** A café order (self-service espresso). */
const cafeOrder = (cafe: LocationIds, phone: string) => ({
  orderModeId: cafe.modes.SELF_SERVICE,
  branchContact: { id: cafe.id },
  items: [{ referenceId: plateOf(cafe, 'SELF_SERVICE', 'Espresso').id, quantity: 1 }],
  price: 2100,
  paymentType: { id: cafe.paymentTypes.SELF_SERVICE?.CASH },
  paysWith: 2100,
  phone,
  customerName: 'Bruno',
});

/** Shared set-up of both blocks: the tenant, a listening app and sockets closed afterwards. */
function useConsole(ctx: TestContext) {
  const state = { baseUrl: '', palermo: {} as LocationIds, cafe: {} as LocationIds, sockets: [] as Socket[] };
  beforeAll(async () => {
    ctx.app.clock.pin(WEDNESDAY_1300);
    await tenantLoad(ctx, tenantExample());
    state.palermo = await locationIds(ctx, 'fuego-palermo');
    state.cafe = await locationIds(ctx, 'fuego-cafe-centro');
    state.baseUrl = await appListen(ctx);
  });
  beforeEach(async () => {
    ctx.app.clock.pin(WEDNESDAY_1300);
    // Every case starts from the example tenant as shipped.
    await adminImport(ctx, tenantExample());
  });
  afterAll(() => {
    for (const socket of state.sockets) socket.close();
    ctx.app.clock.pin(undefined);
  });
  const open = async (token: string, ...joins: number[]) => {
    const socket = await socketConnect(state.baseUrl, token);
    state.sockets.push(socket);
    for (const id of joins) expect(await socketJoin(socket, rooms.console(id))).toBe(true);
    return socket;
  };
  return { state, open };
}

describe.each(testDatabaseKinds())('staff access revoked at once on %s', (kind) => {
  // The periodic re-check is out of the way here: whatever happens, happens at the change.
  const ctx = useTestApp(kind, { realtime: { ...configForTest().realtime, staffRecheckSeconds: 3600 } });
  const { state, open } = useConsole(ctx);

  it("disconnects a removed staff member's console at the import that removes them", async () => {
    const token = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const socket = await open(token, state.palermo.id);
    const heard = recorder(socket);
    const gone = disconnection(socket);
    await adminImport(ctx, tenantWith({ removed: true }));
    await expect(gone).resolves.toBe('io server disconnect');
    await orderPlace(ctx, palermoTakeAway(state.palermo));
    await settle();
    expect(heard).toEqual([]);
    expect((await request(ctx, 'GET', '/api/staff/me', { token })).status).toBe(401);
    await expect(socketConnect(state.baseUrl, token)).rejects.toThrow('unauthorized');
  });

  it('takes a location away from a console at once, and leaves it the others', async () => {
    await adminImport(ctx, tenantWith({ aliases: ['fuego-palermo', 'fuego-cafe-centro'] }));
    const token = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const socket = await open(token, state.palermo.id, state.cafe.id);
    await adminImport(ctx, tenantWith({ aliases: ['fuego-palermo'] }));
    const heard = recorder(socket);
    const cafePlaced = await orderPlace(ctx, cafeOrder(state.cafe, '+5491161234001'));
    const palermoHeard = socketNext<{ branchContactId: number }>(socket, 'order-created');
    const palermoOrder = await orderPlace(ctx, palermoTakeAway(state.palermo));
    await expect(palermoHeard).resolves.toMatchObject({ id: palermoOrder.id });
    await settle();
    // The café's order (and its message to the diner) never reached this console.
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.every((one) => orderOf(one) === palermoOrder.id)).toBe(true);
    expect(heard.some((one) => orderOf(one) === cafePlaced.id)).toBe(false);
    expect(socket.connected).toBe(true);
    // Nor can it join back.
    expect(await socketJoin(socket, rooms.console(state.cafe.id))).toBe(false);
  });

  it('keeps the sessions of an import that does not change the password', async () => {
    const token = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const socket = await open(token, state.palermo.id);
    await adminImport(ctx, tenantWith({ aliases: ['fuego-palermo'] }));
    // An export leaves passwords out; importing it keeps the stored hashes.
    const exported = tenantWith();
    for (const member of exported.staff) delete member.password;
    await adminImport(ctx, exported);
    expect((await request(ctx, 'GET', '/api/staff/me', { token })).status).toBe(200);
    expect(socket.connected).toBe(true);
  });

  it('ends every session of a staff member whose password an import changed', async () => {
    const token = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const owner = await staffLogin(ctx, FUEGO_OWNER);
    const socket = await open(token, state.palermo.id);
    const ownerSocket = await open(owner, state.palermo.id);
    const gone = disconnection(socket);
    await adminImport(ctx, tenantWith({ password: 'otra-clave-del-mostrador' }));
    await expect(gone).resolves.toBe('io server disconnect');
    expect((await request(ctx, 'GET', '/api/staff/me', { token })).status).toBe(401);
    // The other staff member's session is not touched.
    expect((await request(ctx, 'GET', '/api/staff/me', { token: owner })).status).toBe(200);
    expect(ownerSocket.connected).toBe(true);
    await staffLogin(ctx, { ...FUEGO_PALERMO_STAFF, password: 'otra-clave-del-mostrador' });
  });

  describe('POST /api/staff/password', () => {
    const change = (token: string | null, payload: unknown) =>
      request(ctx, 'POST', '/api/staff/password', { token, payload });

    it('ends every other session and its sockets, and keeps the calling one', async () => {
      const mine = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
      const other = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
      const mySocket = await open(mine, state.palermo.id);
      const otherSocket = await open(other, state.palermo.id);
      const gone = disconnection(otherSocket);
      const answer = await change(mine, {
        currentPassword: FUEGO_PALERMO_STAFF.password,
        newPassword: 'una-clave-nueva-larga',
      });
      expect(answer.status).toBe(204);
      expect(answer.headers['cache-control']).toBe('no-store');
      await expect(gone).resolves.toBe('io server disconnect');
      expect((await request(ctx, 'GET', '/api/staff/me', { token: other })).status).toBe(401);
      await expect(socketConnect(state.baseUrl, other)).rejects.toThrow('unauthorized');
      // The calling session goes on, over REST and over its socket.
      expect((await request(ctx, 'GET', '/api/staff/me', { token: mine })).status).toBe(200);
      const heard = socketNext<{ id: number }>(mySocket, 'order-created');
      const order = await orderPlace(ctx, palermoTakeAway(state.palermo));
      await expect(heard).resolves.toMatchObject({ id: order.id });
      // Only the new password logs in now.
      const old = await request(ctx, 'POST', '/api/staff/login', { payload: FUEGO_PALERMO_STAFF });
      expect(old.status).toBe(401);
      await staffLogin(ctx, { ...FUEGO_PALERMO_STAFF, password: 'una-clave-nueva-larga' });
    });

    it('refuses a wrong current password, a short or unchanged new one, with Spanish field errors', async () => {
      const token = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
      const other = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
      const wrong = await change(token, {
        currentPassword: 'no-es-esta',
        newPassword: 'una-clave-nueva-larga',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.fields).toEqual({ 'body.currentPassword': 'La contraseña actual no es correcta' });
      const short = await change(token, {
        currentPassword: FUEGO_PALERMO_STAFF.password,
        newPassword: 'corta',
      });
      expect(short.status).toBe(400);
      expect(short.body.fields).toEqual({ 'body.newPassword': 'debe tener al menos 10 caracteres' });
      const same = await change(token, {
        currentPassword: FUEGO_PALERMO_STAFF.password,
        newPassword: FUEGO_PALERMO_STAFF.password,
      });
      expect(same.status).toBe(400);
      expect(same.body.fields).toEqual({ 'body.newPassword': 'Debe ser distinta de la contraseña actual' });
      const missing = await change(token, { newPassword: 'una-clave-nueva-larga' });
      expect(missing.body.fields).toEqual({ 'body.currentPassword': 'es obligatorio' });
      expect(
        (await change(null, { currentPassword: 'x', newPassword: 'una-clave-nueva-larga' })).status,
      ).toBe(401);
      // Nothing changed: both sessions and the old password still work.
      expect((await request(ctx, 'GET', '/api/staff/me', { token: other })).status).toBe(200);
      await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    });

    it('holds back guesses of the current password like failed logins', async () => {
      const token = await staffLogin(ctx, FUEGO_OWNER);
      const guess = () =>
        change(token, { currentPassword: 'adivinanza', newPassword: 'una-clave-nueva-larga' });
      for (let i = 0; i < 4; i++) expect((await guess()).status).toBe(400);
      const held = await guess();
      expect(held.status).toBe(429);
      expect(held.headers['retry-after']).toBe('30');
    });
  });
});

describe.each(testDatabaseKinds())('staff access revoked by another process on %s', (kind) => {
  // The tenant CLI writes from a process with no sockets: the periodic re-check finds the change.
  const ctx = useTestApp(kind, { realtime: { ...configForTest().realtime, staffRecheckSeconds: 1 } });
  const { state, open } = useConsole(ctx);
  const cliImport = async (tenant: unknown) => {
    const result = await tenantImport(ctx.database.db, tenant);
    expect(result.ok).toBe(true);
  };
  /** Waits until the server's side of `socket` is out of `room` (or gone). */
  const leftRoom = async (socket: Socket, room: string) => {
    for (let i = 0; i < 100; i++) {
      const server = ctx.app.realtime.io.sockets.sockets.get(socket.id ?? '');
      if (!server?.rooms.has(room)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect.fail(`socket still in ${room} after 5 s`);
  };

  it('moves a console out of the location a CLI import took away within seconds', async () => {
    await cliImport(tenantWith({ aliases: ['fuego-palermo', 'fuego-cafe-centro'] }));
    const token = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const socket = await open(token, state.palermo.id, state.cafe.id);
    await cliImport(tenantWith({ aliases: ['fuego-palermo'] }));
    await leftRoom(socket, rooms.console(state.cafe.id));
    const heard = recorder(socket);
    const cafePlaced = await orderPlace(ctx, cafeOrder(state.cafe, '+5491161234002'));
    const order = await orderPlace(ctx, palermoTakeAway(state.palermo));
    await settle();
    expect(heard.map(({ event }) => event)).toContain('order-created');
    expect(heard.every((one) => orderOf(one) === order.id)).toBe(true);
    expect(heard.some((one) => orderOf(one) === cafePlaced.id)).toBe(false);
  });

  it('disconnects the consoles of a staff member a CLI import removed, or whose password it changed', async () => {
    const removed = await open(await staffLogin(ctx, FUEGO_PALERMO_STAFF), state.palermo.id);
    const gone = disconnection(removed);
    await cliImport(tenantWith({ removed: true }));
    await expect(gone).resolves.toBe('io server disconnect');

    await cliImport(tenantExample());
    const token = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const changed = await open(token, state.palermo.id);
    const ended = disconnection(changed);
    await cliImport(tenantWith({ password: 'otra-clave-del-mostrador' }));
    await expect(ended).resolves.toBe('io server disconnect');
    expect((await request(ctx, 'GET', '/api/staff/me', { token })).status).toBe(401);
  });
});
