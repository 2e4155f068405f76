/**
 * How long the rider's trip left takes (ADR 025), behind one interface with
 * two ways to answer, chosen by configuration (like the geocoder):
 *
 * - with `ROUTER_URL`, an OSRM-compatible router: `GET
 *   {ROUTER_URL}/route/v1/driving/{lng},{lat};…?overview=false` →
 *   `routes[0].duration` (s) and `.distance` (m). A short timeout; any
 *   failure (network, status, malformed body) is logged and answered with
 *   the straight-line estimate — the page never waits on a router.
 * - otherwise the domain's straight-line estimate (haversine × road factor at
 *   an urban speed), no I/O.
 *
 * The router is asked at most once per order every `reuseMs` for the same
 * stops (an in-process cache keyed by order and stops; a failure is kept as
 * long, so a router that is down is not hammered). In between, each new
 * position is estimated by carrying the router's answer forward: its ratio to
 * the straight-line estimate of the trip it was asked about, applied to the
 * straight-line estimate from the new position (`trackingEtaRouterCarried`).
 */
import type { LatLng } from '@comanda/domain/delivery-zone';
import {
  type Metres,
  metres,
  type Seconds,
  seconds,
  trackingEtaDriveTime,
  trackingEtaRoadDistance,
  trackingEtaRouterCarried,
} from '@comanda/domain/tracking-eta';
import type { FastifyBaseLogger } from 'fastify';

/** (decision) How long a router answer may take before the estimate is used instead. */
export const ROUTE_PLANNER_TIMEOUT_MS = 1500;
/** (decision) The router is asked about one order's trip at most this often (same stops). */
export const ROUTE_PLANNER_REUSE_MS = 15_000;
/** Orders remembered at once; the oldest is forgotten first. */
const ROUTE_PLANNER_MAX_ORDERS = 20_000;

/** A trip's drive time and length, and who computed them. */
export interface RoutePlan {
  drive: Seconds;
  distance: Metres;
  source: 'router' | 'estimate';
}

export interface RoutePlanner {
  /** The drive along `waypoints` (the rider's position first) for a logistics order, at `now` (epoch ms). */
  plan(logisticsOrderId: number, waypoints: readonly LatLng[], now: number): Promise<RoutePlan>;
}

/** The router could not answer (network, timeout, status, body). */
export class RouterUnavailableError extends Error {
  override readonly name = 'RouterUnavailableError';
}

interface Estimate {
  drive: Seconds;
  distance: Metres;
}

function estimateOf(waypoints: readonly LatLng[]): Estimate {
  const distance = trackingEtaRoadDistance(waypoints);
  return { drive: trackingEtaDriveTime(distance), distance };
}

/** The straight-line planner: no router configured. */
export const straightLinePlanner: RoutePlanner = {
  async plan(_id, waypoints) {
    return { ...estimateOf(waypoints), source: 'estimate' };
  },
};

/** Asks an OSRM-compatible router for the drive along `waypoints`. Throws `RouterUnavailableError`. */
export async function osrmRoute(
  routerUrl: string,
  waypoints: readonly LatLng[],
  timeoutMs: number,
): Promise<Estimate> {
  const coordinates = waypoints.map((point) => `${point.lng},${point.lat}`).join(';');
  let body: unknown;
  try {
    const response = await fetch(`${routerUrl}/route/v1/driving/${coordinates}?overview=false`, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new RouterUnavailableError(`router answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof RouterUnavailableError) throw error;
    throw new RouterUnavailableError(error instanceof Error ? error.message : String(error));
  }
  const route = (body as { code?: unknown; routes?: { duration?: unknown; distance?: unknown }[] })
    ?.routes?.[0];
  const { duration, distance } = route ?? {};
  if (
    (body as { code?: unknown }).code !== 'Ok' ||
    typeof duration !== 'number' ||
    typeof distance !== 'number' ||
    !(duration >= 0) ||
    !(distance >= 0)
  ) {
    throw new RouterUnavailableError('router answered no route');
  }
  return { drive: seconds(duration), distance: metres(distance) };
}

interface CacheEntry {
  stops: string;
  at: number;
  /** The straight-line estimate of the trip the router was asked about. */
  asked: Estimate;
  /** The router's answer; null when it failed (the estimate stands until the entry is stale). */
  answer: Promise<Estimate | null>;
}

/** The router planner: OSRM with the straight-line estimate as fallback, throttled per order. */
export function osrmPlanner(options: {
  routerUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  timeoutMs?: number;
  reuseMs?: number;
}): RoutePlanner {
  const timeoutMs = options.timeoutMs ?? ROUTE_PLANNER_TIMEOUT_MS;
  const reuseMs = options.reuseMs ?? ROUTE_PLANNER_REUSE_MS;
  const cache = new Map<number, CacheEntry>();
  return {
    async plan(logisticsOrderId, waypoints, now) {
      const estimate = estimateOf(waypoints);
      if (waypoints.length < 2) return { ...estimate, source: 'estimate' };
      // The rider's position moves with every report; what is routed to does not.
      const stops = waypoints
        .slice(1)
        .map((point) => `${point.lat.toFixed(5)},${point.lng.toFixed(5)}`)
        .join(';');
      let entry = cache.get(logisticsOrderId);
      if (!entry || entry.stops !== stops || now - entry.at >= reuseMs || now < entry.at) {
        const answer = osrmRoute(options.routerUrl, waypoints, timeoutMs).catch((error: unknown) => {
          options.log.warn(
            { reason: error instanceof Error ? error.message : String(error), logisticsOrderId },
            'router unavailable: straight-line arrival estimate',
          );
          return null;
        });
        entry = { stops, at: now, asked: estimate, answer };
        cache.delete(logisticsOrderId);
        cache.set(logisticsOrderId, entry);
        if (cache.size > ROUTE_PLANNER_MAX_ORDERS) cache.delete(cache.keys().next().value as number);
      }
      const answer = await entry.answer;
      if (!answer) return { ...estimate, source: 'estimate' };
      if (estimate.drive === entry.asked.drive && estimate.distance === entry.asked.distance) {
        return { ...answer, source: 'router' };
      }
      return {
        drive: trackingEtaRouterCarried({
          routerDrive: answer.drive,
          estimateThen: entry.asked.drive,
          estimateNow: estimate.drive,
        }),
        distance: metres(
          entry.asked.distance > 0
            ? (answer.distance / entry.asked.distance) * estimate.distance
            : estimate.distance,
        ),
        source: 'router',
      };
    },
  };
}

/** The planner the configuration asks for. */
export function routePlannerFromConfig(
  config: { routerUrl: string | undefined },
  log: Pick<FastifyBaseLogger, 'warn'>,
): RoutePlanner {
  return config.routerUrl ? osrmPlanner({ routerUrl: config.routerUrl, log }) : straightLinePlanner;
}
