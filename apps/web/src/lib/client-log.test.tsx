import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

interface Posted {
  url: string;
  init: RequestInit;
  body: Record<string, unknown> & { payload: Record<string, unknown> };
}

/** A fresh page: the modules' state (queue, allowance, cart binding) starts empty. */
async function freshPage(bindContact = true) {
  vi.resetModules();
  vi.useFakeTimers();
  const posted: Posted[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    posted.push({ url: String(url), init, body: JSON.parse(String(init.body)) });
    return new Response(null, { status: 204 });
  });
  window.history.replaceState(null, '', '/menu/brasa-nunez/delivery');
  const cart = await import('../stores/cart-store');
  if (bindContact) cart.cartBind('brasa-nunez', 4);
  const { clientLogReport } = await import('./client-log');
  // This page's own class: the modules were loaded afresh.
  const { ApiError } = await import('./api-client');
  // The sender loads with the first report; later ones find it loaded.
  const settle = async (ms = 2100) => {
    await vi.waitFor(() => import('./client-log-sender'));
    await vi.advanceTimersByTimeAsync(ms);
  };
  return { posted, clientLogReport, settle, ApiError };
}

describe('client error reports (ADR 041)', () => {
  it('posts one report per failure with keepalive, the screen’s location and the page', async () => {
    const { posted, clientLogReport, settle, ApiError } = await freshPage();
    clientLogReport({
      component: 'api',
      error: new ApiError(502, 'Bad Gateway', null),
      payload: { method: 'GET', path: '/diner/brasa-nunez/menu/4' },
    });
    await settle();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.url).toBe('/api/diner/log');
    expect(posted[0]?.init).toMatchObject({ method: 'POST', keepalive: true });
    expect(posted[0]?.body).toMatchObject({
      bcId: 4,
      url: `${window.location.origin}/menu/brasa-nunez/delivery`,
      component: 'api',
      payload: { status: 502, message: 'Bad Gateway', path: '/diner/brasa-nunez/menu/4' },
    });
  });

  it('counts a repeated failure once, with repeats', async () => {
    const { posted, clientLogReport, settle } = await freshPage();
    for (let i = 0; i < 5; i++)
      clientLogReport({ component: 'address/fee', message: 'No tiene fullAddress este comensal' });
    await settle();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body.payload).toMatchObject({
      message: 'No tiene fullAddress este comensal',
      repeats: 5,
    });
  });

  it('posts at most 10 a minute; the next one after the minute says how many were dropped', async () => {
    const { posted, clientLogReport, settle } = await freshPage();
    for (let i = 0; i < 14; i++) clientLogReport({ component: 'error-boundary', message: `fallo ${i}` });
    await settle();
    expect(posted).toHaveLength(10);
    await vi.advanceTimersByTimeAsync(60_000);
    clientLogReport({ component: 'error-boundary', message: 'después' });
    await settle();
    expect(posted).toHaveLength(11);
    expect(posted[10]?.body.payload).toMatchObject({ message: 'después', dropped: 4 });
  });

  it('sends nothing for a cancelled request or a page of no location', async () => {
    const { posted, clientLogReport, settle } = await freshPage();
    clientLogReport({ component: 'address/fee', error: new DOMException('aborted', 'AbortError') });
    await settle();
    expect(posted).toHaveLength(0);

    const unbound = await freshPage(false);
    unbound.clientLogReport({ component: 'error-boundary', message: 'sin local' });
    await unbound.settle();
    expect(unbound.posted).toHaveLength(0);
  });

  it('reports the API client’s network failures and 5xx, not its 4xx, cancels or own posts', async () => {
    const { posted, settle } = await freshPage();
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => new Response('{"message":"boom"}', { status: 500 }),
      async () => new Response('{"message":"Ingrese una dirección"}', { status: 400 }),
      () => Promise.reject(new DOMException('aborted', 'AbortError')),
      async () => new Response('{"message":"down"}', { status: 503 }),
    ];
    const pageFetch = vi.fn(async (url: string | URL, init?: RequestInit) => {
      if (String(url) === '/api/diner/log') {
        posted.push({ url: String(url), init: init ?? {}, body: JSON.parse(String(init?.body)) });
        return new Response(null, { status: 204 });
      }
      return (answers.shift() as () => Promise<Response>)();
    });
    vi.stubGlobal('fetch', pageFetch);
    const { apiRequest } = await import('./api-client');
    (await import('./client-log')).clientLogApiFailures();
    await expect(apiRequest('/diner/brasa-nunez/menu/4')).rejects.toThrow('Failed to fetch');
    // The diner reads a sentence; the log keeps the server's words.
    await expect(apiRequest('/geo/reverse')).rejects.toMatchObject({
      message: 'No pudimos completar la acción. Inténtalo de nuevo en unos minutos.',
      serverMessage: 'boom',
    });
    await expect(apiRequest('/order', { method: 'POST', body: {} })).rejects.toThrow('Ingrese');
    await expect(apiRequest('/geo/search')).rejects.toThrow('aborted');
    await expect(apiRequest('/diner/log', { method: 'POST', body: {} })).rejects.toThrow('down');
    await settle();
    expect(posted.map((post) => post.body.payload)).toEqual([
      expect.objectContaining({
        path: '/diner/brasa-nunez/menu/4',
        message: 'Failed to fetch',
        errorName: 'TypeError',
      }),
      expect.objectContaining({ path: '/geo/reverse', message: 'boom', status: 500 }),
    ]);
  });

  it('reports a screen the error boundary caught, with the component stack', async () => {
    const { posted, settle } = await freshPage();
    const { ErrorBoundary } = await import('../components/error-boundary');
    const { clientLogCrash } = await import('./client-log');
    const { MemoryRouter } = await import('react-router');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function BrokenPlate(): never {
      throw new Error('plate.sizes is undefined');
    }
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <MemoryRouter>
          <ErrorBoundary onError={clientLogCrash}>
            <BrokenPlate />
          </ErrorBoundary>
        </MemoryRouter>,
      );
    });
    expect(container.textContent).toContain('Algo salió mal');
    await settle();
    act(() => root.unmount());
    container.remove();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toMatchObject({
      bcId: 4,
      component: 'error-boundary',
      payload: {
        message: 'plate.sizes is undefined',
        componentStack: expect.stringContaining('BrokenPlate'),
      },
    });
    expect(posted[0]?.body.stack).toContain('plate.sizes is undefined');
  });
});
