/**
 * The query parameters a diner arrives with (ordering §2 "Query parameters read
 * on entry"), as plain functions: read by the store that keeps them
 * (`stores/entry-params-store.ts`) and by the early data prefetch.
 */
import { slugify } from './storefront-path';

export interface EntryParams {
  campaignId: string | null;
  /** Marks an abandoned-cart return. */
  abandoned: boolean;
  phone: string | null;
  name: string | null;
  customerName: string | null;
  tableNumber: string | null;
  /** A discount code to apply at checkout. */
  code: string | null;
  /** Order modes to show (types, show names or ids); empty means all. */
  allowedOM: string[];
  /** Repeatable `menu` parameter, kept as given. */
  menu: string[];
  source: string | null;
}

export const ENTRY_TEXT_KEYS = [
  'campaignId',
  'phone',
  'name',
  'customerName',
  'tableNumber',
  'code',
  'source',
] as const;

/** Every parameter of the table, as it appears in a query string. */
export const ENTRY_PARAM_KEYS = ['abandoned', 'allowedOM', 'menu', ...ENTRY_TEXT_KEYS] as const;

/** Reads the entry parameters of a query string (`?allowedOM=DELIVERY,TAKE_AWAY&menu=a&menu=b`). */
export function entryParamsParse(search: string): EntryParams {
  const query = new URLSearchParams(search);
  const abandoned = query.get('abandoned');
  const params = {
    abandoned: abandoned !== null && abandoned !== 'false' && abandoned !== '0',
    // Both `allowedOM=A,B` and `allowedOM=A&allowedOM=B` are accepted.
    allowedOM: query
      .getAll('allowedOM')
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter(Boolean),
    menu: query.getAll('menu').filter(Boolean),
  } as EntryParams;
  for (const key of ENTRY_TEXT_KEYS) params[key] = query.get(key)?.trim() || null;
  return params;
}

/**
 * Whether `allowedOM` lets a mode be shown (ordering §6: a branch location's
 * modes are filtered by it). An entry names the mode by type, show name or id,
 * read without regard to case, accents, spaces, dashes or underscores.
 */
export function entryParamsAllowsMode(
  allowed: readonly string[],
  mode: { id: number; type: string; showName: string },
): boolean {
  if (allowed.length === 0) return true;
  const names = [slugify(mode.type), slugify(mode.showName), String(mode.id)];
  return allowed.some((entry) => names.includes(slugify(entry)));
}
