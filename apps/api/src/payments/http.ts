/**
 * JSON over HTTP to a provider, with a time limit, and failures classified by
 * what they tell us about the request's effect (see `ProviderError`). Node's
 * global `fetch` does the work; nothing here logs bodies (they carry tokens).
 */
import { ProviderError, type ProviderName } from './provider';

/** One request to a provider. */
export interface ProviderRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}

/**
 * Sends the request and returns the parsed JSON of a 2xx answer. Throws
 * `ProviderError`: `NOT_DONE` for a 4xx (the provider refused: nothing
 * happened), `UNKNOWN` for a timeout, a network failure, a 5xx or an
 * unreadable 2xx (the request may have taken effect).
 */
export async function providerJson<T>(provider: ProviderName, request: ProviderRequest): Promise<T> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be sent';
    throw new ProviderError(
      provider,
      'UNKNOWN',
      `${provider} ${request.method} ${pathOf(request.url)} ${reason}`,
    );
  }
  const text = await response.text().catch(() => '');
  if (response.status >= 500) {
    throw new ProviderError(
      provider,
      'UNKNOWN',
      `${provider} ${request.method} ${pathOf(request.url)} answered ${response.status}`,
      response.status,
    );
  }
  if (response.status >= 400) {
    throw new ProviderError(
      provider,
      'NOT_DONE',
      `${provider} ${request.method} ${pathOf(request.url)} answered ${response.status}: ${providerMessage(text)}`,
      response.status,
    );
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ProviderError(
      provider,
      'UNKNOWN',
      `${provider} ${request.method} ${pathOf(request.url)} answered ${response.status} without JSON`,
      response.status,
    );
  }
}

/**
 * The path of a URL for messages that end up in logs: no query, and long
 * segments (Webpay tokens travel in the path) masked.
 */
export function pathOf(url: string): string {
  try {
    return new URL(url).pathname
      .split('/')
      .map((segment) => (segment.length > 24 ? `${segment.slice(0, 4)}…` : segment))
      .join('/');
  } catch {
    return '(bad url)';
  }
}

/** The provider's own error text (`message`, `error_message`), cut short. */
function providerMessage(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const message = body.message ?? body.error_message ?? body.error;
    if (typeof message === 'string') return message.slice(0, 200);
  } catch {
    // Not JSON: fall through.
  }
  return text.slice(0, 200);
}
