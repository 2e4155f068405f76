import { apiRequest } from '../../../lib/api-client';
import { storageScopeSet } from '../../../lib/storage-scope';
import { resourcePrefetch, useCachedResource } from '../../../lib/use-resource';
import type { ApiDinerEntity } from '../../../types/api';

function entityKey(alias: string) {
  return `diner-entity:${alias.toLowerCase()}`;
}

// The company is known before any screen of the alias renders: what it stored is read under its name.
const entityLoad = (alias: string) =>
  apiRequest<ApiDinerEntity>(`/diner/${encodeURIComponent(alias)}`).then((entity) => {
    storageScopeSet(entity.company.alias);
    return entity;
  });

/** `GET /api/diner/{alias}`: a company, a branch or a branch contact. */
export function getDinerEntity(alias: string): Promise<ApiDinerEntity> {
  return resourcePrefetch(entityKey(alias), () => entityLoad(alias));
}

/** What an alias names, shared by the entry, menu and cart screens (read once per page). */
export function useDinerEntity(alias: string, attempt = 0) {
  const entity = useCachedResource(alias ? entityKey(alias) : null, () => entityLoad(alias), attempt);
  // A cached entity of another company (back to an earlier storefront in this page) switches back.
  if (entity.status === 'success') storageScopeSet(entity.data.company.alias);
  return entity;
}
