/**
 * The reads around a menu: the branch's menu customization (promotional
 * banner, notes limits) and the menu hash of every mode of the alias (whether
 * a mode change keeps the cart). Both fail soft, as ordering §8 says: the
 * customization falls back to the defaults, the hashes to an empty list.
 */
import { apiRequest } from '../../../lib/api-client';
import { useCachedResource } from '../../../lib/use-resource';
import type { ApiMenuCustomization } from '../../../types/api';

/**
 * `GET /api/menucustomization/{branchId}` and whether it has answered: `data`
 * is null until then, and when it fails (ordering §8: error status and empty).
 */
export function useMenuCustomizationState(branchId: number | null): {
  settled: boolean;
  data: ApiMenuCustomization | null;
} {
  const resource = useCachedResource(branchId === null ? null : `menucustomization:${branchId}`, () =>
    apiRequest<ApiMenuCustomization>(`/menucustomization/${branchId}`),
  );
  return {
    settled: resource.status === 'success' || resource.status === 'error',
    data: resource.status === 'success' ? resource.data : null,
  };
}

/** `GET /api/menucustomization/{branchId}`; null until it answers and when it fails (ordering §8). */
export function useMenuCustomization(branchId: number | null): ApiMenuCustomization | null {
  return useMenuCustomizationState(branchId).data;
}

/** orderModeId → menu hash for every active mode under an alias; empty when the call fails (ordering §8). */
export function useMenuHashes(alias: string | null): {
  loaded: boolean;
  hashes: ReadonlyMap<number, string>;
} {
  const resource = useCachedResource(alias === null ? null : `menuhashes:${alias}`, async () => {
    const body = await apiRequest<{ menuHashes: { orderModeId: number; hash: string }[] }>(
      `/diner/menu/${encodeURIComponent(alias ?? '')}/hash`,
    );
    return new Map(body.menuHashes.map((entry) => [entry.orderModeId, entry.hash]));
  });
  if (resource.status === 'success') return { loaded: true, hashes: resource.data };
  return { loaded: resource.status === 'error', hashes: new Map() };
}
