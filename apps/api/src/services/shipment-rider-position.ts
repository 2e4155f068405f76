/**
 * `POST /api/rider/position` (ADR 023): the rider app reports where the rider
 * is. Kept on the rider row (the last position only: no trail is stored), at
 * most once every 2 s — a report in between is accepted and dropped. The
 * session is checked in the same statement that stores the position (see
 * shipment-position-repository.ts): one round trip per report. A kept
 * position is published to the venue's console (`rider-position` with the
 * rider's id) and to the tracking room of each order the rider is on, from
 * pick-up until delivery (`rider-position` without the id: the customer
 * learns where their rider is, nothing about the rider's other work). Before
 * a rider takes an order, or after it is delivered, its customer hears
 * nothing.
 */
import { RIDER_POSITION_MIN_INTERVAL_MS } from '@comanda/domain/shipment-codes';
import { rooms } from '../plugins/app/realtime';
import { riderPositionStore } from '../repositories/shipment-position-repository';
import { afterCommit } from './console-service';
import { riderTokenHash } from './rider-session-service';
import type { ShipmentDeps } from './shipment-common';

/** `rider-position`'s event name (console and tracking rooms). */
export const RIDER_POSITION = 'rider-position';

/** Stores and publishes a reported position; 'unauthorized' when the token names no live session. */
export async function riderPositionReport(
  deps: Pick<ShipmentDeps, 'db' | 'realtime' | 'now' | 'log'>,
  token: string,
  position: { lat: number; lng: number; accuracy?: number | undefined },
): Promise<'unauthorized' | 'kept' | 'dropped'> {
  const now = new Date(deps.now());
  const stored = await riderPositionStore(deps.db, {
    tokenHash: riderTokenHash(token),
    lat: position.lat,
    lng: position.lng,
    accuracy: position.accuracy ?? null,
    now,
    minIntervalMs: RIDER_POSITION_MIN_INTERVAL_MS,
  });
  const { rider } = stored;
  if (!rider) return 'unauthorized';
  if (!stored.stored) return 'dropped';
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
  return 'kept';
}
