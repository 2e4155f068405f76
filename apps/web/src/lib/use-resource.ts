import { useEffect, useState } from 'react';

/** The spec's generic load states: initial, loading, success, error. */
export type Resource<T> =
  | { status: 'initial' | 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

/**
 * Loads data for a component and follows its load state. The loader gets an
 * AbortSignal so a stale request (the key changed, the screen closed) never
 * overwrites a newer one.
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [state, setState] = useState<Resource<T>>({ status: 'initial' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key identifies the request; `load` is recreated every render.
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ status: 'success', data }),
      (error) => !controller.signal.aborted && setState({ status: 'error', error }),
    );
    return () => controller.abort();
  }, [key]);
  return state;
}

interface CacheEntry {
  promise: Promise<unknown>;
  settled?: { ok: true; data: unknown } | { ok: false; error: unknown };
}

// Reads shared by several screens (the alias's entity, a menu) are kept for the
// life of the page: going from the menu to the cart and back must not show a
// spinner or refetch. Failures are not kept, so the next visit retries.
const cache = new Map<string, CacheEntry>();

/**
 * Starts (or joins) a cached read. Used by `useCachedResource`, and by the app's
 * entry point to start the first API call before the route's code has loaded.
 */
export function resourcePrefetch<T>(key: string, load: () => Promise<T>): Promise<T> {
  const existing = cache.get(key);
  if (existing) return existing.promise as Promise<T>;
  const entry: CacheEntry = { promise: Promise.resolve() };
  entry.promise = load().then(
    (data) => {
      entry.settled = { ok: true, data };
      return data;
    },
    (error: unknown) => {
      cache.delete(key);
      entry.settled = { ok: false, error };
      throw error;
    },
  );
  // Nobody may be waiting yet (a prefetch); the failure is read by the hook.
  entry.promise.catch(() => {});
  cache.set(key, entry);
  return entry.promise as Promise<T>;
}

/** Forgets a cached read (after a change that makes it stale). */
export function resourceForget(key: string): void {
  cache.delete(key);
}

function settledState<T>(key: string | null): Resource<T> | null {
  const settled = key === null ? undefined : cache.get(key)?.settled;
  if (!settled) return null;
  return settled.ok
    ? { status: 'success', data: settled.data as T }
    : { status: 'error', error: settled.error };
}

/**
 * Like `useResource`, for reads shared across screens: a read already done in
 * this page shows at once (no loading state), one in flight is joined. Bump
 * `attempt` to retry after an error (failures are never cached).
 */
export function useCachedResource<T>(key: string | null, load: () => Promise<T>, attempt = 0): Resource<T> {
  const [state, setState] = useState<{ key: string | null; resource: Resource<T> }>(() => ({
    key,
    resource: settledState<T>(key) ?? { status: key === null ? 'initial' : 'loading' },
  }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key identifies the request; `load` is recreated every render.
  useEffect(() => {
    if (key === null) {
      setState({ key, resource: { status: 'initial' } });
      return;
    }
    let current = true;
    const known = settledState<T>(key);
    if (known?.status === 'success') {
      // Same data: keep the state (no render); new data put in the cache (a live menu update): show it.
      setState((previous) => (previous.resource.data === known.data ? previous : { key, resource: known }));
      return;
    }
    setState({ key, resource: { status: 'loading' } });
    resourcePrefetch(key, load).then(
      (data) => current && setState({ key, resource: { status: 'success', data } }),
      (error: unknown) => current && setState({ key, resource: { status: 'error', error } }),
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);
  // On a key change, answer from the cache in the same render rather than one render late.
  if (state.key !== key) return settledState<T>(key) ?? { status: key === null ? 'initial' : 'loading' };
  return state.resource;
}
