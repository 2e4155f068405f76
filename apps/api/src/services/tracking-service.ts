/**
 * Customer live tracking (ADR 025): the read the page loads
 * (`GET /api/logisticsorder/tracking/{alias}/{orderCode}` — no login, the
 * order code is the proof), the same answer published as `tracking-updated`
 * after a shipment change, and the arrival estimate both carry.
 *
 * The estimate: the domain's trip (rider → store while not picked up → the
 * stack's stops before this order → the door, `trackingEtaTrip`), timed by
 * the route planner (OSRM when configured, else straight line; throttled per
 * order), shown as a window (`trackingEtaWindow`). No estimate from a position
 * older than `TRACKING_ETA_POSITION_MAX_AGE_MS`.
 */
import type { LatLng } from '@comanda/domain/delivery-zone';
import type { ShipmentStatus } from '@comanda/domain/shipment';
import {
  trackingEtaPositionFresh,
  trackingEtaStopsBefore,
  trackingEtaTrip,
  trackingEtaWindow,
} from '@comanda/domain/tracking-eta';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client';
import { notFound } from '../lib/http-error';
import type { Realtime } from '../plugins/app/realtime';
import { rooms } from '../plugins/app/realtime';
import {
  trackingDestinationOf,
  trackingEtaPresent,
  trackingPointOf,
  trackingPresent,
  trackingRiderShown,
  trackingStatusOf,
} from '../presenters/tracking-presenter';
import type { TrackingEtaView, TrackingView } from '../presenters/tracking-schemas';
import {
  type TrackingOrderRow,
  trackingIdsOfChanges,
  trackingOrderByCode,
  trackingOrderById,
  trackingShipmentOf,
  trackingStackStops,
} from '../repositories/tracking-repository';
import type { RoutePlanner } from './route-planner';

/** `tracking-updated`'s event name. */
export const TRACKING_UPDATED = 'tracking-updated';

/** (ours) The 404 of the tracking read: the same for an unknown code, another location's, or no delivery. */
export const trackingMessages = {
  notFound: 'No encontramos el seguimiento de este pedido',
} as const;

export interface TrackingDeps {
  db: Queryable;
  routePlanner: RoutePlanner;
  now: () => number;
  publicUrl: string;
}

/** What the estimate of one order needs; all of it is at hand on the position hot path. */
export interface TrackingEtaInput {
  logisticsOrderId: number;
  status: ShipmentStatus;
  rider: { lat: number; lng: number; at: number } | null;
  branch: LatLng | null;
  stopsBefore: readonly (LatLng | null)[];
  destination: LatLng | null;
  timeZone: string;
}

/** The arrival window of an order, or null when there is nothing honest to say. */
export async function trackingEtaFor(
  deps: Pick<TrackingDeps, 'routePlanner'>,
  input: TrackingEtaInput,
  now: number,
): Promise<TrackingEtaView | null> {
  if (!input.rider || !trackingEtaPositionFresh(input.rider.at, now)) return null;
  const trip = trackingEtaTrip({
    status: input.status,
    rider: trackingPointOf(input.rider.lat, input.rider.lng),
    branch: input.branch,
    stopsBefore: input.stopsBefore,
    destination: input.destination,
  });
  if (!trip) return null;
  const plan = await deps.routePlanner.plan(input.logisticsOrderId, trip.waypoints, now);
  const window = trackingEtaWindow({
    now,
    drive: plan.drive,
    handovers: trip.handovers,
    distance: plan.distance,
  });
  return trackingEtaPresent(window, plan.source, input.timeZone);
}

/** The tracking answer of a logistics order found (its live shipment, rider, stack and estimate read now). */
export async function trackingOf(deps: TrackingDeps, order: TrackingOrderRow): Promise<TrackingView> {
  const now = deps.now();
  const shipment = await trackingShipmentOf(deps.db, order.companyId, order.logisticsOrderId);
  let eta: TrackingEtaView | null = null;
  if (trackingRiderShown(shipment, order.orderStatus)) {
    const { rider } = shipment;
    const stack =
      shipment.stackId === null ? [] : await trackingStackStops(deps.db, order.companyId, shipment.stackId);
    eta = await trackingEtaFor(
      deps,
      {
        logisticsOrderId: order.logisticsOrderId,
        status: trackingStatusOf(shipment),
        rider:
          rider.lat !== null && rider.lng !== null && rider.positionAt
            ? { lat: rider.lat, lng: rider.lng, at: rider.positionAt.getTime() }
            : null,
        branch: trackingPointOf(order.branch.lat, order.branch.lng),
        stopsBefore: trackingEtaStopsBefore(
          stack.map((stop) => ({
            id: stop.id,
            status: stop.status as ShipmentStatus,
            stackingOrder: stop.stackingOrder,
            destination: trackingDestinationOf(stop.destination),
          })),
          shipment.id,
        ),
        destination: trackingDestinationOf(order.destination),
        timeZone: order.timeZone,
      },
      now,
    );
  }
  return trackingPresent(order, shipment, eta, { now, publicUrl: deps.publicUrl });
}

/** `GET /api/logisticsorder/tracking/{alias}/{orderCode}`: 404 unless the code is an order of that location with a delivery. */
export async function trackingGet(
  deps: TrackingDeps,
  alias: string,
  orderCode: string,
): Promise<TrackingView> {
  const order = await trackingOrderByCode(deps.db, alias, orderCode);
  if (!order) throw notFound(trackingMessages.notFound);
  return trackingOf(deps, order);
}

/**
 * Publishes `tracking-updated` (the whole answer, read fresh) to the tracking
 * room of every logistics order a committed change touched. Call it after
 * commit, from shipment-events.ts only.
 */
export async function trackingChangesAnnounce(
  deps: TrackingDeps & { realtime: Pick<Realtime, 'publish'>; log: Pick<FastifyBaseLogger, 'error'> },
  companyId: number,
  changes: { shipmentIds: readonly number[]; stackIds: readonly number[]; orderCodes: readonly string[] },
): Promise<void> {
  const ids = await trackingIdsOfChanges(deps.db, companyId, changes);
  for (const id of ids) {
    const order = await trackingOrderById(deps.db, companyId, id);
    if (!order) continue;
    deps.realtime.publish(rooms.tracking(id), TRACKING_UPDATED, await trackingOf(deps, order));
  }
}
