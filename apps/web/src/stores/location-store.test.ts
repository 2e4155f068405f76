import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The store keeps module state (like the app's single page): each test loads a
// fresh copy. The network is the only thing replaced: `fetch` answers as the
// API does (apps/api test/branch-delivery-fee covers the API itself).
async function freshStore() {
  vi.resetModules();
  (await import('../lib/storage-scope')).storageScopeSet('brasa');
  return import('./location-store');
}

/** The key the store keeps the location under for the company on screen. */
const scoped = (key: string) => `${key}@brasa`;

interface Call {
  url: URL;
}

function fetchAnswering(respond: (url: URL) => { status: number; body: unknown } | Promise<never>) {
  const calls: Call[] = [];
  const stub = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    calls.push({ url });
    const answer = await respond(url);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', stub);
  return calls;
}

const INSIDE = {
  fee: 150.5,
  cashFee: 180.25,
  minimumOrderPrice: 8000,
  freeDeliveryFrom: null,
  insideDeliveryArea: true,
  providersFailed: false,
  ownLogistics: true,
  cashAvailable: true,
  zoneName: 'Cercana',
};

const HONDURAS = {
  street: 'Honduras 4800',
  city: 'Buenos Aires',
  locality: 'Ciudad Autónoma de Buenos Aires',
  fullAddress: 'Honduras 4800, C1414, Buenos Aires, Ciudad Autónoma de Buenos Aires',
  lat: -34.5889,
  lng: -58.4306,
  geocoded: true,
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ordering §4 Persistence: the location', () => {
  it('is stored on set and restored on the next load with fromLocalStorage', async () => {
    const first = await freshStore();
    first.locationStore.set({ ...HONDURAS, fromLocalStorage: true });
    expect(first.locationStore.get().location).toEqual(HONDURAS);
    const stored = JSON.parse(localStorage.getItem(scoped(first.LOCATION_STORAGE_KEY)) ?? '{}');
    expect(stored.location).toEqual(HONDURAS);

    const second = await freshStore();
    expect(second.locationStore.get()).toEqual({
      location: { ...HONDURAS, fromLocalStorage: true },
      deliveryInfo: { status: 'idle' },
    });
  });

  it('clear() forgets it here and in storage', async () => {
    const store = await freshStore();
    store.locationStore.set(HONDURAS);
    store.locationStore.clear();
    expect(store.locationStore.get().location).toBeNull();
    expect(localStorage.getItem(scoped(store.LOCATION_STORAGE_KEY))).toBeNull();
  });

  it('an expired or malformed stored location is not restored', async () => {
    const { LOCATION_STORAGE_KEY, LOCATION_STORAGE_TTL_MS } = await freshStore();
    localStorage.setItem(
      scoped(LOCATION_STORAGE_KEY),
      JSON.stringify({ savedAt: Date.now() - LOCATION_STORAGE_TTL_MS - 1, location: HONDURAS }),
    );
    expect((await freshStore()).locationStore.get().location).toBeNull();
    expect(localStorage.getItem(scoped(LOCATION_STORAGE_KEY))).toBeNull();

    localStorage.setItem(scoped(LOCATION_STORAGE_KEY), '{not json');
    expect((await freshStore()).locationStore.get().location).toBeNull();

    localStorage.setItem(
      scoped(LOCATION_STORAGE_KEY),
      JSON.stringify({ savedAt: Date.now(), location: { street: 42, lat: 'x', lng: 500, city: 'Rosario' } }),
    );
    expect((await freshStore()).locationStore.get().location).toEqual({
      city: 'Rosario',
      fromLocalStorage: true,
    });
  });
});

describe('ordering §4 Delivery info', () => {
  it('fetches with the coordinates and address, and keeps money as Minor of the currency', async () => {
    const calls = fetchAnswering(() => ({ status: 200, body: INSIDE }));
    const { locationStore } = await freshStore();
    locationStore.set(HONDURAS);
    const pending = locationStore.refreshDeliveryInfo({ id: 12 }, 2);
    expect(locationStore.get().deliveryInfo).toEqual({ status: 'loading', branchContactId: 12 });
    const result = await pending;
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.pathname).toBe('/api/branch/12/deliveryzones/fee');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      lat: '-34.5889',
      lng: '-58.4306',
      fullAddress: HONDURAS.fullAddress,
      city: 'Buenos Aires',
    });
    expect(result).toEqual({
      status: 'success',
      branchContactId: 12,
      info: {
        fee: 15050,
        cashFee: 18025,
        minimumOrderPrice: 800000,
        insideDeliveryArea: true,
        providersFailed: false,
        ownLogistics: true,
        cashAvailable: true,
      },
    });
    expect(locationStore.get().deliveryInfo).toBe(result);
  });

  it("asks nothing without a full address and logs 'No tiene fullAddress este comensal'", async () => {
    const calls = fetchAnswering(() => ({ status: 200, body: INSIDE }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { locationStore } = await freshStore();
    locationStore.set({ lat: -34.5889, lng: -58.4306 });
    expect(await locationStore.refreshDeliveryInfo({ id: 12 }, 0)).toEqual({ status: 'idle' });
    expect(calls).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith('No tiene fullAddress este comensal');
  });

  it('a failing call is status error, never a rejection', async () => {
    fetchAnswering(() => ({ status: 404, body: { error: 'Not Found', message: 'No existe el local 12' } }));
    const { locationStore } = await freshStore();
    locationStore.set(HONDURAS);
    expect(await locationStore.refreshDeliveryInfo({ id: 12 }, 0)).toEqual({
      status: 'error',
      branchContactId: 12,
    });
  });

  it('reports a missing full address and a failed fee lookup to the venue’s log (ADR 041)', async () => {
    vi.useFakeTimers();
    const reports: Record<string, unknown>[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input) === '/api/diner/log') {
        // Earlier tests' reports (other locations) may still be leaving: only this one's are read.
        const report = JSON.parse(String(init.body));
        if (report.bcId === 13) reports.push(report);
        return new Response(null, { status: 204 });
      }
      return new Response('{"message":"Internal Server Error"}', { status: 500 });
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { locationStore } = await freshStore();
    locationStore.set({ lat: -34.5889, lng: -58.4306 });
    await locationStore.refreshDeliveryInfo({ id: 13 }, 0);
    locationStore.set({ ...HONDURAS, details: 'Timbre 3B, llamar al 1155552020' });
    await locationStore.refreshDeliveryInfo({ id: 13 }, 0);
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(2100);
      expect(reports).toHaveLength(2);
    });
    vi.useRealTimers();
    expect(reports).toEqual([
      expect.objectContaining({
        bcId: 13,
        component: 'address/fee',
        payload: { message: 'No tiene fullAddress este comensal' },
        coordinates: { lat: -34.589, lng: -58.431 },
      }),
      expect.objectContaining({
        bcId: 13,
        component: 'address/fee',
        payload: { message: 'Internal Server Error', status: 500 },
        address: { fullAddress: HONDURAS.fullAddress, city: HONDURAS.city, locality: HONDURAS.locality },
      }),
    ]);
    expect(JSON.stringify(reports)).not.toContain('Timbre');
  });

  it('an answer for a location the diner already changed is dropped', async () => {
    let release: (() => void) | undefined;
    fetchAnswering(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 200, body: INSIDE } as never);
        }) as Promise<never>,
    );
    const { locationStore } = await freshStore();
    locationStore.set(HONDURAS);
    const pending = locationStore.refreshDeliveryInfo({ id: 12 }, 0);
    locationStore.set({ ...HONDURAS, street: 'Gorriti 4800', lat: -34.59 });
    release?.();
    await pending;
    expect(locationStore.get().deliveryInfo).toEqual({ status: 'idle' });
    expect(locationStore.get().location?.street).toBe('Gorriti 4800');
  });

  it('the same request in flight is joined, not repeated', async () => {
    const calls = fetchAnswering(() => ({ status: 200, body: INSIDE }));
    const { locationStore } = await freshStore();
    locationStore.set(HONDURAS);
    const [a, b] = await Promise.all([
      locationStore.refreshDeliveryInfo({ id: 12 }, 0),
      locationStore.refreshDeliveryInfo({ id: 12 }, 0),
    ]);
    expect(calls).toHaveLength(1);
    expect(a).toBe(b);
  });
});
