/**
 * Customer live tracking (follow-up §2.8, §4.7): the realtime channel, which
 * markers show, the rider panel, the ETA line, the delivery code modal and the
 * map centre.
 */
import { trackingMessages } from './messages';
import type { ShipmentStatus } from './shipment';

/** follow-up §4.7: realtime channel prefix. */
export const TRACKING_CHANNEL_PREFIX = 'tracking-';
/** follow-up §4.7: the event subscription starts this long after joining. */
export const TRACKING_SUBSCRIBE_DELAY_MS = 1000;
/** follow-up §9: the map opens at zoom 5 (then fits the markers). */
export const TRACKING_INITIAL_ZOOM = 5;
/** follow-up §9: marker icons are 36×36. */
export const TRACKING_MARKER_SIZE = 36;
/** (decision) Latitude offset of the map centre at zoom 14 and above, in degrees. */
export const TRACKING_CENTER_BASE_OFFSET = 0.002;

/** The realtime channel (and Socket.IO room) of a tracking: `tracking-{id}`. */
export function trackingChannel(id: string | number): string {
  return `${TRACKING_CHANNEL_PREFIX}${id}`;
}

/** A map marker. */
export interface TrackingMarker {
  type: 'rider' | 'branch' | 'destination';
  position: { lat: number; lng: number };
}

/** The markers to draw: a marker without a position, or at zero, is dropped. */
export function trackingMarkers(
  positions: Partial<Record<TrackingMarker['type'], { lat: number; lng: number } | null>>,
): TrackingMarker[] {
  const types: TrackingMarker['type'][] = ['rider', 'branch', 'destination'];
  return types.flatMap((type) => {
    const position = positions[type];
    if (!position || (position.lat === 0 && position.lng === 0)) return [];
    return [{ type, position }];
  });
}

/** The rider panel: the name or 'Sin repartidor', and contact buttons only with a phone. */
export function trackingRiderPanel(
  rider: { name?: string | null; phone?: string | null } | null | undefined,
): {
  title: string;
  showContact: boolean;
} {
  const name = rider?.name?.trim();
  return { title: name ? name : trackingMessages.noRider, showContact: !!rider?.phone?.trim() };
}

/** 'Entrega estimada: {eta}' when the ETA is present and non-empty. */
export function trackingEtaText(eta: string | null | undefined): string | null {
  return eta?.trim() ? trackingMessages.eta(eta.trim()) : null;
}

/** (decision) A delivery code is valid when it is 4 to 8 letters or digits; only then the share modal shows. */
export function trackingCodeIsValid(code: string | null | undefined): boolean {
  return !!code && /^[0-9A-Za-z]{4,8}$/.test(code.trim());
}

/**
 * Latitude offset for a zoom: zero below zoom 7; otherwise the base offset,
 * doubled for every level below 14.
 */
export function trackingCenterOffset(zoom: number): number {
  if (zoom < 7) return 0;
  return TRACKING_CENTER_BASE_OFFSET * 2 ** Math.max(0, 14 - Math.floor(zoom));
}

/**
 * The map centre: the rider's position when known, else the average of the
 * markers, shifted south by the zoom's offset so the overlay does not cover them.
 */
export function trackingMapCenter(
  markers: readonly TrackingMarker[],
  zoom: number,
): { lat: number; lng: number } | null {
  const rider = markers.find((marker) => marker.type === 'rider');
  let centre: { lat: number; lng: number } | null = rider ? rider.position : null;
  if (!centre && markers.length > 0) {
    centre = {
      lat: markers.reduce((sum, marker) => sum + marker.position.lat, 0) / markers.length,
      lng: markers.reduce((sum, marker) => sum + marker.position.lng, 0) / markers.length,
    };
  }
  return centre ? { lat: centre.lat - trackingCenterOffset(zoom), lng: centre.lng } : null;
}

/** How a status label is coloured: still waiting, on its way, done, or called off. */
export type TrackingStatusTone = 'waiting' | 'moving' | 'done' | 'canceled';

/**
 * (ours) A shipment's status as the diner reads it, on the follow-up page and
 * the tracking map (the spec asks for "a colour-coded status label" and names
 * none). The diner follows the food, not the rider's bookkeeping: a shipment
 * being grouped or given back by its rider is still waiting for one, and the
 * rider's return trip is the venue's business, the food was delivered.
 */
export function trackingStatusLabel(status: ShipmentStatus): { label: string; tone: TrackingStatusTone } {
  switch (status) {
    case 'PENDING':
    case 'STACKING':
    case 'LOOKING_FOR_DRIVER':
    case 'DRIVER_CANCELED':
      return { label: 'Buscando repartidor', tone: 'waiting' };
    case 'ON_ROUTE_TO_PICK_UP':
      return { label: 'El repartidor va al local', tone: 'moving' };
    case 'IN_STORE':
      return { label: 'El repartidor retira tu pedido', tone: 'moving' };
    case 'ON_ROUTE_TO_DROP_OFF':
    case 'ON_ROUTE_TO_DROP_OFFS':
      return { label: 'Tu pedido va en camino', tone: 'moving' };
    case 'DELIVERED':
    case 'RETURNED':
      return { label: 'Pedido entregado', tone: 'done' };
    case 'CANCELED':
      return { label: 'Envío cancelado', tone: 'canceled' };
  }
}

/** Whether the delivery is over for the diner (delivered or called off): the page stops following it. */
export function trackingIsFinished(status: ShipmentStatus): boolean {
  const { tone } = trackingStatusLabel(status);
  return tone === 'done' || tone === 'canceled';
}

/**
 * (decision) How often the page reads the tracking again while its realtime
 * connection is down: often enough that the rider visibly moves (riders report
 * at most every 2 s), rarely enough that a thousand disconnected pages cost the
 * API little.
 */
export const TRACKING_POLL_INTERVAL_MS = 10_000;

/** (decision) How long the rider marker takes to glide to a newly reported position. */
export const TRACKING_GLIDE_MS = 1000;

/**
 * (decision) Beyond this distance between two reports the marker jumps instead
 * of gliding: a glide across half the city would draw a route the rider never took.
 */
export const TRACKING_GLIDE_MAX_METERS = 2000;

type LatLng = { lat: number; lng: number };

/** Metres between two points (haversine; plenty for a city). */
function metersBetween(from: LatLng, to: LatLng): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Where the rider marker is drawn `elapsedMs` after a new position arrived:
 * from where it was drawn (`from`, null on the first position) to the new one,
 * eased out over `durationMs` so the marker never jumps and settles softly. No
 * glide without a previous point, with a zero duration (reduced motion), or
 * across more than TRACKING_GLIDE_MAX_METERS.
 */
export function trackingGlidePosition(
  from: LatLng | null,
  to: LatLng,
  elapsedMs: number,
  durationMs: number = TRACKING_GLIDE_MS,
): LatLng {
  if (!from || durationMs <= 0 || metersBetween(from, to) > TRACKING_GLIDE_MAX_METERS) return to;
  const progress = Math.min(1, Math.max(0, elapsedMs / durationMs));
  if (progress >= 1) return to;
  const eased = 1 - (1 - progress) ** 3;
  return { lat: from.lat + (to.lat - from.lat) * eased, lng: from.lng + (to.lng - from.lng) * eased };
}

/**
 * (decision) A rider position older than this is no longer shown as live: the
 * rider app reports every few seconds while it is open, so three minutes of
 * silence means the phone lost signal or the app was closed.
 */
export const TRACKING_POSITION_STALE_MS = 3 * 60_000;

/** (ours) The tracking page's own texts (diner: tú). */
export const trackingPageTexts = {
  /** While the realtime connection is down and the page reads the tracking by itself. */
  polling: 'Actualizando cada pocos segundos',
  /** Live: the realtime connection is up. */
  live: 'En vivo',
  lastPosition: (ago: string) => `Última ubicación ${ago}`,
  /** Prefilled in the chat with the rider: who writes, and about which order. */
  riderChat: (orderCode: string) => `Hola, te escribo por el pedido ${orderCode}.`,
  loadFailed: 'No pudimos cargar el seguimiento. Revisa tu conexión e inténtalo de nuevo.',
  loading: 'Cargando el seguimiento…',
} as const;

/**
 * Whether the rider's last position is fresh, and when it is not, how long ago
 * it was reported: 'Última ubicación hace 6 min', 'hace 2 h'. A position "from
 * the future" (the phone's clock ahead of the server's) counts as fresh.
 */
export function trackingPositionFreshness(
  at: string | number | null | undefined,
  now: number,
): { stale: boolean; text: string | null } {
  const reported = typeof at === 'string' ? Date.parse(at) : at;
  if (reported === null || reported === undefined || !Number.isFinite(reported))
    return { stale: false, text: null };
  const age = now - reported;
  if (age <= TRACKING_POSITION_STALE_MS) return { stale: false, text: null };
  const minutes = Math.floor(age / 60_000);
  const ago = minutes < 60 ? `hace ${minutes} min` : `hace ${Math.floor(minutes / 60)} h`;
  return { stale: true, text: trackingPageTexts.lastPosition(ago) };
}
