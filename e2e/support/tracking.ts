import type { APIRequestContext, BrowserContext, Route, WebSocketRoute } from '@playwright/test';
import { expect } from './fixtures';
import { type DemoRider, RIDER_ALIAS, riderApiShift } from './rider';
import { deliveryOrderAccept, deliveryOrderPlace, type PlacedDelivery } from './rider-orders';

/**
 * Helpers of the customer tracking tests (apps/web/src/features/tracking): a
 * delivery at Brasa Núñez taken by a rider through the API, the rider's
 * position reports, the page's realtime connection cut and restored, and map
 * tiles drawn locally (tests never fetch tiles from the internet).
 */
export const trackingPath = (orderCode: string, alias = RIDER_ALIAS) =>
  `/logistics/tracking/order/${alias}/${orderCode}`;

export interface TrackedDelivery {
  order: PlacedDelivery;
  /** The logistics order (the realtime room `tracking-{id}`). */
  logisticsOrderId: number;
  shipmentId: number;
  riderToken: string;
  riderId: number;
}

/** The tracking read as the page gets it. */
export async function trackingRead(request: APIRequestContext, orderCode: string) {
  const answer = await request.get(`/api/logisticsorder/tracking/${RIDER_ALIAS}/${orderCode}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return answer.json();
}

/** Moves the shipment as the rider app does (PUT /api/shipments/{id} with the status payload). */
export async function shipmentMoveAs(
  request: APIRequestContext,
  delivery: TrackedDelivery,
  rider: DemoRider,
  status: string,
  securityCode?: string,
): Promise<void> {
  const answer = await request.put(`/api/shipments/${delivery.shipmentId}`, {
    headers: { authorization: `Bearer ${delivery.riderToken}` },
    data: {
      status,
      id: delivery.shipmentId,
      rider_phone: rider.e164,
      rider_name: rider.name,
      rider_id: delivery.riderId,
      ...(securityCode ? { securityCode } : {}),
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * A delivery order placed and accepted by the venue, its shipment taken by
 * `rider` (on shift through the API) and moved to `status`.
 */
export async function trackedDelivery(
  request: APIRequestContext,
  rider: DemoRider,
  customerName: string,
  status: 'LOOKING_FOR_DRIVER' | 'ON_ROUTE_TO_PICK_UP' | 'ON_ROUTE_TO_DROP_OFF' = 'ON_ROUTE_TO_DROP_OFF',
): Promise<TrackedDelivery> {
  const shift = await riderApiShift(request, rider, true);
  if (!shift.token) throw new Error(`${rider.name} got no shift session`);
  const order = await deliveryOrderPlace(request, customerName);
  await deliveryOrderAccept(request, order);
  const tracking = await trackingRead(request, order.code);
  const listed = await request.get(`/api/shipments/order/${tracking.id}`, {
    headers: { authorization: `Bearer ${shift.token}` },
  });
  expect(listed.status(), await listed.text()).toBe(200);
  const shipmentId = (await listed.json()).shipments[0]?.id as number;
  expect(shipmentId).toBeGreaterThan(0);
  const delivery = {
    order,
    logisticsOrderId: tracking.id as number,
    shipmentId,
    riderToken: shift.token,
    riderId: shift.riderId,
  };
  const steps = ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF'];
  const upTo = status === 'LOOKING_FOR_DRIVER' ? 0 : steps.indexOf(status) + 1;
  for (const step of steps.slice(0, upTo)) await shipmentMoveAs(request, delivery, rider, step);
  return delivery;
}

/** The rider app's position report. */
export async function riderReport(
  request: APIRequestContext,
  delivery: TrackedDelivery,
  point: { lat: number; lng: number },
): Promise<void> {
  const answer = await request.post('/api/rider/position', {
    data: { ...point, accuracy: 10 },
    headers: { authorization: `Bearer ${delivery.riderToken}` },
  });
  expect(answer.status(), await answer.text()).toBe(204);
}

/**
 * The page's realtime connection under the test's control: passed through to
 * the server until `cut()`, which closes it and refuses every reconnection
 * until `restore()`.
 */
export async function realtimeSwitch(
  context: BrowserContext,
): Promise<{ cut: () => void; restore: () => void }> {
  let refused = false;
  const open = new Set<WebSocketRoute>();
  await context.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (refused) {
      void ws.close({ code: 1011, reason: 'cut by the test' });
      return;
    }
    ws.connectToServer();
    open.add(ws);
    ws.onClose(() => open.delete(ws));
  });
  return {
    cut() {
      refused = true;
      for (const ws of open) void ws.close({ code: 1011, reason: 'cut by the test' });
      open.clear();
    },
    restore() {
      refused = false;
    },
  };
}

// A light street grid, drawn here: the page's tiles without the internet.
const TILE = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#eef0e6"/><g stroke="#ffffff" stroke-width="9"><path d="M0 64h256M0 192h256M64 0v256M192 0v256"/></g><g stroke="#fbe3a4" stroke-width="12"><path d="M0 128h256"/></g><rect x="84" y="84" width="88" height="30" fill="#cfe3c1"/></svg>`;

/** Map tiles answered locally. */
export async function tilesLocal(context: BrowserContext): Promise<void> {
  await context.route(/tile\.openstreetmap\.org|\/tiles?\//, (route: Route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: TILE }),
  );
}
