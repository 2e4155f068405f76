import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riderSessions, riders, shipments } from '../src/db/schema/logistics';
import { rooms } from '../src/plugins/app/realtime';
import { riderSessionOpen } from '../src/services/rider-session-service';
import {
  appListen,
  CHISPA_OWNER,
  FUEGO_OWNER,
  FUEGO_PALERMO_STAFF,
  request,
  socketConnect,
  socketJoin,
  socketNext,
  staffLogin,
} from './support/console-fixture';
import { tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import {
  FUEGO_BELGRANO_STAFF,
  palermoDeliveryPlace,
  pendingRiderInsert,
  shipmentInsert,
  tenantWithBelgranoStaff,
} from './support/dispatch-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { CAMILA, DIEGO, riderOnShift, riderRow } from './support/rider-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// The venue approves a rider who registered from the shift page, or takes the
// approval away: POST /api/console/riders/{id}/approval. Taking it away ends
// the rider's shift (sessions closed, offers released) and is refused while
// the rider holds a shipment.

describe.each(testDatabaseKinds())('rider approval on %s', (kind) => {
  const ctx = useTestApp(kind);
  let palermo: LocationIds;
  let fuegoId = 0;
  let chispaId = 0;
  let owner = '';
  let staff = '';
  let belgranoStaff = '';
  let chispaOwner = '';
  const approval = (token: string | null, riderId: number, payload: unknown) =>
    request(ctx, 'POST', `/api/console/riders/${riderId}/approval`, { token, payload });
  const riderById = async (id: number) => {
    const [row] = await ctx.app.db.select().from(riders).where(eq(riders.id, id));
    if (!row) throw new Error(`no rider ${id}`);
    return row;
  };
  const sessionsOf = (riderId: number) =>
    ctx.app.db.select().from(riderSessions).where(eq(riderSessions.riderId, riderId));

  beforeAll(async () => {
    fuegoId = await tenantLoad(ctx, tenantWithBelgranoStaff());
    chispaId = await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    await riderOnShift(ctx, palermo.id, DIEGO.phone);
    owner = await staffLogin(ctx, FUEGO_OWNER);
    staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    belgranoStaff = await staffLogin(ctx, FUEGO_BELGRANO_STAFF);
    chispaOwner = await staffLogin(ctx, CHISPA_OWNER);
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  describe('who may approve', () => {
    let pendingId = 0;
    beforeAll(async () => {
      pendingId = (await pendingRiderInsert(ctx, palermo, fuegoId)).id;
    });

    it('no session: 401, and the rider stays pending', async () => {
      expect((await approval(null, pendingId, { approved: true })).status).toBe(401);
      expect((await riderById(pendingId)).approved).toBe(false);
    });

    it('staff of another location: 403; another company: 404, like a rider that does not exist', async () => {
      const other = await approval(belgranoStaff, pendingId, { approved: true });
      expect(other.status).toBe(403);
      expect(other.body.message).toBe('No tiene acceso a los repartidores de este local');
      const foreign = await approval(chispaOwner, pendingId, { approved: true });
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe(`No existe el repartidor ${pendingId}`);
      expect((await approval(owner, 999_999, { approved: true })).status).toBe(404);
      // Fuego's owner cannot reach chispa's riders either.
      const chispaPalermo = await locationIds(ctx, 'chispa-palermo');
      const chispaRider = await riderRow(ctx, chispaPalermo.id, DIEGO.phone);
      expect((await approval(owner, chispaRider.id, { approved: false })).status).toBe(404);
      expect((await riderById(chispaRider.id)).approved).toBe(true);
      expect((await riderById(pendingId)).approved).toBe(false);
      expect(chispaId).not.toBe(fuegoId);
    });

    it('a bad body is a 400 with a Spanish message per field', async () => {
      const missing = await approval(staff, pendingId, {});
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toEqual({ 'body.approved': 'es obligatorio' });
      const word = await approval(staff, pendingId, { approved: 'si' });
      expect(word.status).toBe(400);
      expect(word.body.fields['body.approved']).toBe('debe ser verdadero o falso');
      const extra = await approval(staff, pendingId, { approved: true, name: 'x' });
      expect(extra.status).toBe(400);
      expect(Object.keys(extra.body.fields)).toEqual(['body.name']);
      const badId = await request(ctx, 'POST', '/api/console/riders/abc/approval', {
        token: staff,
        payload: { approved: true },
      });
      expect(badId.status).toBe(400);
      expect(badId.body.fields['params.id']).toBe('debe ser un número entero');
      expect((await riderById(pendingId)).approved).toBe(false);
    });
  });

  it('approving a pending rider: the consoles hear it, the rider moves to the riders on shift; again changes nothing', async () => {
    const pending = await pendingRiderInsert(ctx, palermo, fuegoId, 'Abril Nueva');
    const socket = await socketConnect(await appListen(ctx), staff);
    try {
      expect(await socketJoin(socket, rooms.console(palermo.id))).toBe(true);
      const heard = socketNext<{ id: number; approved: boolean }>(socket, 'rider-updated');
      const answer = await approval(staff, pending.id, { approved: true });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        changed: true,
        rider: { id: pending.id, name: 'Abril Nueva', approved: true, active: true, current: null },
      });
      expect(await heard).toMatchObject({ id: pending.id, approved: true });
      const view = await request(ctx, 'GET', `/api/console/dispatch?branchContactId=${palermo.id}`, {
        token: staff,
      });
      expect(view.body.riders.find((rider: { id: number }) => rider.id === pending.id)).toMatchObject({
        approved: true,
        active: true,
      });

      let heardSince = 0;
      socket.on('rider-updated', () => {
        heardSince += 1;
      });
      const repeat = await approval(staff, pending.id, { approved: true });
      expect(repeat.body.changed).toBe(false);
      // Events arrive in order: once the next change is heard, a repeat's event would have come first.
      const next = socketNext(socket, 'rider-updated');
      await approval(owner, pending.id, { approved: false });
      await next;
      expect(heardSince).toBe(1);
    } finally {
      socket.close();
    }
  });

  it('taking the approval away ends the shift: sessions closed, offers open to every rider', async () => {
    const camila = await riderOnShift(ctx, palermo.id, CAMILA.phone);
    const order = await palermoDeliveryPlace(ctx, palermo);
    const offered = await shipmentInsert(ctx, order.id, { offeredToRiderId: camila.riderId });
    expect(await ctx.app.riderSessions.resolve(camila.token)).toBeDefined();
    const socket = await socketConnect(await appListen(ctx), staff);
    try {
      expect(await socketJoin(socket, rooms.console(palermo.id))).toBe(true);
      const released = socketNext<{ kind: string; id: number; riderId: null }>(socket, 'shipment-updated');
      const answer = await approval(staff, camila.riderId, { approved: false });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        changed: true,
        rider: { approved: false, active: false, position: null },
      });
      expect(await released).toEqual({
        kind: 'simple',
        id: offered.id,
        status: 'LOOKING_FOR_DRIVER',
        riderId: null,
      });
    } finally {
      socket.close();
    }
    expect(await ctx.app.riderSessions.resolve(camila.token)).toBeUndefined();
    expect(await sessionsOf(camila.riderId)).toEqual([]);
    const [shipment] = await ctx.app.db.select().from(shipments).where(eq(shipments.id, offered.id));
    expect(shipment?.offeredToRiderId).toBeNull();
    // Approved again, she starts a new shift like anyone else.
    expect((await approval(owner, camila.riderId, { approved: true })).body.changed).toBe(true);
    expect((await riderById(camila.riderId)).active).toBe(false);
  });

  it('rejecting a pending rider on shift ends that shift too', async () => {
    const pending = await pendingRiderInsert(ctx, palermo, fuegoId, 'Bruno Rechazado');
    const { token } = await riderSessionOpen(ctx.app.db, pending, {
      now: ctx.app.clock.now(),
      shiftHours: ctx.config.riders.shiftHours,
    });
    const answer = await approval(staff, pending.id, { approved: false });
    expect(answer.body).toMatchObject({ changed: true, rider: { approved: false, active: false } });
    expect(await ctx.app.riderSessions.resolve(token)).toBeUndefined();
    expect((await approval(staff, pending.id, { approved: false })).body.changed).toBe(false);
  });

  it('refused while the rider holds a shipment, with nothing changed', async () => {
    const diego = await riderRow(ctx, palermo.id, DIEGO.phone);
    const { token } = await riderSessionOpen(ctx.app.db, diego, {
      now: ctx.app.clock.now(),
      shiftHours: ctx.config.riders.shiftHours,
    });
    const order = await palermoDeliveryPlace(ctx, palermo);
    const held = await shipmentInsert(ctx, order.id, { status: 'ON_ROUTE_TO_DROP_OFF', riderId: diego.id });
    try {
      const answer = await approval(staff, diego.id, { approved: false });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(
        'El repartidor tiene un envío en curso: cancélelo o confirme la entrega antes de quitarle la aprobación',
      );
      expect(await riderById(diego.id)).toMatchObject({ approved: true, active: true });
      expect(await ctx.app.riderSessions.resolve(token)).toBeDefined();
    } finally {
      await ctx.app.db.update(shipments).set({ status: 'DELIVERED' }).where(eq(shipments.id, held.id));
    }
  });

  it('twenty approvals at once: exactly one changes the rider, every answer is the approved rider', async () => {
    const pending = await pendingRiderInsert(ctx, palermo, fuegoId, 'Carla Simultánea');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => approval(staff, pending.id, { approved: true })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.body.changed)).toHaveLength(1);
    for (const answer of answers) expect(answer.body.rider.approved).toBe(true);
  });
});
