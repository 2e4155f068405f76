import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  metres,
  seconds,
  trackingEtaDriveTime,
  trackingEtaRoadDistance,
  trackingEtaWindow,
} from '@comanda/domain/tracking-eta';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../src/config';
import { osrmPlanner } from '../src/services/route-planner';
import { FUEGO_OWNER, request, staffLogin } from './support/console-fixture';
import { tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { DIEGO, riderOnShift } from './support/rider-fixture';
import { deliveryAccepted, NEAR, shipmentPut, tenantWithRiders } from './support/shipment-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// Issue 10, the arrival estimate with a router (ADR 025): with ROUTER_URL the
// trip is timed by an OSRM-compatible router — here a local HTTP server
// speaking OSRM's `/route/v1/driving/…` — asked at most once per order every
// 15 s for the same stops (positions in between carry its answer forward); a
// router that fails, answers garbage or is too slow gives way to the
// straight-line estimate.

type Mode = 'ok' | 'error' | 'garbage' | 'slow';

/** A local OSRM stand-in: answers `duration`/`distance` per mode, and records every request's URL. */
async function osrmServer(): Promise<{
  url: string;
  requests: string[];
  set(mode: Mode, route?: { duration: number; distance: number }): void;
  close(): Promise<void>;
}> {
  const requests: string[] = [];
  let mode: Mode = 'ok';
  let route = { duration: 1800, distance: 6000 };
  const server: Server = createServer((req: IncomingMessage, res) => {
    requests.push(req.url ?? '');
    const answer = () => {
      if (mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":"InvalidQuery"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        mode === 'garbage'
          ? '{"code":"Ok","routes":[]}'
          : JSON.stringify({
              code: 'Ok',
              routes: [{ duration: route.duration, distance: route.distance, legs: [] }],
              waypoints: [],
            }),
      );
    };
    if (mode === 'slow') setTimeout(answer, 3000).unref();
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set(next, nextRoute) {
      mode = next;
      if (nextRoute) route = nextRoute;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const BRANCH = { lat: -34.5889, lng: -58.4306 };
const DOOR = { lat: NEAR.lat, lng: NEAR.lng };
const RIDER_AT = { lat: -34.6, lng: -58.44 };
const coordinates = (points: { lat: number; lng: number }[]) =>
  points.map((point) => `${point.lng},${point.lat}`).join(';');

describe.each(testDatabaseKinds())('arrival estimate with a router on %s', (kind) => {
  let router: Awaited<ReturnType<typeof osrmServer>>;
  const overrides: Partial<Config> = {};
  beforeAll(async () => {
    router = await osrmServer();
    overrides.routerUrl = router.url;
  });
  const ctx = useTestApp(kind, overrides);
  let palermo: LocationIds;
  let owner = '';
  let diego = { token: '', riderId: 0 };
  const LATER = WEDNESDAY_1300 + 3_600_000;
  const tracking = async (code: string) =>
    (await request(ctx, 'GET', `/api/logisticsorder/tracking/fuego-palermo/${code}`)).body;
  const report = (position: { lat: number; lng: number }) =>
    request(ctx, 'POST', '/api/rider/position', { token: diego.token, payload: position });

  beforeAll(async () => {
    await tenantLoad(ctx, tenantWithRiders(0));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    owner = await staffLogin(ctx, FUEGO_OWNER);
    diego = await riderOnShift(ctx, palermo.id, DIEGO.phone);
  });
  beforeEach(() => {
    ctx.app.clock.pin(WEDNESDAY_1300);
    router.set('ok', { duration: 1800, distance: 6000 });
    router.requests.length = 0;
  });
  afterAll(async () => {
    ctx.app.clock.pin(undefined);
    await router.close();
  });

  it('times the trip with the router, asked once per order every 15 s for the same stops', async () => {
    const { order, shipment } = await deliveryAccepted(ctx, palermo, owner);
    expect((await shipmentPut(ctx, diego.token, shipment.id, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
    ctx.app.clock.pin(LATER);
    expect((await report(RIDER_AT)).status).toBe(204);
    expect(router.requests).toEqual([
      `/route/v1/driving/${coordinates([RIDER_AT, BRANCH, DOOR])}?overview=false`,
    ]);
    const first = (await tracking(order.code)).eta;
    // 30 min by the router + 4 min at the store, margin 3 min + 45 s × 6 km.
    const window = trackingEtaWindow({
      now: LATER,
      drive: seconds(1800),
      handovers: seconds(240),
      distance: metres(6000),
    });
    expect(first).toMatchObject({
      source: 'router',
      from: new Date(window.from).toISOString(),
      to: new Date(window.to).toISOString(),
    });
    expect(router.requests).toHaveLength(1);

    // 3 s later, elsewhere: the router's answer carried to the new position, not asked again.
    ctx.app.clock.pin(LATER + 3000);
    const closer = { lat: -34.595, lng: -58.435 };
    expect((await report(closer)).status).toBe(204);
    expect(router.requests).toHaveLength(1);
    const carried = (await tracking(order.code)).eta;
    expect(carried.source).toBe('router');
    const ratio = 1800 / trackingEtaDriveTime(trackingEtaRoadDistance([RIDER_AT, BRANCH, DOOR]));
    const drive = ratio * trackingEtaDriveTime(trackingEtaRoadDistance([closer, BRANCH, DOOR]));
    const distance =
      (6000 / trackingEtaRoadDistance([RIDER_AT, BRANCH, DOOR])) *
      trackingEtaRoadDistance([closer, BRANCH, DOOR]);
    const carriedWindow = trackingEtaWindow({
      now: LATER + 3000,
      drive: seconds(drive),
      handovers: seconds(240),
      distance: metres(distance),
    });
    expect(carried.from).toBe(new Date(carriedWindow.from).toISOString());
    expect(carried.to).toBe(new Date(carriedWindow.to).toISOString());

    // New stops (the food is picked up: no store on the way) ask at once.
    expect((await shipmentPut(ctx, diego.token, shipment.id, 'IN_STORE')).status).toBe(200);
    expect((await shipmentPut(ctx, diego.token, shipment.id, 'ON_ROUTE_TO_DROP_OFF')).status).toBe(200);
    expect(router.requests.at(-1)).toBe(`/route/v1/driving/${coordinates([closer, DOOR])}?overview=false`);
    const asked = router.requests.length;
    // After 15 s the same stops are asked again.
    ctx.app.clock.pin(LATER + 3000 + 15_000);
    expect((await report(closer)).status).toBe(204);
    expect(router.requests).toHaveLength(asked + 1);
  });

  it('falls back to the straight-line estimate when the router fails, without asking again at once', async () => {
    router.set('error');
    const { order, shipment } = await deliveryAccepted(ctx, palermo, owner);
    for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF']) {
      expect((await shipmentPut(ctx, diego.token, shipment.id, status)).status).toBe(200);
    }
    ctx.app.clock.pin(LATER + 10 * 60_000);
    expect((await report(BRANCH)).status).toBe(204);
    const distance = trackingEtaRoadDistance([BRANCH, DOOR]);
    const window = trackingEtaWindow({
      now: LATER + 10 * 60_000,
      drive: trackingEtaDriveTime(distance),
      handovers: seconds(0),
      distance,
    });
    expect((await tracking(order.code)).eta).toMatchObject({
      source: 'estimate',
      from: new Date(window.from).toISOString(),
      to: new Date(window.to).toISOString(),
    });
    const asked = router.requests.length;
    router.set('ok');
    expect((await tracking(order.code)).eta.source).toBe('estimate');
    expect(router.requests).toHaveLength(asked);
  });
});

describe('OSRM planner on its own', () => {
  let router: Awaited<ReturnType<typeof osrmServer>>;
  const warnings: unknown[] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args) };
  beforeAll(async () => {
    router = await osrmServer();
  });
  afterAll(() => router.close());

  it('gives the estimate when the router is too slow, within the timeout, and logs it', async () => {
    router.set('slow');
    const planner = osrmPlanner({ routerUrl: router.url, log, timeoutMs: 200 });
    const started = Date.now();
    const plan = await planner.plan(1, [RIDER_AT, DOOR], 0);
    expect(Date.now() - started).toBeLessThan(2000);
    const distance = trackingEtaRoadDistance([RIDER_AT, DOOR]);
    expect(plan).toEqual({ source: 'estimate', distance, drive: trackingEtaDriveTime(distance) });
    expect(warnings).toHaveLength(1);
  });

  it('gives the estimate for an answer without a route, and for a router that cannot be reached', async () => {
    router.set('garbage');
    const planner = osrmPlanner({ routerUrl: router.url, log });
    expect((await planner.plan(2, [RIDER_AT, DOOR], 0)).source).toBe('estimate');
    const unreachable = osrmPlanner({ routerUrl: 'http://127.0.0.1:9', log });
    expect((await unreachable.plan(3, [RIDER_AT, DOOR], 0)).source).toBe('estimate');
  });

  it('asks again for another order, and for the same one once its answer is 15 s old', async () => {
    router.set('ok', { duration: 600, distance: 2000 });
    router.requests.length = 0;
    const planner = osrmPlanner({ routerUrl: router.url, log });
    const [one, two] = await Promise.all([
      planner.plan(10, [RIDER_AT, DOOR], 1_000),
      planner.plan(10, [RIDER_AT, DOOR], 1_000),
    ]);
    expect(one).toEqual({ source: 'router', drive: 600, distance: 2000 });
    expect(two).toEqual(one);
    await planner.plan(11, [RIDER_AT, DOOR], 1_000);
    expect(router.requests).toHaveLength(2);
    await planner.plan(10, [RIDER_AT, DOOR], 15_999);
    expect(router.requests).toHaveLength(2);
    await planner.plan(10, [RIDER_AT, DOOR], 16_000);
    expect(router.requests).toHaveLength(3);
  });
});
