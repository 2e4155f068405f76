import { plateConfigurationToCartItem } from '@comanda/domain/plate-configuration';
import type { Plate } from '@comanda/domain/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageScopeSet } from '../lib/storage-scope';
import { cartActions, cartDiscard } from './cart-logic';
import { cartBind, cartLogicLoad } from './cart-store';
import { customerSessionForget, customerSessionStart } from './customer-session-store';

// The leave beacon and the cancel (ADR 028) with the real cart rules: only the network edge
// (navigator.sendBeacon and fetch) is replaced.

const TOKEN = 'S'.repeat(43);
const flan = { id: '2', showName: 'Flan', price: 4990 } as unknown as Plate;
const bife = { id: '1', showName: 'Bife', price: 16950 } as unknown as Plate;
const item = (plate: Plate) => {
  const configured = plateConfigurationToCartItem(plate, { groups: {} }, { quantity: 1 });
  if (!configured.item) throw new Error('not configurable');
  return configured.item;
};

let beacons: { url: string; body: Record<string, unknown> }[] = [];
let fetched: { method: string; path: string; body: unknown; session: string | null }[] = [];
let visibility: DocumentVisibilityState = 'visible';

async function hide(event: 'visibilitychange' | 'pagehide') {
  visibility = 'hidden';
  if (event === 'pagehide') dispatchEvent(new Event('pagehide'));
  else document.dispatchEvent(new Event('visibilitychange'));
  visibility = 'visible';
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The beacon bodies, read back from their Blobs. */
async function sent() {
  return beacons;
}

beforeEach(async () => {
  storageScopeSet('brasa');
  localStorage.clear();
  beacons = [];
  fetched = [];
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: vi.fn((url: string, data: Blob) => {
      const entry = { url, body: {} as Record<string, unknown> };
      beacons.push(entry);
      void data.text().then((text) => {
        entry.body = JSON.parse(text);
      });
      expect(data.type).toBe('application/json');
      return true;
    }),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      const headers = new Headers(init?.headers);
      fetched.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        session: headers.get('x-customer-session'),
      });
      const body =
        url.pathname === '/api/diner/brasa-nunez'
          ? {
              type: 'BRANCH_CONTACT',
              company: { alias: 'brasa' },
              branchContact: { id: 1, branch: { id: 7 } },
            }
          : { settled: ['CANCELED'] };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  customerSessionStart({
    token: TOKEN,
    phone: '+5491155552020',
    phoneDisplay: '+54 9 11 5555 2020',
    expiresAt: '2099-01-01T00:00:00.000Z',
  });
  await cartLogicLoad();
  cartBind('brasa-nunez', 1);
  cartActions.setMode(3, 'menu-1');
  // The beacon's chunk loads after the rules, and reads the branch of the alias (once a page).
  await import('./abandoned-cart-beacon');
  await new Promise((resolve) => setTimeout(resolve, 20));
});

afterEach(() => {
  cartDiscard();
  customerSessionForget();
  vi.unstubAllGlobals();
});

describe('a signed-in diner leaving with items', () => {
  it('sends one beacon per leave with the cart, the session in the body; again only when the cart changed', async () => {
    cartActions.add(item(flan));
    await hide('visibilitychange');
    await hide('pagehide');
    await vi.waitFor(async () => expect((await sent())[0]?.body.branchContactId).toBe(1));
    expect(beacons).toHaveLength(1);
    expect(beacons[0]).toEqual({
      url: '/api/abandoned/cart/',
      body: {
        branchContactId: 1,
        branchId: 7,
        phone: '+5491155552020',
        orderModeId: 3,
        items: [{ referenceId: 2, referenceType: 'PLATE', quantity: 1, name: 'Flan', extras: [] }],
        navigationEvent: 'visibilitychange',
        customerSession: TOKEN,
      },
    });

    cartActions.add(item(bife));
    await hide('pagehide');
    await vi.waitFor(() => expect(beacons).toHaveLength(2));
    expect(beacons[1]?.body).toMatchObject({
      navigationEvent: 'pagehide',
      items: [{ name: 'Flan' }, { name: 'Bife' }],
    });
  });

  it('sends nothing for an empty cart or a diner who is not signed in', async () => {
    await hide('visibilitychange');
    customerSessionForget();
    cartActions.add(item(flan));
    await hide('visibilitychange');
    expect(beacons).toHaveLength(0);
  });

  it('emptying the cart cancels its open cart with the session header, and the next leave reports again', async () => {
    cartActions.add(item(flan));
    await hide('visibilitychange');
    cartActions.remove(0);
    await vi.waitFor(() =>
      expect(fetched.filter((call) => call.method === 'PUT')).toEqual([
        {
          method: 'PUT',
          path: '/api/abandoned/cart/cancel/',
          body: { branchContactId: 1, branchId: 7, phone: '+5491155552020', navigationEvent: 'cart-emptied' },
          session: TOKEN,
        },
      ]),
    );
    cartActions.add(item(flan));
    await hide('visibilitychange');
    expect(beacons).toHaveLength(2);
  });
});
