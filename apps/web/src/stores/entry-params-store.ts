/**
 * The query parameters a diner arrives with (ordering §2 "Query parameters read
 * on entry"), read once when the app starts and kept for the checkout. They are
 * saved in sessionStorage so that a reload on the cart or the checkout, whose
 * URL no longer carries them, still has them.
 */
import { useSyncExternalStore } from 'react';
import { ENTRY_PARAM_KEYS, type EntryParams, entryParamsParse } from '../lib/entry-params';

export { entryParamsAllowsMode, entryParamsParse } from '../lib/entry-params';
export type { EntryParams };

const STORAGE_KEY = 'comanda.entryParams';

function initial(): EntryParams {
  const search = window.location.search;
  const fromUrl = entryParamsParse(search);
  try {
    if (ENTRY_PARAM_KEYS.some((key) => new URLSearchParams(search).has(key))) {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(fromUrl));
      return fromUrl;
    }
    const stored = sessionStorage.getItem(STORAGE_KEY);
    return stored ? { ...fromUrl, ...(JSON.parse(stored) as Partial<EntryParams>) } : fromUrl;
  } catch {
    return fromUrl;
  }
}

// Read once, when this module is first evaluated (the app's start).
let params: EntryParams = initial();
const listeners = new Set<() => void>();

/** The entry parameters, outside React (the checkout's payload). */
export function entryParamsGet(): EntryParams {
  return params;
}

/** Replaces the kept parameters (tests; a new shared link opened in the same tab reloads the app anyway). */
export function entryParamsSet(next: EntryParams): void {
  params = next;
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked: kept in memory only.
  }
  for (const listener of listeners) listener();
}

/** The entry parameters, for components. */
export function useEntryParams(): EntryParams {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => params,
  );
}
