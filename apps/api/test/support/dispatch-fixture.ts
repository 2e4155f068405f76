/**
 * Helpers of the dispatch view tests: delivery orders at Fuego Palermo (its own
 * fleet), their shipments and stacks, a second staff user who sees only Fuego
 * Belgrano, and riders registered from the shift page (not approved).
 */
import { eq } from 'drizzle-orm';
import { logisticsOrders, riders, shipmentStacks, shipments } from '../../src/db/schema/logistics';
import { orders } from '../../src/db/schema/orders';
import { secretHash } from '../../src/lib/secret-hash';
import { clasicaLine, freshPhone, orderPlace } from './console-fixture';
import { tenantExample } from './diner-fixture';
import type { LocationIds } from './order-fixture';
import type { TestContext } from './test-app';

/** A staff user of Fuego who sees Fuego Belgrano only (added to the example tenant by `tenantWithBelgranoStaff`). */
export const FUEGO_BELGRANO_STAFF = { email: 'belgrano@fuego.example', password: 'mostrador-5678' };

/** The example tenant with a staff user for Fuego Belgrano. */
export function tenantWithBelgranoStaff(): Record<string, unknown> {
  const tenant = tenantExample();
  (tenant.staff as Record<string, unknown>[]).push({
    name: 'Mostrador Belgrano',
    ...FUEGO_BELGRANO_STAFF,
    role: 'STAFF',
    branchContacts: ['fuego-belgrano'],
  });
  return tenant;
}

/** A delivery address near Fuego Palermo, with its coordinates. */
export const PALERMO_DESTINATION = {
  fullAddress: 'Honduras 5200, Palermo, CABA',
  street: 'Honduras',
  number: '5200',
  lat: -34.585,
  lng: -58.425,
  betweenStreets: 'Thames y Uriarte',
  details: 'Timbre 3',
};

/** Places a delivery order at Palermo (bank transfer, or cash paying with 20000). */
export async function palermoDeliveryPlace(
  ctx: TestContext,
  palermo: LocationIds,
  options: { cash?: boolean; customerName?: string } = {},
) {
  const method = options.cash ? 'CASH' : 'BANK_TRANSFER';
  return orderPlace(ctx, {
    orderModeId: palermo.modes.DELIVERY,
    branchContact: { id: palermo.id },
    type: 'DELIVERY',
    items: [clasicaLine(palermo, 'DELIVERY')],
    price: 10470,
    paymentType: { id: palermo.paymentTypes.DELIVERY?.[method] },
    ...(options.cash ? { paysWith: 20000 } : {}),
    destination: PALERMO_DESTINATION,
    phone: freshPhone(),
    customerName: options.customerName ?? 'Ana Pérez',
  });
}

type ShipmentFields = Partial<typeof shipments.$inferInsert>;

let codeCounter = 0;

/** The logistics order and a shipment of a placed order, written as the shipment lifecycle writes them. */
export async function shipmentInsert(ctx: TestContext, orderId: number, fields: ShipmentFields = {}) {
  const db = ctx.app.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  let [logistics] = await db.select().from(logisticsOrders).where(eq(logisticsOrders.orderId, orderId));
  if (!logistics) {
    [logistics] = await db
      .insert(logisticsOrders)
      .values({
        companyId: order.companyId,
        orderId,
        branchContactId: order.branchContactId,
        securityCode: '1234',
      })
      .returning();
  }
  if (!logistics) throw new Error('logistics order not written');
  codeCounter += 1;
  const [row] = await db
    .insert(shipments)
    .values({
      companyId: order.companyId,
      logisticsOrderId: logistics.id,
      branchContactId: order.branchContactId,
      code: `T${String(codeCounter).padStart(3, '0')}`,
      returnShipment: order.paymentMethod === 'CASH',
      createdAt: new Date(ctx.app.clock.now()),
      updatedAt: new Date(ctx.app.clock.now()),
      ...fields,
    })
    .returning();
  if (!row) throw new Error('shipment not written');
  return row;
}

/** A stack of shipments (in the given order). */
export async function stackInsert(
  ctx: TestContext,
  shipmentRows: readonly { id: number; companyId: number; branchContactId: number }[],
  fields: Partial<typeof shipmentStacks.$inferInsert> = {},
) {
  const first = shipmentRows[0];
  if (!first) throw new Error('a stack needs shipments');
  const now = new Date(ctx.app.clock.now());
  const [stack] = await ctx.app.db
    .insert(shipmentStacks)
    .values({
      companyId: first.companyId,
      branchContactId: first.branchContactId,
      createdAt: now,
      updatedAt: now,
      ...fields,
    })
    .returning();
  if (!stack) throw new Error('stack not written');
  for (const [index, shipment] of shipmentRows.entries()) {
    await ctx.app.db
      .update(shipments)
      .set({ stackId: stack.id, stackingOrder: index })
      .where(eq(shipments.id, shipment.id));
  }
  return stack;
}

/** A rider who registered from the shift page: on shift, not approved yet. */
export async function pendingRiderInsert(
  ctx: TestContext,
  location: { id: number },
  companyId: number,
  name = 'Martín Sosa',
) {
  const now = new Date(ctx.app.clock.now());
  const [row] = await ctx.app.db
    .insert(riders)
    .values({
      companyId,
      branchContactId: location.id,
      name,
      phone: freshPhone(),
      securityCodeHash: await secretHash('2580'),
      active: true,
      approved: false,
      shiftStartedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('rider not written');
  return row;
}
