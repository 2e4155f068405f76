/**
 * The guide's calls: the nearby locations (`POST /api/menu/near`, follow-up §7)
 * and the address search of the geo API (the same endpoint the address modal
 * calls), for a diner who does not share the device's location.
 */
import { apiRequest } from '../../../lib/api-client';

/** A guide card as the API gives it (follow-up §3 "Branch contact (guide card)"). */
export interface GuideBranchContact {
  id: number;
  alias: string;
  name: string;
  address: { street: string | null; number: string | null; city: string | null };
  whatsAppPhone: string | null;
  distanceInMeters: number;
  reachableByDelivery: boolean;
}

export interface GuidePage {
  branchContacts: GuideBranchContact[];
  pagingOption: { pageSize: number; offset: number };
  hasMore: boolean;
}

export interface GuidePoint {
  lat: number;
  lng: number;
}

/** One page of the locations nearest to `point`. */
export function guideNearGet(
  point: GuidePoint,
  paging: { pageSize: number; offset: number },
  signal?: AbortSignal,
): Promise<GuidePage> {
  return apiRequest<GuidePage>('/menu/near', {
    method: 'POST',
    body: { lat: point.lat, lng: point.lng, pagingOption: paging },
    signal,
  });
}

/** An address the diner may pick as their location. */
export interface GuideAddress {
  label: string;
  lat: number;
  lng: number;
}

/** The API refuses shorter queries (`GET /api/geo/search`). */
export const GUIDE_ADDRESS_MIN_CHARS = 3;

/** Addresses matching what the diner typed, in the countries the product serves. */
export async function guideAddressSearch(query: string, signal?: AbortSignal): Promise<GuideAddress[]> {
  const body = await apiRequest<{ suggestions: GuideAddress[] }>('/geo/search', {
    query: { q: query },
    signal,
  });
  return body.suggestions.map(({ label, lat, lng }) => ({ label, lat, lng }));
}
