/**
 * Helpers of the shipment tests: delivery orders at Fuego Palermo (its own
 * fleet) placed and accepted through the real API, the shipment that
 * acceptance created, and riders' requests. Extra riders go through the
 * tenant file (`tenantWithRiders`), as a venue lists them.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { logisticsOrders, shipments } from '../../src/db/schema/logistics';
import type { ShipmentDeps } from '../../src/services/shipment-common';
import type { StaffPrincipal } from '../../src/services/staff-auth-service';
import { type Answer, clasicaLine, freshPhone, orderPlace, request } from './console-fixture';
import { tenantExample } from './diner-fixture';
import type { LocationIds } from './order-fixture';
import type { TestContext } from './test-app';

/** An address inside Palermo's delivery zone. */
export const NEAR = {
  fullAddress: 'Honduras 5200, Palermo, CABA',
  street: 'Honduras',
  number: '5200',
  zone: 'Palermo Soho',
  locality: 'CABA',
  lat: -34.585,
  lng: -58.425,
  betweenStreets: 'Thames y Uriarte',
};

/** A Palermo delivery, Clásica simple; cash unless `paymentMethod` says otherwise. */
export function palermoDelivery(
  palermo: LocationIds,
  options: { paymentMethod?: string; phone?: string | null; customerName?: string } = {},
) {
  const method = options.paymentMethod ?? 'CASH';
  return {
    orderModeId: palermo.modes.DELIVERY,
    branchContact: { id: palermo.id },
    type: 'DELIVERY',
    items: [clasicaLine(palermo, 'DELIVERY')],
    price: 10470,
    paymentType: { id: palermo.paymentTypes.DELIVERY?.[method] },
    ...(method === 'CASH' ? { paysWith: 20000 } : {}),
    destination: NEAR,
    ...(options.phone === null ? {} : { phone: options.phone ?? freshPhone() }),
    customerName: options.customerName ?? 'Ana Pérez',
  };
}

/** Moves an order through the console API (fails the test on anything but 200). */
export async function staffMove(
  ctx: TestContext,
  token: string,
  orderId: number,
  status: string,
  reason?: string,
) {
  const answer = await request(ctx, 'POST', `/api/console/orders/${orderId}/status`, {
    token,
    payload: reason ? { status, reason } : { status },
  });
  if (answer.status !== 200)
    expect.fail(`move to ${status}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The newest shipment of an order (the live one), or undefined. */
export async function shipmentOfOrder(ctx: TestContext, orderId: number) {
  const [row] = await ctx.app.db
    .select({ shipment: shipments, securityCode: logisticsOrders.securityCode })
    .from(shipments)
    .innerJoin(logisticsOrders, eq(logisticsOrders.id, shipments.logisticsOrderId))
    .where(eq(logisticsOrders.orderId, orderId))
    .orderBy(desc(shipments.id))
    .limit(1);
  return row;
}

/** Every shipment of an order, oldest first. */
export async function shipmentsOfOrder(ctx: TestContext, orderId: number) {
  return ctx.app.db
    .select({ shipment: shipments })
    .from(shipments)
    .innerJoin(logisticsOrders, and(eq(logisticsOrders.id, shipments.logisticsOrderId)))
    .where(eq(logisticsOrders.orderId, orderId))
    .orderBy(shipments.id)
    .then((rows) => rows.map((row) => row.shipment));
}

/** Places a Palermo delivery and has staff accept it; answers the order and its shipment. */
export async function deliveryAccepted(
  ctx: TestContext,
  palermo: LocationIds,
  staffToken: string,
  options: Parameters<typeof palermoDelivery>[1] = {},
) {
  const order = await orderPlace(ctx, palermoDelivery(palermo, options));
  await staffMove(ctx, staffToken, order.id, 'ACCEPTED');
  const found = await shipmentOfOrder(ctx, order.id);
  if (!found) expect.fail(`no shipment for order ${order.code}`);
  return { order, shipment: found.shipment, securityCode: found.securityCode };
}

/** `PUT /api/shipments/{id}` with the spec's status payload. */
export function shipmentPut(
  ctx: TestContext,
  token: string,
  id: number,
  status: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Answer> {
  return request(ctx, 'PUT', `/api/shipments/${id}`, { token, payload: { status, id, ...extra }, headers });
}

/** `PUT /api/stacking/{id}`. */
export function stackPut(
  ctx: TestContext,
  token: string,
  id: number,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return request(ctx, 'PUT', `/api/stacking/${id}`, { token, payload: { id, ...payload }, headers });
}

/** A fresh Idempotency-Key. */
export const idempotencyKey = () => randomUUID();

/**
 * The example tenant with more riders: `count` extra riders at Fuego Palermo
 * (phones +54911600010NN) and, when `belgrano` is set, one rider at Fuego
 * Belgrano (which then runs its own fleet too).
 */
export function tenantWithRiders(count: number, options: { belgrano?: boolean } = {}) {
  // biome-ignore lint/suspicious/noExplicitAny: tests edit the tenant file field by field
  const tenant = tenantExample() as any;
  const contacts = tenant.branches.flatMap((branch: { branchContacts: unknown[] }) => branch.branchContacts);
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const palermo = contacts.find((contact: any) => contact.alias === 'fuego-palermo');
  for (let i = 0; i < count; i++) {
    palermo.riders.push({
      name: `Repartidor ${i + 1}`,
      phone: `+54911600010${String(i).padStart(2, '0')}`,
      securityCode: '1357',
      active: false,
    });
  }
  if (options.belgrano) {
    // biome-ignore lint/suspicious/noExplicitAny: see above
    const belgrano = contacts.find((contact: any) => contact.alias === 'fuego-belgrano');
    belgrano.deliveryConfig.ownLogistics = true;
    belgrano.riders.push({
      name: 'Bruno Belgrano',
      phone: '+5491160000099',
      securityCode: '2468',
      active: false,
    });
  }
  return tenant;
}

/** The extra Palermo riders' phones, as `tenantWithRiders` makes them. */
export const extraRiderPhone = (i: number) => `+54911600010${String(i).padStart(2, '0')}`;
export const BELGRANO_RIDER_PHONE = '+5491160000099';

/** What the shipment services need, from the test app (for the staff actions the dispatch routes call). */
export function shipmentDeps(ctx: TestContext): ShipmentDeps {
  return {
    db: ctx.app.db,
    realtime: ctx.app.realtime,
    now: () => ctx.app.clock.now(),
    log: ctx.app.log,
    publicUrl: ctx.config.publicUrl,
    routePlanner: ctx.app.routePlanner,
  };
}

/** The staff principal of a session token (fails the test when it does not resolve). */
export async function staffPrincipal(ctx: TestContext, token: string): Promise<StaffPrincipal> {
  const staff = await ctx.app.staffSessions.resolve(token);
  if (!staff) expect.fail('staff token does not resolve');
  return staff;
}
