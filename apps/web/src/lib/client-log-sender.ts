/**
 * Posts the storefront's error reports (ADR 041), loaded with the first one.
 * `POST /api/diner/log` takes one report per request (ordering §7), so a
 * "batch" is what two seconds collect: the same failure repeated is one report
 * with `payload.repeats`, and a page posts at most `CLIENT_LOG_PER_MINUTE`
 * reports a minute; the ones beyond are counted into the next report's
 * `payload.dropped`. Sent with fetch keepalive, so the last ones survive the
 * page closing.
 */
import { cartBindingGet } from '../stores/cart-store';
import type { ClientLogEvent } from './client-log';
import { type ClientLogBody, clientLogBody } from './client-log-shape';

const ENDPOINT = '/api/diner/log';
/** Reports wait this long for their repeats before leaving. */
const FLUSH_DELAY_MS = 2000;
/** (decision, ADR 041) Reports a page posts in a minute at most. */
export const CLIENT_LOG_PER_MINUTE = 10;
const MINUTE_MS = 60_000;

const queue = new Map<string, { body: ClientLogBody; repeats: number }>();
let sentAt: number[] = [];
let dropped = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Posts what is queued, within the page's allowance. */
export function clientLogFlush(now = Date.now()): void {
  clearTimeout(timer);
  timer = undefined;
  sentAt = sentAt.filter((at) => now - at < MINUTE_MS);
  for (const { body, repeats } of queue.values()) {
    if (sentAt.length >= CLIENT_LOG_PER_MINUTE) {
      dropped += repeats;
      continue;
    }
    sentAt.push(now);
    if (repeats > 1) body.payload.repeats = repeats;
    if (dropped > 0) body.payload.dropped = dropped;
    dropped = 0;
    try {
      fetch(ENDPOINT, {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).catch(() => {});
    } catch {
      // No keepalive support throws synchronously: the report is lost, the page is not.
    }
  }
  queue.clear();
}

addEventListener('pagehide', () => clientLogFlush());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') clientLogFlush();
});

/** Queues a report of an event on the page `href`; it leaves within two seconds. */
export function clientLogEnqueue(event: ClientLogEvent, href: string): void {
  try {
    // A cancelled request is nobody's failure.
    if ((event.error as Error | undefined)?.name === 'AbortError') return;
    const body = clientLogBody(event, href, cartBindingGet()?.branchContactId);
    // Nobody could read a report of no location (the console lists a company's): it is not sent.
    if (body.bcId === undefined && body.branchId === undefined) return;
    const key = `${body.bcId}|${body.component}|${body.url}|${body.payload.message}|${body.payload.path ?? ''}`;
    const queued = queue.get(key);
    if (queued) queued.repeats += 1;
    else queue.set(key, { body, repeats: 1 });
    timer ??= setTimeout(() => clientLogFlush(), FLUSH_DELAY_MS);
  } catch {
    // Reporting must never be the next failure.
  }
}
