/**
 * The branch guide (follow-up §2.4): nearby branch contacts by distance, paged.
 */
import { geoDistanceText } from './delivery-zone';

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
