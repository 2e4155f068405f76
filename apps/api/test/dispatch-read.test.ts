import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riders } from '../src/db/schema/logistics';
import {
  CHISPA_OWNER,
  FUEGO_OWNER,
  FUEGO_PALERMO_STAFF,
  request,
  staffLogin,
} from './support/console-fixture';
import { tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import {
  dispatchView,
  FUEGO_BELGRANO_STAFF,
  riderMoves,
  riderRegister,
  simpleIds,
  tenantWithBelgranoStaff,
} from './support/dispatch-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { CAMILA, DIEGO, riderOnShift, riderRow } from './support/rider-fixture';
import { deliveryAccepted, NEAR } from './support/shipment-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// The venue's dispatch view, GET /api/console/dispatch: who may read it, what
// lands in which column (waiting, in progress, finished today in the
// location's time zone), what staff see of a shipment, and which riders show
// with their current shipment and last position. Shipments are made and moved
// through the real API: staff accept delivery orders, riders move them.

const HOUR = 3_600_000;
/** Buenos Aires local time → epoch ms (UTC−3). */
const local = (isoLocal: string) => Date.parse(`${isoLocal}-03:00`);
const TUESDAY_1300 = WEDNESDAY_1300 - 24 * HOUR;

describe.each(testDatabaseKinds())('dispatch view on %s', (kind) => {
  const ctx = useTestApp(kind);
  let palermo: LocationIds;
  let belgranoId = 0;
  let chispaPalermoId = 0;
  let owner = '';
  let staff = '';
  let belgranoStaff = '';
  let chispaOwner = '';
  let diego = { token: '', riderId: 0 };
  const view = (token: string | null, branchContactId = palermo.id) =>
    dispatchView(ctx, token, branchContactId);

  beforeAll(async () => {
    await tenantLoad(ctx, tenantWithBelgranoStaff());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    belgranoId = (await locationIds(ctx, 'fuego-belgrano')).id;
    chispaPalermoId = (await locationIds(ctx, 'chispa-palermo')).id;
    owner = await staffLogin(ctx, FUEGO_OWNER);
    staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    belgranoStaff = await staffLogin(ctx, FUEGO_BELGRANO_STAFF);
    chispaOwner = await staffLogin(ctx, CHISPA_OWNER);
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  describe('who may read it', () => {
    it('no session: 401, nothing read', async () => {
      const answer = await view(null);
      expect(answer.status).toBe(401);
      expect(answer.body.message).toMatch(/sesión/i);
    });

    it('staff of another location of the company: 403', async () => {
      const answer = await view(belgranoStaff);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('No tiene acceso a este local');
      expect((await view(staff, belgranoId)).status).toBe(403);
    });

    it('another company’s location answers 404, like one that does not exist', async () => {
      const other = await view(chispaOwner);
      expect(other.status).toBe(404);
      expect(other.body.message).toBe(`No existe el local ${palermo.id}`);
      expect((await view(chispaOwner, 999_999)).status).toBe(404);
      expect((await view(owner, chispaPalermoId)).status).toBe(404);
    });

    it('the location’s staff and the owner read it', async () => {
      expect((await view(staff)).status).toBe(200);
      const answer = await view(owner);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body.location).toEqual({
        id: palermo.id,
        name: expect.any(String),
        timezone: 'America/Argentina/Buenos_Aires',
        ownLogistics: true,
        lat: -34.5889,
        lng: -58.4306,
      });
    });

    it('a bad location id is a 400 with a Spanish message for the field', async () => {
      const missing = await request(ctx, 'GET', '/api/console/dispatch', { token: staff });
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toEqual({ 'querystring.branchContactId': 'es obligatorio' });
      const word = await request(ctx, 'GET', '/api/console/dispatch?branchContactId=palermo', {
        token: staff,
      });
      expect(word.status).toBe(400);
      expect(word.body.fields['querystring.branchContactId']).toBe('debe ser un número entero');
      const extra = await request(ctx, 'GET', `/api/console/dispatch?branchContactId=${palermo.id}&x=1`, {
        token: staff,
      });
      expect(extra.status).toBe(400);
      expect(Object.keys(extra.body.fields)).toEqual(['querystring.x']);
    });
  });

  describe('columns', () => {
    const ids = { waiting: 0, held: 0, returning: 0, deliveredToday: 0, deliveredYesterday: 0, canceled: 0 };
    let repooled = 0;
    let stackId = 0;
    let stacked: number[] = [];

    beforeAll(async () => {
      // Tuesday: one delivered (yesterday for the rest of the test).
      ctx.app.clock.pin(TUESDAY_1300);
      const tuesdayOwner = await staffLogin(ctx, FUEGO_OWNER);
      const tuesdayDiego = await riderOnShift(ctx, palermo.id, DIEGO.phone);
      const yesterday = await deliveryAccepted(ctx, palermo, tuesdayOwner, {
        paymentMethod: 'BANK_TRANSFER',
      });
      const steps = ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF', 'DELIVERED'];
      await riderMoves(ctx, tuesdayDiego.token, yesterday.shipment.id, steps, yesterday.securityCode);
      ids.deliveredYesterday = yesterday.shipment.id;

      ctx.app.clock.pin(WEDNESDAY_1300 - 30 * 60_000);
      owner = await staffLogin(ctx, FUEGO_OWNER);
      diego = await riderOnShift(ctx, palermo.id, DIEGO.phone);
      const accepted = (customerName: string, paymentMethod = 'BANK_TRANSFER') =>
        deliveryAccepted(ctx, palermo, owner, { customerName, paymentMethod });
      // Delivered at 12:35, after the day started at 05:00.
      const today = await accepted('Gabi Today');
      await riderMoves(ctx, diego.token, today.shipment.id, steps, today.securityCode);
      ids.deliveredToday = today.shipment.id;
      // Waiting: alone, and two grouped into a stack.
      ctx.app.clock.pin(WEDNESDAY_1300 - 20 * 60_000);
      ids.waiting = (await accepted('Bruno Waiting')).shipment.id;
      ctx.app.clock.pin(WEDNESDAY_1300 - 10 * 60_000);
      stacked = [(await accepted('Carla Stack')).shipment.id, (await accepted('Dario Stack')).shipment.id];
      const grouped = await request(ctx, 'POST', '/api/console/dispatch/stacks', {
        token: owner,
        payload: { branchContactId: palermo.id, shipmentIds: stacked },
      });
      expect(grouped.status).toBe(201);
      stackId = grouped.body.id;
      // In progress: held by Diego; a cash order delivered whose money is still on its way back.
      ctx.app.clock.pin(WEDNESDAY_1300 - 5 * 60_000);
      const held = await accepted('Elena Held');
      await riderMoves(ctx, diego.token, held.shipment.id, ['ON_ROUTE_TO_PICK_UP', 'IN_STORE']);
      ids.held = held.shipment.id;
      const cash = await accepted('Fede Cash', 'CASH');
      await riderMoves(ctx, diego.token, cash.shipment.id, steps, cash.securityCode);
      ids.returning = cash.shipment.id;
      // Cancelled by the venue, with the fresh shipment that took its place waiting.
      ctx.app.clock.pin(WEDNESDAY_1300);
      const canceled = await accepted('Inés Canceled');
      await riderMoves(ctx, diego.token, canceled.shipment.id, ['ON_ROUTE_TO_PICK_UP']);
      const cancel = await request(
        ctx,
        'POST',
        `/api/console/dispatch/shipments/${canceled.shipment.id}/cancel`,
        {
          token: owner,
          payload: { reason: 'El repartidor no llegó' },
        },
      );
      expect(cancel.status).toBe(200);
      ids.canceled = canceled.shipment.id;
      const fresh = await view(owner);
      repooled = fresh.body.waiting.find(
        (item: { kind: string; shipment?: { customerName: string } }) =>
          item.kind === 'simple' && item.shipment?.customerName === 'Inés Canceled',
      ).shipment.id;
    });

    it('waiting: unstacked shipments and stacks looking for a rider, oldest first', async () => {
      const { body } = await view(staff);
      expect(simpleIds(body.waiting)).toEqual([ids.waiting, repooled]);
      expect(body.waiting.map((item: { kind: string }) => item.kind)).toEqual(['simple', 'stack', 'simple']);
      expect(body.waiting[1].stack).toMatchObject({
        id: stackId,
        status: 'LOOKING_FOR_DRIVER',
        riderId: null,
        offeredToRiderId: null,
      });
      expect(body.waiting[1].stack.shipments.map((shipment: { id: number }) => shipment.id)).toEqual(stacked);
    });

    it('in progress: held by a rider, or delivered while the cash is on its way back', async () => {
      const { body } = await view(staff);
      expect(simpleIds(body.inProgress)).toEqual([ids.held, ids.returning]);
      expect(body.inProgress[0].shipment).toMatchObject({
        status: 'IN_STORE',
        rider: { id: diego.riderId, name: DIEGO.name, phone: DIEGO.phone },
      });
      expect(body.inProgress[1].shipment).toMatchObject({
        status: 'DELIVERED',
        returnShipment: true,
        order: { paymentMethod: 'CASH', paysWith: 20000 },
      });
    });

    it('finished today: since 05:00 local time, newest first, the cancelled one with its reason', async () => {
      const { body } = await view(staff);
      expect(simpleIds(body.finishedToday)).toEqual([ids.canceled, ids.deliveredToday]);
      expect(body.finishedToday[0].shipment).toMatchObject({
        status: 'CANCELED',
        cancelReason: 'El repartidor no llegó',
      });
      expect(body.dayStartsAt).toBe(new Date(local('2025-06-04T05:00:00')).toISOString());
    });

    it('past midnight the day goes on; at 05:00 a new one starts; open ones stay whatever their age', async () => {
      // Staff sessions last 12 hours at most: log in again at each hour.
      ctx.app.clock.pin(local('2025-06-05T00:30:00'));
      const night = await view(await staffLogin(ctx, FUEGO_PALERMO_STAFF));
      expect(night.body.dayStartsAt).toBe(new Date(local('2025-06-04T05:00:00')).toISOString());
      expect(simpleIds(night.body.finishedToday)).toEqual([ids.canceled, ids.deliveredToday]);
      ctx.app.clock.pin(local('2025-06-05T05:00:00'));
      const morning = await view(await staffLogin(ctx, FUEGO_PALERMO_STAFF));
      expect(morning.body.finishedToday).toEqual([]);
      expect(simpleIds(morning.body.waiting)).toEqual([ids.waiting, repooled]);
      expect(simpleIds(morning.body.inProgress)).toEqual([ids.held, ids.returning]);
      // Those logins tidied the account's sessions that had expired by then, Wednesday's among them.
      ctx.app.clock.pin(WEDNESDAY_1300);
      staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    });

    it('staff see the customer, the address and the order of their own location’s shipments', async () => {
      const { body } = await view(staff);
      expect(body.waiting[0].shipment).toMatchObject({
        id: ids.waiting,
        code: expect.stringMatching(/^[A-Z0-9]{4}$/),
        customerName: 'Bruno Waiting',
        customerPhone: expect.stringMatching(/^\+549/),
        destination: {
          fullAddress: NEAR.fullAddress,
          betweenStreets: NEAR.betweenStreets,
          lat: NEAR.lat,
          lng: NEAR.lng,
        },
        order: { code: expect.any(String), total: 10470, paymentMethod: 'BANK_TRANSFER', paysWith: null },
        rider: null,
      });
    });

    it('Belgrano’s view holds none of Palermo’s shipments', async () => {
      const { body } = await view(owner, belgranoId);
      expect(body.location.ownLogistics).toBe(false);
      expect([...body.waiting, ...body.inProgress, ...body.finishedToday]).toEqual([]);
    });

    describe('riders', () => {
      let pendingId = 0;
      beforeAll(async () => {
        const pending = await riderRegister(ctx, palermo.id, 'Zoe Pendiente');
        pendingId = pending.riderId;
        const report = (token: string, lat: number, lng: number) =>
          request(ctx, 'POST', '/api/rider/position', { token, payload: { lat, lng, accuracy: 12 } });
        ctx.app.clock.pin(WEDNESDAY_1300 + 60_000);
        expect((await report(diego.token, -34.58, -58.43)).status).toBe(204);
        expect((await report(pending.token, -34.59, -58.41)).status).toBe(204);
        // Camila reported during an earlier shift and is off shift now.
        await ctx.app.db
          .update(riders)
          .set({ lat: -34.6, lng: -58.4, positionAt: new Date(WEDNESDAY_1300 - 26 * HOUR) })
          .where(eq(riders.phone, CAMILA.phone));
      });

      it('pending approval first, then on shift, then off shift, of this location only', async () => {
        const { body } = await view(staff);
        expect(
          body.riders.map((rider: { name: string; approved: boolean; active: boolean }) => [
            rider.name,
            rider.approved,
            rider.active,
          ]),
        ).toEqual([
          ['Zoe Pendiente', false, true],
          [DIEGO.name, true, true],
          [CAMILA.name, true, false],
        ]);
        expect(JSON.stringify(body.riders)).not.toMatch(/securityCode|Hash/);
      });

      it('a rider on shift shows the last position of this shift and what they hold', async () => {
        const { body } = await view(staff);
        const shown = body.riders.find((rider: { id: number }) => rider.id === diego.riderId);
        expect(shown.position).toEqual({
          lat: -34.58,
          lng: -58.43,
          accuracy: 12,
          at: new Date(WEDNESDAY_1300 + 60_000).toISOString(),
        });
        expect(shown.current).toEqual({
          kind: 'simple',
          id: ids.held,
          status: 'IN_STORE',
          code: expect.any(String),
        });
      });

      it('no position off shift, from an earlier shift, or before the venue approved the rider', async () => {
        const { body } = await view(staff);
        const others = body.riders.filter((rider: { id: number }) => rider.id !== diego.riderId);
        expect(others.map((rider: { id: number }) => rider.id)).toContain(pendingId);
        for (const rider of others) expect(rider.position).toBeNull();
      });

      it('an offer to a rider who ended the shift stays theirs, and the view shows both', async () => {
        const camila = await riderOnShift(ctx, palermo.id, CAMILA.phone);
        const offered = await request(ctx, 'POST', `/api/console/dispatch/shipments/${ids.waiting}/offer`, {
          token: staff,
          payload: { riderId: camila.riderId },
        });
        expect(offered.status).toBe(200);
        const ended = await request(ctx, 'PUT', `/api/rider/${camila.riderId}/updatewithcode`, {
          payload: {
            active: false,
            securityCode: CAMILA.securityCode,
            riderUser: { branchContact: { id: palermo.id } },
          },
        });
        expect(ended.status).toBe(200);
        const { body } = await view(staff);
        expect(body.waiting[0].shipment).toMatchObject({ id: ids.waiting, offeredToRiderId: camila.riderId });
        expect(body.riders.find((rider: { id: number }) => rider.id === camila.riderId).active).toBe(false);
        expect((await riderRow(ctx, palermo.id, CAMILA.phone)).active).toBe(false);
      });

      it('a stack held by a rider is their current one, with its codes', async () => {
        const taken = await request(ctx, 'PUT', `/api/stacking/${stackId}`, {
          token: diego.token,
          payload: { id: stackId, status: 'ON_ROUTE_TO_PICK_UP' },
        });
        expect(taken.status).toBe(200);
        // Diego finishes the simple ones he held, so the stack is what he is on.
        await riderMoves(ctx, diego.token, ids.held, ['ON_ROUTE_TO_DROP_OFF', 'DRIVER_CANCELED']);
        await riderMoves(ctx, diego.token, ids.returning, ['RETURNED']);
        const { body } = await view(staff);
        const shown = body.riders.find((rider: { id: number }) => rider.id === diego.riderId);
        expect(shown.current).toMatchObject({ kind: 'stack', id: stackId, status: 'ON_ROUTE_TO_PICK_UP' });
        expect(shown.current.code.split(' · ')).toHaveLength(2);
        expect(body.inProgress.map((item: { kind: string }) => item.kind)).toEqual(['stack']);
        expect(body.inProgress[0].stack.rider).toEqual({
          id: diego.riderId,
          name: DIEGO.name,
          phone: DIEGO.phone,
        });
      });
    });
  });
});
