/**
 * The query parameters a diner arrives with (ordering §2 "Query parameters read
 * on entry"), read once when the app starts and kept for the checkout. They are
 * saved in sessionStorage, under the company's key once it is known, so that a
 * reload on the cart or the checkout, whose URL no longer carries them, still
 * has them.
 */
import { useSyncExternalStore } from 'react';
import { ENTRY_PARAM_KEYS, type EntryParams, entryParamsParse } from '../lib/entry-params';
import { storageKey, storageScopeOnChange } from '../lib/storage-scope';

export { entryParamsAllowsMode, entryParamsParse } from '../lib/entry-params';
export type { EntryParams };

const STORAGE_KEY = 'comanda.entryParams';

const search = window.location.search;
// Parameters in the address belong to the first company opened; each company keeps its own.
let arrived = ENTRY_PARAM_KEYS.some((key) => new URLSearchParams(search).has(key));
let params: EntryParams = entryParamsParse(search);
const listeners = new Set<() => void>();

storageScopeOnChange(() => {
  try {
    if (arrived) sessionStorage.setItem(storageKey(STORAGE_KEY), JSON.stringify(params));
    else {
      const stored = sessionStorage.getItem(storageKey(STORAGE_KEY));
      params = { ...entryParamsParse(''), ...(stored ? (JSON.parse(stored) as Partial<EntryParams>) : {}) };
    }
  } catch {
    // Storage blocked: kept in memory only.
  }
  arrived = false;
});

/** The entry parameters, outside React (the checkout's payload). */
export function entryParamsGet(): EntryParams {
  return params;
}

/** Replaces the kept parameters (tests; a new shared link opened in the same tab reloads the app anyway). */
export function entryParamsSet(next: EntryParams): void {
  params = next;
  try {
    sessionStorage.setItem(storageKey(STORAGE_KEY), JSON.stringify(next));
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
