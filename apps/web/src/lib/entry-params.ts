/**
 * The query parameters a diner arrives with (ordering §2 "Query parameters read
 * on entry", and the partner link of §6 "External-loyalty user"), as plain
 * functions: read by the store that keeps them (`stores/entry-params-store.ts`)
 * and by the early data prefetch.
 */
import { slugify } from './storefront-path';

export interface EntryParams {
  campaignId: string | null;
  /** Marks an abandoned-cart return. */
  abandoned: boolean;
  phone: string | null;
  name: string | null;
  customerName: string | null;
  /** A table QR code's table, as given (the checkout reads it with `tableNumberFromLink`). */
  tableNumber: string | null;
  /** A discount code to apply at checkout. */
  code: string | null;
  /** Order modes to show (types, show names or ids); empty means all. */
  allowedOM: string[];
  /** Repeatable `menu` parameter, kept as given. */
  menu: string[];
  source: string | null;
  /** The external-benefits partner of a partner link (docs/decisions/030-partner-benefit-link.md). */
  partner: string | null;
  /** The partner's id of its user. */
  externalUserId: string | null;
  /** The partner's signed user token, sent as `Authorization: Bearer` (never left in the address). */
  userToken: string | null;
}

/** A partner link's parameters: taken out of the address as soon as the page starts. */
export const PARTNER_LINK_KEYS = ['partner', 'externalUserId', 'userToken'] as const;

export const ENTRY_TEXT_KEYS = [
  'campaignId',
  'phone',
  'name',
  'customerName',
  'tableNumber',
  'code',
  'source',
  ...PARTNER_LINK_KEYS,
] as const;

/** Every parameter of the table, as it appears in a query string. */
const ENTRY_PARAM_KEYS = ['abandoned', 'allowedOM', 'menu', ...ENTRY_TEXT_KEYS] as const;

// A partner link's parameters leave the address bar as soon as the page starts (this module loads
// with the entry chunk, before any request): a user token must not stay where a share, a
// screenshot, the history or a Referer would carry it. ENTRY_SEARCH keeps them for the store.
// Any other address is left exactly as it was.
const address = new URL(location.href);
const query = address.searchParams;
/** The query string the page was opened with, the partner link's parameters included. */
export const ENTRY_SEARCH = address.search;
/** Whether the page was opened with any entry parameter (the store then keeps them for its company). */
export const ENTRY_ARRIVED = ENTRY_PARAM_KEYS.some((key) => query.has(key));
if (query.has('userToken')) {
  for (const key of PARTNER_LINK_KEYS) query.delete(key);
  history.replaceState(history.state, '', address);
}

/** Reads the entry parameters of a query string (`?allowedOM=DELIVERY,TAKE_AWAY&menu=a&menu=b`). */
export function entryParamsParse(search: string): EntryParams {
  const query = new URLSearchParams(search);
  const abandoned = query.get('abandoned');
  const params = {
    abandoned: abandoned !== null && abandoned !== 'false' && abandoned !== '0',
    // Both `allowedOM=A,B` and `allowedOM=A&allowedOM=B` are accepted.
    allowedOM: query
      .getAll('allowedOM')
      .join()
      .split(',')
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
  const names = [slugify(mode.type), slugify(mode.showName), String(mode.id)];
  return allowed.length === 0 || allowed.some((entry) => names.includes(slugify(entry)));
}

/**
 * The menu a `menu` link shows (ordering §2, repeatable; ADR 032): only the
 * categories it names — by their page segment, read like `allowedOM` — and
 * their highlights, as a QR on a bar counter shows the drinks alone. A link
 * naming none of the menu's categories shows the whole menu (an old link never
 * empties it); every plate stays priced for a cart either way.
 */
export function entryParamsMenuOf<
  M extends {
    categories: { slug: string; numericId: number; plates: { id: string }[] }[];
    remarkeds: { id: string }[];
  },
>(menu: M, wanted: readonly string[]): M {
  const names = wanted.map(slugify);
  const categories = menu.categories.filter((category) => names.includes(category.slug));
  if (!categories.length) return menu;
  const shown = categories.flatMap((category) => category.plates.map((plate) => plate.id));
  return { ...menu, categories, remarkeds: menu.remarkeds.filter((plate) => shown.includes(plate.id)) };
}
