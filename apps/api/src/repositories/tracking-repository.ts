/**
 * The customer's tracking read (ADR 025). Its entry points are the branch
 * contact's alias with an order code (the page) or a company with a logistics
 * order id (announcing a change); every query after the first is scoped by
 * the company of the row found, so an order code of another location or
 * tenant finds nothing.
 */
import { and, asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { logisticsOrders, riders, shipments } from '../db/schema/logistics';
import { orders } from '../db/schema/orders';
import { branchContacts, branches, companies, countries } from '../db/schema/tenant';
import { aliasIsPlausible, aliasNormalize } from './tenant-repository';

/** A logistics order with what its tracking page shows around it. */
export interface TrackingOrderRow {
  logisticsOrderId: number;
  companyId: number;
  securityCode: string;
  orderCode: string;
  orderStatus: string;
  orderedAt: Date;
  destination: Record<string, unknown> | null;
  branch: { name: string; lat: number | null; lng: number | null; logoUrl: string | null };
  timeZone: string;
}

/** The order's live shipment (the newest row) and the rider who holds it. */
export interface TrackingShipmentRow {
  id: number;
  status: string;
  stackId: number | null;
  stackingOrder: number;
  rider: {
    name: string;
    phone: string;
    lat: number | null;
    lng: number | null;
    positionAt: Date | null;
  } | null;
}

/** A shipment of the rider's stack: where it goes and where it stands. */
export interface TrackingStackRow {
  id: number;
  status: string;
  stackingOrder: number;
  destination: Record<string, unknown> | null;
}

function orderQuery(db: Queryable, where: SQL | undefined) {
  return db
    .select({
      logisticsOrderId: logisticsOrders.id,
      companyId: logisticsOrders.companyId,
      securityCode: logisticsOrders.securityCode,
      orderCode: orders.code,
      orderStatus: orders.status,
      orderedAt: orders.createdAt,
      destination: orders.destination,
      branchName: branchContacts.name,
      branchLat: branchContacts.lat,
      branchLng: branchContacts.lng,
      logoUrl: branches.customLogoUrl,
      branchTimeZone: branchContacts.timezone,
      countryTimeZone: countries.timezone,
    })
    .from(logisticsOrders)
    .innerJoin(
      orders,
      and(eq(orders.id, logisticsOrders.orderId), eq(orders.companyId, logisticsOrders.companyId)),
    )
    .innerJoin(
      branchContacts,
      and(
        eq(branchContacts.id, logisticsOrders.branchContactId),
        eq(branchContacts.companyId, logisticsOrders.companyId),
      ),
    )
    .innerJoin(
      branches,
      and(eq(branches.id, branchContacts.branchId), eq(branches.companyId, logisticsOrders.companyId)),
    )
    .innerJoin(companies, eq(companies.id, logisticsOrders.companyId))
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .where(where)
    .limit(1);
}

type OrderQueryRow = Awaited<ReturnType<typeof orderQuery>>[number];

const orderRowOf = (row: OrderQueryRow | undefined): TrackingOrderRow | undefined =>
  row && {
    logisticsOrderId: row.logisticsOrderId,
    companyId: row.companyId,
    securityCode: row.securityCode,
    orderCode: row.orderCode,
    orderStatus: row.orderStatus,
    orderedAt: row.orderedAt,
    destination: row.destination,
    branch: { name: row.branchName, lat: row.branchLat, lng: row.branchLng, logoUrl: row.logoUrl },
    timeZone: row.branchTimeZone ?? row.countryTimeZone,
  };

/**
 * The logistics order behind an order code at the location an alias names
 * (a branch contact's alias). Undefined for an unknown alias or code, a code
 * of another location, or an order without a logistics order.
 */
export async function trackingOrderByCode(
  db: Queryable,
  alias: string,
  orderCode: string,
): Promise<TrackingOrderRow | undefined> {
  const normalized = aliasNormalize(alias);
  if (!aliasIsPlausible(normalized)) return undefined;
  const [row] = await orderQuery(
    db,
    and(eq(branchContacts.alias, normalized), eq(orders.code, orderCode.trim().toUpperCase())),
  );
  return orderRowOf(row);
}

/** A logistics order of the company, with its surroundings. */
export async function trackingOrderById(
  db: Queryable,
  companyId: number,
  logisticsOrderId: number,
): Promise<TrackingOrderRow | undefined> {
  const [row] = await orderQuery(
    db,
    and(eq(logisticsOrders.id, logisticsOrderId), eq(logisticsOrders.companyId, companyId)),
  );
  return orderRowOf(row);
}

/** The live shipment of a logistics order (a cancelled one is re-pooled as a newer row), with its rider. */
export async function trackingShipmentOf(
  db: Queryable,
  companyId: number,
  logisticsOrderId: number,
): Promise<TrackingShipmentRow | undefined> {
  const [row] = await db
    .select({
      id: shipments.id,
      status: shipments.status,
      stackId: shipments.stackId,
      stackingOrder: shipments.stackingOrder,
      riderName: riders.name,
      riderPhone: riders.phone,
      riderLat: riders.lat,
      riderLng: riders.lng,
      riderPositionAt: riders.positionAt,
    })
    .from(shipments)
    .leftJoin(riders, and(eq(riders.id, shipments.riderId), eq(riders.companyId, shipments.companyId)))
    .where(and(eq(shipments.companyId, companyId), eq(shipments.logisticsOrderId, logisticsOrderId)))
    .orderBy(desc(shipments.id))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    status: row.status,
    stackId: row.stackId,
    stackingOrder: row.stackingOrder,
    rider:
      row.riderName === null
        ? null
        : {
            name: row.riderName,
            phone: row.riderPhone ?? '',
            lat: row.riderLat,
            lng: row.riderLng,
            positionAt: row.riderPositionAt,
          },
  };
}

/** The shipments of a stack with their destinations (the stops of the rider's trip). */
export async function trackingStackStops(
  db: Queryable,
  companyId: number,
  stackId: number,
): Promise<TrackingStackRow[]> {
  return db
    .select({
      id: shipments.id,
      status: shipments.status,
      stackingOrder: shipments.stackingOrder,
      destination: orders.destination,
    })
    .from(shipments)
    .innerJoin(
      logisticsOrders,
      and(eq(logisticsOrders.id, shipments.logisticsOrderId), eq(logisticsOrders.companyId, companyId)),
    )
    .innerJoin(orders, and(eq(orders.id, logisticsOrders.orderId), eq(orders.companyId, companyId)))
    .where(and(eq(shipments.companyId, companyId), eq(shipments.stackId, stackId)))
    .orderBy(asc(shipments.id));
}

/**
 * The logistics orders a transaction's changes touch: those of the changed
 * shipments, of every shipment in a changed stack, and of the orders whose
 * follow-up changed. Ascending.
 */
export async function trackingIdsOfChanges(
  db: Queryable,
  companyId: number,
  changes: { shipmentIds: readonly number[]; stackIds: readonly number[]; orderCodes: readonly string[] },
): Promise<number[]> {
  const ids = new Set<number>();
  const touched = [
    changes.shipmentIds.length > 0 ? inArray(shipments.id, [...changes.shipmentIds]) : undefined,
    changes.stackIds.length > 0 ? inArray(shipments.stackId, [...changes.stackIds]) : undefined,
  ].filter((clause): clause is SQL => clause !== undefined);
  if (touched.length > 0) {
    const rows = await db
      .selectDistinct({ id: shipments.logisticsOrderId })
      .from(shipments)
      .where(and(eq(shipments.companyId, companyId), or(...touched)));
    for (const row of rows) ids.add(row.id);
  }
  if (changes.orderCodes.length > 0) {
    const rows = await db
      .select({ id: logisticsOrders.id })
      .from(logisticsOrders)
      .innerJoin(
        orders,
        and(eq(orders.id, logisticsOrders.orderId), eq(orders.companyId, logisticsOrders.companyId)),
      )
      .where(and(eq(logisticsOrders.companyId, companyId), inArray(orders.code, [...changes.orderCodes])));
    for (const row of rows) ids.add(row.id);
  }
  return [...ids].sort((a, b) => a - b);
}
