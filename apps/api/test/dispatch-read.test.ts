import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riders, shipmentStacks, shipments } from '../src/db/schema/logistics';
import {
  CHISPA_OWNER,
  FUEGO_OWNER,
  FUEGO_PALERMO_STAFF,
  request,
  staffLogin,
} from './support/console-fixture';
import { tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import {
  FUEGO_BELGRANO_STAFF,
  PALERMO_DESTINATION,
  palermoDeliveryPlace,
  pendingRiderInsert,
  shipmentInsert,
  stackInsert,
  tenantWithBelgranoStaff,
} from './support/dispatch-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { CAMILA, DIEGO, riderOnShift, riderRow } from './support/rider-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// The venue's dispatch view, GET /api/console/dispatch: who may read it, what
// lands in which column (waiting, in progress, finished today in the
// location's time zone), what staff see of a shipment, and which riders show
// with their current shipment and last position.

const HOUR = 3_600_000;
/** Buenos Aires local time → epoch ms (UTC−3). */
const local = (isoLocal: string) => Date.parse(`${isoLocal}-03:00`);

describe.each(testDatabaseKinds())('dispatch view on %s', (kind) => {
  const ctx = useTestApp(kind);
  let palermo: LocationIds;
  let belgranoId = 0;
  let chispaPalermoId = 0;
  let fuegoId = 0;
  let owner = '';
  let staff = '';
  let belgranoStaff = '';
  let chispaOwner = '';
  const view = (token: string | null, branchContactId = palermo.id) =>
    request(ctx, 'GET', `/api/console/dispatch?branchContactId=${branchContactId}`, { token });

  beforeAll(async () => {
    fuegoId = await tenantLoad(ctx, tenantWithBelgranoStaff());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    belgranoId = (await locationIds(ctx, 'fuego-belgrano')).id;
    chispaPalermoId = (await locationIds(ctx, 'chispa-palermo')).id;
    // Delivery orders need a rider on shift at the location.
    await riderOnShift(ctx, palermo.id, DIEGO.phone);
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
      const none = await view(chispaOwner, 999_999);
      expect(other.status).toBe(404);
      expect(other.body.message).toBe(`No existe el local ${palermo.id}`);
      expect(none.status).toBe(404);
      expect((await view(owner, chispaPalermoId)).status).toBe(404);
    });

    it('the location’s staff and the owner read it', async () => {
      expect((await view(staff)).status).toBe(200);
      const answer = await view(owner);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body.location).toMatchObject({
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
    const ids = {
      waiting: 0,
      stackA: 0,
      stackB: 0,
      held: 0,
      returning: 0,
      deliveredToday: 0,
      deliveredYesterday: 0,
      canceled: 0,
      repooled: 0,
    };
    let stackId = 0;

    beforeAll(async () => {
      ctx.app.clock.pin(WEDNESDAY_1300);
      const diego = await riderRow(ctx, palermo.id, DIEGO.phone);
      const place = (name: string, cash = false) =>
        palermoDeliveryPlace(ctx, palermo, { customerName: name, cash }).then((order) => order.id);
      // Waiting: alone, and two grouped in a stack.
      ctx.app.clock.pin(WEDNESDAY_1300 - 20 * 60_000);
      ids.waiting = (await shipmentInsert(ctx, await place('Bruno Waiting'))).id;
      ctx.app.clock.pin(WEDNESDAY_1300 - 10 * 60_000);
      const a = await shipmentInsert(ctx, await place('Carla Stack'));
      const b = await shipmentInsert(ctx, await place('Dario Stack'));
      stackId = (await stackInsert(ctx, [a, b])).id;
      ids.stackA = a.id;
      ids.stackB = b.id;
      ctx.app.clock.pin(WEDNESDAY_1300);
      // In progress: held by Diego; a cash order delivered whose money is still on its way back.
      ids.held = (
        await shipmentInsert(ctx, await place('Elena Held'), { status: 'IN_STORE', riderId: diego.id })
      ).id;
      ids.returning = (
        await shipmentInsert(ctx, await place('Fede Cash', true), { status: 'DELIVERED', riderId: diego.id })
      ).id;
      // Finished today (after 05:00 local) and yesterday.
      ids.deliveredToday = (
        await shipmentInsert(ctx, await place('Gabi Today'), {
          status: 'DELIVERED',
          riderId: diego.id,
          updatedAt: new Date(local('2025-06-04T05:10:00')),
        })
      ).id;
      ids.deliveredYesterday = (
        await shipmentInsert(ctx, await place('Hugo Yesterday'), {
          status: 'DELIVERED',
          riderId: diego.id,
          updatedAt: new Date(local('2025-06-04T04:50:00')),
        })
      ).id;
      // Cancelled by the venue today, with the fresh shipment that replaced it waiting.
      const canceledOrder = await place('Inés Canceled');
      ids.canceled = (
        await shipmentInsert(ctx, canceledOrder, {
          status: 'CANCELED',
          cancelReason: 'El repartidor no llegó',
          createdAt: new Date(WEDNESDAY_1300 - 30 * 60_000),
        })
      ).id;
      ids.repooled = (await shipmentInsert(ctx, canceledOrder)).id;
    });

    const all = (body: { waiting: unknown[]; inProgress: unknown[]; finishedToday: unknown[] }) =>
      [...body.waiting, ...body.inProgress, ...body.finishedToday] as {
        kind: string;
        shipment?: { id: number };
        stack?: { id: number; shipments: { id: number }[] };
      }[];
    const simpleIds = (items: unknown[]) =>
      (items as { kind: string; shipment?: { id: number } }[]).flatMap((item) =>
        item.kind === 'simple' && item.shipment ? [item.shipment.id] : [],
      );

    it('waiting: unstacked shipments and stacks looking for a rider, oldest first', async () => {
      const { body } = await view(staff);
      expect(simpleIds(body.waiting)).toEqual([ids.waiting, ids.repooled]);
      const stacks = body.waiting.filter((item: { kind: string }) => item.kind === 'stack');
      expect(stacks).toHaveLength(1);
      expect(stacks[0].stack).toMatchObject({
        id: stackId,
        status: 'LOOKING_FOR_DRIVER',
        statusLabel: 'Buscando repartidor',
        riderId: null,
        offeredTo: null,
      });
      expect(stacks[0].stack.shipments.map((shipment: { id: number }) => shipment.id)).toEqual([
        ids.stackA,
        ids.stackB,
      ]);
      // The stack sits between the two simple ones by the time it was made.
      expect(body.waiting.map((item: { kind: string }) => item.kind)).toEqual(['simple', 'stack', 'simple']);
    });

    it('in progress: held by a rider, or delivered while the cash is on its way back', async () => {
      const { body } = await view(staff);
      expect(simpleIds(body.inProgress)).toEqual([ids.held, ids.returning]);
      const returning = body.inProgress[1].shipment;
      expect(returning).toMatchObject({
        status: 'DELIVERED',
        statusLabel: 'Entregado, vuelve al local',
        returnShipment: true,
        order: { paymentMethod: 'CASH', paysWith: 20000 },
      });
    });

    it('finished today: since 05:00 local time, newest first, cancelled ones with their reason', async () => {
      const { body } = await view(staff);
      expect(simpleIds(body.finishedToday)).toEqual([ids.canceled, ids.deliveredToday]);
      expect(body.finishedToday[0].shipment).toMatchObject({
        status: 'CANCELED',
        statusLabel: 'Cancelado por el local',
        cancelReason: 'El repartidor no llegó',
      });
      expect(body.dayStartsAt).toBe(new Date(local('2025-06-04T05:00:00')).toISOString());
      expect(all(body).some((item) => item.shipment?.id === ids.deliveredYesterday)).toBe(false);
    });

    it('past midnight the day goes on: at 00:30 yesterday evening’s deliveries are still today’s', async () => {
      // Staff sessions last 12 hours at most: log in again at each hour.
      ctx.app.clock.pin(local('2025-06-05T00:30:00'));
      const night = await view(await staffLogin(ctx, FUEGO_PALERMO_STAFF));
      expect(night.body.dayStartsAt).toBe(new Date(local('2025-06-04T05:00:00')).toISOString());
      expect(simpleIds(night.body.finishedToday)).toContain(ids.deliveredToday);
      ctx.app.clock.pin(local('2025-06-05T05:00:00'));
      const morning = await view(await staffLogin(ctx, FUEGO_PALERMO_STAFF));
      expect(simpleIds(morning.body.finishedToday)).toEqual([]);
      // Open ones stay whatever their age.
      expect(simpleIds(morning.body.waiting)).toEqual([ids.waiting, ids.repooled]);
      // Those logins tidied the account's sessions that had expired by then, Wednesday's among them.
      ctx.app.clock.pin(WEDNESDAY_1300);
      staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    });

    it('staff see the customer, the address and the order of their own location’s shipments', async () => {
      const { body } = await view(staff);
      const waiting = body.waiting[0].shipment;
      expect(waiting).toMatchObject({
        id: ids.waiting,
        code: expect.stringMatching(/^[A-Z0-9]{4}$/),
        customerName: 'Bruno Waiting',
        customerPhone: expect.stringMatching(/^\+549/),
        destination: {
          fullAddress: PALERMO_DESTINATION.fullAddress,
          betweenStreets: PALERMO_DESTINATION.betweenStreets,
          details: PALERMO_DESTINATION.details,
          lat: PALERMO_DESTINATION.lat,
          lng: PALERMO_DESTINATION.lng,
        },
        order: { code: expect.any(String), total: 10470, paymentMethod: 'BANK_TRANSFER', paysWith: null },
        rider: null,
        logisticsOrder: { id: expect.any(Number) },
      });
    });

    it('an offer to a rider who ended the shift says so', async () => {
      const camila = await riderRow(ctx, palermo.id, CAMILA.phone);
      await ctx.app.db
        .update(shipments)
        .set({ offeredToRiderId: camila.id })
        .where(eq(shipments.id, ids.waiting));
      try {
        const { body } = await view(staff);
        expect(body.waiting[0].shipment.offeredTo).toEqual({
          id: camila.id,
          name: CAMILA.name,
          onShift: false,
        });
        await ctx.app.db.update(riders).set({ active: true }).where(eq(riders.id, camila.id));
        const again = await view(staff);
        expect(again.body.waiting[0].shipment.offeredTo.onShift).toBe(true);
      } finally {
        await ctx.app.db.update(riders).set({ active: false }).where(eq(riders.id, camila.id));
        await ctx.app.db
          .update(shipments)
          .set({ offeredToRiderId: null })
          .where(eq(shipments.id, ids.waiting));
      }
    });

    it('Belgrano’s view holds none of Palermo’s shipments', async () => {
      const { body } = await view(owner, belgranoId);
      expect(body.location.ownLogistics).toBe(false);
      expect([...body.waiting, ...body.inProgress, ...body.finishedToday]).toEqual([]);
    });

    describe('riders', () => {
      let pendingId = 0;
      beforeAll(async () => {
        pendingId = (await pendingRiderInsert(ctx, palermo, fuegoId, 'Zoe Pendiente')).id;
        const shiftStart = new Date(WEDNESDAY_1300 - 2 * HOUR);
        // Diego reported during this shift; Camila's position is from an earlier shift; the pending rider's
        // position is never shown.
        await ctx.app.db
          .update(riders)
          .set({
            shiftStartedAt: shiftStart,
            lat: -34.58,
            lng: -58.43,
            positionAccuracy: 12,
            positionAt: new Date(WEDNESDAY_1300 - 60_000),
          })
          .where(eq(riders.phone, DIEGO.phone));
        await ctx.app.db
          .update(riders)
          .set({ lat: -34.6, lng: -58.4, positionAt: new Date(WEDNESDAY_1300 - 26 * HOUR) })
          .where(eq(riders.phone, CAMILA.phone));
        await ctx.app.db
          .update(riders)
          .set({ lat: -34.59, lng: -58.41, positionAt: new Date(WEDNESDAY_1300 - 60_000) })
          .where(eq(riders.id, pendingId));
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
        const diego = body.riders.find((rider: { name: string }) => rider.name === DIEGO.name);
        expect(diego.position).toEqual({
          lat: -34.58,
          lng: -58.43,
          accuracy: 12,
          at: new Date(WEDNESDAY_1300 - 60_000).toISOString(),
        });
        expect(diego.current).toEqual({
          kind: 'simple',
          id: ids.held,
          status: 'IN_STORE',
          code: expect.any(String),
        });
      });

      it('no position off shift, from an earlier shift, or before the venue approved the rider', async () => {
        const { body } = await view(staff);
        for (const rider of body.riders.filter((r: { name: string }) => r.name !== DIEGO.name))
          expect(rider.position).toBeNull();
      });

      it('a stack held by a rider is their current one, with its codes', async () => {
        const diego = await riderRow(ctx, palermo.id, DIEGO.phone);
        await ctx.app.db.update(shipments).set({ status: 'DELIVERED' }).where(eq(shipments.id, ids.held));
        await ctx.app.db.update(shipments).set({ status: 'RETURNED' }).where(eq(shipments.id, ids.returning));
        await ctx.app.db
          .update(shipmentStacks)
          .set({ status: 'ON_ROUTE_TO_PICK_UP', riderId: diego.id })
          .where(eq(shipmentStacks.id, stackId));
        const { body } = await view(staff);
        const held = body.riders.find((rider: { name: string }) => rider.name === DIEGO.name);
        expect(held.current).toMatchObject({ kind: 'stack', id: stackId, status: 'ON_ROUTE_TO_PICK_UP' });
        expect(held.current.code.split(' · ')).toHaveLength(2);
        expect(body.inProgress.map((item: { kind: string }) => item.kind)).toEqual(['stack']);
        expect(body.inProgress[0].stack.rider).toEqual({
          id: diego.id,
          name: DIEGO.name,
          phone: DIEGO.phone,
        });
      });
    });
  });
});
