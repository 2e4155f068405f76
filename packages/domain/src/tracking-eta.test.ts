import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ShipmentStatus } from './shipment';
import {
  metres,
  seconds,
  TRACKING_ETA_DOOR_HANDOVER,
  TRACKING_ETA_MIN_WIDTH_MINUTES,
  TRACKING_ETA_POSITION_MAX_AGE_MS,
  TRACKING_ETA_STORE_HANDOVER,
  trackingEtaDriveTime,
  trackingEtaPositionFresh,
  trackingEtaRoadDistance,
  trackingEtaRouterCarried,
  trackingEtaStopsBefore,
  trackingEtaTrip,
  trackingEtaWindow,
  trackingEtaWindowText,
  trackingRiderOnTheWay,
} from './tracking-eta';

const RIDER = { lat: -34.58, lng: -58.43 };
const BRANCH = { lat: -34.5889, lng: -58.4305 };
const DOOR = { lat: -34.585, lng: -58.425 };
const OTHER_DOOR = { lat: -34.57, lng: -58.44 };
const NOW = Date.parse('2025-06-04T16:02:30Z'); // 13:02:30 in Buenos Aires
const ZONE = 'America/Argentina/Buenos_Aires';
const MINUTE = 60_000;

describe('ADR 025: who is on the way to the customer', () => {
  it('is the rider from taking the shipment until it is delivered or cancelled', () => {
    const all: ShipmentStatus[] = [
      'PENDING',
      'STACKING',
      'LOOKING_FOR_DRIVER',
      'ON_ROUTE_TO_PICK_UP',
      'IN_STORE',
      'ON_ROUTE_TO_DROP_OFF',
      'ON_ROUTE_TO_DROP_OFFS',
      'DELIVERED',
      'RETURNED',
      'DRIVER_CANCELED',
      'CANCELED',
    ];
    expect(all.filter(trackingRiderOnTheWay)).toEqual([
      'ON_ROUTE_TO_PICK_UP',
      'IN_STORE',
      'ON_ROUTE_TO_DROP_OFF',
      'ON_ROUTE_TO_DROP_OFFS',
    ]);
  });
});

describe('ADR 025: the trip left', () => {
  it('goes through the store and counts its handover before pick-up', () => {
    for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE'] as const) {
      expect(
        trackingEtaTrip({ status, rider: RIDER, branch: BRANCH, stopsBefore: [], destination: DOOR }),
      ).toEqual({ waypoints: [RIDER, BRANCH, DOOR], handovers: TRACKING_ETA_STORE_HANDOVER });
    }
  });

  it('goes straight to the door once on route, through the stops before it with a handover each', () => {
    expect(
      trackingEtaTrip({
        status: 'ON_ROUTE_TO_DROP_OFF',
        rider: RIDER,
        branch: BRANCH,
        stopsBefore: [OTHER_DOOR, null],
        destination: DOOR,
      }),
    ).toEqual({ waypoints: [RIDER, OTHER_DOOR, DOOR], handovers: 2 * TRACKING_ETA_DOOR_HANDOVER });
  });

  it('gives nothing without a rider position, a destination, the store before pick-up, or once finished', () => {
    const base = { rider: RIDER, branch: BRANCH, stopsBefore: [], destination: DOOR };
    expect(trackingEtaTrip({ ...base, status: 'ON_ROUTE_TO_DROP_OFF', rider: null })).toBeNull();
    expect(
      trackingEtaTrip({ ...base, status: 'ON_ROUTE_TO_DROP_OFF', rider: { lat: 0, lng: 0 } }),
    ).toBeNull();
    expect(trackingEtaTrip({ ...base, status: 'ON_ROUTE_TO_DROP_OFF', destination: null })).toBeNull();
    expect(trackingEtaTrip({ ...base, status: 'IN_STORE', branch: null })).toBeNull();
    expect(trackingEtaTrip({ ...base, status: 'ON_ROUTE_TO_DROP_OFF', branch: null })).not.toBeNull();
    for (const status of ['LOOKING_FOR_DRIVER', 'DELIVERED', 'CANCELED', 'DRIVER_CANCELED'] as const) {
      expect(trackingEtaTrip({ ...base, status })).toBeNull();
    }
  });

  it('takes the unfinished stops ahead in the stack order (stacking order, then id)', () => {
    const stop = (id: number, stackingOrder: number, status: ShipmentStatus = 'ON_ROUTE_TO_DROP_OFF') => ({
      id,
      status,
      stackingOrder,
      destination: { lat: -34.5 - id / 100, lng: -58.4 },
    });
    const stack = [
      stop(4, 3),
      stop(1, 1, 'DELIVERED'),
      stop(2, 2),
      stop(3, 2),
      stop(5, 0, 'DRIVER_CANCELED'),
    ];
    expect(trackingEtaStopsBefore(stack, 4)).toEqual([stop(2, 2).destination, stop(3, 2).destination]);
    expect(trackingEtaStopsBefore(stack, 3)).toEqual([stop(2, 2).destination]);
    expect(trackingEtaStopsBefore(stack, 2)).toEqual([]);
    expect(trackingEtaStopsBefore(stack, 99)).toEqual([]);
  });
});

describe('ADR 025: straight-line estimate', () => {
  it('is the legs’ sum × 1.4 at 20 km/h', () => {
    // 1 km north: ~0.008993° of latitude.
    const distance = trackingEtaRoadDistance([
      { lat: 0.001, lng: 0 },
      { lat: 0.001 + 0.0089932, lng: 0 },
    ]);
    expect(distance).toBeCloseTo(1400, 0);
    expect(trackingEtaDriveTime(metres(1400))).toBeCloseTo(252, 6);
    expect(trackingEtaRoadDistance([RIDER])).toBe(0);
  });

  it('grows with every point added to the trip', () => {
    const point = fc.record({
      lat: fc.double({ min: -60, max: 10, noNaN: true }),
      lng: fc.double({ min: -80, max: -30, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 6 }), point, (trip, extra) => {
        expect(trackingEtaRoadDistance([...trip, extra])).toBeGreaterThanOrEqual(
          trackingEtaRoadDistance(trip),
        );
      }),
    );
  });

  it('refuses negative or non-finite units', () => {
    expect(() => metres(-1)).toThrow(RangeError);
    expect(() => seconds(Number.NaN)).toThrow(RangeError);
  });
});

describe('ADR 025: the window shown', () => {
  it('rounds outwards to whole 5 minutes, 10 minutes wide at least, in the location’s clock', () => {
    // 13:02:30 + 10 min drive + 2 min handover = 13:14:30; margin 3 min + 45 s × 2 km = 4.5 min.
    const window = trackingEtaWindow({
      now: NOW,
      drive: seconds(600),
      handovers: seconds(120),
      distance: metres(2000),
    });
    expect(trackingEtaWindowText(window, ZONE)).toBe('13:10–13:20');
    // Arriving now: from the current 5 minutes, 10 minutes wide.
    const here = trackingEtaWindow({
      now: NOW,
      drive: seconds(0),
      handovers: seconds(0),
      distance: metres(0),
    });
    expect(trackingEtaWindowText(here, ZONE)).toBe('13:00–13:10');
  });

  const input = fc.record({
    now: fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2030-01-01T00:00:00Z') }),
    drive: fc.double({ min: 0, max: 4 * 3600, noNaN: true }).map(seconds),
    handovers: fc.integer({ min: 0, max: 6 }).map((n) => seconds(n * 120)),
    distance: fc.double({ min: 0, max: 60_000, noNaN: true }).map(metres),
  });

  it('always holds the arrival, on whole 5 minutes, never before the current 5 minutes', () => {
    fc.assert(
      fc.property(input, (value) => {
        const { from, to } = trackingEtaWindow(value);
        const arrival = value.now + (value.drive + value.handovers) * 1000;
        expect(from).toBeLessThanOrEqual(arrival);
        expect(to).toBeGreaterThanOrEqual(arrival);
        expect(from % (5 * MINUTE)).toBe(0);
        expect(to % (5 * MINUTE)).toBe(0);
        expect(from).toBeGreaterThanOrEqual(Math.floor(value.now / (5 * MINUTE)) * 5 * MINUTE);
        expect(to - from).toBeGreaterThanOrEqual(TRACKING_ETA_MIN_WIDTH_MINUTES * MINUTE);
      }),
    );
  });

  it('never narrows as the distance left grows (same arrival)', () => {
    fc.assert(
      fc.property(input, fc.double({ min: 0, max: 30_000, noNaN: true }), (value, more) => {
        const near = trackingEtaWindow(value);
        const far = trackingEtaWindow({ ...value, distance: metres(value.distance + more) });
        expect(far.to - far.from).toBeGreaterThanOrEqual(near.to - near.from);
      }),
    );
  });
});

describe('ADR 025: freshness and the router carried forward', () => {
  it('estimates only from a position of the last 10 minutes', () => {
    expect(trackingEtaPositionFresh(NOW - TRACKING_ETA_POSITION_MAX_AGE_MS, NOW)).toBe(true);
    expect(trackingEtaPositionFresh(NOW - TRACKING_ETA_POSITION_MAX_AGE_MS - 1, NOW)).toBe(false);
  });

  it('applies the router’s ratio to the new straight-line estimate', () => {
    expect(
      trackingEtaRouterCarried({
        routerDrive: seconds(900),
        estimateThen: seconds(600),
        estimateNow: seconds(400),
      }),
    ).toBe(600);
    expect(
      trackingEtaRouterCarried({
        routerDrive: seconds(900),
        estimateThen: seconds(0),
        estimateNow: seconds(30),
      }),
    ).toBe(30);
  });
});
