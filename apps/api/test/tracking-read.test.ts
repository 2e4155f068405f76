import type { LatLng } from '@comanda/domain/delivery-zone';
import {
  type Seconds,
  seconds,
  TRACKING_ETA_DOOR_HANDOVER,
  TRACKING_ETA_STORE_HANDOVER,
  trackingEtaDriveTime,
  trackingEtaRoadDistance,
  trackingEtaWindow,
  trackingEtaWindowText,
} from '@comanda/domain/tracking-eta';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '../src/db/schema/platform';
import { shipmentStackCreate } from '../src/services/shipment-staff';
import {
  CHISPA_OWNER,
  FUEGO_OWNER,
  orderPlace,
  palermoTakeAway,
  request,
  staffLogin,
} from './support/console-fixture';
import { tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { CAMILA, DIEGO, riderOnShift } from './support/rider-fixture';
import {
  BELGRANO_RIDER_PHONE,
  deliveryAccepted,
  NEAR,
  palermoDelivery,
  shipmentDeps,
  shipmentOfOrder,
  shipmentPut,
  stackPut,
  staffMove,
  staffPrincipal,
  tenantWithRiders,
} from './support/shipment-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// Issue 10, the customer's tracking read (ADR 025): what the page shows in
// every state of the shipment — the rider and an arrival window only while
// the shipment is on its way to this customer, the delivery code until it is
// delivered or cancelled — and that an order code opens its own order at its
// own location only (404 otherwise, the same answer whatever the reason).

const ZONE = 'America/Argentina/Buenos_Aires';
const BRANCH = { lat: -34.5889, lng: -58.4306 };
const DOOR = { lat: NEAR.lat, lng: NEAR.lng };
const FAR_DOOR = { lat: -34.579, lng: -58.437 };
const RIDER_AT = { lat: -34.6, lng: -58.44 };

/** The window the straight-line estimate gives for a trip, as the page reads it. */
function expectedEta(now: number, waypoints: LatLng[], handovers: number) {
  const distance = trackingEtaRoadDistance(waypoints);
  const window = trackingEtaWindow({
    now,
    drive: trackingEtaDriveTime(distance),
    handovers: seconds(handovers) as Seconds,
    distance,
  });
  return {
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
    text: trackingEtaWindowText(window, ZONE),
    source: 'estimate',
  };
}

describe.each(testDatabaseKinds())('tracking read on %s', (kind) => {
  const ctx = useTestApp(kind, { publicUrl: 'https://pedidos.example' });
  let palermo: LocationIds;
  let chispa: LocationIds;
  let owner = '';
  let chispaOwner = '';
  let diego = { token: '', riderId: 0 };
  let camila = { token: '', riderId: 0 };
  const NOW = WEDNESDAY_1300 + 3_600_000;
  const tracking = (alias: string, code: string) =>
    request(ctx, 'GET', `/api/logisticsorder/tracking/${alias}/${code}`);
  const report = (token: string, position: LatLng) =>
    request(ctx, 'POST', '/api/rider/position', { token, payload: position });

  beforeAll(async () => {
    await tenantLoad(ctx, tenantWithRiders(0, { belgrano: true }));
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    chispa = await locationIds(ctx, 'chispa-palermo');
    owner = await staffLogin(ctx, FUEGO_OWNER);
    chispaOwner = await staffLogin(ctx, CHISPA_OWNER);
    diego = await riderOnShift(ctx, palermo.id, DIEGO.phone);
    camila = await riderOnShift(ctx, palermo.id, CAMILA.phone);
    await riderOnShift(ctx, (await locationIds(ctx, 'fuego-belgrano')).id, BELGRANO_RIDER_PHONE);
    await riderOnShift(ctx, chispa.id, DIEGO.phone);
  });
  // Orders are placed at an hour the venue is open; positions come later the same day.
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  it('follows a delivery through every state: rider and window only on its way, the code until delivered', async () => {
    const { order, shipment, securityCode } = await deliveryAccepted(ctx, palermo, owner);

    const waiting = await tracking('fuego-palermo', order.code);
    expect(waiting.status).toBe(200);
    expect(waiting.headers['cache-control']).toBe('no-store');
    expect(waiting.body).toEqual({
      id: shipment.logisticsOrderId,
      status: 'LOOKING_FOR_DRIVER',
      orderCode: order.code,
      orderedAt: new Date(WEDNESDAY_1300).toISOString(),
      timeZone: ZONE,
      securityCode,
      rider: null,
      branch: { name: 'Fuego Palermo', logoUrl: null, position: BRANCH },
      destination: { position: DOOR },
      eta: null,
      updatedAt: new Date(WEDNESDAY_1300).toISOString(),
    });
    // The alias and the code as a diner may type them.
    expect((await tracking('Fuego-Palermo', order.code.toLowerCase())).body.id).toBe(
      shipment.logisticsOrderId,
    );

    // Taken, no position yet: the rider, no window.
    expect((await shipmentPut(ctx, diego.token, shipment.id, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
    const taken = (await tracking('fuego-palermo', order.code)).body;
    expect(taken).toMatchObject({
      status: 'ON_ROUTE_TO_PICK_UP',
      securityCode,
      rider: { name: DIEGO.name, phone: DIEGO.phone, position: null },
      eta: null,
    });

    // A position: the window goes through the store (and its handover) first.
    ctx.app.clock.pin(NOW);
    expect((await report(diego.token, RIDER_AT)).status).toBe(204);
    ctx.app.clock.pin(NOW + 30_000);
    const toStore = (await tracking('fuego-palermo', order.code)).body;
    expect(toStore.rider).toEqual({
      name: DIEGO.name,
      phone: DIEGO.phone,
      position: { ...RIDER_AT, at: new Date(NOW).toISOString() },
    });
    expect(toStore.eta).toEqual(
      expectedEta(NOW + 30_000, [RIDER_AT, BRANCH, DOOR], TRACKING_ETA_STORE_HANDOVER),
    );
    expect(toStore.eta.text).toMatch(/^\d\d:\d\d–\d\d:\d\d$/);

    expect((await shipmentPut(ctx, diego.token, shipment.id, 'IN_STORE')).status).toBe(200);
    const inStore = (await tracking('fuego-palermo', order.code)).body;
    expect(inStore).toMatchObject({ status: 'IN_STORE', rider: { name: DIEGO.name } });
    expect(inStore.eta).toEqual(
      expectedEta(NOW + 30_000, [RIDER_AT, BRANCH, DOOR], TRACKING_ETA_STORE_HANDOVER),
    );

    // On its way: straight to the door.
    expect((await shipmentPut(ctx, diego.token, shipment.id, 'ON_ROUTE_TO_DROP_OFF')).status).toBe(200);
    ctx.app.clock.pin(NOW + 60_000);
    expect((await report(diego.token, BRANCH)).status).toBe(204);
    const onTheWay = (await tracking('fuego-palermo', order.code)).body;
    expect(onTheWay).toMatchObject({
      status: 'ON_ROUTE_TO_DROP_OFF',
      securityCode,
      rider: {
        name: DIEGO.name,
        phone: DIEGO.phone,
        position: { ...BRANCH, at: new Date(NOW + 60_000).toISOString() },
      },
    });
    expect(onTheWay.eta).toEqual(expectedEta(NOW + 60_000, [BRANCH, DOOR], 0));

    // A position older than 10 minutes is still shown (the page says it is stale), but estimates nothing.
    ctx.app.clock.pin(NOW + 60_000 + 10 * 60_000 + 1000);
    const stale = (await tracking('fuego-palermo', order.code)).body;
    expect(stale.rider.position).toEqual({ ...BRANCH, at: new Date(NOW + 60_000).toISOString() });
    expect(stale.eta).toBeNull();

    // Delivered: no rider, no code, no window.
    const delivered = await shipmentPut(ctx, diego.token, shipment.id, 'DELIVERED', { securityCode });
    expect(delivered.status).toBe(200);
    expect((await tracking('fuego-palermo', order.code)).body).toMatchObject({
      status: 'DELIVERED',
      securityCode: null,
      rider: null,
      eta: null,
    });
  });

  it('shows nothing of the rider, the code or a window once the order is cancelled', async () => {
    const { order, shipment } = await deliveryAccepted(ctx, palermo, owner);
    expect((await shipmentPut(ctx, camila.token, shipment.id, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
    ctx.app.clock.pin(NOW + 2 * 60_000);
    expect((await report(camila.token, RIDER_AT)).status).toBe(204);
    expect((await tracking('fuego-palermo', order.code)).body.eta).not.toBeNull();
    await staffMove(ctx, owner, order.id, 'CANCELED', 'Sin stock');
    expect((await tracking('fuego-palermo', order.code)).body).toMatchObject({
      status: 'CANCELED',
      securityCode: null,
      rider: null,
      eta: null,
    });
  });

  it('counts the stack’s stops before this order, and lets the stack go on once this stop is delivered', async () => {
    const first = await deliveryAccepted(ctx, palermo, owner, { paymentMethod: 'BANK_TRANSFER' });
    const placed = await orderPlace(ctx, {
      ...palermoDelivery(palermo, { paymentMethod: 'BANK_TRANSFER' }),
      destination: { ...NEAR, street: 'Gorriti', number: '5600', ...FAR_DOOR },
    });
    await staffMove(ctx, owner, placed.id, 'ACCEPTED');
    const second = await shipmentOfOrder(ctx, placed.id);
    if (!second) expect.fail('no shipment for the second order');
    const stack = await shipmentStackCreate(shipmentDeps(ctx), await staffPrincipal(ctx, owner), {
      branchContactId: palermo.id,
      shipmentIds: [first.shipment.id, second.shipment.id],
    });
    for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFFS']) {
      expect([status, (await stackPut(ctx, diego.token, stack.id, { status })).status]).toEqual([
        status,
        200,
      ]);
    }
    const at = NOW + 20 * 60_000;
    ctx.app.clock.pin(at);
    expect((await report(diego.token, BRANCH)).status).toBe(204);

    // The first stop is the first order's door; the second order's trip passes it, with a handover.
    const one = (await tracking('fuego-palermo', first.order.code)).body;
    const two = (await tracking('fuego-palermo', placed.code)).body;
    expect(one).toMatchObject({ status: 'ON_ROUTE_TO_DROP_OFF', rider: { name: DIEGO.name } });
    expect(one.eta).toEqual(expectedEta(at, [BRANCH, DOOR], 0));
    expect(two).toMatchObject({ status: 'ON_ROUTE_TO_DROP_OFF', rider: { name: DIEGO.name } });
    expect(two.eta).toEqual(expectedEta(at, [BRANCH, DOOR, FAR_DOOR], TRACKING_ETA_DOOR_HANDOVER));

    // The first is delivered; the stack goes on to the second, whose trip no longer stops there.
    const delivered = await stackPut(ctx, diego.token, stack.id, {
      status: 'DELIVERED',
      securityCode: first.securityCode,
    });
    expect(delivered.status).toBe(200);
    expect((await tracking('fuego-palermo', first.order.code)).body).toMatchObject({
      status: 'DELIVERED',
      securityCode: null,
      rider: null,
      eta: null,
    });
    const after = (await tracking('fuego-palermo', placed.code)).body;
    expect(after).toMatchObject({ status: 'ON_ROUTE_TO_DROP_OFF', securityCode: second.securityCode });
    expect(after.eta).toEqual(expectedEta(at, [BRANCH, FAR_DOOR], 0));
  });

  it('answers the same 404 for an unknown code, another location’s or company’s, no delivery, or an unknown alias', async () => {
    const { order } = await deliveryAccepted(ctx, palermo, owner);
    const theirs = await deliveryAccepted(ctx, chispa, chispaOwner);
    const takeAway = await orderPlace(ctx, palermoTakeAway(palermo));
    const refused = [
      await tracking('fuego-palermo', 'ZZZZZZZZZZZZ'),
      await tracking('fuego-belgrano', order.code),
      await tracking('chispa-palermo', order.code),
      await tracking('fuego-palermo', theirs.order.code),
      await tracking('fuego-burgers', order.code),
      await tracking('no-such-place', order.code),
      await tracking('fuego-palermo', takeAway.code),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('No encontramos el seguimiento de este pedido');
    }
    // Each code opens its own order, at its own location.
    expect((await tracking('chispa-palermo', theirs.order.code)).body.orderCode).toBe(theirs.order.code);
    expect((await tracking('fuego-palermo', order.code)).body.orderCode).toBe(order.code);
    const bad = await tracking('fuego-palermo', 'abc');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['params.orderCode']);
  });

  it('links the tracking page in the diner’s message when the order leaves the store', async () => {
    const { order, shipment } = await deliveryAccepted(ctx, palermo, owner);
    for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF']) {
      expect((await shipmentPut(ctx, camila.token, shipment.id, status)).status).toBe(200);
    }
    const [message] = await ctx.app.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.orderId, order.id))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    expect(message?.kind).toBe('ORDER_READY');
    expect(message?.body).toContain(
      `Sigue tu pedido en https://pedidos.example/logistics/tracking/order/fuego-palermo/${order.code}`,
    );
    expect(message?.body).not.toContain('/menu/');
  });

  it('names every field in the OpenAPI document', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the document is read field by field
    const document = ctx.app.swagger() as any;
    const operation = document.paths['/api/logisticsorder/tracking/{alias}/{orderCode}']?.get;
    expect(operation).toBeDefined();
    const schema = operation.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties).sort()).toEqual(
      [
        'branch',
        'destination',
        'eta',
        'id',
        'orderCode',
        'orderedAt',
        'rider',
        'securityCode',
        'status',
        'timeZone',
        'updatedAt',
      ].sort(),
    );
  });
});
