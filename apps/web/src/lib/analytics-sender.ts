/**
 * Sends the storefront's analytics events (see `analytics.ts`): batches posted
 * with fetch keepalive and the session header. Loaded with the first event, so
 * a page view without interaction ships none of it.
 */
import type { AnalyticsEvent } from './analytics';

const ENDPOINT = '/api/analytics/events';
const SESSION_KEY = 'comanda.sessionId';
/** Events wait this long for company before a batch leaves. */
const FLUSH_DELAY_MS = 2000;
/** A batch never grows past this; a full batch leaves at once. */
const BATCH_MAX = 20;

let queue: AnalyticsEvent[] = [];
// Plain setTimeout (not window.setTimeout): a timer that outlives its page, as in a
// test whose DOM was torn down, must still run harmlessly.
let timer: ReturnType<typeof setTimeout> | undefined;
let memorySessionId: string | undefined;

function uuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a venue testing over plain http on a LAN has none.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id of this browsing session (kept in sessionStorage, so one tab is one
 * session). The checkout sends it as `analyticsInfo.sessionId`.
 */
export function analyticsSessionId(): string {
  try {
    const stored = sessionStorage.getItem(SESSION_KEY);
    if (stored) return stored;
    const id = uuid();
    sessionStorage.setItem(SESSION_KEY, id);
    return id;
  } catch {
    // Storage blocked (private mode, sandboxed frame): one id for this page's life.
    memorySessionId ??= uuid();
    return memorySessionId;
  }
}

/** Sends what is queued now. */
export function analyticsFlush(): void {
  clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  const events = queue;
  queue = [];
  try {
    // fetch with keepalive survives the page being closed, like sendBeacon, and
    // unlike sendBeacon it can carry the session header.
    fetch(ENDPOINT, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', 'x-session-id': analyticsSessionId() },
      body: JSON.stringify({ events }),
    }).catch(() => {});
  } catch {
    // A browser without keepalive support throws synchronously: drop the batch.
  }
}

// The last batch leaves when the diner switches app or closes the tab.
addEventListener('pagehide', analyticsFlush);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') analyticsFlush();
});

/** Queues events; they leave with others within two seconds, at once when the batch is full. */
export function analyticsEnqueue(events: readonly AnalyticsEvent[]): void {
  queue.push(...events);
  if (queue.length >= BATCH_MAX) analyticsFlush();
  else if (timer === undefined) timer = setTimeout(analyticsFlush, FLUSH_DELAY_MS);
}
