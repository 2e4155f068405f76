/**
 * What a rider reads (follow-up §2.5, §2.6, §7; ADR 023). Every read is
 * scoped by the rider's company and location: another location's shipment is
 * 404, never revealed. A rider the venue has not approved yet gets 403 ('No
 * tienes permisos para ver los envíos') on every shipment read and move.
 */
import type { ShipmentStatus } from '@comanda/domain/shipment';
import { shipmentIsInProgress, shipmentStackIsInProgress } from '@comanda/domain/shipment-lifecycle';
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { shipments } from '../db/schema/logistics';
import { forbidden, notFound } from '../lib/http-error';
import {
  orderShipmentsPresent,
  shipmentDomainOf,
  shipmentPresent,
  stackPresent,
} from '../presenters/shipment-presenter';
import type {
  OrderShipmentsView,
  ShipmentTargetView,
  ShipmentView,
  StackView,
} from '../presenters/shipment-schemas';
import { logisticsOrderOf } from '../repositories/shipment-order-repository';
import {
  riderOfScope,
  type ShipmentScope,
  shipmentListPage,
  shipmentViewById,
  shipmentViews,
  shipmentViewsOfStack,
} from '../repositories/shipment-repository';
import {
  shipmentsHeldBy,
  stackFind,
  stacksHeldBy,
  stacksList,
} from '../repositories/shipment-stack-repository';
import type { RiderPrincipal } from './rider-session-service';
import { shipmentApiMessages } from './shipment-common';

/** follow-up §9: the shipments window is the last 3 days. */
export const SHIPMENT_WINDOW_MS = 3 * 86_400_000;
/** (decision) The list's page size when the app sends none, and the most it may ask for. */
export const SHIPMENT_PAGE_SIZE = 20;
export const SHIPMENT_PAGE_SIZE_MAX = 100;
/** (decision) Stacks listed at most (a location groups a handful at a time). */
const STACKS_LISTED_MAX = 100;

/** The rider's scope: company and location. */
export const riderScope = (rider: RiderPrincipal): Required<ShipmentScope> => ({
  companyId: rider.companyId,
  branchContactId: rider.branchContactId,
});

const asViewer = (rider: RiderPrincipal) => ({ kind: 'rider' as const, riderId: rider.id });

/** 403 unless the venue approved the rider (ADR 022: a self-registered rider waits for it). */
export async function riderApprovedCheck(db: Queryable, rider: RiderPrincipal): Promise<void> {
  const row = await riderOfScope(db, riderScope(rider), rider.id);
  if (!row?.approved) throw forbidden(shipmentApiMessages.noPermission);
}

/** `GET /api/shipments`: a page of the location's shipments looking for a driver, in the window. */
export async function shipmentList(
  db: Queryable,
  rider: RiderPrincipal,
  query: {
    page: number;
    pageSize: number;
    descending: boolean;
    branchContactId?: number | undefined;
    startDate?: Date | undefined;
    endDate?: Date | undefined;
  },
  now: number,
): Promise<{ items: ShipmentView[]; page: number; pageSize: number; total: number }> {
  if (query.branchContactId !== undefined && query.branchContactId !== rider.branchContactId) {
    throw forbidden(shipmentApiMessages.otherLocation);
  }
  await riderApprovedCheck(db, rider);
  // The window is at most the last 3 days up to now, whatever is asked.
  const earliest = now - SHIPMENT_WINDOW_MS;
  const from = new Date(Math.max(query.startDate?.getTime() ?? earliest, earliest));
  const to = new Date(Math.min(query.endDate?.getTime() ?? now, now));
  const { rows, total } = await shipmentListPage(db, {
    ...riderScope(rider),
    riderId: rider.id,
    from,
    to,
    descending: query.descending,
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return {
    items: rows.map((row) => shipmentPresent(row, asViewer(rider))),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** `GET /api/shipments/{id}`: one shipment of the rider's location (another rider's: `wonByOther`). */
export async function shipmentGet(db: Queryable, rider: RiderPrincipal, id: number): Promise<ShipmentView> {
  await riderApprovedCheck(db, rider);
  const view = await shipmentViewById(db, riderScope(rider), id);
  if (!view) throw notFound(shipmentApiMessages.notFound(id));
  const stack =
    view.shipment.stackId === null
      ? undefined
      : await stackFind(db, riderScope(rider), view.shipment.stackId);
  return shipmentPresent(view, asViewer(rider), (stack?.status as ShipmentStatus | undefined) ?? null);
}

/** A stack of the rider's location as the rider sees it, or undefined. */
async function stackViewOf(db: Queryable, rider: RiderPrincipal, id: number): Promise<StackView | undefined> {
  const stack = await stackFind(db, riderScope(rider), id);
  if (!stack) return undefined;
  return stackPresent(stack, await shipmentViewsOfStack(db, riderScope(rider), id), asViewer(rider));
}

/** `GET /api/stacking/{id}`. */
export async function stackGet(db: Queryable, rider: RiderPrincipal, id: number): Promise<StackView> {
  await riderApprovedCheck(db, rider);
  const view = await stackViewOf(db, rider, id);
  if (!view) throw notFound(shipmentApiMessages.stackNotFound(id));
  return view;
}

/** `GET /api/shipmentstacks`: the location's stacks with a status (looking for a driver), in the window. */
export async function stackList(
  db: Queryable,
  rider: RiderPrincipal,
  status: ShipmentStatus,
  now: number,
): Promise<{ items: StackView[] }> {
  await riderApprovedCheck(db, rider);
  const stacks = await stacksList(db, {
    ...riderScope(rider),
    status,
    riderId: rider.id,
    from: new Date(now - SHIPMENT_WINDOW_MS),
    limit: STACKS_LISTED_MAX,
  });
  if (stacks.length === 0) return { items: [] };
  const rows = await shipmentViews(
    db,
    riderScope(rider),
    inArray(
      shipments.stackId,
      stacks.map((stack) => stack.id),
    ),
  );
  return {
    items: stacks.map((stack) =>
      stackPresent(
        stack,
        rows.filter((row) => row.shipment.stackId === stack.id),
        asViewer(rider),
      ),
    ),
  };
}

/**
 * The rider's job in progress: a stack he holds that may still be updated
 * (returns included), else a simple shipment under way or with money to bring
 * back; the oldest first. Null when he is free.
 */
export async function shipmentRiderCurrent(
  db: Queryable,
  rider: RiderPrincipal,
): Promise<ShipmentTargetView | null> {
  for (const stack of await stacksHeldBy(db, riderScope(rider), rider.id)) {
    const rows = await shipmentViewsOfStack(db, riderScope(rider), stack.id);
    const domain = {
      status: stack.status as ShipmentStatus,
      shipments: rows.map((row) => shipmentDomainOf(row.shipment)),
    };
    if (shipmentStackIsInProgress(domain)) {
      return { kind: 'stack', stack: stackPresent(stack, rows, asViewer(rider)) };
    }
  }
  for (const row of await shipmentsHeldBy(db, riderScope(rider), rider.id)) {
    if (!shipmentIsInProgress(shipmentDomainOf(row))) continue;
    const view = await shipmentViewById(db, riderScope(rider), row.id);
    if (view) return { kind: 'simple', shipment: shipmentPresent(view, asViewer(rider)) };
  }
  return null;
}

/** `GET /api/shipments/rider`, after the approval check. */
export async function shipmentRiderCurrentGet(
  db: Queryable,
  rider: RiderPrincipal,
): Promise<ShipmentTargetView | null> {
  await riderApprovedCheck(db, rider);
  return shipmentRiderCurrent(db, rider);
}

/**
 * Whether a rider holds a shipment or stack in progress (a shift cannot end
 * then, ADR 022). For the shift routes.
 */
export async function shipmentRiderHasWork(db: Queryable, rider: RiderPrincipal): Promise<boolean> {
  return (await shipmentRiderCurrent(db, rider)) !== null;
}

/**
 * `GET /api/shipments/order/{logisticsOrderId}`: the public fields of the
 * shipments of a logistics order of `scope` (a rider's location, or a staff
 * member's company — the route checks the location), and whether one is
 * looking for a driver.
 */
export async function shipmentsOfOrderGet(
  db: Queryable,
  scope: ShipmentScope,
  logisticsOrderId: number,
): Promise<OrderShipmentsView & { branchContactId: number }> {
  const logistics = await logisticsOrderOf(db, scope.companyId, logisticsOrderId);
  if (
    !logistics ||
    (scope.branchContactId !== undefined && logistics.branchContactId !== scope.branchContactId)
  ) {
    throw notFound(shipmentApiMessages.logisticsOrderNotFound(logisticsOrderId));
  }
  const rows = await shipmentViews(db, scope, eq(shipments.logisticsOrderId, logisticsOrderId));
  return { ...orderShipmentsPresent(rows), branchContactId: logistics.branchContactId };
}
