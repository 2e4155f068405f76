import { describe, expect, it } from 'vitest';
import type { DeliveryZone } from './delivery-zone';
import { GEO_HALF_CIRCUMFERENCE_METERS } from './geo-bounding-box';
import {
  GUIDE_SEARCH_FIRST_RADIUS_METERS,
  guideReachableByDelivery,
  guideSearchOffset,
  guideSearchRadii,
  guideSort,
} from './guide';
import { moneyMinor as m } from './money';

const palermo = { lat: -34.5889, lng: -58.4306 };
const zones: DeliveryZone[] = [{ name: 'Cercana', radiusMeters: 2500, fee: m(1500), cashFee: m(1500) }];

describe('guideSearchOffset', () => {
  it('is (page − 1) × pageSize, page 1 first', () => {
    expect(guideSearchOffset(1, 20)).toBe(0);
    expect(guideSearchOffset(3, 20)).toBe(40);
    expect(guideSearchOffset(0, 20)).toBe(0);
  });
});

describe('guideSearchRadii', () => {
  it('grows by √2 from 1 km (the area doubles each step) and ends with the whole Earth', () => {
    const radii = guideSearchRadii();
    expect(radii[0]).toBe(GUIDE_SEARCH_FIRST_RADIUS_METERS);
    expect(radii[2]).toBeCloseTo(2000, 6);
    expect(radii[4]).toBeCloseTo(4000, 6);
    expect(radii.at(-1)).toBe(GEO_HALF_CIRCUMFERENCE_METERS);
    expect(radii.at(-2)).toBeGreaterThan(GEO_HALF_CIRCUMFERENCE_METERS / Math.SQRT2);
    expect(radii.length).toBeLessThan(40);
  });
});

describe('guideReachableByDelivery', () => {
  it('inside a zone of a location that takes delivery orders', () => {
    const near = { lat: -34.59, lng: -58.43 };
    expect(guideReachableByDelivery(zones, palermo, near, true)).toBe(true);
    expect(guideReachableByDelivery(zones, palermo, near, false)).toBe(false);
    expect(guideReachableByDelivery(zones, palermo, { lat: -34.7, lng: -58.43 }, true)).toBe(false);
    expect(guideReachableByDelivery([], palermo, near, true)).toBe(false);
  });
});

describe('guideSort', () => {
  it('nearest first, ties by name, with the distance as shown', () => {
    const sorted = guideSort([
      { id: '1', alias: 'b', name: 'Zeta', distanceInMeters: 2500, reachableByDelivery: true },
      { id: '2', alias: 'a', name: 'Alfa', distanceInMeters: 2500, reachableByDelivery: false },
      { id: '3', alias: 'c', name: 'Cerca', distanceInMeters: 349, reachableByDelivery: false },
    ]);
    expect(sorted.map((b) => [b.name, b.distanceText])).toEqual([
      ['Cerca', '0,3 km'],
      ['Alfa', '2,5 km'],
      ['Zeta', '2,5 km'],
    ]);
  });
});
