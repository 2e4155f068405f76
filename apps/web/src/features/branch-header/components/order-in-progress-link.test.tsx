import { act } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { placedOrderRecord } from '../../../lib/placed-orders';
import { storageScopeSet } from '../../../lib/storage-scope';
import {
  CUSTOMER_SESSION_STORAGE_KEY,
  customerSessionForget,
  customerSessionStart,
} from '../../../stores/customer-session-store';
import { type FakeRequest, fetchFake, jsonResponse, settle, testRootMount } from '../../../testing/fake-api';
import { STORED_SESSION_KEY } from './branch-header';
import { OrderInProgressLink } from './order-in-progress-link';

// 'PEDIDO EN CURSO' in the branch header against a fake API (fetch is the only thing replaced):
// a signed-in diner's comes from their orders at the location, whichever device placed them.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let handler: (request: FakeRequest) => Response;
let requests: FakeRequest[];

const TOKEN = 'T'.repeat(43);
const NOW = Date.parse('2026-11-20T21:00:00-03:00');
const customerOrder = (code: string, inProgress: boolean) => ({
  code,
  type: 'DELIVERY',
  orderModeId: 5,
  status: inProgress ? 'ACCEPTED' : 'DELIVERED',
  orderedAt: new Date(NOW - 20 * 60_000).toISOString(),
  scheduled: false,
  scheduledAt: null,
  inProgress,
  price: 18500,
  items: [],
  branchContact: { id: 7, alias: 'brasa-nunez', name: 'Brasa Núñez' },
  followUpUrl: `/menu/brasa-nunez/order/${code}`,
});

async function render() {
  await act(async () => {
    root.render(
      <MemoryRouter>
        <OrderInProgressLink alias="brasa-nunez" branchContactId={7} />
      </MemoryRouter>,
    );
  });
  await settle();
  await settle();
}

const link = () => container.querySelector<HTMLAnchorElement>('a.order-in-progress');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
  storageScopeSet('brasa');
  customerSessionForget();
  handler = () => jsonResponse(404, { message: 'No existe' });
  requests = fetchFake((request) => handler(request));
  ({ container, root } = testRootMount());
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  customerSessionForget();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("'PEDIDO EN CURSO' for the customer", () => {
  it('a signed-in diner sees the order they placed on another device (this browser kept none)', async () => {
    customerSessionStart({
      token: TOKEN,
      phone: '+5491155552020',
      phoneDisplay: '+54 9 11 5555 2020',
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    handler = (request) =>
      request.path === '/api/orders'
        ? jsonResponse(200, {
            orders: [customerOrder('NEWDELIVERED', false), customerOrder('OTHERDEVICE1', true)],
            offset: 0,
            pageSize: 10,
            nextOffset: null,
          })
        : jsonResponse(404, { message: 'No existe' });
    await render();
    expect(link()?.textContent).toBe('PEDIDO EN CURSO');
    expect(link()?.getAttribute('href')).toBe('/menu/brasa-nunez/order/OTHERDEVICE1');
    const asked = requests.find((request) => request.path === '/api/orders');
    expect(asked?.query.get('branchContactId')).toBe('7');
    expect(asked?.query.get('phone')).toBe('+5491155552020');
    expect(asked?.headers['X-Customer-Session']).toBe(TOKEN);
  });

  it("shows none when none of the customer's orders is in progress", async () => {
    customerSessionStart({
      token: TOKEN,
      phone: '+5491155552020',
      phoneDisplay: '+54 9 11 5555 2020',
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    handler = () =>
      jsonResponse(200, {
        orders: [customerOrder('DONE00000001', false)],
        offset: 0,
        pageSize: 10,
        nextOffset: null,
      });
    await render();
    expect(link()).toBeNull();
  });

  it("signed out, it is still this browser's order, read again from the server", async () => {
    placedOrderRecord({
      code: 'THISBROWSER1',
      alias: 'brasa-nunez',
      orderedAt: new Date(NOW - 10 * 60_000).toISOString(),
      scheduledAt: null,
      status: 'GENERATED',
    });
    handler = (request) =>
      request.path === '/api/diner/7/order/THISBROWSER1'
        ? jsonResponse(200, {
            code: 'THISBROWSER1',
            status: 'ACCEPTED',
            orderedAt: new Date(NOW - 10 * 60_000).toISOString(),
            scheduled: false,
            scheduledAt: null,
            branchContact: { alias: 'brasa-nunez' },
          })
        : jsonResponse(404, { message: 'No existe' });
    await render();
    expect(link()?.getAttribute('href')).toBe('/menu/brasa-nunez/order/THISBROWSER1');
    expect(requests.some((request) => request.path === '/api/orders')).toBe(false);
  });

  it('the header reads the session under the store’s key without loading the store', () => {
    expect(STORED_SESSION_KEY).toBe(CUSTOMER_SESSION_STORAGE_KEY);
  });
});
