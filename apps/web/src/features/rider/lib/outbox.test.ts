import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageScopeSet } from '../../../lib/storage-scope';
import type { RiderShipment, RiderTarget } from '../api/rider-api';
import {
  type OutboxDraft,
  type OutboxSettled,
  outboxFlush,
  outboxItems,
  outboxOnSettled,
  outboxSubmit,
} from './outbox';
import { targetWithPending } from './target';

// The offline queue against a fake network (fetch is the only thing replaced):
// what is kept, what is sent with which Idempotency-Key, and what a refusal does.

const TOKEN = 'T'.repeat(43);
const RIDER = { id: 7, name: 'Lucas Romero', phone: '+5491161110001' };

interface Call {
  url: string;
  method: string;
  key: string | null;
  body: Record<string, unknown>;
}

let calls: Call[] = [];
let answer: (call: Call) => Response | Promise<Response>;
let online = true;

function shipment(overrides: Partial<RiderShipment> = {}): RiderShipment {
  return {
    id: 11,
    status: 'IN_STORE',
    code: 'K7QX',
    createdAt: '2026-11-20T23:50:00.000Z',
    updatedAt: '2026-11-20T23:55:00.000Z',
    returnShipment: false,
    stackingOrder: 0,
    stackId: null,
    logisticsOrder: { id: 3 },
    riderId: RIDER.id,
    rider: RIDER,
    eta: null,
    wonByOther: false,
    canCancel: true,
    customerName: null,
    customerPhone: null,
    destination: null,
    branch: { name: 'Brasa Núñez', address: 'Av. Cabildo 3950', lat: -34.5455, lng: -58.4689 },
    order: { paymentType: 'Efectivo', paymentMethod: 'CASH', total: 24000, paysWith: 30000 },
    ...overrides,
  };
}

function draft(id: number, status: RiderShipment['status'], label: string): OutboxDraft {
  return {
    kind: 'simple',
    targetId: id,
    body: { id, status, rider_id: RIDER.id, rider_name: RIDER.name, rider_phone: RIDER.phone },
    view: { kind: 'simple', id },
    label,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  localStorage.clear();
  storageScopeSet(`company-${Math.random()}`);
  calls = [];
  online = true;
  answer = (call) => json(200, shipment({ id: Number(call.body.id), status: call.body.status as never }));
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      const call: Call = {
        url: new URL(String(input)).pathname,
        method: init.method ?? 'GET',
        key: headers['idempotency-key'] ?? null,
        body: JSON.parse(String(init.body ?? '{}')),
      };
      calls.push(call);
      if (!online) throw new TypeError('Failed to fetch');
      return answer(call);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the rider outbox', () => {
  it('sends a change at once when online, with a key and the bearer token, and keeps nothing', async () => {
    const outcome = await outboxSubmit(TOKEN, draft(11, 'ON_ROUTE_TO_DROP_OFF', 'En camino al cliente'));
    expect(outcome.result).toBe('sent');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/shipments/11', method: 'PUT' });
    expect(calls[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    const init = vi.mocked(fetch).mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${TOKEN}`);
    expect(outboxItems()).toEqual([]);
  });

  it('offline: keeps the change with its key, sends nothing, then replays it with the same key once', async () => {
    online = false;
    const outcome = await outboxSubmit(TOKEN, draft(11, 'ON_ROUTE_TO_DROP_OFF', 'En camino al cliente'));
    expect(outcome.result).toBe('queued');
    expect(calls).toHaveLength(0);
    const [kept] = outboxItems();
    expect(kept).toMatchObject({ state: 'pending', targetId: 11, label: 'En camino al cliente' });
    // Kept in storage: a reload of the page still has it.
    expect(Object.values({ ...localStorage }).join()).toContain(kept?.key);

    const settled: OutboxSettled[] = [];
    const stop = outboxOnSettled((event) => settled.push(event));
    online = true;
    await outboxFlush(TOKEN, RIDER.id);
    await outboxFlush(TOKEN, RIDER.id);
    stop();
    expect(calls.map((call) => call.key)).toEqual([kept?.key]);
    expect(settled.map((event) => event.outcome.result)).toEqual(['sent']);
    expect(outboxItems()).toEqual([]);
  });

  it('a request lost on the way is retried with the same key, so the server can answer the replay', async () => {
    let first = true;
    answer = (call) => {
      if (first) {
        first = false;
        throw new TypeError('network changed');
      }
      return json(200, shipment({ status: call.body.status as never }));
    };
    const outcome = await outboxSubmit(TOKEN, draft(11, 'DELIVERED', 'Entregado'));
    expect(outcome.result).toBe('queued');
    await outboxFlush(TOKEN, RIDER.id);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(outboxItems()).toEqual([]);
  });

  it('keeps a change the server could not take (5xx) and sends the queue in the order made', async () => {
    online = false;
    await outboxSubmit(TOKEN, draft(11, 'ON_ROUTE_TO_DROP_OFF', 'En camino al cliente'));
    await outboxSubmit(TOKEN, draft(11, 'DELIVERED', 'Entregado'));
    online = true;
    answer = () => json(503, { message: 'No disponible' });
    await outboxFlush(TOKEN, RIDER.id);
    expect(outboxItems().map((item) => item.state)).toEqual(['pending', 'pending']);
    answer = (call) => json(200, shipment({ status: call.body.status as never }));
    await outboxFlush(TOKEN, RIDER.id);
    expect(calls.slice(1).map((call) => call.body.status)).toEqual(['ON_ROUTE_TO_DROP_OFF', 'DELIVERED']);
    expect(outboxItems()).toEqual([]);
  });

  it('a change refused on reconnection (taken by another rider) is kept as refused, with the changes made after it', async () => {
    online = false;
    await outboxSubmit(TOKEN, draft(11, 'ON_ROUTE_TO_PICK_UP', 'Aceptar envío'));
    await outboxSubmit(TOKEN, draft(11, 'IN_STORE', 'En el local'));
    await outboxSubmit(TOKEN, draft(12, 'DELIVERED', 'Entregado (other page)'));
    online = true;
    answer = (call) =>
      call.body.id === 11
        ? json(409, { message: 'El envío ya fue tomado por otro repartidor', code: 'EXPIRED_BY_OTHER' })
        : json(200, shipment({ id: 12, status: 'DELIVERED' }));
    const settled: OutboxSettled[] = [];
    const stop = outboxOnSettled((event) => settled.push(event));
    await outboxFlush(TOKEN, RIDER.id);
    stop();
    // The second change of shipment 11 is never sent: it depended on the first.
    expect(calls.map((call) => [call.body.id, call.body.status])).toEqual([
      [11, 'ON_ROUTE_TO_PICK_UP'],
      [12, 'DELIVERED'],
    ]);
    expect(outboxItems().map((item) => [item.label, item.state, item.refusal?.takenByOther])).toEqual([
      ['Aceptar envío', 'refused', true],
      ['En el local', 'refused', true],
    ]);
    expect(settled.map((event) => [event.item.targetId, event.outcome.result])).toEqual([
      [11, 'refused'],
      [12, 'sent'],
    ]);
  });

  it('another rider on this device never sends the first one’s changes', async () => {
    online = false;
    await outboxSubmit(TOKEN, draft(11, 'IN_STORE', 'En el local'));
    online = true;
    await outboxFlush(TOKEN, 99);
    expect(calls).toHaveLength(0);
    expect(outboxItems()).toHaveLength(1);
  });
});

describe('the screen with the pending changes', () => {
  it('shows a shipment as it will be once its pending changes arrive (refused ones do not count)', async () => {
    online = false;
    await outboxSubmit(TOKEN, draft(11, 'ON_ROUTE_TO_DROP_OFF', 'En camino al cliente'));
    const target: RiderTarget = { kind: 'simple', shipment: shipment({ status: 'IN_STORE' }) };
    const shown = targetWithPending(target, outboxItems(), RIDER);
    expect(shown.kind === 'simple' && shown.shipment.status).toBe('ON_ROUTE_TO_DROP_OFF');
    const refused = outboxItems().map((item) => ({ ...item, state: 'refused' as const }));
    const unchanged = targetWithPending(target, refused, RIDER);
    expect(unchanged.kind === 'simple' && unchanged.shipment.status).toBe('IN_STORE');
  });

  it('an accept made offline shows the shipment as the rider’s', () => {
    const target: RiderTarget = {
      kind: 'simple',
      shipment: shipment({ status: 'LOOKING_FOR_DRIVER', riderId: null, rider: null }),
    };
    const accept = { ...draft(11, 'ON_ROUTE_TO_PICK_UP', 'Aceptar envío'), key: 'k', createdAt: 0 };
    const shown = targetWithPending(target, [{ ...accept, state: 'pending' }], RIDER);
    expect(shown.kind === 'simple' && [shown.shipment.status, shown.shipment.riderId]).toEqual([
      'ON_ROUTE_TO_PICK_UP',
      RIDER.id,
    ]);
  });
});
