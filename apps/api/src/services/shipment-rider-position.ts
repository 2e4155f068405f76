/**
 * `POST /api/rider/position` (ADR 023): the rider app reports where the rider
 * is. Kept on the rider row (the last position only: no trail is stored), at
 * most once every 2 s — a report in between is accepted and dropped. The
 * session is checked in the same statement that stores the position (see
 * shipment-position-repository.ts): one round trip per report. A kept
 * position is published to the venue's console (`rider-position` with the
 * rider's id) and to the tracking room of each order the rider is on, from
 * pick-up until delivery (`rider-position` `{ lat, lng, at, eta }` without
 * the id: the customer learns where their rider is and when to expect them,
 * nothing about the rider's other work). Before a rider takes an order, or
 * after it is delivered or cancelled, its customer hears nothing. The
 * estimate (ADR 025) is computed from what the position statement returned —
 * no further query per report; the router behind it is throttled per order.
 */
import { RIDER_POSITION_MIN_INTERVAL_MS } from '@comanda/domain/shipment-codes';
import { trackingEtaStopsBefore } from '@comanda/domain/tracking-eta';
import { rooms } from '../plugins/app/realtime';
import { trackingPositionPresent } from '../presenters/tracking-presenter';
import { type RiderPositionStored, riderPositionStore } from '../repositories/shipment-position-repository';
import { afterCommit } from './console-service';
import { riderTokenHash } from './rider-session-service';
import type { ShipmentDeps } from './shipment-common';
import { trackingEtaFor } from './tracking-service';

/** `rider-position`'s event name (console and tracking rooms). */
export const RIDER_POSITION = 'rider-position';

/** Stores and publishes a reported position; 'unauthorized' when the token names no live session. */
export async function riderPositionReport(
  deps: Pick<ShipmentDeps, 'db' | 'realtime' | 'now' | 'log' | 'routePlanner'>,
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
  });
  await afterCommit(deps, `${RIDER_POSITION} tracking`, () =>
    trackingPositionsPublish(deps, stored, { lat: position.lat, lng: position.lng, at: now.getTime() }),
  );
  return 'kept';
}

/** `rider-position` with its estimate to the tracking room of every order on its way (in parallel: the router may be asked). */
async function trackingPositionsPublish(
  deps: Pick<ShipmentDeps, 'realtime' | 'routePlanner'>,
  stored: RiderPositionStored,
  position: { lat: number; lng: number; at: number },
): Promise<void> {
  const { place } = stored;
  if (!place) return;
  const at = new Date(position.at).toISOString();
  await Promise.all(
    stored.shipments.map(async (shipment) => {
      const stack =
        shipment.stackId === null ? [] : stored.shipments.filter((s) => s.stackId === shipment.stackId);
      const eta = await trackingEtaFor(
        deps,
        {
          logisticsOrderId: shipment.logisticsOrderId,
          status: shipment.status,
          rider: position,
          branch: place.branch,
          stopsBefore: trackingEtaStopsBefore(stack, shipment.id),
          destination: shipment.destination,
          timeZone: place.timeZone,
        },
        position.at,
      );
      deps.realtime.publish(
        rooms.tracking(shipment.logisticsOrderId),
        RIDER_POSITION,
        trackingPositionPresent({ lat: position.lat, lng: position.lng, at }, eta),
      );
    }),
  );
}
