/** The 'Agotados' tab's calls (`/api/console/soldout`, ADR 052). */
import { apiRequest } from '../../../lib/api-client';
import { bearer } from './manage-api';

export type SoldOutKind = 'PLATE' | 'SIZE' | 'GARNISH_ITEM';

export interface SoldOutItem {
  itemKey: string;
  name: string;
  soldOut: boolean;
  /** Back on sale at this instant (ISO); null while on sale or until switched back. */
  until: string | null;
}

export interface SoldOutPlate extends SoldOutItem {
  sizes: SoldOutItem[];
}

export interface SoldOutList {
  branchContactId: number;
  timeZone: string;
  untilToday: string;
  categories: { name: string; plates: SoldOutPlate[] }[];
  garnishGroups: { name: string; items: SoldOutItem[] }[];
}

/** One item's state, as the PUT answers and `sold-out-updated` tells. */
export interface SoldOutMark {
  branchContactId: number;
  kind: SoldOutKind;
  itemKey: string;
  soldOut: boolean;
  until: string | null;
}

export function soldOutListGet(token: string, branchContactId: number): Promise<SoldOutList> {
  return apiRequest('/console/soldout', { headers: bearer(token), query: { branchContactId } });
}

export function soldOutSwitch(
  token: string,
  body: {
    branchContactId: number;
    kind: SoldOutKind;
    itemKey: string;
    soldOut: boolean;
    until: 'today' | 'manual';
  },
): Promise<SoldOutMark & { changed: boolean }> {
  return apiRequest('/console/soldout', { method: 'PUT', headers: bearer(token), body });
}
