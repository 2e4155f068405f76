import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_METERS, geoDistanceMeters } from './delivery-zone';
import { GEO_HALF_CIRCUMFERENCE_METERS, geoBoundingBox, geoBoxContains } from './geo-bounding-box';

const palermo = { lat: -34.5889, lng: -58.4306 };

/** The point `meters` away from `from` along `bearingDeg` (great circle). */
function destination(from: { lat: number; lng: number }, bearingDeg: number, meters: number) {
  const rad = Math.PI / 180;
  const d = meters / EARTH_RADIUS_METERS;
  const lat1 = from.lat * rad;
  const bearing = bearingDeg * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
  const lng2 =
    from.lng * rad +
    Math.atan2(
      Math.sin(bearing) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { lat: lat2 / rad, lng: ((((lng2 / rad + 540) % 360) + 360) % 360) - 180 };
}

describe('geoBoundingBox', () => {
  it('1 km around Palermo: about ±0.009° of latitude and ±0.011° of longitude', () => {
    const box = geoBoundingBox(palermo, 1000);
    expect(box.maxLat - palermo.lat).toBeCloseTo(0.008993, 5);
    expect(palermo.lat - box.minLat).toBeCloseTo(0.008993, 5);
    expect(box.maxLng - palermo.lng).toBeCloseTo(0.010927, 5);
  });

  it('holds every point within the radius, in any direction, anywhere', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -89.9, max: 89.9, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 1, max: 5_000_000, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (lat, lng, radius, bearing, fraction) => {
          const center = { lat, lng };
          const point = destination(center, bearing, radius * fraction);
          expect(geoDistanceMeters(center, point)).toBeLessThanOrEqual(radius);
          expect(geoBoxContains(geoBoundingBox(center, radius), point)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('spans every longitude near a pole, across ±180° and for half the Earth', () => {
    expect(geoBoundingBox({ lat: 89.99, lng: 10 }, 5000)).toMatchObject({
      minLng: -180,
      maxLng: 180,
      maxLat: 90,
    });
    expect(geoBoundingBox({ lat: -16.5, lng: 179.99 }, 5000)).toMatchObject({ minLng: -180, maxLng: 180 });
    expect(geoBoundingBox(palermo, GEO_HALF_CIRCUMFERENCE_METERS)).toEqual({
      minLat: -90,
      maxLat: 90,
      minLng: -180,
      maxLng: 180,
    });
  });
});
