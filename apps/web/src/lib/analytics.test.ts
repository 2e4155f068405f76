import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function freshAnalytics() {
  vi.resetModules();
  sessionStorage.clear();
  return import('./analytics');
}

describe('ordering §7: analytics events, batched, with the session header', () => {
  it('posts queued events together with keepalive and x-session-id', async () => {
    vi.useFakeTimers();
    const fetchStub = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetchStub);
    const { analyticsTrack } = await freshAnalytics();
    analyticsTrack('ORDER_MODE_SELECT', { branchContactId: 1, orderModeId: 2 });
    analyticsTrack('ADD_ITEM', { branchContactId: 1, payload: { plateId: 11 } });
    await vi.waitFor(async () => {
      await vi.advanceTimersByTimeAsync(2100);
      expect(fetchStub).toHaveBeenCalledTimes(1);
    });
    const [url, init] = fetchStub.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/analytics/events');
    expect(init.keepalive).toBe(true);
    const headers = init.headers as Record<string, string>;
    expect(headers['x-session-id']).toBe(sessionStorage.getItem('comanda.sessionId'));
    expect(JSON.parse(String(init.body))).toEqual({
      events: [
        { type: 'ORDER_MODE_SELECT', branchContactId: 1, orderModeId: 2 },
        { type: 'ADD_ITEM', branchContactId: 1, payload: { plateId: 11 } },
      ],
    });
  });

  it('never throws, even when fetch itself throws', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', () => {
      throw new TypeError('keepalive not supported');
    });
    const { analyticsTrack } = await freshAnalytics();
    expect(() => analyticsTrack('ITEM_VIEW')).not.toThrow();
    await vi.advanceTimersByTimeAsync(2100);
  });

  it('keeps one session id per tab', async () => {
    const { analyticsSessionId } = await import('./analytics-sender');
    const id = analyticsSessionId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(analyticsSessionId()).toBe(id);
  });
});
