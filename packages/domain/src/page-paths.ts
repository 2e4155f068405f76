/**
 * The pages the web app has (ordering §2 routes, follow-up §2.1), as one list
 * both sides read: the web app's routers declare their routes with these
 * patterns, and the API, which serves the app's index.html, answers 200 for a
 * path one of them matches and 404 for any other (the catch-all page with a
 * real status; docs/decisions/032-entry-parameters-and-catch-all.md).
 *
 * A pattern is written as the router writes it: `/`-separated segments, a
 * `:name` segment matching any one non-empty segment, a fixed segment matching
 * without regard to case (as React Router matches). A page added to the app is
 * added here, or the server answers it 404.
 */

// One constant per page, so that the web app's first load carries only the few it routes
// (Rolldown inlines a string constant; an object would come whole).
export const PAGE_HOME = '/';
/** The branch guide: nearby locations by distance (follow-up §2.1 "Branch selection (empty path)", §2.4). */
export const PAGE_GUIDE = '/menu';
/** Entry: a company, a branch or a branch contact. */
export const PAGE_MENU_ENTRY = '/menu/:alias';
export const PAGE_CART = '/menu/:alias/preview';
export const PAGE_CHECKOUT = '/menu/:alias/checkout';
export const PAGE_FOLLOW_UP = '/menu/:alias/order/:orderCode';
/** The order survey (follow-up §2.1 `encuesta/{alias}/{orderCode}`). */
export const PAGE_SURVEY = '/encuesta/:alias/:orderCode';
export const PAGE_MENU_MODE = '/menu/:alias/:mode';
export const PAGE_MENU_CATEGORY = '/menu/:alias/:mode/:category';
export const PAGE_MENU_PLATE = '/menu/:alias/:mode/:category/:plate';
export const PAGE_CONSOLE = '/console';
/** The venue's own management screens (sold out, menu, hours, zones, staff, history; ADR 051). */
export const PAGE_MANAGE = '/console/gestion';
/** Where an invited or reset staff member sets a password; the one-time token travels in the fragment. */
export const PAGE_STAFF_PASSWORD = '/console/clave';
export const PAGE_SUPPORT = '/soporte';
export const PAGE_TRACKING = '/logistics/tracking/order/:alias/:orderCode';
export const PAGE_RIDER_START = '/logistics';
export const PAGE_RIDER_SHIFT = '/logistics/:alias/rider/:registerPageVariant';
export const PAGE_RIDER_SHIFT_SHIPMENTS = '/logistics/:alias/rider/:riderId/shipments';
export const PAGE_RIDER_SHIPMENTS = '/logistics/:alias/shipments';
export const PAGE_RIDER_SHIPMENT = '/logistics/:alias/shipments/:shipmentType/:shipmentId';

/** Every page, by name. */
export const PAGE_PATHS = {
  home: PAGE_HOME,
  guide: PAGE_GUIDE,
  menuEntry: PAGE_MENU_ENTRY,
  cart: PAGE_CART,
  checkout: PAGE_CHECKOUT,
  followUp: PAGE_FOLLOW_UP,
  survey: PAGE_SURVEY,
  menuMode: PAGE_MENU_MODE,
  menuCategory: PAGE_MENU_CATEGORY,
  menuPlate: PAGE_MENU_PLATE,
  console: PAGE_CONSOLE,
  manage: PAGE_MANAGE,
  staffPassword: PAGE_STAFF_PASSWORD,
  support: PAGE_SUPPORT,
  tracking: PAGE_TRACKING,
  riderStart: PAGE_RIDER_START,
  riderShift: PAGE_RIDER_SHIFT,
  riderShiftShipments: PAGE_RIDER_SHIFT_SHIPMENTS,
  riderShipments: PAGE_RIDER_SHIPMENTS,
  riderShipment: PAGE_RIDER_SHIPMENT,
} as const;

export type PageName = keyof typeof PAGE_PATHS;

/** Second segments under `/menu/{alias}` that are pages of their own, never an order mode. */
export const PAGE_RESERVED_MODE_SEGMENTS: readonly string[] = ['preview', 'checkout', 'order'];

/** Under `/logistics`, the customer's tracking, never a rider app path. */
const RIDER_RESERVED_ALIAS = 'tracking';

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

// Built on first use: the web app's first load imports PAGE_PATHS alone and leaves this out.
let patterns: { name: PageName; segments: string[] }[] | null = null;

function segmentDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The page a path (without its query) names, or null: `/menu/fuego/delivery` →
 * `menuMode`, `/menu/fuego/order` → null (a follow-up needs its order code),
 * `/nada` → null.
 */
export function pagePathMatch(pathname: string): PageName | null {
  const segments = segmentsOf(pathname).map(segmentDecode);
  if (segments.some((segment) => segment === null || segment === '')) return null;
  patterns ??= Object.entries(PAGE_PATHS).map(([name, pattern]) => ({
    name: name as PageName,
    segments: segmentsOf(pattern),
  }));
  for (const pattern of patterns) {
    if (pattern.segments.length !== segments.length) continue;
    const matches = pattern.segments.every((part, index) =>
      part.startsWith(':') ? true : part === segments[index]?.toLowerCase(),
    );
    if (!matches) continue;
    if (pattern.name.startsWith('menu') && pattern.name !== 'menuEntry') {
      const mode = (segments[2] ?? '').toLowerCase();
      if (PAGE_RESERVED_MODE_SEGMENTS.includes(mode)) continue;
    }
    if (pattern.name.startsWith('rider') && segments[1]?.toLowerCase() === RIDER_RESERVED_ALIAS) continue;
    return pattern.name;
  }
  return null;
}
