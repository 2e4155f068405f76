/**
 * Queries of the venue's dispatch view (issue 9): the location's shipments and
 * stacks still open and those finished since the venue's day started, its
 * riders, and the rider approval. Every query is scoped by company and branch
 * contact; the service checks the staff member may see that branch contact.
 * The state changes of shipments are not here: they are the shipment
 * lifecycle's (services/shipment-lifecycle*.ts).
 */
import { and, asc, desc, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client';
import { riders, shipmentStacks, shipments } from '../db/schema/logistics';
import { branchContacts, companies, countries } from '../db/schema/tenant';
import { type ShipmentViewRow, shipmentViews } from './shipment-repository';
import type { StackRow } from './shipment-stack-repository';

/** Statuses in which a shipment or stack still needs someone (the venue or a rider). */
export const DISPATCH_OPEN_STATUSES = [
  'PENDING',
  'STACKING',
  'LOOKING_FOR_DRIVER',
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFF',
  'ON_ROUTE_TO_DROP_OFFS',
] as const;

/** (ours) At most this many finished shipments and stacks of the day are read, newest first. */
export const DISPATCH_FINISHED_MAX = 200;

/** The location the dispatch view is of: its marker, its time zone, whether it has its own fleet. */
export async function dispatchLocationOf(db: Queryable, companyId: number, branchContactId: number) {
  const [row] = await db
    .select({
      id: branchContacts.id,
      name: branchContacts.name,
      alias: branchContacts.alias,
      lat: branchContacts.lat,
      lng: branchContacts.lng,
      timezone: sql<string>`coalesce(${branchContacts.timezone}, ${countries.timezone})`,
      ownLogistics: branchContacts.ownLogistics,
    })
    .from(branchContacts)
    .innerJoin(companies, eq(companies.id, branchContacts.companyId))
    .innerJoin(countries, eq(countries.code, companies.countryCode))
    .where(and(eq(branchContacts.id, branchContactId), eq(branchContacts.companyId, companyId)))
    .limit(1);
  return row;
}
export type DispatchLocationRow = NonNullable<Awaited<ReturnType<typeof dispatchLocationOf>>>;

/** The dispatch view's scope: a location of a company, and the instant its day started. */
export interface DispatchScope {
  companyId: number;
  branchContactId: number;
  finishedSince: Date;
}

/** A delivered return shipment whose rider still brings the money back (open for the venue). */
const shipmentReturnPending = and(eq(shipments.status, 'DELIVERED'), eq(shipments.returnShipment, true));
const shipmentOpen = or(inArray(shipments.status, [...DISPATCH_OPEN_STATUSES]), shipmentReturnPending);

const stackReturnPending = sql<boolean>`exists (select 1 from ${shipments} where ${shipments.stackId} = ${shipmentStacks.id} and ${shipments.status} = 'DELIVERED' and ${shipments.returnShipment})`;
const stackOpen = or(
  inArray(shipmentStacks.status, [...DISPATCH_OPEN_STATUSES]),
  and(eq(shipmentStacks.status, 'DELIVERED'), stackReturnPending),
);

const stackScope = (scope: DispatchScope) =>
  and(
    eq(shipmentStacks.companyId, scope.companyId),
    eq(shipmentStacks.branchContactId, scope.branchContactId),
  );

/** The stacks of the view: every open one, and those finished since the day started (newest first, bounded). */
export async function dispatchStackRows(db: Queryable, scope: DispatchScope): Promise<StackRow[]> {
  const open = await db
    .select()
    .from(shipmentStacks)
    .where(and(stackScope(scope), stackOpen))
    .orderBy(asc(shipmentStacks.createdAt), asc(shipmentStacks.id));
  const finished = await db
    .select()
    .from(shipmentStacks)
    .where(
      and(stackScope(scope), sql`not (${stackOpen})`, gte(shipmentStacks.updatedAt, scope.finishedSince)),
    )
    .orderBy(desc(shipmentStacks.updatedAt), desc(shipmentStacks.id))
    .limit(DISPATCH_FINISHED_MAX);
  return [...open, ...finished];
}

/**
 * The shipments of the view, as the shipment views read them
 * (`shipmentViews`): those of the given stacks (whatever their own status),
 * and the unstacked ones open or finished since the day started (bounded).
 */
export async function dispatchShipmentRows(
  db: Queryable,
  scope: DispatchScope,
  stackIds: readonly number[],
): Promise<ShipmentViewRow[]> {
  const unstacked = and(
    eq(shipments.companyId, scope.companyId),
    eq(shipments.branchContactId, scope.branchContactId),
    isNull(shipments.stackId),
  );
  const finished = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(unstacked, sql`not (${shipmentOpen})`, gte(shipments.updatedAt, scope.finishedSince)))
    .orderBy(desc(shipments.updatedAt), desc(shipments.id))
    .limit(DISPATCH_FINISHED_MAX);
  return shipmentViews(
    db,
    { companyId: scope.companyId, branchContactId: scope.branchContactId },
    or(
      and(isNull(shipments.stackId), shipmentOpen),
      inArray(
        shipments.id,
        finished.map((row) => row.id),
      ),
      inArray(shipments.stackId, [...stackIds]),
    ),
  );
}

/** Every rider of the location (never the security code hash). */
export async function dispatchRiderRows(db: Queryable, companyId: number, branchContactId: number) {
  return db
    .select({
      id: riders.id,
      branchContactId: riders.branchContactId,
      name: riders.name,
      phone: riders.phone,
      active: riders.active,
      approved: riders.approved,
      shiftStartedAt: riders.shiftStartedAt,
      lat: riders.lat,
      lng: riders.lng,
      positionAccuracy: riders.positionAccuracy,
      positionAt: riders.positionAt,
      createdAt: riders.createdAt,
    })
    .from(riders)
    .where(and(eq(riders.companyId, companyId), eq(riders.branchContactId, branchContactId)))
    .orderBy(asc(riders.name), asc(riders.id));
}
export type DispatchRiderRow = Awaited<ReturnType<typeof dispatchRiderRows>>[number];

// ---------------------------------------------------------------- rider approval

/** A rider of the company, or undefined. */
export async function riderOfCompany(db: Queryable, companyId: number, riderId: number) {
  const [row] = await db
    .select({
      id: riders.id,
      branchContactId: riders.branchContactId,
      approved: riders.approved,
      active: riders.active,
    })
    .from(riders)
    .where(and(eq(riders.id, riderId), eq(riders.companyId, companyId)))
    .limit(1);
  return row;
}

/** Locks a rider of the company for the rest of the transaction and reads what the approval needs. */
export async function riderLockOfCompany(tx: Tx, companyId: number, riderId: number) {
  const [row] = await tx
    .select({ id: riders.id, approved: riders.approved, active: riders.active })
    .from(riders)
    .where(and(eq(riders.id, riderId), eq(riders.companyId, companyId)))
    .for('update');
  return row;
}

/**
 * Sets a rider's approval when it differs (answers whether it changed). Taking
 * it away also ends the shift (`active` false): the rider's sessions are
 * closed by the caller in the same transaction.
 */
export async function riderApprovalWrite(
  tx: Tx,
  input: { companyId: number; riderId: number; approved: boolean; now: Date },
): Promise<boolean> {
  const changed = await tx
    .update(riders)
    .set({
      approved: input.approved,
      ...(input.approved ? {} : { active: false }),
      updatedAt: input.now,
    })
    .where(
      and(
        eq(riders.id, input.riderId),
        eq(riders.companyId, input.companyId),
        input.approved ? ne(riders.approved, true) : or(ne(riders.approved, false), eq(riders.active, true)),
      ),
    )
    .returning({ id: riders.id });
  return changed.length > 0;
}

/**
 * Offers to a rider who may no longer take them become open to every rider:
 * shipments and stacks still looking for a driver. Answers what was released.
 */
export async function riderOffersRelease(
  tx: Tx,
  input: { companyId: number; riderId: number; now: Date },
): Promise<{ shipmentIds: number[]; stackIds: number[] }> {
  const released = await tx
    .update(shipments)
    .set({ offeredToRiderId: null, updatedAt: input.now })
    .where(
      and(
        eq(shipments.companyId, input.companyId),
        eq(shipments.offeredToRiderId, input.riderId),
        eq(shipments.status, 'LOOKING_FOR_DRIVER'),
      ),
    )
    .returning({ id: shipments.id });
  const releasedStacks = await tx
    .update(shipmentStacks)
    .set({ offeredToRiderId: null, updatedAt: input.now })
    .where(
      and(
        eq(shipmentStacks.companyId, input.companyId),
        eq(shipmentStacks.offeredToRiderId, input.riderId),
        eq(shipmentStacks.status, 'LOOKING_FOR_DRIVER'),
      ),
    )
    .returning({ id: shipmentStacks.id });
  return { shipmentIds: released.map((row) => row.id), stackIds: releasedStacks.map((row) => row.id) };
}
