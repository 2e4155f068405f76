/**
 * The one HTTP client of the web app. Every call to the API goes through
 * `apiRequest`, which sends and reads JSON and turns any non-2xx answer into an
 * `ApiError` carrying the server's message and per-field messages. A request
 * that fails is told to the failure listener: the storefront's error log
 * (lib/client-log.ts) listens; the rider and tracking pages do not.
 */
import { prefetchTake } from './prefetch';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }

  get fields(): Record<string, string> {
    const fields = (this.body as { fields?: unknown } | null)?.fields;
    return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | (string | number)[] | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type FailureListener = (error: unknown, path: string, method: string) => void;
let failureListener: FailureListener | undefined;

/** Hears of every failed request (ADR 041: the storefront reports failed fetches). */
export function apiFailureListen(listener: FailureListener): void {
  failureListener = listener;
}

export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return send<T>(path, options).catch((error: unknown) => {
    failureListener?.(error, path, options.method ?? 'GET');
    throw error;
  });
}

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  // A read the entry chunk started before this code arrived (lib/prefetch.ts).
  const early = (options.method ?? 'GET') === 'GET' ? prefetchTake(url.toString()) : undefined;
  const response = await (early ??
    fetch(url, {
      method: options.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    }));
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new ApiError(response.status, typeof message === 'string' ? message : response.statusText, body);
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
