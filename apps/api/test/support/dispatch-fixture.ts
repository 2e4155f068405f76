/**
 * Helpers of the dispatch view tests: a second staff user who sees only Fuego
 * Belgrano, riders who register themselves from the shift page (not approved),
 * a rider's moves through the shipment API, and the dispatch routes.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { type Answer, freshPhone, request } from './console-fixture';
import { tenantExample } from './diner-fixture';
import { shipmentPut } from './shipment-fixture';
import type { TestContext } from './test-app';

/** A staff user of Fuego who sees Fuego Belgrano only (added to the example tenant by `tenantWithBelgranoStaff`). */
export const FUEGO_BELGRANO_STAFF = { email: 'belgrano@fuego.example', password: 'mostrador-5678' };

/** The example tenant with a staff user for Fuego Belgrano. */
export function tenantWithBelgranoStaff(): Record<string, unknown> {
  const tenant = tenantExample();
  (tenant.staff as Record<string, unknown>[]).push({
    name: 'Mostrador Belgrano',
    ...FUEGO_BELGRANO_STAFF,
    role: 'STAFF',
    branchContacts: ['fuego-belgrano'],
  });
  return tenant;
}

/** A rider who registers from the shift page (`POST /api/rider/createwithcode`): on shift, not approved. */
export async function riderRegister(
  ctx: TestContext,
  branchContactId: number,
  name = 'Martín Sosa',
): Promise<{ riderId: number; token: string; phone: string }> {
  const phone = freshPhone();
  const answer = await request(ctx, 'POST', '/api/rider/createwithcode', {
    payload: {
      name,
      phone,
      securityCode: '2580',
      active: true,
      riderUser: { branchContact: { id: branchContactId } },
    },
  });
  if (answer.status !== 201) expect.fail(`registration: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { riderId: answer.body.id, token: answer.body.session.token, phone: answer.body.phone };
}

/** A rider takes a shipment and moves it through `statuses` (the delivery code is given when delivering). */
export async function riderMoves(
  ctx: TestContext,
  token: string,
  shipmentId: number,
  statuses: readonly string[],
  securityCode?: string,
): Promise<void> {
  for (const status of statuses) {
    const answer = await shipmentPut(
      ctx,
      token,
      shipmentId,
      status,
      status === 'DELIVERED' && securityCode ? { securityCode } : {},
    );
    if (answer.status !== 200)
      expect.fail(`move to ${status}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

/** `GET /api/console/dispatch`. */
export function dispatchView(
  ctx: TestContext,
  token: string | null,
  branchContactId: number,
): Promise<Answer> {
  return request(ctx, 'GET', `/api/console/dispatch?branchContactId=${branchContactId}`, { token });
}

/** The ids of the simple shipments of a column. */
export function simpleIds(items: readonly { kind: string; shipment?: { id: number } }[]): number[] {
  return items.flatMap((item) => (item.kind === 'simple' && item.shipment ? [item.shipment.id] : []));
}

/** A Socket.IO client with a rider's shift token in the handshake (the rider app's); rejects on connect_error. */
export async function riderSocketConnect(baseUrl: string, riderToken: string): Promise<Socket> {
  const socket = connect(baseUrl, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { riderToken },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}
