/**
 * Queries of own-fleet shipments (ADR 023). Every query names the company,
 * and the rider's reads the branch contact too: an id of another company or
 * location finds nothing (the service answers 404, never revealing it).
 *
 * The one conditional update that decides a race lives here:
 * `shipmentAcceptIfFree` (`… WHERE status = 'LOOKING_FOR_DRIVER' AND rider_id
 * IS NULL AND stack_id IS NULL AND offered to nobody or to me RETURNING`).
 * Every other write runs under the row locks the service took, in the order
 * orders → stack → shipments (see services/shipment-moves.ts).
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { logisticsOrders, riders, shipmentEvents, shipments } from '../db/schema/logistics';
import { orders } from '../db/schema/orders';
import { branchContacts, companies, countries, paymentTypes } from '../db/schema/tenant';

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentInsert = typeof shipments.$inferInsert;

/** Where a query may look: the company always, the location for riders (staff check theirs after). */
export interface ShipmentScope {
  companyId: number;
  branchContactId?: number;
}

const inScope = (scope: ShipmentScope): SQL | undefined =>
  and(
    eq(shipments.companyId, scope.companyId),
    scope.branchContactId === undefined ? undefined : eq(shipments.branchContactId, scope.branchContactId),
  );

/** Everything a shipment view shows, in one row: the shipment, its order, rider, location and currency. */
const viewColumns = {
  shipment: shipments,
  order: {
    id: orders.id,
    code: orders.code,
    status: orders.status,
    customerName: orders.customerName,
    phone: orders.phone,
    destination: orders.destination,
    price: orders.price,
    paysWith: orders.paysWith,
    paymentMethod: orders.paymentMethod,
  },
  paymentTypeName: paymentTypes.showName,
  riderName: riders.name,
  riderPhone: riders.phone,
  branch: {
    alias: branchContacts.alias,
    name: branchContacts.name,
    address: branchContacts.address,
    lat: branchContacts.lat,
    lng: branchContacts.lng,
  },
  mantissaLength: countries.mantissaLength,
};

function viewQuery(db: Queryable) {
  return db
    .select(viewColumns)
    .from(shipments)
    .innerJoin(
      logisticsOrders,
      and(
        eq(logisticsOrders.id, shipments.logisticsOrderId),
        eq(logisticsOrders.companyId, shipments.companyId),
      ),
    )
    .innerJoin(orders, and(eq(orders.id, logisticsOrders.orderId), eq(orders.companyId, shipments.companyId)))
    .innerJoin(
      branchContacts,
      and(
        eq(branchContacts.id, shipments.branchContactId),
        eq(branchContacts.companyId, shipments.companyId),
      ),
    )
    .innerJoin(companies, eq(companies.id, shipments.companyId))
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .leftJoin(
      paymentTypes,
      and(eq(paymentTypes.id, orders.paymentTypeId), eq(paymentTypes.companyId, shipments.companyId)),
    )
    .leftJoin(riders, and(eq(riders.id, shipments.riderId), eq(riders.companyId, shipments.companyId)));
}

/** A shipment with what its views show. */
export type ShipmentViewRow = Awaited<ReturnType<typeof shipmentViews>>[number];

/** Shipment views matching `filter` within the scope, in stack order's tie-breaker (id). */
export async function shipmentViews(db: Queryable, scope: ShipmentScope, filter?: SQL) {
  return viewQuery(db)
    .where(and(inScope(scope), filter))
    .orderBy(asc(shipments.id));
}

/** One shipment's view, or undefined outside the scope. */
export async function shipmentViewById(
  db: Queryable,
  scope: ShipmentScope,
  id: number,
): Promise<ShipmentViewRow | undefined> {
  const [row] = await shipmentViews(db, scope, eq(shipments.id, id));
  return row;
}

/** The views of a stack's shipments. */
export async function shipmentViewsOfStack(db: Queryable, scope: ShipmentScope, stackId: number) {
  return shipmentViews(db, scope, eq(shipments.stackId, stackId));
}

/**
 * The rider's list (follow-up §7): unstacked shipments looking for a driver at
 * the rider's location, created in the window, offered to everyone or to this
 * rider; a page of them and the total.
 */
export async function shipmentListPage(
  db: Queryable,
  query: {
    companyId: number;
    branchContactId: number;
    riderId: number;
    from: Date;
    to: Date;
    descending: boolean;
    offset: number;
    limit: number;
  },
): Promise<{ rows: ShipmentViewRow[]; total: number }> {
  const where = and(
    eq(shipments.companyId, query.companyId),
    eq(shipments.branchContactId, query.branchContactId),
    eq(shipments.status, 'LOOKING_FOR_DRIVER'),
    isNull(shipments.stackId),
    gte(shipments.createdAt, query.from),
    lte(shipments.createdAt, query.to),
    or(isNull(shipments.offeredToRiderId), eq(shipments.offeredToRiderId, query.riderId)),
  );
  const order = query.descending ? desc : asc;
  const rows = await viewQuery(db)
    .where(where)
    .orderBy(order(shipments.createdAt), order(shipments.id))
    .offset(query.offset)
    .limit(query.limit);
  const [total] = await db.select({ n: count() }).from(shipments).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** The shipment row (no lock), or undefined outside the scope. */
export async function shipmentFind(
  db: Queryable,
  scope: ShipmentScope,
  id: number,
): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, id), inScope(scope)));
  return row;
}

/** Locks shipments of the company, ascending by id (the lock order), and reads them. */
export async function shipmentsLock(
  tx: Tx,
  companyId: number,
  ids: readonly number[],
): Promise<ShipmentRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.companyId, companyId), inArray(shipments.id, [...ids])))
    .orderBy(asc(shipments.id))
    .for('update');
}

/** The shipments of a stack (no lock: to know which orders to lock first). */
export async function shipmentsOfStack(
  db: Queryable,
  companyId: number,
  stackId: number,
): Promise<ShipmentRow[]> {
  return db
    .select()
    .from(shipments)
    .where(and(eq(shipments.companyId, companyId), eq(shipments.stackId, stackId)))
    .orderBy(asc(shipments.id));
}

/** Locks the shipments of a stack, ascending by id, and reads them. */
export async function shipmentsOfStackLock(
  tx: Tx,
  companyId: number,
  stackId: number,
): Promise<ShipmentRow[]> {
  return tx
    .select()
    .from(shipments)
    .where(and(eq(shipments.companyId, companyId), eq(shipments.stackId, stackId)))
    .orderBy(asc(shipments.id))
    .for('update');
}

/**
 * Accepting is a race decided by this one statement: the shipment is taken
 * only if it is still looking for a driver, unstacked, held by nobody, and
 * offered to everyone or to this rider. Undefined: someone else won.
 */
export async function shipmentAcceptIfFree(
  tx: Queryable,
  input: { companyId: number; branchContactId: number; id: number; riderId: number; now: Date },
): Promise<ShipmentRow | undefined> {
  const [row] = await tx
    .update(shipments)
    .set({ status: 'ON_ROUTE_TO_PICK_UP', riderId: input.riderId, updatedAt: input.now })
    .where(
      and(
        eq(shipments.id, input.id),
        eq(shipments.companyId, input.companyId),
        eq(shipments.branchContactId, input.branchContactId),
        eq(shipments.status, 'LOOKING_FOR_DRIVER'),
        isNull(shipments.riderId),
        isNull(shipments.stackId),
        or(isNull(shipments.offeredToRiderId), eq(shipments.offeredToRiderId, input.riderId)),
      ),
    )
    .returning();
  return row;
}

/** Writes fields of a shipment already locked (or decided by a conditional update). */
export async function shipmentUpdate(
  tx: Queryable,
  companyId: number,
  id: number,
  patch: Partial<Omit<ShipmentInsert, 'id' | 'companyId'>>,
): Promise<ShipmentRow> {
  const [row] = await tx
    .update(shipments)
    .set(patch)
    .where(and(eq(shipments.id, id), eq(shipments.companyId, companyId)))
    .returning();
  if (!row) throw new Error(`shipment ${id} vanished under its lock`);
  return row;
}

/** A new shipment. */
export async function shipmentInsert(tx: Queryable, values: ShipmentInsert): Promise<ShipmentRow> {
  const [row] = await tx.insert(shipments).values(values).returning();
  if (!row) throw new Error('shipment insert returned nothing');
  return row;
}

/** One line of a shipment's or stack's history. */
export async function shipmentEventInsert(
  tx: Queryable,
  values: typeof shipmentEvents.$inferInsert,
): Promise<void> {
  await tx.insert(shipmentEvents).values(values);
}

/** The history of a shipment, oldest first (tests and the dispatch view). */
export async function shipmentEventsOf(db: Queryable, companyId: number, shipmentId: number) {
  return db
    .select()
    .from(shipmentEvents)
    .where(and(eq(shipmentEvents.companyId, companyId), eq(shipmentEvents.shipmentId, shipmentId)))
    .orderBy(asc(shipmentEvents.id));
}

/** Every shipment of a logistics order, oldest first (the live one is the last). */
export async function shipmentsOfLogisticsOrder(db: Queryable, companyId: number, logisticsOrderId: number) {
  return db
    .select()
    .from(shipments)
    .where(and(eq(shipments.companyId, companyId), eq(shipments.logisticsOrderId, logisticsOrderId)))
    .orderBy(asc(shipments.id));
}

/** The rider's row (approval, position), within company and location. */
export async function riderOfScope(db: Queryable, scope: Required<ShipmentScope>, riderId: number) {
  const [row] = await db
    .select()
    .from(riders)
    .where(
      and(
        eq(riders.id, riderId),
        eq(riders.companyId, scope.companyId),
        eq(riders.branchContactId, scope.branchContactId),
      ),
    );
  return row;
}
