import { describe, expect, it } from 'vitest';
import {
  type DeliveryZone,
  deliveryZoneContains,
  deliveryZoneFind,
  deliveryZoneInfo,
  geoDistanceMeters,
  geoDistanceText,
  geoPolygonContains,
} from './delivery-zone';
import { moneyMinor as m } from './money';

const palermo = { lat: -34.5889, lng: -58.4306 };
const zones: DeliveryZone[] = [
  {
    name: 'Cercana',
    radiusMeters: 2500,
    fee: m(1500),
    cashFee: m(1800),
    minimumOrderPrice: m(8000),
    freeDeliveryFrom: m(30000),
  },
  {
    name: 'Ampliada',
    polygon: [
      [-58.4706, -34.5589],
      [-58.3906, -34.5589],
      [-58.3906, -34.6189],
      [-58.4706, -34.6189],
      [-58.4706, -34.5589],
    ],
    fee: m(2500),
    cashFee: m(2500),
    minimumOrderPrice: m(12000),
    freeDeliveryFrom: m(45000),
  },
];

describe('tenant format: delivery zones (radius haversine, polygon ray casting, first match wins)', () => {
  it('measures great-circle distances', () => {
    // One degree of latitude is about 111.2 km.
    expect(geoDistanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1);
    expect(geoDistanceMeters(palermo, palermo)).toBe(0);
  });

  it.each([
    ['the branch itself', palermo, 'Cercana'],
    ['1 km north, in both zones: the first listed wins', { lat: -34.5799, lng: -58.4306 }, 'Cercana'],
    ['4 km east, only in the polygon', { lat: -34.5889, lng: -58.387 + -0.01 }, 'Ampliada'],
    ['outside both', { lat: -34.7, lng: -58.6 }, null],
  ])('%s', (_, point, zone) => {
    expect(deliveryZoneFind(zones, palermo, point)?.name ?? null).toBe(zone);
  });

  it('follows the polygon edge', () => {
    const square: [number, number][] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ];
    expect(geoPolygonContains(square, { lng: 5, lat: 5 })).toBe(true);
    expect(geoPolygonContains(square, { lng: 11, lat: 5 })).toBe(false);
    const concave: [number, number][] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [5, 2],
      [0, 10],
    ];
    expect(geoPolygonContains(concave, { lng: 5, lat: 6 })).toBe(false);
    expect(geoPolygonContains(concave, { lng: 5, lat: 1 })).toBe(true);
    expect(geoPolygonContains([], { lng: 5, lat: 1 })).toBe(false);
  });

  it('measures a radius zone from the branch contact', () => {
    const zone = zones[0] as DeliveryZone;
    expect(deliveryZoneContains(zone, palermo, { lat: -34.6112, lng: -58.4306 })).toBe(true);
    expect(deliveryZoneContains(zone, palermo, { lat: -34.6115, lng: -58.4306 })).toBe(false);
  });

  it('gives the delivery info of a point', () => {
    expect(deliveryZoneInfo(zones, palermo, palermo, { ownLogistics: true })).toEqual({
      fee: 1500,
      cashFee: 1800,
      minimumOrderPrice: 8000,
      freeDeliveryFrom: 30000,
      insideDeliveryArea: true,
      zoneName: 'Cercana',
      ownLogistics: true,
    });
    expect(deliveryZoneInfo(zones, palermo, { lat: 0, lng: 0 })).toEqual({
      fee: 0,
      insideDeliveryArea: false,
      zoneName: null,
    });
    expect(deliveryZoneInfo([{ name: 'x', radiusMeters: 10, fee: m(1) }], palermo, palermo)).toEqual({
      fee: 1,
      insideDeliveryArea: true,
      zoneName: 'x',
    });
  });

  it('shows distances in km with one decimal', () => {
    expect(geoDistanceText(2540)).toBe('2,5 km');
    expect(geoDistanceText(120)).toBe('0,1 km');
  });
});
