/**
 * The storefront's error reports (`POST /api/diner/log`, ordering §7, ADR 041).
 * This part is in the first load and does nothing until something fails: the
 * sender (shaping, redaction, batching, limits) loads with the first report.
 * Reporting never throws and never waits.
 */
import type { ErrorInfo } from 'react';
import { ApiError, apiFailureListen } from './api-client';

export interface ClientLogEvent {
  /** What failed: 'api', 'error-boundary', 'address/fee', 'checkout/payment'… */
  component: string;
  error?: unknown;
  /** When there is no error object (a logged condition, such as a missing full address). */
  message?: string;
  payload?: Record<string, unknown>;
  bcId?: number;
  branchId?: number;
  /** Only for address and fee failures (ADR 041 says which parts are kept). */
  address?: object | null;
  coordinates?: { lat?: number; lng?: number } | null;
}

export function clientLogReport(event: ClientLogEvent): void {
  // The page the failure happened on, before a navigation could change it.
  const url = location.href;
  import('./client-log-sender').then(
    (sender) => sender.clientLogEnqueue(event, url),
    () => {},
  );
}

/**
 * The storefront's failed fetches reach the log (ADR 041): server errors (5xx)
 * and requests that got no answer. A 4xx is the diner's input refused and
 * already explained on screen; a cancelled request is nobody's failure; a
 * report that could not be posted is not reported again.
 */
export function clientLogApiFailures(): void {
  apiFailureListen((error, path, method) => {
    if ((error instanceof ApiError && error.status < 500) || (error as Error).name === 'AbortError') return;
    if (path !== '/diner/log') clientLogReport({ component: 'api', error, payload: { method, path } });
  });
}

/** A screen the error boundary caught (its `onError`). */
export function clientLogCrash(error: unknown, info: ErrorInfo): void {
  clientLogReport({ component: 'error-boundary', error, payload: { componentStack: info.componentStack } });
}
