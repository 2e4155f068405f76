/**
 * `POST /api/rider/position` (ADR 023): the rider app reports where the rider
 * is. Kept on the rider row (the last position only: no trail is stored), at
 * most once every 2 s — a report in between is accepted and dropped. A kept
 * position is published to the venue's console (`rider-position` with the
 * rider's id) and to the tracking room of each order the rider is on, from
 * pick-up until delivery (`rider-position` without the id: the customer
 * learns where their rider is, nothing about the rider's other work). After
 * delivery, or before a rider takes an order, its customer hears nothing.
 */
import { RIDER_POSITION_MIN_INTERVAL_MS } from '@comanda/domain/shipment-codes';
import { rooms } from '../plugins/app/realtime';
import { riderPositionStore } from '../repositories/shipment-position-repository';
import { afterCommit } from './console-service';
import type { RiderPrincipal } from './rider-session-service';
import type { ShipmentDeps } from './shipment-common';

/** `rider-position`'s event name (console and tracking rooms). */
export const RIDER_POSITION = 'rider-position';

/** Stores and publishes a reported position; answers whether it was kept. */
export async function riderPositionReport(
  deps: Pick<ShipmentDeps, 'db' | 'realtime' | 'now' | 'log'>,
  rider: RiderPrincipal,
  position: { lat: number; lng: number; accuracy?: number | undefined },
): Promise<boolean> {
  const now = new Date(deps.now());
  const stored = await riderPositionStore(deps.db, {
    riderId: rider.id,
    companyId: rider.companyId,
    branchContactId: rider.branchContactId,
    lat: position.lat,
    lng: position.lng,
    accuracy: position.accuracy ?? null,
    now,
    minIntervalMs: RIDER_POSITION_MIN_INTERVAL_MS,
  });
  if (!stored.stored) return false;
  const at = now.toISOString();
  await afterCommit(deps, RIDER_POSITION, async () => {
    deps.realtime.publish(rooms.console(rider.branchContactId), RIDER_POSITION, {
      riderId: rider.id,
      lat: position.lat,
      lng: position.lng,
      at,
    });
    for (const id of stored.logisticsOrderIds) {
      deps.realtime.publish(rooms.tracking(id), RIDER_POSITION, { lat: position.lat, lng: position.lng, at });
    }
  });
  return true;
}
