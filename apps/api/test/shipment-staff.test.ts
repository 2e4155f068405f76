import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riders, shipmentEvents, shipmentStacks, shipments } from '../src/db/schema/logistics';
import { orderStatusEvents, orders } from '../src/db/schema/orders';
import type { HttpError } from '../src/lib/http-error';
import {
  shipmentCancelByStaff,
  shipmentDeliveredByStaff,
  shipmentOffer,
  shipmentStackCreate,
  shipmentStackDissolve,
} from '../src/services/shipment-staff';
import type { StaffPrincipal } from '../src/services/staff-auth-service';
import {
  CHISPA_OWNER,
  FUEGO_OWNER,
  FUEGO_PALERMO_STAFF,
  request,
  staffLogin,
} from './support/console-fixture';
import { tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { CAMILA, DIEGO, riderOnShift } from './support/rider-fixture';
import {
  deliveryAccepted,
  extraRiderPhone,
  shipmentDeps,
  shipmentPut,
  shipmentsOfOrder,
  stackPut,
  staffPrincipal,
  tenantWithRiders,
} from './support/shipment-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// The venue's dispatch actions (ADR 023), called as the dispatch routes call
// them, on a real database: grouping and ungrouping, offering to one rider,
// cancelling a shipment or stack in progress (re-pooled), confirming a
// delivery without the code; each refused when the shipment is not in a state
// for it, and for staff of another company (404).

/** The status an action refused with (fails the test when it did not refuse). */
async function refusal(action: Promise<unknown>): Promise<{ statusCode: number; message: string }> {
  try {
    await action;
  } catch (error) {
    return error as HttpError;
  }
  return expect.fail('the action was not refused');
}

describe.each(testDatabaseKinds())('dispatch actions on %s', (kind) => {
  const ctx = useTestApp(kind);
  let palermo: LocationIds;
  let ownerToken = '';
  let owner: StaffPrincipal;
  let palermoStaff: StaffPrincipal;
  let chispa: StaffPrincipal;
  let diego = { token: '', riderId: 0 };
  let camila = { token: '', riderId: 0 };
  let pending = { token: '', riderId: 0 };
  const db = () => ctx.database.db;
  const deps = () => shipmentDeps(ctx);

  beforeAll(async () => {
    await tenantLoad(ctx, tenantWithRiders(1));
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    ownerToken = await staffLogin(ctx, FUEGO_OWNER);
    owner = await staffPrincipal(ctx, ownerToken);
    palermoStaff = await staffPrincipal(ctx, await staffLogin(ctx, FUEGO_PALERMO_STAFF));
    chispa = await staffPrincipal(ctx, await staffLogin(ctx, CHISPA_OWNER));
    diego = await riderOnShift(ctx, palermo.id, DIEGO.phone);
    camila = await riderOnShift(ctx, palermo.id, CAMILA.phone);
    pending = await riderOnShift(ctx, palermo.id, extraRiderPhone(0));
    await db().update(riders).set({ approved: false }).where(eq(riders.id, pending.riderId));
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  it('offers a shipment to one rider: only that rider lists and takes it; null opens it again', async () => {
    const { shipment } = await deliveryAccepted(ctx, palermo, ownerToken);
    const item = await shipmentOffer(
      deps(),
      palermoStaff,
      { kind: 'simple', id: shipment.id },
      camila.riderId,
    );
    expect(item).toMatchObject({
      kind: 'simple',
      shipment: { id: shipment.id, offeredToRiderId: camila.riderId },
    });
    const listed = async (token: string) =>
      (await request(ctx, 'GET', '/api/shipments?pageSize=100', { token })).body.items.map(
        (s: { id: number }) => s.id,
      );
    expect(await listed(diego.token)).not.toContain(shipment.id);
    expect(await listed(camila.token)).toContain(shipment.id);
    expect((await shipmentPut(ctx, diego.token, shipment.id, 'ON_ROUTE_TO_PICK_UP')).body.code).toBe(
      'EXPIRED_BY_OTHER',
    );

    await shipmentOffer(deps(), owner, { kind: 'simple', id: shipment.id }, null);
    expect(await listed(diego.token)).toContain(shipment.id);
    expect((await shipmentPut(ctx, diego.token, shipment.id, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
    // Taken: no more offers.
    const taken = await refusal(
      shipmentOffer(deps(), owner, { kind: 'simple', id: shipment.id }, camila.riderId),
    );
    expect(taken.statusCode).toBe(409);
  });

  it('offers only to an approved rider of the location', async () => {
    const { shipment } = await deliveryAccepted(ctx, palermo, ownerToken);
    const target = { kind: 'simple' as const, id: shipment.id };
    expect((await refusal(shipmentOffer(deps(), owner, target, pending.riderId))).statusCode).toBe(400);
    expect((await refusal(shipmentOffer(deps(), owner, target, 999_999))).statusCode).toBe(400);
    expect((await refusal(shipmentOffer(deps(), chispa, target, null))).statusCode).toBe(404);
  });

  it('groups free shipments only, and ungroups a stack nobody took', async () => {
    const a = await deliveryAccepted(ctx, palermo, ownerToken);
    const b = await deliveryAccepted(ctx, palermo, ownerToken);
    const c = await deliveryAccepted(ctx, palermo, ownerToken);
    expect((await shipmentPut(ctx, diego.token, c.shipment.id, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
    // A taken shipment spoils the whole grouping: nothing is stacked.
    const spoiled = await refusal(
      shipmentStackCreate(deps(), owner, {
        branchContactId: palermo.id,
        shipmentIds: [a.shipment.id, c.shipment.id],
      }),
    );
    expect(spoiled.statusCode).toBe(409);
    const [rowA] = await db().select().from(shipments).where(eq(shipments.id, a.shipment.id));
    expect(rowA?.stackId).toBeNull();
    expect(
      (
        await refusal(
          shipmentStackCreate(deps(), owner, { branchContactId: palermo.id, shipmentIds: [a.shipment.id] }),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await refusal(
          shipmentStackCreate(deps(), chispa, {
            branchContactId: palermo.id,
            shipmentIds: [a.shipment.id, b.shipment.id],
          }),
        )
      ).statusCode,
    ).toBe(404);

    const stack = await shipmentStackCreate(deps(), owner, {
      branchContactId: palermo.id,
      shipmentIds: [b.shipment.id, a.shipment.id],
    });
    expect(stack.shipments.map((s) => s.id)).toEqual([b.shipment.id, a.shipment.id]);
    const items = await shipmentStackDissolve(deps(), owner, stack.id);
    expect(items.map((item) => item.kind === 'simple' && [item.shipment.id, item.shipment.stackId])).toEqual(
      expect.arrayContaining([
        [a.shipment.id, null],
        [b.shipment.id, null],
      ]),
    );
    const [dissolved] = await db().select().from(shipmentStacks).where(eq(shipmentStacks.id, stack.id));
    expect(dissolved?.status).toBe('CANCELED');
    // A dissolved stack cannot be accepted.
    expect((await stackPut(ctx, diego.token, stack.id, { status: 'ON_ROUTE_TO_PICK_UP' })).status).toBe(409);

    const again = await shipmentStackCreate(deps(), owner, {
      branchContactId: palermo.id,
      shipmentIds: [a.shipment.id, b.shipment.id],
    });
    expect((await stackPut(ctx, camila.token, again.id, { status: 'ON_ROUTE_TO_PICK_UP' })).status).toBe(200);
    expect((await refusal(shipmentStackDissolve(deps(), owner, again.id))).statusCode).toBe(409);
  });

  it('cancels a shipment in progress with a reason and re-pools it; not one looking for a driver', async () => {
    const { order, shipment } = await deliveryAccepted(ctx, palermo, ownerToken);
    const target = { kind: 'simple' as const, id: shipment.id };
    expect((await refusal(shipmentCancelByStaff(deps(), owner, target, 'Demora'))).statusCode).toBe(409);
    expect((await shipmentPut(ctx, diego.token, shipment.id, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
    expect((await refusal(shipmentCancelByStaff(deps(), owner, target, '  '))).statusCode).toBe(400);
    expect((await refusal(shipmentCancelByStaff(deps(), chispa, target, 'Demora'))).statusCode).toBe(404);

    const item = await shipmentCancelByStaff(deps(), palermoStaff, target, 'El repartidor no responde');
    expect(item).toMatchObject({
      kind: 'simple',
      shipment: { status: 'CANCELED', cancelReason: 'El repartidor no responde' },
    });
    const all = await shipmentsOfOrder(ctx, order.id);
    expect(all.map((row) => row.status)).toEqual(['CANCELED', 'LOOKING_FOR_DRIVER']);
    const [event] = await db()
      .select()
      .from(shipmentEvents)
      .where(and(eq(shipmentEvents.shipmentId, shipment.id), eq(shipmentEvents.toStatus, 'CANCELED')));
    expect(event).toMatchObject({
      staffUserId: palermoStaff.id,
      riderId: null,
      reason: 'El repartidor no responde',
    });
    // The rider learns it is no longer his.
    expect((await shipmentPut(ctx, diego.token, shipment.id, 'IN_STORE')).status).toBe(409);
  });

  it('cancels a stack in progress: every unfinished shipment re-pooled', async () => {
    const a = await deliveryAccepted(ctx, palermo, ownerToken);
    const b = await deliveryAccepted(ctx, palermo, ownerToken);
    const stack = await shipmentStackCreate(deps(), owner, {
      branchContactId: palermo.id,
      shipmentIds: [a.shipment.id, b.shipment.id],
    });
    expect((await stackPut(ctx, diego.token, stack.id, { status: 'ON_ROUTE_TO_PICK_UP' })).status).toBe(200);
    const item = await shipmentCancelByStaff(deps(), owner, { kind: 'stack', id: stack.id }, 'Se reorganiza');
    expect(item.kind === 'stack' && item.stack.status).toBe('CANCELED');
    for (const { order } of [a, b]) {
      expect((await shipmentsOfOrder(ctx, order.id)).map((row) => row.status)).toEqual([
        'CANCELED',
        'LOOKING_FOR_DRIVER',
      ]);
    }
  });

  it('confirms a delivery without the code, logged, and the order follows', async () => {
    const { order, shipment } = await deliveryAccepted(ctx, palermo, ownerToken);
    const target = shipment.id;
    expect((await shipmentPut(ctx, diego.token, target, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
    expect((await refusal(shipmentDeliveredByStaff(deps(), owner, target))).statusCode).toBe(409);
    for (const status of ['IN_STORE', 'ON_ROUTE_TO_DROP_OFF']) {
      expect((await shipmentPut(ctx, diego.token, target, status)).status).toBe(200);
    }
    expect((await refusal(shipmentDeliveredByStaff(deps(), chispa, target))).statusCode).toBe(404);
    const item = await shipmentDeliveredByStaff(deps(), palermoStaff, target);
    expect(item).toMatchObject({
      kind: 'simple',
      shipment: { status: 'DELIVERED', order: { status: 'DELIVERED' } },
    });
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('DELIVERED');
    const events = await db().select().from(orderStatusEvents).where(eq(orderStatusEvents.orderId, order.id));
    expect(events.find((event) => event.toStatus === 'DELIVERED')?.staffUserId).toBe(palermoStaff.id);
    const [logged] = await db()
      .select()
      .from(shipmentEvents)
      .where(and(eq(shipmentEvents.shipmentId, target), eq(shipmentEvents.toStatus, 'DELIVERED')));
    expect(logged).toMatchObject({ staffUserId: palermoStaff.id, reason: 'delivery confirmed by staff' });
  });
});
