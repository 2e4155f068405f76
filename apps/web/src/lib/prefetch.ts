/**
 * The storefront's data, asked for before the app's code has arrived.
 *
 * The menu screen needs four reads, two of them known only once the alias's
 * entity is back (the branch contact's id, the mode's id). Made by the screen,
 * they would start after the first-paint chunk downloaded and rendered; made
 * here, from the tiny entry chunk, they run while that chunk downloads, and the
 * screen renders with everything at once (no loading step, nothing shifting).
 *
 * `apiRequest` takes a prefetched response for its exact URL once; anything
 * not taken is simply dropped. This module imports nothing of React and
 * nothing of the first-paint chunk, so the entry chunk stays tiny.
 */
import { entryParamsAllowsMode, entryParamsParse } from './entry-params';
import { modeFind, RESERVED_MODE_SEGMENTS } from './storefront-path';

const early = new Map<string, Promise<Response>>();

function get(path: string): Promise<Response> {
  const url = new URL(`/api${path}`, window.location.origin).toString();
  const response = fetch(url, { headers: { accept: 'application/json' } });
  // A failed prefetch is the reader's to report (it retries with a fetch of its own).
  response.catch(() => {});
  early.set(url, response);
  return response;
}

/** The prefetched response for a URL, once (the next read of it goes to the network). */
export function prefetchTake(url: string): Promise<Response> | undefined {
  const response = early.get(url);
  early.delete(url);
  return response;
}

interface PrefetchedEntity {
  type: string;
  branchContact?: {
    id: number;
    alias: string;
    branch: { id: number };
    deliveryConfig: { orderModes: { id: number; type: string; showName: string }[] };
  };
}

/** A tracking link's reads (the tracking and the alias's entity), while the page's code downloads. */
export function trackingPrefetch(alias: string, orderCode: string): void {
  get(`/logisticsorder/tracking/${alias}/${orderCode}`);
  get(`/diner/${alias}`);
}

/** Starts the reads of the storefront screen at `location` (the alias's entity; on a mode menu, its menu too). */
export function storefrontPrefetch(location: { pathname: string; search: string }): void {
  const match = /^\/menu\/([^/?#]+)(?:\/([^/?#]+))?/.exec(location.pathname);
  const alias = match?.[1] ? decodeURIComponent(match[1]) : null;
  if (!alias) return;
  const entity = get(`/diner/${encodeURIComponent(alias)}`);
  const segment = match?.[2];
  if (!segment || RESERVED_MODE_SEGMENTS.includes(segment.toLowerCase())) return;
  entity
    .then((response) => (response.ok ? (response.clone().json() as Promise<PrefetchedEntity>) : null))
    .then((data) => {
      const contact = data?.type === 'BRANCH_CONTACT' ? data.branchContact : undefined;
      if (!contact) return;
      const allowed = entryParamsParse(location.search).allowedOM;
      const modes = contact.deliveryConfig.orderModes.filter((mode) => entryParamsAllowsMode(allowed, mode));
      const mode = modeFind(modes, segment);
      if (!mode) return;
      const contactAlias = encodeURIComponent(contact.alias);
      get(`/diner/${contactAlias}/menu/${contact.id}?orderModeId=${mode.id}`);
      get(`/menucustomization/${contact.branch.id}`);
      get(`/diner/menu/${contactAlias}/hash`);
    })
    .catch(() => {});
}
