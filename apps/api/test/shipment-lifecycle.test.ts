import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logisticsOrders, shipmentEvents } from '../src/db/schema/logistics';
import { orderStatusEvents, orders } from '../src/db/schema/orders';
import { outboxMessages } from '../src/db/schema/platform';
import {
  clasicaLine,
  FUEGO_PALERMO_STAFF,
  orderPlace,
  palermoTakeAway,
  request,
  staffLogin,
} from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { CAMILA, DIEGO, riderOnShift } from './support/rider-fixture';
import {
  deliveryAccepted,
  NEAR,
  palermoDelivery,
  shipmentOfOrder,
  shipmentPut,
  shipmentsOfOrder,
  staffMove,
} from './support/shipment-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// Issue 9, the shipment's life on the server: a delivery of an own-fleet
// location gets its logistics order and shipment when staff accept it (other
// order types never); a rider lists it, accepts it and moves it through every
// state, the delivery needing the customer's code; the order follows (READY on
// the way, DELIVERED with the code) and the follow-up page shows it all. Every
// move the state machine does not allow is refused and changes nothing.

describe.each(testDatabaseKinds())('shipment lifecycle on %s', (kind) => {
  const ctx = useTestApp(kind, { publicUrl: 'https://pedidos.example' });
  let palermo: LocationIds;
  let staff = '';
  let diego = { token: '', riderId: 0 };
  let camila = { token: '', riderId: 0 };
  const db = () => ctx.database.db;
  const followUp = async (code: string) => (await request(ctx, 'GET', `/api/diner/order/${code}`)).body;

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    diego = await riderOnShift(ctx, palermo.id, DIEGO.phone);
    camila = await riderOnShift(ctx, palermo.id, CAMILA.phone);
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  it('takes a cash delivery from acceptance to RETURNED, the order and its follow-up page in step', async () => {
    const placed = await orderPlace(ctx, palermoDelivery(palermo, { customerName: 'Ana Pérez' }));
    // Placed, not yet accepted: no shipment.
    expect(await shipmentOfOrder(ctx, placed.id)).toBeUndefined();
    expect((await followUp(placed.code)).shipment).toBeNull();

    await staffMove(ctx, staff, placed.id, 'ACCEPTED');
    const created = await shipmentOfOrder(ctx, placed.id);
    expect(created?.shipment).toMatchObject({
      status: 'LOOKING_FOR_DRIVER',
      riderId: null,
      stackId: null,
      returnShipment: true,
      branchContactId: palermo.id,
    });
    expect(created?.shipment.code).toMatch(/^[2-9A-HJKMNP-Z]{4}$/);
    expect(created?.securityCode).toMatch(/^\d{4}$/);
    const id = created?.shipment.id as number;
    const code = created?.securityCode as string;

    const view = await followUp(placed.code);
    expect(view.trackingUrl).toBe(`/logistics/tracking/order/fuego-palermo/${placed.code}`);
    expect(view.shipmentSecurityCode).toBe(code);
    expect(view.shipment).toEqual({ status: 'LOOKING_FOR_DRIVER', riderName: null });

    // Diego lists it: no customer details yet, never the order's code (it opens the delivery code).
    const list = await request(
      ctx,
      'GET',
      `/api/shipments?page=1&pageSize=50&sort=ASC&branchContactId=${palermo.id}&status=LOOKING_FOR_DRIVER&providerName=OWN_FLEET`,
      { token: diego.token },
    );
    expect(list.status).toBe(200);
    const listed = list.body.items.find((item: { id: number }) => item.id === id);
    expect(listed).toMatchObject({
      status: 'LOOKING_FOR_DRIVER',
      code: created?.shipment.code,
      returnShipment: true,
      logisticsOrder: { id: created?.shipment.logisticsOrderId },
      wonByOther: false,
      canCancel: false,
      customerName: null,
      customerPhone: null,
      destination: {
        street: null,
        number: null,
        lat: null,
        lng: null,
        zone: 'Palermo Soho',
        locality: 'CABA',
      },
      branch: { name: expect.any(String) },
      order: { paymentMethod: 'CASH', paysWith: 20000 },
    });
    expect(JSON.stringify(list.body)).not.toContain(placed.code);

    // Accept.
    const accepted = await shipmentPut(ctx, diego.token, id, 'ON_ROUTE_TO_PICK_UP', {
      rider_id: diego.riderId,
      rider_name: DIEGO.name,
      rider_phone: DIEGO.phone,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      status: 'ON_ROUTE_TO_PICK_UP',
      riderId: diego.riderId,
      rider: { id: diego.riderId, name: DIEGO.name },
      wonByOther: false,
      canCancel: true,
      // Held by Diego: whom to hand it to (the 'Recibe' card, §3 and §6), not yet where (§4.2).
      customerName: 'Ana Pérez',
      customerPhone: expect.stringMatching(/^\+549/),
      destination: { street: null, number: null, lat: null, lng: null },
    });
    expect((await followUp(placed.code)).shipment).toEqual({
      status: 'ON_ROUTE_TO_PICK_UP',
      riderName: DIEGO.name,
    });
    // Gone from the list; Camila sees it lost, without Diego's or the customer's details.
    const after = await request(ctx, 'GET', '/api/shipments', { token: camila.token });
    expect(after.body.items.map((item: { id: number }) => item.id)).not.toContain(id);
    const lost = await request(ctx, 'GET', `/api/shipments/${id}`, { token: camila.token });
    expect(lost.body).toMatchObject({
      wonByOther: true,
      rider: null,
      customerName: null,
      customerPhone: null,
      canCancel: false,
    });
    expect((await request(ctx, 'GET', '/api/shipments/rider', { token: diego.token })).body).toMatchObject({
      kind: 'simple',
      shipment: { id },
    });

    expect((await shipmentPut(ctx, diego.token, id, 'IN_STORE')).body.status).toBe('IN_STORE');
    const onTheWay = await shipmentPut(ctx, diego.token, id, 'ON_ROUTE_TO_DROP_OFF');
    expect(onTheWay.status).toBe(200);
    // On the way: the rider may see whom to deliver to and where.
    expect(onTheWay.body).toMatchObject({
      customerName: 'Ana Pérez',
      customerPhone: expect.stringMatching(/^\+549/),
      destination: {
        street: NEAR.street,
        number: NEAR.number,
        lat: NEAR.lat,
        lng: NEAR.lng,
        fullAddress: NEAR.fullAddress,
      },
    });
    // The order is READY, a system move, and the diner's message says it is on its way, with the code.
    const ready = (await db().select().from(orders).where(eq(orders.id, placed.id)))[0];
    expect(ready?.status).toBe('READY');
    const messages = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.orderId, placed.id))
      .orderBy(asc(outboxMessages.id));
    expect(messages.at(-1)?.kind).toBe('ORDER_READY');
    expect(messages.at(-1)?.body).toContain(`Tu pedido ${placed.code} de`);
    expect(messages.at(-1)?.body).toContain('va en camino');
    expect(messages.at(-1)?.body).toContain(`Clave de entrega: ${code}`);

    // DELIVERED needs the code.
    const missing = await shipmentPut(ctx, diego.token, id, 'DELIVERED');
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toHaveProperty('securityCode');
    const wrong = await shipmentPut(ctx, diego.token, id, 'DELIVERED', {
      securityCode: code === '0000' ? '1111' : '0000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'La clave de entrega no es correcta', attemptsLeft: 4 });
    const delivered = await shipmentPut(ctx, diego.token, id, 'DELIVERED', { securityCode: code });
    expect(delivered.status).toBe(200);
    expect(delivered.body.status).toBe('DELIVERED');

    const done = (await db().select().from(orders).where(eq(orders.id, placed.id)))[0];
    expect(done?.status).toBe('DELIVERED');
    const orderEvents = await db()
      .select()
      .from(orderStatusEvents)
      .where(eq(orderStatusEvents.orderId, placed.id))
      .orderBy(asc(orderStatusEvents.id));
    expect(orderEvents.map((event) => [event.toStatus, event.staffUserId === null])).toEqual([
      ['GENERATED', true],
      ['ACCEPTED', false],
      ['READY', true],
      ['DELIVERED', true],
    ]);
    const final = await followUp(placed.code);
    expect(final.status).toBe('DELIVERED');
    expect(final.shipment).toEqual({ status: 'DELIVERED', riderName: DIEGO.name });

    // Cash: the rider brings the money back; until then the job is in progress.
    expect((await request(ctx, 'GET', '/api/shipments/rider', { token: diego.token })).body).toMatchObject({
      kind: 'simple',
      shipment: { id, status: 'DELIVERED' },
    });
    expect((await shipmentPut(ctx, diego.token, id, 'RETURNED')).body.status).toBe('RETURNED');
    expect((await request(ctx, 'GET', '/api/shipments/rider', { token: diego.token })).body).toBeNull();

    const history = await db()
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, id))
      .orderBy(asc(shipmentEvents.id));
    expect(history.map((event) => event.toStatus)).toEqual([
      'LOOKING_FOR_DRIVER',
      'ON_ROUTE_TO_PICK_UP',
      'IN_STORE',
      'ON_ROUTE_TO_DROP_OFF',
      'DELIVERED',
      'RETURNED',
    ]);
    expect(history.slice(1).every((event) => event.riderId === diego.riderId)).toBe(true);
  });

  it('makes no return shipment for an order paid otherwise; RETURNED is refused for it', async () => {
    const { shipment, securityCode } = await deliveryAccepted(ctx, palermo, staff, {
      paymentMethod: 'BANK_TRANSFER',
    });
    expect(shipment.returnShipment).toBe(false);
    for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF']) {
      expect((await shipmentPut(ctx, diego.token, shipment.id, status)).status).toBe(200);
    }
    expect((await shipmentPut(ctx, diego.token, shipment.id, 'DELIVERED', { securityCode })).status).toBe(
      200,
    );
    const returned = await shipmentPut(ctx, diego.token, shipment.id, 'RETURNED');
    expect(returned.status).toBe(409);
    expect(returned.body.code).toBe('INVALID_TRANSITION');
    expect((await request(ctx, 'GET', '/api/shipments/rider', { token: diego.token })).body).toBeNull();
  });

  it.each([
    ['take-away', (p: LocationIds) => palermoTakeAway(p)],
    [
      'dine-in',
      (p: LocationIds) => ({
        ...palermoTakeAway(p),
        orderModeId: p.modes.DINE_IN,
        type: 'DINE_IN',
        items: [clasicaLine(p, 'DINE_IN')],
        tableUid: '7',
        paymentType: { id: p.paymentTypes.DINE_IN?.CASH },
      }),
    ],
  ])('gives a %s order no logistics order and no shipment', async (_label, payload) => {
    const placed = await orderPlace(ctx, payload(palermo));
    await staffMove(ctx, staff, placed.id, 'ACCEPTED');
    expect(await db().select().from(logisticsOrders).where(eq(logisticsOrders.orderId, placed.id))).toEqual(
      [],
    );
    const view = await followUp(placed.code);
    expect(view).toMatchObject({ trackingUrl: null, shipmentSecurityCode: null, shipment: null });
  });

  it('cancels the shipment when the venue cancels the order, without re-pooling it', async () => {
    const { order, shipment } = await deliveryAccepted(ctx, palermo, staff);
    expect((await shipmentPut(ctx, camila.token, shipment.id, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
    await staffMove(ctx, staff, order.id, 'CANCELED', 'Sin stock');
    const all = await shipmentsOfOrder(ctx, order.id);
    expect(all.map((row) => [row.status, row.cancelReason])).toEqual([['CANCELED', 'Sin stock']]);
    const refused = await shipmentPut(ctx, camila.token, shipment.id, 'IN_STORE');
    expect(refused.status).toBe(409);
    expect((await request(ctx, 'GET', '/api/shipments/rider', { token: camila.token })).body).toBeNull();
  });

  describe('every move the state machine does not allow is refused and changes nothing', () => {
    const reach: Record<string, string[]> = {
      LOOKING_FOR_DRIVER: [],
      ON_ROUTE_TO_PICK_UP: ['ON_ROUTE_TO_PICK_UP'],
      IN_STORE: ['ON_ROUTE_TO_PICK_UP', 'IN_STORE'],
      ON_ROUTE_TO_DROP_OFF: ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF'],
      DELIVERED: ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF', 'DELIVERED'],
    };
    it.each([
      ['skip', 'ON_ROUTE_TO_PICK_UP', 'ON_ROUTE_TO_DROP_OFF'],
      ['skip to delivered', 'IN_STORE', 'DELIVERED'],
      ['skip from the pool', 'LOOKING_FOR_DRIVER', 'IN_STORE'],
      ['back', 'IN_STORE', 'ON_ROUTE_TO_PICK_UP'],
      ['back to the pool', 'ON_ROUTE_TO_DROP_OFF', 'LOOKING_FOR_DRIVER'],
      ['out of DELIVERED', 'DELIVERED', 'ON_ROUTE_TO_DROP_OFF'],
      ['cancel a delivered one', 'DELIVERED', 'DRIVER_CANCELED'],
      ['cancel from LOOKING_FOR_DRIVER', 'LOOKING_FOR_DRIVER', 'DRIVER_CANCELED'],
      ['RETURNED of a non-return', 'DELIVERED', 'RETURNED'],
      ['a stack status on a shipment', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFFS'],
    ])('%s: %s → %s', async (_label, from, to) => {
      const { order, shipment, securityCode } = await deliveryAccepted(ctx, palermo, staff, {
        paymentMethod: 'BANK_TRANSFER',
      });
      for (const step of reach[from] ?? []) {
        const moved = await shipmentPut(
          ctx,
          diego.token,
          shipment.id,
          step,
          step === 'DELIVERED' ? { securityCode } : {},
        );
        expect(moved.status).toBe(200);
      }
      const before = {
        shipments: await shipmentsOfOrder(ctx, order.id),
        order: (await db().select().from(orders).where(eq(orders.id, order.id)))[0],
        events: await db()
          .select()
          .from(shipmentEvents)
          .where(and(eq(shipmentEvents.shipmentId, shipment.id))),
      };
      const refused = await shipmentPut(ctx, diego.token, shipment.id, to, { securityCode });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'INVALID_TRANSITION', status: from });
      expect(refused.body.message).toMatch(/^No se puede pasar el envío de '/);
      expect({
        shipments: await shipmentsOfOrder(ctx, order.id),
        order: (await db().select().from(orders).where(eq(orders.id, order.id)))[0],
        events: await db()
          .select()
          .from(shipmentEvents)
          .where(and(eq(shipmentEvents.shipmentId, shipment.id))),
      }).toEqual(before);
    });

    it('answers a repeated status unchanged (a double tap) and moves nothing', async () => {
      const { shipment } = await deliveryAccepted(ctx, palermo, staff);
      expect((await shipmentPut(ctx, diego.token, shipment.id, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
      expect((await shipmentPut(ctx, diego.token, shipment.id, 'IN_STORE')).status).toBe(200);
      const again = await shipmentPut(ctx, diego.token, shipment.id, 'IN_STORE');
      expect(again.status).toBe(200);
      expect(again.body.status).toBe('IN_STORE');
      const events = await db()
        .select()
        .from(shipmentEvents)
        .where(eq(shipmentEvents.shipmentId, shipment.id));
      expect(events.map((event) => event.toStatus)).toEqual([
        'LOOKING_FOR_DRIVER',
        'ON_ROUTE_TO_PICK_UP',
        'IN_STORE',
      ]);
    });

    it('refuses a move by a rider who does not hold the shipment: 409 EXPIRED_BY_OTHER', async () => {
      const { shipment } = await deliveryAccepted(ctx, palermo, staff);
      expect((await shipmentPut(ctx, diego.token, shipment.id, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
      for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'DRIVER_CANCELED']) {
        const taken = await shipmentPut(ctx, camila.token, shipment.id, status);
        expect(taken.status).toBe(409);
        expect(taken.body).toEqual({
          error: 'Conflict',
          message: 'El envío ya fue tomado por otro repartidor',
          code: 'EXPIRED_BY_OTHER',
        });
      }
    });
  });
});
