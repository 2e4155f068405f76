/**
 * The one HTTP client of the web app. Every call to the API goes through
 * `apiRequest`, which sends and reads JSON and turns any non-2xx answer into an
 * `ApiError` carrying a sentence a person can read and the per-field messages.
 * A request that fails is told to the failure listener: the storefront's error
 * log (lib/client-log.ts) listens; the rider and tracking pages do not.
 */
import { prefetchTake } from './prefetch';

/** What a person reads when the API's answer is not a sentence for them (COPY.md "Errors"). */
export const API_ERROR_FALLBACK = 'No pudimos completar la acción. Inténtalo de nuevo en unos minutos.';

/**
 * Answers that are the API talking to a developer, never to a diner: a field
 * path ('body.phone: es obligatorio'), a validation or server failure in
 * general terms, an unknown route. The API's own sentences ('Este local no
 * realiza envíos a tu dirección.') pass as they are.
 */
const TECHNICAL_MESSAGE =
  /^[a-z]+(\.[\w[\]]+)*(\[\d+\])?: |^url: |^Solicitud inválida$|^Error interno del servidor$|^No existe la ruta /;

/**
 * The sentence an error shows: the server's message when it is one, else the
 * fallback. A server failure (5xx) says nothing a diner can act on, except the
 * 503 that asks to try again in a few seconds.
 */
export function apiErrorSentence(status: number, message: unknown): string {
  if (typeof message !== 'string' || message.trim() === '') return API_ERROR_FALLBACK;
  if (status >= 500 && status !== 503) return API_ERROR_FALLBACK;
  return TECHNICAL_MESSAGE.test(message) ? API_ERROR_FALLBACK : message;
}

export class ApiError extends Error {
  /** What the server said, as it said it (for the error log, never for the screen). */
  readonly serverMessage: string;

  constructor(
    readonly status: number,
    serverMessage: string,
    readonly body: unknown,
    statusText = '',
  ) {
    super(apiErrorSentence(status, serverMessage));
    this.serverMessage = serverMessage || statusText;
  }

  /**
   * The per-field sentences. The schema validator's fragments ('es obligatorio',
   * 'debe ser un número') are left out: they are words about a request, written
   * in lower case to follow a field path, not sentences for a person.
   */
  get fields(): Record<string, string> {
    const fields = (this.body as { fields?: unknown } | null)?.fields;
    if (!fields || typeof fields !== 'object') return {};
    return Object.fromEntries(
      Object.entries(fields).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && !/^\p{Ll}/u.test(entry[1]),
      ),
    );
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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
    throw new ApiError(
      response.status,
      typeof message === 'string' ? message : '',
      body,
      response.statusText,
    );
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
