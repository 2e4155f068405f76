import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logisticsOrders, shipmentStacks } from '../src/db/schema/logistics';
import { orders } from '../src/db/schema/orders';
import { shipmentStackCreate } from '../src/services/shipment-staff';
import { FUEGO_OWNER, request, staffLogin } from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { CAMILA, DIEGO, riderOnShift } from './support/rider-fixture';
import {
  deliveryAccepted,
  shipmentDeps,
  shipmentPut,
  shipmentsOfOrder,
  stackPut,
  staffPrincipal,
} from './support/shipment-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// Stacks (multi-deliveries) through the rider API (follow-up §2.6, §4.2–§4.5,
// ADR 023): grouped by staff in an order, accepted as one, advanced as one
// until the store is left, then delivered shipment by shipment (each with its
// code, in the rider's chosen order, persisted), closed when all are finished,
// and the return shipment brought back (RETURNED). Cancelling before drop-off
// cancels the whole stack, in drop-offs only the current shipment; every
// cancelled shipment is re-pooled so no order is lost.

describe.each(testDatabaseKinds())('stacks on %s', (kind) => {
  const ctx = useTestApp(kind);
  let palermo: LocationIds;
  let owner = '';
  let diego = { token: '', riderId: 0 };
  let camila = { token: '', riderId: 0 };
  const db = () => ctx.database.db;
  const orderStatus = async (id: number) =>
    (await db().select().from(orders).where(eq(orders.id, id)))[0]?.status;
  const stackRow = async (id: number) =>
    (await db().select().from(shipmentStacks).where(eq(shipmentStacks.id, id)))[0];

  /** Two accepted deliveries (the first paid cash: a return shipment) grouped in that order. */
  const stackOfTwo = async () => {
    const cash = await deliveryAccepted(ctx, palermo, owner);
    const transfer = await deliveryAccepted(ctx, palermo, owner, { paymentMethod: 'BANK_TRANSFER' });
    const stack = await shipmentStackCreate(shipmentDeps(ctx), await staffPrincipal(ctx, owner), {
      branchContactId: palermo.id,
      shipmentIds: [cash.shipment.id, transfer.shipment.id],
    });
    return { cash, transfer, stack };
  };
  const advance = async (stackId: number, statuses: string[]) => {
    for (const status of statuses) {
      const answer = await stackPut(ctx, diego.token, stackId, { status });
      expect([status, answer.status]).toEqual([status, 200]);
    }
  };

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    owner = await staffLogin(ctx, FUEGO_OWNER);
    diego = await riderOnShift(ctx, palermo.id, DIEGO.phone);
    camila = await riderOnShift(ctx, palermo.id, CAMILA.phone);
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  it('takes a stack of two with a return shipment from grouping to RETURNED', async () => {
    const { cash, transfer, stack } = await stackOfTwo();
    expect(stack).toMatchObject({ status: 'LOOKING_FOR_DRIVER', returnStack: true, riderId: null });
    expect(stack.shipments.map((s) => [s.id, s.stackingOrder])).toEqual([
      [cash.shipment.id, 1],
      [transfer.shipment.id, 2],
    ]);

    const accepted = await stackPut(ctx, diego.token, stack.id, {
      status: 'ON_ROUTE_TO_PICK_UP',
      rider_id: diego.riderId,
      rider_name: DIEGO.name,
      rider_phone: DIEGO.phone,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      status: 'ON_ROUTE_TO_PICK_UP',
      riderId: diego.riderId,
      canCancel: true,
    });
    expect(
      accepted.body.shipments.map((s: { status: string; riderId: number }) => [s.status, s.riderId]),
    ).toEqual([
      ['ON_ROUTE_TO_PICK_UP', diego.riderId],
      ['ON_ROUTE_TO_PICK_UP', diego.riderId],
    ]);
    // Before drop-off it moves as one: a skip is refused, and so is moving one shipment alone.
    const skip = await stackPut(ctx, diego.token, stack.id, { status: 'ON_ROUTE_TO_DROP_OFFS' });
    expect(skip.status).toBe(409);
    const alone = await shipmentPut(ctx, diego.token, cash.shipment.id, 'IN_STORE');
    expect(alone.status).toBe(409);
    expect(alone.body.message).toMatch(/multientrega avanza completa/);

    await advance(stack.id, ['IN_STORE', 'ON_ROUTE_TO_DROP_OFFS']);
    const onTheWay = await request(ctx, 'GET', `/api/stacking/${stack.id}`, { token: diego.token });
    expect(onTheWay.body.status).toBe('ON_ROUTE_TO_DROP_OFFS');
    expect(onTheWay.body.shipments.map((s: { status: string }) => s.status)).toEqual([
      'ON_ROUTE_TO_DROP_OFF',
      'ON_ROUTE_TO_DROP_OFF',
    ]);
    expect(onTheWay.body.shipments[0].customerName).toBe('Ana Pérez');
    expect(await orderStatus(cash.order.id)).toBe('READY');
    expect(await orderStatus(transfer.order.id)).toBe('READY');
    // Another rider sees the stack lost.
    const lost = await request(ctx, 'GET', `/api/stacking/${stack.id}`, { token: camila.token });
    expect(lost.body).toMatchObject({ wonByOther: true, rider: null, canCancel: false });
    expect(lost.body.shipments[0].customerName).toBeNull();

    // The rider picks the second one first: persisted, it becomes the current one.
    const selected = await stackPut(ctx, diego.token, stack.id, { selectedShipmentId: transfer.shipment.id });
    expect(selected.status).toBe(200);
    expect(selected.body.shipments[selected.body.selectedIndex].id).toBe(transfer.shipment.id);
    const reread = await request(ctx, 'GET', `/api/stacking/${stack.id}`, { token: diego.token });
    expect(reread.body.shipments.map((s: { id: number }) => s.id)).toEqual([
      transfer.shipment.id,
      cash.shipment.id,
    ]);
    expect(reread.body.selectedIndex).toBe(0);

    // Bringing the money back before every delivery is done is refused.
    expect((await stackPut(ctx, diego.token, stack.id, { status: 'RETURNED' })).status).toBe(409);

    // DELIVERED through the stack applies to the current shipment, with its own code.
    const wrongCode = await stackPut(ctx, diego.token, stack.id, {
      status: 'DELIVERED',
      securityCode: cash.securityCode === transfer.securityCode ? '0000' : cash.securityCode,
    });
    expect(wrongCode.status).toBe(400);
    const first = await stackPut(ctx, diego.token, stack.id, {
      status: 'DELIVERED',
      securityCode: transfer.securityCode,
    });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('ON_ROUTE_TO_DROP_OFFS');
    expect(first.body.shipments.map((s: { id: number; status: string }) => [s.id, s.status])).toEqual([
      [transfer.shipment.id, 'DELIVERED'],
      [cash.shipment.id, 'ON_ROUTE_TO_DROP_OFF'],
    ]);
    expect(first.body.selectedIndex).toBe(1);
    expect(await orderStatus(transfer.order.id)).toBe('DELIVERED');
    expect(await orderStatus(cash.order.id)).toBe('READY');

    // The last one through the shipment route: the stack closes DELIVERED, with its return still to bring back.
    const last = await shipmentPut(ctx, diego.token, cash.shipment.id, 'DELIVERED', {
      securityCode: cash.securityCode,
    });
    expect(last.status).toBe(200);
    expect((await stackRow(stack.id))?.status).toBe('DELIVERED');
    const current = await request(ctx, 'GET', '/api/shipments/rider', { token: diego.token });
    expect(current.body).toMatchObject({ kind: 'stack', stack: { id: stack.id, status: 'DELIVERED' } });

    const returned = await stackPut(ctx, diego.token, stack.id, { status: 'RETURNED' });
    expect(returned.status).toBe(200);
    expect(returned.body.shipments.map((s: { id: number; status: string }) => [s.id, s.status])).toEqual([
      [transfer.shipment.id, 'DELIVERED'],
      [cash.shipment.id, 'RETURNED'],
    ]);
    expect((await request(ctx, 'GET', '/api/shipments/rider', { token: diego.token })).body).toBeNull();
    // Nothing left to do: every further status is refused.
    expect((await stackPut(ctx, diego.token, stack.id, { status: 'RETURNED' })).status).toBe(409);
    expect((await stackPut(ctx, diego.token, stack.id, { status: 'DRIVER_CANCELED' })).status).toBe(409);
  });

  it('cancels the whole stack before drop-off, re-pooling every shipment', async () => {
    const { cash, transfer, stack } = await stackOfTwo();
    await advance(stack.id, ['ON_ROUTE_TO_PICK_UP', 'IN_STORE']);
    const cancelled = await stackPut(ctx, diego.token, stack.id, { status: 'DRIVER_CANCELED' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('DRIVER_CANCELED');
    expect(cancelled.body.shipments.map((s: { status: string }) => s.status)).toEqual([
      'DRIVER_CANCELED',
      'DRIVER_CANCELED',
    ]);
    for (const { order, shipment } of [cash, transfer]) {
      const all = await shipmentsOfOrder(ctx, order.id);
      expect(all.map((row) => [row.id === shipment.id, row.status, row.stackId, row.riderId])).toEqual([
        [true, 'DRIVER_CANCELED', stack.id, diego.riderId],
        [false, 'LOOKING_FOR_DRIVER', null, null],
      ]);
      expect(all[1]?.returnShipment).toBe(shipment.returnShipment);
      expect(await orderStatus(order.id)).toBe('ACCEPTED');
    }
    // The re-pooled shipments are back in the list and another rider can take them.
    const list = await request(ctx, 'GET', '/api/shipments?pageSize=100', { token: camila.token });
    const fresh = (await shipmentsOfOrder(ctx, cash.order.id))[1]?.id;
    expect(list.body.items.map((s: { id: number }) => s.id)).toContain(fresh);
    expect((await shipmentPut(ctx, camila.token, fresh as number, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
  });

  it('cancels only the current shipment in drop-offs; the rest goes on and closes the stack', async () => {
    const { cash, transfer, stack } = await stackOfTwo();
    await advance(stack.id, ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFFS']);
    const cancelled = await stackPut(ctx, diego.token, stack.id, { status: 'DRIVER_CANCELED' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('ON_ROUTE_TO_DROP_OFFS');
    // The current one (first in stack order) was cancelled and goes last; the other is now current.
    expect(cancelled.body.shipments.map((s: { id: number; status: string }) => [s.id, s.status])).toEqual([
      [transfer.shipment.id, 'ON_ROUTE_TO_DROP_OFF'],
      [cash.shipment.id, 'DRIVER_CANCELED'],
    ]);
    expect(cancelled.body.selectedIndex).toBe(0);
    const repooled = await shipmentsOfOrder(ctx, cash.order.id);
    expect(repooled.map((row) => row.status)).toEqual(['DRIVER_CANCELED', 'LOOKING_FOR_DRIVER']);
    expect(await orderStatus(cash.order.id)).toBe('READY');

    const delivered = await stackPut(ctx, diego.token, stack.id, {
      status: 'DELIVERED',
      securityCode: transfer.securityCode,
    });
    expect(delivered.status).toBe(200);
    expect(delivered.body.status).toBe('DELIVERED');
    // No delivered return shipment: nothing to bring back, the rider is free.
    expect((await request(ctx, 'GET', '/api/shipments/rider', { token: diego.token })).body).toBeNull();
  });

  it('re-pools a simple shipment its rider cancels on the way; the order is never lost', async () => {
    const { order, shipment } = await deliveryAccepted(ctx, palermo, owner);
    for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF']) {
      expect((await shipmentPut(ctx, diego.token, shipment.id, status)).status).toBe(200);
    }
    const cancelled = await shipmentPut(ctx, diego.token, shipment.id, 'DRIVER_CANCELED');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'DRIVER_CANCELED', canCancel: false });
    const all = await shipmentsOfOrder(ctx, order.id);
    expect(all.map((row) => [row.status, row.riderId])).toEqual([
      ['DRIVER_CANCELED', diego.riderId],
      ['LOOKING_FOR_DRIVER', null],
    ]);
    const view = (await request(ctx, 'GET', `/api/diner/order/${order.code}`)).body;
    expect(view).toMatchObject({
      status: 'READY',
      shipment: { status: 'LOOKING_FOR_DRIVER', riderName: null },
    });
    const orderShipments = await request(ctx, 'GET', `/api/shipments/order/${shipment.logisticsOrderId}`, {
      token: camila.token,
    });
    expect(orderShipments.body.searching).toBe(true);
    expect(orderShipments.body.shipments.map((s: { status: string }) => s.status)).toEqual([
      'DRIVER_CANCELED',
      'LOOKING_FOR_DRIVER',
    ]);
    expect(orderShipments.body.shipments[0].rider).toEqual({ name: DIEGO.name });
    // Camila takes the fresh one and delivers the order.
    const fresh = all[1]?.id as number;
    for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF']) {
      expect((await shipmentPut(ctx, camila.token, fresh, status)).status).toBe(200);
    }
    const [logistics] = await db()
      .select()
      .from(logisticsOrders)
      .where(eq(logisticsOrders.id, shipment.logisticsOrderId));
    const securityCode = logistics?.securityCode;
    expect((await shipmentPut(ctx, camila.token, fresh, 'DELIVERED', { securityCode })).status).toBe(200);
    expect(await orderStatus(order.id)).toBe('DELIVERED');
  });
});
