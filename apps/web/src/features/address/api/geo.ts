/**
 * Calls of the address modal to the geo API (apps/api `routes/api/geo`):
 * address suggestions, reverse geocoding of a point, and the map settings.
 */
import { apiRequest } from '../../../lib/api-client';

/** One address as the API gives it (apps/api `GeoAddressSchema`). */
export interface GeoAddress {
  label: string;
  street: string;
  number: string | null;
  /** Localidad. */
  city: string | null;
  province: string | null;
  postalCode: string | null;
  lat: number;
  lng: number;
}

export interface GeoConfig {
  tileUrl: string;
  attribution: string;
  defaultCenter: { lat: number; lng: number };
  defaultZoom: number;
  addressZoom: number;
  maxZoom: number;
}

/** The API refuses shorter queries; the modal does not ask before this. */
export const GEO_SEARCH_MIN_CHARS = 3;

/** Suggestions for what the diner typed, nearest to the branch contact first. */
export async function geoSearch(
  query: string,
  branchContactId: number,
  signal?: AbortSignal,
): Promise<GeoAddress[]> {
  const body = await apiRequest<{ suggestions: GeoAddress[] }>('/geo/search', {
    query: { q: query, branchContactId },
    signal,
  });
  return body.suggestions;
}

/** The address at a point, or null when there is none close. */
export async function geoReverse(
  point: { lat: number; lng: number },
  signal?: AbortSignal,
): Promise<GeoAddress | null> {
  const body = await apiRequest<{ address: GeoAddress | null }>('/geo/reverse', {
    query: { lat: point.lat, lng: point.lng },
    signal,
  });
  return body.address;
}

let config: Promise<GeoConfig> | null = null;

/** The map settings, asked once per page (a failure is forgotten, so the next map retries). */
export function geoConfig(): Promise<GeoConfig> {
  config ??= apiRequest<GeoConfig>('/geo/config').catch((error: unknown) => {
    config = null;
    throw error;
  });
  return config;
}

/** The text of the 'direccion' field for an address: street and number. */
export function geoAddressLine(address: Pick<GeoAddress, 'street' | 'number'>): string {
  return address.number ? `${address.street} ${address.number}` : address.street;
}
