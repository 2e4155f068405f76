/**
 * Delivery zones (tenant format `deliveryZones`): a radius around the branch
 * contact or a polygon of `[lng, lat]` pairs; when zones overlap the first
 * listed zone containing the point applies. Both the API (fee lookup) and the
 * web (preview on the map) use it. Also distances for the branch guide.
 */
import type { Minor } from './money';
import type { DeliveryInfo } from './types';

/** A point on Earth. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** A delivery zone with its fees. */
export type DeliveryZone = {
  name: string;
  fee: Minor;
  cashFee?: Minor;
  minimumOrderPrice?: Minor;
  freeDeliveryFrom?: Minor;
} & ({ radiusMeters: number } | { polygon: readonly (readonly [number, number])[] });

/** Mean Earth radius (IUGG), metres; the guide's SQL distance uses the same one. */
export const EARTH_RADIUS_METERS = 6_371_008.8;

/** Great-circle distance in metres (haversine). */
export function geoDistanceMeters(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a polygon of `[lng, lat]` pairs contains the point (ray casting, even-odd rule). */
export function geoPolygonContains(polygon: readonly (readonly [number, number])[], point: LatLng): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i] ?? [0, 0];
    const [xj, yj] = polygon[j] ?? [0, 0];
    if (yi > point.lat !== yj > point.lat && point.lng < ((xj - xi) * (point.lat - yi)) / (yj - yi) + xi) {
      inside = !inside;
    }
  }
  return inside;
}

/** Whether a zone contains the point; a radius zone is measured from `origin` (the branch contact). */
export function deliveryZoneContains(zone: DeliveryZone, origin: LatLng, point: LatLng): boolean {
  if ('radiusMeters' in zone) return geoDistanceMeters(origin, point) <= zone.radiusMeters;
  return geoPolygonContains(zone.polygon, point);
}

/** The first listed zone that contains the point, or null (outside the delivery area). */
export function deliveryZoneFind<Z extends DeliveryZone>(
  zones: readonly Z[],
  origin: LatLng,
  point: LatLng,
): Z | null {
  return zones.find((zone) => deliveryZoneContains(zone, origin, point)) ?? null;
}

/**
 * The delivery info of a point: the zone's fees, or outside the area.
 * Rider availability (`providersFailed`, `cashAvailable`) is the logistics side's
 * to add.
 */
export function deliveryZoneInfo(
  zones: readonly DeliveryZone[],
  origin: LatLng,
  point: LatLng,
  extra: Pick<DeliveryInfo, 'ownLogistics' | 'providersFailed' | 'cashAvailable'> = {},
): DeliveryInfo & { zoneName: string | null } {
  const zone = deliveryZoneFind(zones, origin, point);
  if (!zone) return { fee: 0 as Minor, insideDeliveryArea: false, zoneName: null, ...extra };
  const info: DeliveryInfo & { zoneName: string | null } = {
    fee: zone.fee,
    insideDeliveryArea: true,
    zoneName: zone.name,
    ...extra,
  };
  if (zone.cashFee !== undefined) info.cashFee = zone.cashFee;
  if (zone.minimumOrderPrice !== undefined) info.minimumOrderPrice = zone.minimumOrderPrice;
  if (zone.freeDeliveryFrom !== undefined) info.freeDeliveryFrom = zone.freeDeliveryFrom;
  return info;
}

/** A distance as the guide shows it: km with one decimal (`2,5 km`). */
export function geoDistanceText(meters: number): string {
  const km = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    meters / 1000,
  );
  return `${km} km`;
}
