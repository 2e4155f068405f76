/**
 * The smallest latitude/longitude box that holds every point within a distance
 * of a centre (Matuschek, "Finding points within a distance of a latitude/longitude
 * using bounding coordinates"). The branch guide's search asks the database for
 * the locations inside the box (an index can answer that) and keeps those whose
 * true distance is within the radius.
 */
import { EARTH_RADIUS_METERS, type LatLng } from './delivery-zone';

/** A box in degrees; `minLng > maxLng` never happens: a box crossing ±180° spans every longitude. */
export interface GeoBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** A radius beyond which the box is the whole Earth (half its circumference). */
export const GEO_HALF_CIRCUMFERENCE_METERS = Math.PI * EARTH_RADIUS_METERS;

/**
 * A box that contains every point whose great-circle distance from `center` is at
 * most `radiusMeters`. Near a pole, or across the ±180° meridian, it widens to
 * every longitude: bigger than needed, never missing a point.
 */
export function geoBoundingBox(center: LatLng, radiusMeters: number): GeoBox {
  const angular = Math.max(0, radiusMeters) / EARTH_RADIUS_METERS;
  const deg = 180 / Math.PI;
  const lat = center.lat / deg;
  const minLat = lat - angular;
  const maxLat = lat + angular;
  const whole = { minLng: -180, maxLng: 180 };
  if (angular >= Math.PI / 2 || minLat <= -Math.PI / 2 || maxLat >= Math.PI / 2) {
    return { minLat: Math.max(-90, minLat * deg), maxLat: Math.min(90, maxLat * deg), ...whole };
  }
  const deltaLng = Math.asin(Math.sin(angular) / Math.cos(lat)) * deg;
  const minLng = center.lng - deltaLng;
  const maxLng = center.lng + deltaLng;
  const box = { minLat: minLat * deg, maxLat: maxLat * deg };
  if (minLng < -180 || maxLng > 180) return { ...box, ...whole };
  return { ...box, minLng, maxLng };
}

/** Whether a point lies in a box (edges included). */
export function geoBoxContains(box: GeoBox, point: LatLng): boolean {
  return (
    point.lat >= box.minLat && point.lat <= box.maxLat && point.lng >= box.minLng && point.lng <= box.maxLng
  );
}
