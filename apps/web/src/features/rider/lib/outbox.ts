/**
 * The rider's status changes, kept until the server has them: a rider on a
 * motorbike loses the connection in a lift or a basement, and a delivery
 * marked there must not be lost nor applied twice.
 *
 * Every change (status or a stack's selection) is written here first, with
 * its own `Idempotency-Key` (kept with it), then sent. Sent and answered: it
 * leaves. No answer (offline, a network error, a 5xx): it stays "pending" and
 * is sent again, with the same key, when the connection returns; the server
 * gives a replay the first answer, so a retry never moves a shipment twice.
 * Refused (a 4xx: taken by another rider, a wrong delivery code): it stays,
 * marked, until the rider has read why; the changes made after it on the same
 * page are refused with it (they depended on it).
 *
 * Kept in localStorage under the company's key, in the order made, and sent
 * one at a time in that order.
 */
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/api-client';
import { storageKey, storageScopeOnChange } from '../../../lib/storage-scope';
import { type RiderShipment, type RiderStack, type RiderUpdateBody, riderTargetPut } from '../api/rider-api';

export interface OutboxItem {
  /** The Idempotency-Key of every attempt. */
  key: string;
  /** Which endpoint: PUT /api/shipments/{id} or PUT /api/stacking/{id}. */
  kind: 'simple' | 'stack';
  targetId: number;
  body: RiderUpdateBody;
  /** The detail page it was made on (a shipment of a stack belongs to the stack's page). */
  view: { kind: 'simple' | 'stack'; id: number };
  /** What the rider did, as the slider said it ('Entregado (K7QX)'). */
  label: string;
  createdAt: number;
  state: 'pending' | 'refused';
  refusal?: { status: number; message: string; takenByOther: boolean };
}

export type OutboxDraft = Omit<OutboxItem, 'key' | 'createdAt' | 'state' | 'refusal'>;

export type OutboxOutcome =
  | { result: 'sent'; answer: RiderShipment | RiderStack }
  | { result: 'queued' }
  | { result: 'refused'; error: ApiError };

/**
 * A change answered: `live` while its own `outboxSubmit` waits for it (that
 * caller tells the rider), else after its attempt had left it pending (sent or
 * refused on reconnection).
 */
export type OutboxSettled = {
  item: OutboxItem;
  outcome: Exclude<OutboxOutcome, { result: 'queued' }>;
  live: boolean;
};

const BASE_KEY = 'comanda.rider.outbox';
let items: OutboxItem[] = [];
const listeners = new Set<() => void>();
const settledListeners = new Set<(settled: OutboxSettled) => void>();
/** Keys whose `outboxSubmit` is still waiting for its first pass: their outcome goes back to it. */
const awaiting = new Map<string, OutboxOutcome>();
let flushing: Promise<void> = Promise.resolve();

function load(): void {
  try {
    const raw = localStorage.getItem(storageKey(BASE_KEY));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    items = Array.isArray(parsed) ? (parsed as OutboxItem[]) : [];
  } catch {
    items = [];
  }
  for (const listener of listeners) listener();
}

function save(next: OutboxItem[]): void {
  items = next;
  try {
    if (next.length === 0) localStorage.removeItem(storageKey(BASE_KEY));
    else localStorage.setItem(storageKey(BASE_KEY), JSON.stringify(next));
  } catch {
    // Storage blocked or full: the queue lasts for this page.
  }
  for (const listener of listeners) listener();
}

// The company on screen changes what is kept (and is set before any rider page renders).
storageScopeOnChange(load);

/** A random key (crypto.randomUUID needs a secure context; a phone on a LAN address has none). */
export function outboxKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function outboxItems(): readonly OutboxItem[] {
  return items;
}

export function useOutboxItems(): readonly OutboxItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
  );
}

/** Hears every answered change (the page shows the answer, and the result of those answered on reconnection). */
export function outboxOnSettled(listener: (settled: OutboxSettled) => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

function settle(item: OutboxItem, outcome: Exclude<OutboxOutcome, { result: 'queued' }>): void {
  const live = awaiting.has(item.key);
  if (live) awaiting.set(item.key, outcome);
  // In the same task as the queue's change: a screen never shows the change gone and its answer not yet there.
  for (const listener of settledListeners) listener({ item, outcome, live });
}

/** Whether an answer means "this will never pass as it is" (vs. "try again later"). */
function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408;
}

function refusalOf(error: ApiError): NonNullable<OutboxItem['refusal']> {
  const code = (error.body as { code?: unknown } | null)?.code;
  return {
    status: error.status,
    message: error.fields.securityCode ?? error.message,
    takenByOther: error.status === 409 && code === 'EXPIRED_BY_OTHER',
  };
}

async function pass(token: string, riderId: number): Promise<void> {
  for (;;) {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    const item = items.find(
      (candidate) => candidate.state === 'pending' && candidate.body.rider_id === riderId,
    );
    if (!item) return;
    try {
      const answer = await riderTargetPut(token, item.kind, item.targetId, item.body, item.key);
      save(items.filter((candidate) => candidate.key !== item.key));
      settle(item, { result: 'sent', answer });
    } catch (error) {
      if (!isRefusal(error)) return;
      const refusal = refusalOf(error);
      // The page's later changes were made on top of this one: they go with it.
      const index = items.findIndex((candidate) => candidate.key === item.key);
      save(
        items.map((candidate, at) =>
          candidate.key === item.key ||
          (at > index &&
            candidate.state === 'pending' &&
            candidate.view.kind === item.view.kind &&
            candidate.view.id === item.view.id)
            ? { ...candidate, state: 'refused', refusal }
            : candidate,
        ),
      );
      settle(item, { result: 'refused', error });
    }
  }
}

/** Sends the rider's pending changes in order, one pass after any under way; stops at the first without an answer. */
export function outboxFlush(token: string, riderId: number): Promise<void> {
  flushing = flushing.then(() => pass(token, riderId)).catch(() => {});
  return flushing;
}

/**
 * Keeps a change and tries to send it now: 'sent' with the server's answer,
 * 'refused' with its error, or 'queued' when it will go when the connection
 * returns (offline, or no answer).
 */
export async function outboxSubmit(
  token: string,
  draft: OutboxDraft,
): Promise<OutboxOutcome & { key: string }> {
  const item: OutboxItem = { ...draft, key: outboxKey(), createdAt: Date.now(), state: 'pending' };
  awaiting.set(item.key, { result: 'queued' });
  save([...items, item]);
  try {
    await outboxFlush(token, draft.body.rider_id);
    return { ...(awaiting.get(item.key) ?? { result: 'queued' }), key: item.key };
  } finally {
    awaiting.delete(item.key);
  }
}

/** Forgets a refused change once the rider has read why. */
export function outboxDismiss(key: string): void {
  save(items.filter((item) => item.key !== key || item.state !== 'refused'));
}

/** The rider's items of one detail page. */
export function outboxOfView(
  all: readonly OutboxItem[],
  view: { kind: 'simple' | 'stack'; id: number },
): OutboxItem[] {
  return all.filter((item) => item.view.kind === view.kind && item.view.id === view.id);
}
