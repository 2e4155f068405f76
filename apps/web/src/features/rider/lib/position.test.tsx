import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { positionShouldReport, useRiderPositionReport } from './position';

// Position reports (POST /api/rider/position) from a fake device: the only
// things replaced are the phone's geolocation and the network.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const HERE = { lat: -34.5455, lng: -58.4689 };
/** About 44 m north. */
const NORTH = { lat: -34.5451, lng: -58.4689 };

describe('positionShouldReport', () => {
  it('the first fix is sent; then one every 10 s, or sooner after 30 m, never twice within 2 s', () => {
    expect(positionShouldReport(null, HERE, 0)).toBe(true);
    const last = { ...HERE, at: 0 };
    expect(positionShouldReport(last, HERE, 9_000)).toBe(false);
    expect(positionShouldReport(last, HERE, 10_000)).toBe(true);
    expect(positionShouldReport(last, NORTH, 3_000)).toBe(true);
    expect(positionShouldReport(last, NORTH, 1_500)).toBe(false);
    expect(positionShouldReport(last, { lat: -34.5454, lng: -58.4689 }, 5_000)).toBe(false);
  });
});

let container: HTMLDivElement;
let root: Root;
let watchers: Map<number, PositionCallback>;
let nextWatch = 1;
let posted: unknown[];
let now = 0;

function Probe({ token, enabled }: { token: string | null; enabled: boolean }) {
  useRiderPositionReport(token, enabled);
  return null;
}

async function render(token: string | null, enabled: boolean) {
  await act(async () => root.render(<Probe token={token} enabled={enabled} />));
}

async function fix(position: { lat: number; lng: number }, at: number) {
  now = at;
  await act(async () => {
    for (const callback of watchers.values())
      callback({
        coords: { latitude: position.lat, longitude: position.lng, accuracy: 12.4 },
        timestamp: at,
      } as GeolocationPosition);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => {
  watchers = new Map();
  posted = [];
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: {
      watchPosition: vi.fn((callback: PositionCallback) => {
        const id = nextWatch++;
        watchers.set(id, callback);
        return id;
      }),
      clearWatch: vi.fn((id: number) => watchers.delete(id)),
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: URL | string, init: RequestInit) => {
      posted.push(JSON.parse(String(init.body)));
      return new Response(null, { status: 204 });
    }),
  );
  container = document.createElement('div');
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useRiderPositionReport', () => {
  it('never watches before the shift (no token) nor with nothing in progress', async () => {
    await render(null, true);
    await render('t'.repeat(43), false);
    expect(navigator.geolocation.watchPosition).not.toHaveBeenCalled();
  });

  it('while a shipment is in progress: reports throttled fixes, and stops when it is over', async () => {
    await render('t'.repeat(43), true);
    expect(watchers.size).toBe(1);
    await fix(HERE, 1_000);
    await fix(HERE, 4_000);
    await fix(NORTH, 6_000);
    await fix(NORTH, 12_000);
    await fix(NORTH, 16_000);
    expect(posted).toEqual([
      { ...HERE, accuracy: 12 },
      { ...NORTH, accuracy: 12 },
      { ...NORTH, accuracy: 12 },
    ]);
    await render('t'.repeat(43), false);
    expect(watchers.size).toBe(0);
  });
});
