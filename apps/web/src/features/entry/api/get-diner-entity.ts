import { apiRequest } from '../../../lib/api-client';
import { resourcePrefetch, useCachedResource } from '../../../lib/use-resource';
import type { ApiDinerEntity } from '../../../types/api';

function entityKey(alias: string) {
  return `diner-entity:${alias.toLowerCase()}`;
}

/** `GET /api/diner/{alias}`: a company, a branch or a branch contact. */
export function getDinerEntity(alias: string): Promise<ApiDinerEntity> {
  return resourcePrefetch(entityKey(alias), () =>
    apiRequest<ApiDinerEntity>(`/diner/${encodeURIComponent(alias)}`),
  );
}

/** What an alias names, shared by the entry, menu and cart screens (read once per page). */
export function useDinerEntity(alias: string, attempt = 0) {
  return useCachedResource(
    alias ? entityKey(alias) : null,
    () => apiRequest<ApiDinerEntity>(`/diner/${encodeURIComponent(alias)}`),
    attempt,
  );
}
