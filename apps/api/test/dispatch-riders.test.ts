import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riderSessions, riders, shipments } from '../src/db/schema/logistics';
import { rooms } from '../src/plugins/app/realtime';
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
  riderMoves,
  riderRegister,
  riderSocketConnect,
  tenantWithBelgranoStaff,
} from './support/dispatch-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { CAMILA, DIEGO, riderOnShift, riderRow } from './support/rider-fixture';
import { deliveryAccepted } from './support/shipment-fixture';
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
      pendingId = (await riderRegister(ctx, palermo.id)).riderId;
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
    const pending = await riderRegister(ctx, palermo.id, 'Abril Nueva');
    const socket = await socketConnect(await appListen(ctx), staff);
    try {
      expect(await socketJoin(socket, rooms.console(palermo.id))).toBe(true);
      const heard = socketNext<{ id: number; approved: boolean }>(socket, 'rider-updated');
      const answer = await approval(staff, pending.riderId, { approved: true });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        changed: true,
        rider: { id: pending.riderId, name: 'Abril Nueva', approved: true, active: true, current: null },
      });
      expect(await heard).toMatchObject({ id: pending.riderId, approved: true });
      const view = await request(ctx, 'GET', `/api/console/dispatch?branchContactId=${palermo.id}`, {
        token: staff,
      });
      expect(view.body.riders.find((rider: { id: number }) => rider.id === pending.riderId)).toMatchObject({
        approved: true,
        active: true,
      });

      let heardSince = 0;
      socket.on('rider-updated', () => {
        heardSince += 1;
      });
      const repeat = await approval(staff, pending.riderId, { approved: true });
      expect(repeat.body.changed).toBe(false);
      // Events arrive in order: once the next change is heard, a repeat's event would have come first.
      const next = socketNext(socket, 'rider-updated');
      await approval(owner, pending.riderId, { approved: false });
      await next;
      expect(heardSince).toBe(1);
    } finally {
      socket.close();
    }
  });

  it('taking the approval away ends the shift: sessions closed, offers open to every rider', async () => {
    const camila = await riderOnShift(ctx, palermo.id, CAMILA.phone);
    const { shipment } = await deliveryAccepted(ctx, palermo, owner);
    const offer = await request(ctx, 'POST', `/api/console/dispatch/shipments/${shipment.id}/offer`, {
      token: staff,
      payload: { riderId: camila.riderId },
    });
    expect(offer.body.shipment.offeredToRiderId).toBe(camila.riderId);
    expect(await ctx.app.riderSessions.resolve(camila.token)).toBeDefined();
    const baseUrl = await appListen(ctx);
    const consoleSocket = await socketConnect(baseUrl, staff);
    const riderSocket = await riderSocketConnect(baseUrl, camila.token);
    try {
      expect(await socketJoin(consoleSocket, rooms.console(palermo.id))).toBe(true);
      expect(await socketJoin(riderSocket, rooms.riders(palermo.id))).toBe(true);
      const released = socketNext<{
        kind: string;
        shipment: { id: number; offeredToRiderId: number | null };
      }>(consoleSocket, 'shipment-updated');
      const gone = new Promise((resolve) => riderSocket.once('disconnect', resolve));
      const answer = await approval(staff, camila.riderId, { approved: false });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        changed: true,
        rider: { approved: false, active: false, position: null },
      });
      expect(await released).toMatchObject({
        kind: 'simple',
        shipment: { id: shipment.id, offeredToRiderId: null },
      });
      // Her app's socket is dropped with her sessions.
      await gone;
    } finally {
      consoleSocket.close();
      riderSocket.close();
    }
    expect(await ctx.app.riderSessions.resolve(camila.token)).toBeUndefined();
    expect(await sessionsOf(camila.riderId)).toEqual([]);
    const [row] = await ctx.app.db.select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row?.offeredToRiderId).toBeNull();
    // Approved again, she starts a new shift like anyone else.
    expect((await approval(owner, camila.riderId, { approved: true })).body.changed).toBe(true);
    expect((await riderById(camila.riderId)).active).toBe(false);
  });

  it('rejecting a pending rider on shift ends that shift too', async () => {
    const pending = await riderRegister(ctx, palermo.id, 'Bruno Rechazado');
    const answer = await approval(staff, pending.riderId, { approved: false });
    expect(answer.body).toMatchObject({ changed: true, rider: { approved: false, active: false } });
    expect(await ctx.app.riderSessions.resolve(pending.token)).toBeUndefined();
    expect((await approval(staff, pending.riderId, { approved: false })).body.changed).toBe(false);
  });

  it('refused while the rider holds a shipment, with nothing changed', async () => {
    const diego = await riderOnShift(ctx, palermo.id, DIEGO.phone);
    const held = await deliveryAccepted(ctx, palermo, owner);
    await riderMoves(ctx, diego.token, held.shipment.id, ['ON_ROUTE_TO_PICK_UP']);
    const answer = await approval(staff, diego.riderId, { approved: false });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'El repartidor tiene un envío en curso: cancélelo o confirme la entrega antes de quitarle la aprobación',
    );
    expect(await riderById(diego.riderId)).toMatchObject({ approved: true, active: true });
    expect(await ctx.app.riderSessions.resolve(diego.token)).toBeDefined();
  });

  it('twenty approvals at once: exactly one changes the rider, every answer is the approved rider', async () => {
    const pending = await riderRegister(ctx, palermo.id, 'Carla Simultánea');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => approval(staff, pending.riderId, { approved: true })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.body.changed)).toHaveLength(1);
    for (const answer of answers) expect(answer.body.rider.approved).toBe(true);
  });
});
