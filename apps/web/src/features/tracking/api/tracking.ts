/**
 * The tracking page's calls (issue 10 contract): the tracking read, public by
 * alias and order code, and the map settings. The realtime events carry the
 * same shapes (`tracking-updated`: the whole read; `rider-position`: a move).
 */
import type { ShipmentStatus } from '@comanda/domain/shipment';
import { apiRequest } from '../../../lib/api-client';

export interface TrackingPoint {
  lat: number;
  lng: number;
}

export interface TrackingEta {
  from: string;
  to: string;
  /** The window in the location's zone ('21:35–21:45'): what 'Entrega estimada: {eta}' shows. */
  text: string;
  source: 'router' | 'estimate';
}

/** `GET /api/logisticsorder/tracking/{alias}/{orderCode}`. */
export interface TrackingInfo {
  /** The logistics order: the realtime room is `tracking-{id}`. */
  id: number;
  status: ShipmentStatus;
  orderCode: string;
  orderedAt: string;
  /** The location's zone: every time on the page is shown in it. */
  timeZone: string;
  /** The delivery code ('Clave de entrega'); null once delivered or cancelled. */
  securityCode: string | null;
  /** Only while the shipment is taken and on its way to this customer. */
  rider: {
    name: string;
    phone: string | null;
    position: (TrackingPoint & { at: string }) | null;
  } | null;
  branch: { name: string; logoUrl: string | null; position: TrackingPoint | null };
  destination: { position: TrackingPoint | null };
  eta: TrackingEta | null;
  updatedAt: string;
}

/** `rider-position` on the tracking room: where the rider is now, and the estimate from there. */
export interface TrackingRiderPositionEvent {
  lat: number;
  lng: number;
  at: string;
  eta: TrackingEta | null;
}

export function trackingGet(alias: string, orderCode: string, signal?: AbortSignal): Promise<TrackingInfo> {
  return apiRequest<TrackingInfo>(
    `/logisticsorder/tracking/${encodeURIComponent(alias)}/${encodeURIComponent(orderCode)}`,
    { signal },
  );
}

/** The map's tiles (MAP_TILE_URL), attribution and zoom limits (`GET /api/geo/config`). */
export interface TrackingMapConfig {
  tileUrl: string;
  attribution: string;
  defaultCenter: TrackingPoint;
  defaultZoom: number;
  maxZoom: number;
}

let mapConfig: Promise<TrackingMapConfig> | null = null;

/** The map settings, asked once per page (a failure is forgotten, so the next map retries). */
export function trackingMapConfig(): Promise<TrackingMapConfig> {
  mapConfig ??= apiRequest<TrackingMapConfig>('/geo/config').catch((error: unknown) => {
    mapConfig = null;
    throw error;
  });
  return mapConfig;
}
