/**
 * The query parameters a diner arrives with (ordering §2 "Query parameters read
 * on entry", and the partner link of §6), read once when the app starts and
 * kept for the checkout. The query string is saved in sessionStorage, under the
 * company's key once it is known, so that a reload on the cart or the checkout,
 * whose URL no longer carries them (the partner link's never did after the
 * first moment: lib/entry-params.ts takes them out), still has them.
 */
import { ENTRY_ARRIVED, ENTRY_SEARCH, type EntryParams, entryParamsParse } from '../lib/entry-params';
import { storageKey, storageScopeOnChange } from '../lib/storage-scope';

export { entryParamsAllowsMode, entryParamsMenuOf, entryParamsParse } from '../lib/entry-params';
export type { EntryParams };

const STORAGE_KEY = 'comanda.entry';

// Parameters in the address belong to the first company opened; each company keeps its own.
let arrived = ENTRY_ARRIVED;
let params: EntryParams = entryParamsParse(ENTRY_SEARCH);

storageScopeOnChange(() => {
  try {
    if (arrived) sessionStorage.setItem(storageKey(STORAGE_KEY), ENTRY_SEARCH);
    else params = entryParamsParse(sessionStorage.getItem(storageKey(STORAGE_KEY)) ?? '');
  } catch {
    // Storage blocked: kept in memory only.
  }
  arrived = false;
});

/** The entry parameters, outside React. */
export function entryParamsGet(): EntryParams {
  return params;
}

/**
 * The entry parameters, for components. A plain read: they change only with
 * the company on screen, which is set before any screen of it renders (a new
 * link opened in the tab reloads the app).
 */
export function useEntryParams(): EntryParams {
  return params;
}
