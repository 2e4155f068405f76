import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rooms } from '../src/plugins/app/realtime';
import {
  type Answer,
  appListen,
  CHISPA_OWNER,
  FUEGO_OWNER,
  FUEGO_PALERMO_STAFF,
  request,
  socketConnect,
  socketJoin,
  staffLogin,
} from './support/console-fixture';
import { tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import {
  dispatchView,
  FUEGO_BELGRANO_STAFF,
  riderMoves,
  simpleIds,
  tenantWithBelgranoStaff,
} from './support/dispatch-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { CAMILA, DIEGO, riderOnShift } from './support/rider-fixture';
import { deliveryAccepted } from './support/shipment-fixture';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

// The dispatch actions' routes under /api/console/dispatch: who may call each
// (401 without a session, 403 for a location the staff member may not see,
// 404 for another company's ids), their bad inputs (a Spanish message per
// field), and what each answers and announces. What the actions do to
// shipments is the shipment lifecycle's, tested in shipment-staff.test.ts.

/** The first `shipment-updated` about `id` in `status` (earlier events of other moves may still be arriving). */
// biome-ignore lint/suspicious/noExplicitAny: event payloads are checked field by field
function heardOf(socket: Socket, kind: 'simple' | 'stack', id: number, check: (item: any) => boolean) {
  return new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no shipment-updated for ${kind} ${id}`)), 5000);
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const listen = (item: any) => {
      const found = item.kind === kind && (item.shipment ?? item.stack)?.id === id && check(item);
      if (!found) return;
      clearTimeout(timer);
      socket.off('shipment-updated', listen);
      resolve(item);
    };
    socket.on('shipment-updated', listen);
  });
}

interface Target {
  branchContactId: number;
  shipmentId: number;
  stackId: number;
}

const endpoints: {
  name: string;
  call: (ctx: TestContext, token: string | null, t: Target) => Promise<Answer>;
}[] = [
  {
    name: 'POST /api/console/dispatch/stacks',
    call: (ctx, token, t) =>
      request(ctx, 'POST', '/api/console/dispatch/stacks', {
        token,
        payload: { branchContactId: t.branchContactId, shipmentIds: [t.shipmentId, t.shipmentId + 1] },
      }),
  },
  {
    name: 'DELETE /api/console/dispatch/stacks/:id',
    call: (ctx, token, t) => request(ctx, 'DELETE', `/api/console/dispatch/stacks/${t.stackId}`, { token }),
  },
  {
    name: 'POST /api/console/dispatch/shipments/:id/offer',
    call: (ctx, token, t) =>
      request(ctx, 'POST', `/api/console/dispatch/shipments/${t.shipmentId}/offer`, {
        token,
        payload: { riderId: null },
      }),
  },
  {
    name: 'POST /api/console/dispatch/stacks/:id/offer',
    call: (ctx, token, t) =>
      request(ctx, 'POST', `/api/console/dispatch/stacks/${t.stackId}/offer`, {
        token,
        payload: { riderId: null },
      }),
  },
  {
    name: 'POST /api/console/dispatch/shipments/:id/cancel',
    call: (ctx, token, t) =>
      request(ctx, 'POST', `/api/console/dispatch/shipments/${t.shipmentId}/cancel`, {
        token,
        payload: { reason: 'Prueba' },
      }),
  },
  {
    name: 'POST /api/console/dispatch/stacks/:id/cancel',
    call: (ctx, token, t) =>
      request(ctx, 'POST', `/api/console/dispatch/stacks/${t.stackId}/cancel`, {
        token,
        payload: { reason: 'Prueba' },
      }),
  },
  {
    name: 'POST /api/console/dispatch/shipments/:id/delivered',
    call: (ctx, token, t) =>
      request(ctx, 'POST', `/api/console/dispatch/shipments/${t.shipmentId}/delivered`, { token }),
  },
];

describe.each(testDatabaseKinds())('dispatch actions’ routes on %s', (kind) => {
  const ctx = useTestApp(kind);
  let palermo: LocationIds;
  let owner = '';
  let staff = '';
  let belgranoStaff = '';
  let chispaOwner = '';
  let diego = { token: '', riderId: 0 };
  let camila = { token: '', riderId: 0 };
  let target: Target;
  let chispaTarget: Target;

  /** Two waiting shipments grouped, and one waiting alone, at a location; through the real API. */
  async function targetAt(location: LocationIds, token: string): Promise<Target> {
    const alone = await deliveryAccepted(ctx, location, token);
    const a = await deliveryAccepted(ctx, location, token);
    const b = await deliveryAccepted(ctx, location, token);
    const stack = await request(ctx, 'POST', '/api/console/dispatch/stacks', {
      token,
      payload: { branchContactId: location.id, shipmentIds: [a.shipment.id, b.shipment.id] },
    });
    expect(stack.status).toBe(201);
    return { branchContactId: location.id, shipmentId: alone.shipment.id, stackId: stack.body.id };
  }

  beforeAll(async () => {
    await tenantLoad(ctx, tenantWithBelgranoStaff());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    const chispaPalermo = await locationIds(ctx, 'chispa-palermo');
    owner = await staffLogin(ctx, FUEGO_OWNER);
    staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    belgranoStaff = await staffLogin(ctx, FUEGO_BELGRANO_STAFF);
    chispaOwner = await staffLogin(ctx, CHISPA_OWNER);
    diego = await riderOnShift(ctx, palermo.id, DIEGO.phone);
    camila = await riderOnShift(ctx, palermo.id, CAMILA.phone);
    await riderOnShift(ctx, chispaPalermo.id, DIEGO.phone);
    target = await targetAt(palermo, owner);
    chispaTarget = await targetAt(chispaPalermo, chispaOwner);
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  describe.each(endpoints)('$name', ({ call }) => {
    it('401 without a session', async () => {
      const answer = await call(ctx, null, target);
      expect(answer.status).toBe(401);
      expect(answer.body.message).toMatch(/sesión/i);
    });

    it('403 for staff of another location of the company', async () => {
      const answer = await call(ctx, belgranoStaff, target);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toMatch(/^No tiene acceso a (este local|los envíos de este local)$/);
    });

    it('404 for another company’s ids, like ids that do not exist', async () => {
      const answer = await call(ctx, owner, chispaTarget);
      expect(answer.status).toBe(404);
      expect(answer.body.message).toMatch(/^No existe (el local|el envío|la multientrega) \d+$/);
      const none = await call(ctx, owner, {
        branchContactId: 999_999,
        shipmentId: 999_990,
        stackId: 999_999,
      });
      expect(none.status).toBe(404);
    });
  });

  it('nothing changed by the refused calls: the view is as it was made', async () => {
    const { body } = await dispatchView(ctx, staff, palermo.id);
    expect(simpleIds(body.waiting)).toEqual([target.shipmentId]);
    expect(body.waiting.filter((item: { kind: string }) => item.kind === 'stack')).toHaveLength(1);
    expect(body.inProgress).toEqual([]);
  });

  describe('bad inputs: a Spanish message per field', () => {
    const post = (url: string, payload: unknown) => request(ctx, 'POST', url, { token: staff, payload });

    it('grouping needs a location and at least two shipments', async () => {
      const empty = await post('/api/console/dispatch/stacks', {});
      expect(empty.status).toBe(400);
      expect(empty.body.fields).toMatchObject({ 'body.branchContactId': 'es obligatorio' });
      const one = await post('/api/console/dispatch/stacks', {
        branchContactId: palermo.id,
        shipmentIds: [target.shipmentId],
      });
      expect(one.status).toBe(400);
      expect(one.body.fields).toEqual({ 'body.shipmentIds': 'Elija al menos dos envíos para agrupar' });
      const words = await post('/api/console/dispatch/stacks', {
        branchContactId: palermo.id,
        shipmentIds: ['a', 'b'],
      });
      expect(words.status).toBe(400);
      expect(words.body.fields['body.shipmentIds[0]']).toBe('debe ser un número entero');
    });

    it('an offer names a rider id or null; the rider must be of the location, approved and on shift', async () => {
      const url = `/api/console/dispatch/shipments/${target.shipmentId}/offer`;
      const missing = await post(url, {});
      expect(missing.body.fields).toEqual({ 'body.riderId': 'es obligatorio' });
      const word = await post(url, { riderId: 'diego' });
      expect(word.status).toBe(400);
      expect(Object.keys(word.body.fields)).toEqual(['body.riderId']);
      const unknown = await post(url, { riderId: 999_999 });
      expect(unknown.status).toBe(400);
      expect(unknown.body.fields).toEqual({ 'body.riderId': 'No existe el repartidor 999999 en este local' });
      await request(ctx, 'PUT', `/api/rider/${camila.riderId}/updatewithcode`, {
        payload: {
          active: false,
          securityCode: CAMILA.securityCode,
          riderUser: { branchContact: { id: palermo.id } },
        },
      });
      const offShift = await post(url, { riderId: camila.riderId });
      expect(offShift.status).toBe(400);
      expect(offShift.body.fields).toEqual({
        'body.riderId': 'El repartidor no está en turno: ofrézcalo a uno en turno o a todos',
      });
    });

    it('a cancel needs its reason; a kind other than shipments or stacks is no route', async () => {
      const url = `/api/console/dispatch/shipments/${target.shipmentId}/cancel`;
      expect((await post(url, {})).body.fields).toEqual({ 'body.reason': 'es obligatorio' });
      const blank = await post(url, { reason: '   ' });
      expect(blank.status).toBe(400);
      expect(blank.body.fields).toEqual({ 'body.reason': 'Indique el motivo de la cancelación' });
      const other = await post(`/api/console/dispatch/orders/${target.shipmentId}/cancel`, { reason: 'x' });
      expect(other.status).toBe(400);
      expect(Object.keys(other.body.fields)).toEqual(['params.kind']);
    });

    it('a state that does not allow the action is a 409 in Spanish', async () => {
      const waiting = `/api/console/dispatch/shipments/${target.shipmentId}`;
      const cancel = await post(`${waiting}/cancel`, { reason: 'Prueba' });
      expect(cancel.status).toBe(409);
      expect(cancel.body.message).toBe('Solo se puede cancelar un envío en curso');
      const delivered = await post(`${waiting}/delivered`, {});
      expect(delivered.status).toBe(409);
      expect(delivered.body.message).toBe(
        'Solo se puede confirmar la entrega de un envío en camino al cliente',
      );
    });
  });

  it('each action answers the item as the view shows it, and the consoles hear it', async () => {
    const socket = await socketConnect(await appListen(ctx), staff);
    try {
      expect(await socketJoin(socket, rooms.console(palermo.id))).toBe(true);
      const itemOf = async (kind: 'simple' | 'stack', id: number) => {
        const { body } = await dispatchView(ctx, staff, palermo.id);
        return [...body.waiting, ...body.inProgress, ...body.finishedToday].find(
          (item: { kind: string; shipment?: { id: number }; stack?: { id: number } }) =>
            item.kind === kind && (item.shipment ?? item.stack)?.id === id,
        );
      };

      // Offered to Diego: the answer, the event and the view agree.
      const offerHeard = heardOf(
        socket,
        'stack',
        target.stackId,
        (item) => item.stack.offeredToRiderId !== null,
      );
      const offer = await request(ctx, 'POST', `/api/console/dispatch/stacks/${target.stackId}/offer`, {
        token: staff,
        payload: { riderId: diego.riderId },
      });
      expect(offer.status).toBe(200);
      expect(offer.body).toMatchObject({
        kind: 'stack',
        stack: { id: target.stackId, offeredToRiderId: diego.riderId },
      });
      expect(await offerHeard).toEqual(offer.body);
      expect(await itemOf('stack', target.stackId)).toEqual(offer.body);

      // Ungrouped: its two shipments wait one by one again.
      const ungroup = await request(ctx, 'DELETE', `/api/console/dispatch/stacks/${target.stackId}`, {
        token: staff,
      });
      expect(ungroup.status).toBe(200);
      expect(ungroup.body.map((item: { kind: string }) => item.kind)).toEqual(['simple', 'simple']);
      const { body } = await dispatchView(ctx, staff, palermo.id);
      expect(body.waiting.filter((item: { kind: string }) => item.kind === 'stack')).toEqual([]);
      expect(simpleIds(body.waiting)).toHaveLength(3);

      // Taken by Diego, on the way; confirmed delivered by the venue.
      await riderMoves(ctx, diego.token, target.shipmentId, [
        'ON_ROUTE_TO_PICK_UP',
        'IN_STORE',
        'ON_ROUTE_TO_DROP_OFF',
      ]);
      const deliveredHeard = heardOf(
        socket,
        'simple',
        target.shipmentId,
        (item) => item.shipment.status === 'DELIVERED',
      );
      const delivered = await request(
        ctx,
        'POST',
        `/api/console/dispatch/shipments/${target.shipmentId}/delivered`,
        {
          token: staff,
        },
      );
      expect(delivered.status).toBe(200);
      expect(delivered.body).toMatchObject({
        kind: 'simple',
        shipment: { id: target.shipmentId, status: 'DELIVERED' },
      });
      expect(await deliveredHeard).toEqual(delivered.body);
      expect(await itemOf('simple', target.shipmentId)).toEqual(delivered.body);
    } finally {
      socket.close();
    }
  });

  it('twenty groupings of the same shipments at once: one stack, the others refused', async () => {
    const a = await deliveryAccepted(ctx, palermo, owner);
    const b = await deliveryAccepted(ctx, palermo, owner);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(ctx, 'POST', '/api/console/dispatch/stacks', {
          token: staff,
          payload: { branchContactId: palermo.id, shipmentIds: [a.shipment.id, b.shipment.id] },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
    const { body } = await dispatchView(ctx, staff, palermo.id);
    const stacks = body.waiting.filter(
      (item: { kind: string; stack?: { shipments: { id: number }[] } }) =>
        item.kind === 'stack' && item.stack?.shipments.some((shipment) => shipment.id === a.shipment.id),
    );
    expect(stacks).toHaveLength(1);
  });
});
