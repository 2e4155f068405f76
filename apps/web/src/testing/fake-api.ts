/**
 * Component tests talk to a fake API at the network edge: `fetch` is the only
 * thing replaced, so the component, its hooks, the API client and the stores
 * run as they do in the browser.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';

/** A request as the fake API sees it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever the component sent.
  body: any;
  headers: Record<string, string>;
}

export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * Replaces `fetch` with `handle` and returns the list every request is
 * recorded in. `vi.unstubAllGlobals()` puts the real one back.
 */
export function fetchFake(handle: (request: FakeRequest) => Response | Promise<Response>): FakeRequest[] {
  const requests: FakeRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit = {}) => {
      const url = new URL(String(input));
      const request: FakeRequest = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      requests.push(request);
      return handle(request);
    }),
  );
  return requests;
}

/** A React root in a fresh container; happy-dom's dialogs open as a browser's modal ones do. */
export function testRootMount(): { container: HTMLDivElement; root: Root } {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  const container = document.createElement('div');
  document.body.append(container);
  return { container, root: createRoot(container) };
}

/** Lets pending requests answer and their renders land. */
export async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
