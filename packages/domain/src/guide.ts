/**
 * The branch guide (follow-up §2.4): nearby branch contacts by distance, paged.
 */
import { type DeliveryZone, deliveryZoneFind, geoDistanceText, type LatLng } from './delivery-zone';
import { GEO_HALF_CIRCUMFERENCE_METERS } from './geo-bounding-box';

/** Locations per guide page when the caller names none: two phone screens of cards. */
export const GUIDE_PAGE_SIZE_DEFAULT = 20;
/** The most a page may ask for: a page is read and sorted whole. */
export const GUIDE_PAGE_SIZE_MAX = 50;
/** How deep a diner may page: 10,000 locations away is no longer "nearby". */
export const GUIDE_OFFSET_MAX = 10_000;
/** The filter keys `POST /api/menu/near` accepts (follow-up §7). */
export const GUIDE_FILTER_KEYS = ['country', 'branch_contact'] as const;
export type GuideFilterKey = (typeof GUIDE_FILTER_KEYS)[number];
/** The first search radius (a city block or two); it grows by GUIDE_SEARCH_RADIUS_GROWTH until a page is full. */
export const GUIDE_SEARCH_FIRST_RADIUS_METERS = 1000;
/**
 * Each radius is √2 times the last: the circle's area doubles, so the circle
 * that first holds a page holds at most about twice the locations needed (each
 * of which the database measures and sorts), while an empty step costs little.
 */
export const GUIDE_SEARCH_RADIUS_GROWTH = Math.SQRT2;

/** A guide card's data (follow-up §3 "Branch contact (guide card)"). */
export interface GuideBranchContact {
  id: string;
  alias: string;
  name: string;
  distanceInMeters: number;
  reachableByDelivery: boolean;
}

/** follow-up §9: the search offset is (page − 1) × pageSize (pages start at 1). */
export function guideSearchOffset(page: number, pageSize: number): number {
  return Math.max(0, Math.floor(page) - 1) * pageSize;
}

/**
 * The radii the nearby search tries, smallest first, from
 * GUIDE_SEARCH_FIRST_RADIUS_METERS by GUIDE_SEARCH_RADIUS_GROWTH; the last one
 * is the whole Earth (every location qualifies, so the search always ends).
 */
export function guideSearchRadii(): number[] {
  const radii: number[] = [];
  for (
    let r = GUIDE_SEARCH_FIRST_RADIUS_METERS;
    r < GEO_HALF_CIRCUMFERENCE_METERS;
    r *= GUIDE_SEARCH_RADIUS_GROWTH
  )
    radii.push(r);
  radii.push(GEO_HALF_CIRCUMFERENCE_METERS);
  return radii;
}

/**
 * Whether a location delivers to the diner: it takes delivery orders (an active
 * DELIVERY order mode) and one of its zones (the storefront's own) holds the point.
 */
export function guideReachableByDelivery(
  zones: readonly DeliveryZone[],
  origin: LatLng,
  diner: LatLng,
  takesDelivery: boolean,
): boolean {
  return takesDelivery && deliveryZoneFind(zones, origin, diner) !== null;
}

/** Branch contacts nearest first (ties by name), each with its distance as shown ('2,5 km'). */
export function guideSort<B extends GuideBranchContact>(
  branchContacts: readonly B[],
): (B & { distanceText: string })[] {
  return [...branchContacts]
    .sort((a, b) => a.distanceInMeters - b.distanceInMeters || a.name.localeCompare(b.name, 'es'))
    .map((branchContact) => ({
      ...branchContact,
      distanceText: geoDistanceText(branchContact.distanceInMeters),
    }));
}
