/**
 * (ours, ADR 025) The customer's arrival estimate on the tracking page: the
 * trip left (rider → the store first while the food is not picked up yet →
 * the stops of the rider's stack before this order → this order's door), its
 * straight-line length and drive time when no router answers, and the window
 * the page shows ('Entrega estimada: 21:35–21:45'), never a single minute.
 * Units are branded: `Metres`, `Seconds`; instants are epoch ms.
 */
import { geoDistanceMeters, type LatLng } from './delivery-zone';
import { type ShipmentStatus, shipmentIsFinished } from './shipment';
import { zonedParts } from './zoned-time';

declare const metresBrand: unique symbol;
/** A distance in metres. */
export type Metres = number & { readonly [metresBrand]: 'Metres' };
declare const secondsBrand: unique symbol;
/** A duration in seconds. */
export type Seconds = number & { readonly [secondsBrand]: 'Seconds' };

/** Brands a finite, non-negative number as metres. */
export function metres(value: number): Metres {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`Metres must be ≥ 0, got ${value}`);
  return value as Metres;
}

/** Brands a finite, non-negative number as seconds. */
export function seconds(value: number): Seconds {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`Seconds must be ≥ 0, got ${value}`);
  return value as Seconds;
}

/** (decision) Streets are longer than the crow flies: a straight line × 1.4 in a city grid. */
export const TRACKING_ETA_ROAD_FACTOR = 1.4;
/** (decision) A motorbike's average in city traffic, lights and turns included: 20 km/h. */
export const TRACKING_ETA_URBAN_SPEED_KMH = 20;
/** (decision) Collecting the food at the store, once the rider is there: 4 minutes. */
export const TRACKING_ETA_STORE_HANDOVER = seconds(240);
/** (decision) Handing an order over at a door (parking, the code, change): 2 minutes a stop. */
export const TRACKING_ETA_DOOR_HANDOVER = seconds(120);
/** (decision) The window's ends fall on whole 5 minutes. */
export const TRACKING_ETA_STEP_MINUTES = 5;
/** (decision) The least room on each side of the estimate: 3 minutes… */
export const TRACKING_ETA_MARGIN_BASE = seconds(180);
/** …plus 45 s per kilometre of trip left: a longer trip is less certain, the window wider. */
export const TRACKING_ETA_MARGIN_PER_KM = seconds(45);
/** (decision) The narrowest window shown: 10 minutes. */
export const TRACKING_ETA_MIN_WIDTH_MINUTES = 10;
/** (decision) A rider position older than this gives no estimate: an arrival from a stale point is a guess. */
export const TRACKING_ETA_POSITION_MAX_AGE_MS = 10 * 60_000;

/** The statuses in which the shipment is taken and on its way to this customer (rider shown, positions sent). */
export function trackingRiderOnTheWay(status: ShipmentStatus): boolean {
  return (
    status === 'ON_ROUTE_TO_PICK_UP' ||
    status === 'IN_STORE' ||
    status === 'ON_ROUTE_TO_DROP_OFF' ||
    status === 'ON_ROUTE_TO_DROP_OFFS'
  );
}

/** A shipment of the rider's stack, as the trip needs it. */
export interface TrackingEtaStop {
  id: number;
  status: ShipmentStatus;
  stackingOrder: number;
  destination: LatLng | null;
}

/**
 * The doors the rider goes to before this order's: the unfinished shipments
 * of the stack ahead of it in the stack's order (`stackingOrder`, then id —
 * the order `shipmentStackSort` gives unfinished shipments; a header
 * selection swaps stacking orders, so the rider's choice is followed).
 */
export function trackingEtaStopsBefore(
  stack: readonly TrackingEtaStop[],
  shipmentId: number,
): (LatLng | null)[] {
  const self = stack.find((stop) => stop.id === shipmentId);
  if (!self) return [];
  const ahead = (stop: TrackingEtaStop) =>
    stop.stackingOrder < self.stackingOrder ||
    (stop.stackingOrder === self.stackingOrder && stop.id < self.id);
  return stack
    .filter((stop) => stop.id !== shipmentId && !shipmentIsFinished(stop.status) && ahead(stop))
    .sort((a, b) => a.stackingOrder - b.stackingOrder || a.id - b.id)
    .map((stop) => stop.destination);
}

/** The trip left: points to pass through, in order, and the time spent handing food over on the way. */
export interface TrackingEtaTrip {
  waypoints: LatLng[];
  handovers: Seconds;
}

const usable = (point: LatLng | null | undefined): point is LatLng =>
  !!point &&
  Number.isFinite(point.lat) &&
  Number.isFinite(point.lng) &&
  !(point.lat === 0 && point.lng === 0);

/**
 * The trip from the rider's last position to this order's door: through the
 * store first (and its handover) while the food is not picked up, then every
 * stop before this one (a handover at each door). Null when there is nothing
 * honest to estimate: not on its way, no rider position, no destination, or
 * no store position while the store is still on the way. A stop before this
 * one without coordinates still counts its handover.
 */
export function trackingEtaTrip(input: {
  status: ShipmentStatus;
  rider: LatLng | null;
  branch: LatLng | null;
  stopsBefore: readonly (LatLng | null)[];
  destination: LatLng | null;
}): TrackingEtaTrip | null {
  if (!trackingRiderOnTheWay(input.status) || !usable(input.rider) || !usable(input.destination)) return null;
  const waypoints: LatLng[] = [input.rider];
  let handovers = 0;
  if (input.status === 'ON_ROUTE_TO_PICK_UP' || input.status === 'IN_STORE') {
    if (!usable(input.branch)) return null;
    waypoints.push(input.branch);
    handovers += TRACKING_ETA_STORE_HANDOVER;
  }
  for (const stop of input.stopsBefore) {
    if (usable(stop)) waypoints.push(stop);
    handovers += TRACKING_ETA_DOOR_HANDOVER;
  }
  waypoints.push(input.destination);
  return { waypoints, handovers: seconds(handovers) };
}

/** The trip's length by road, estimated: the straight legs' sum × the road factor. */
export function trackingEtaRoadDistance(waypoints: readonly LatLng[]): Metres {
  let total = 0;
  for (let i = 1; i < waypoints.length; i++) {
    total += geoDistanceMeters(waypoints[i - 1] as LatLng, waypoints[i] as LatLng);
  }
  return metres(total * TRACKING_ETA_ROAD_FACTOR);
}

/** The time to ride a distance at the urban speed. */
export function trackingEtaDriveTime(distance: Metres): Seconds {
  return seconds(distance / ((TRACKING_ETA_URBAN_SPEED_KMH * 1000) / 3600));
}

/** An arrival window: epoch ms, both on whole steps. */
export interface TrackingEtaWindow {
  from: number;
  to: number;
}

const STEP_MS = TRACKING_ETA_STEP_MINUTES * 60_000;
const floorStep = (ms: number) => Math.floor(ms / STEP_MS) * STEP_MS;
const ceilStep = (ms: number) => Math.ceil(ms / STEP_MS) * STEP_MS;

/**
 * The window around the expected arrival (`now` + drive + handovers): a
 * margin each side that grows with the distance left, ends rounded outwards
 * to whole 5 minutes, never starting before the current 5 minutes, at least
 * 10 minutes wide. The arrival is always inside it.
 */
export function trackingEtaWindow(input: {
  now: number;
  drive: Seconds;
  handovers: Seconds;
  distance: Metres;
}): TrackingEtaWindow {
  const arrival = input.now + (input.drive + input.handovers) * 1000;
  const margin = (TRACKING_ETA_MARGIN_BASE + (input.distance / 1000) * TRACKING_ETA_MARGIN_PER_KM) * 1000;
  const from = Math.max(floorStep(input.now), floorStep(arrival - margin));
  const to = Math.max(ceilStep(arrival + margin), from + TRACKING_ETA_MIN_WIDTH_MINUTES * 60_000);
  return { from, to };
}

const clock = (instant: number, timeZone: string) => {
  const parts = zonedParts(instant, timeZone);
  return `${String(parts.hour).padStart(2, '0')}:${String(parts.minute).padStart(2, '0')}`;
};

/** The window as the page reads it, on the location's wall clock: `21:35–21:45` (en dash). */
export function trackingEtaWindowText(window: TrackingEtaWindow, timeZone: string): string {
  return `${clock(window.from, timeZone)}–${clock(window.to, timeZone)}`;
}

/** Whether a rider position reported at `positionAt` is recent enough to estimate from. */
export function trackingEtaPositionFresh(positionAt: number, now: number): boolean {
  return now - positionAt <= TRACKING_ETA_POSITION_MAX_AGE_MS;
}

/**
 * A router's drive time for an earlier position, carried to a newer one: the
 * router's ratio to the straight-line estimate of that trip (how much slower
 * or faster the real streets are) applied to the straight-line estimate from
 * where the rider is now. So the router is asked once every few seconds per
 * order while the estimate still follows every position.
 */
export function trackingEtaRouterCarried(input: {
  routerDrive: Seconds;
  estimateThen: Seconds;
  estimateNow: Seconds;
}): Seconds {
  if (input.estimateThen <= 0) return input.estimateNow;
  return seconds((input.routerDrive / input.estimateThen) * input.estimateNow);
}
