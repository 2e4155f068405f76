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
