/**
 * The 'Zonas' tab's calls (ADR 055): a location's delivery zones in the tenant
 * format (money in major units), their save, and the test-address check, plus
 * the map's tile settings (`/api/geo/config`, the storefront's own).
 */
import { apiRequest } from '../../../lib/api-client';
import { bearer } from './manage-api';

/** A zone as the tenant file writes it: a radius around the location or a closed `[lng, lat]` ring. */
export interface TenantZone {
  name: string;
  radiusMeters?: number;
  polygon?: [number, number][];
  fee: number;
  cashFee: number;
  minimumOrderPrice?: number;
  freeDeliveryFrom?: number;
}

export interface ZonesCountry {
  code: string;
  currency: { code: string; symbol: string };
  mantissaLength: number;
}

export interface ZonesView {
  zones: TenantZone[];
  version: string;
  location: { name: string; lat: number | null; lng: number | null };
  country: ZonesCountry;
}

export interface ZonesCheckResult {
  reached: boolean;
  zone?: {
    name: string;
    fee: number;
    cashFee: number;
    minimumOrderPrice?: number;
    freeDeliveryFrom?: number;
  };
  point: { lat: number; lng: number; label: string | null };
  message: string;
}

export interface MapTiles {
  tileUrl: string;
  attribution: string;
  maxZoom: number;
}

const path = (id: number, tail = '') => `/console/branchcontacts/${id}/delivery-zones${tail}`;

export function zonesGet(token: string, id: number): Promise<ZonesView> {
  return apiRequest(path(id), { headers: bearer(token) });
}

export function zonesPut(
  token: string,
  id: number,
  body: { zones: TenantZone[]; version: string },
): Promise<ZonesView & { changed: boolean }> {
  return apiRequest(path(id), { method: 'PUT', headers: bearer(token), body });
}

export function zonesCheck(
  token: string,
  id: number,
  body: { address: string; zones: TenantZone[] },
): Promise<ZonesCheckResult> {
  return apiRequest(path(id, '/check'), { method: 'POST', headers: bearer(token), body });
}

let tiles: Promise<MapTiles> | null = null;
export function mapTiles(): Promise<MapTiles> {
  tiles ??= apiRequest<MapTiles>('/geo/config').catch((error: unknown) => {
    tiles = null;
    throw error;
  });
  return tiles;
}
