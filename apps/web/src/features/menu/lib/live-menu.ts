/**
 * The storefront's live menu (ADR 052), its own chunk: listens to the
 * company's content events (`GET /api/diner/{alias}/content-events`, SSE) and
 * on each change re-reads the menu — the browser revalidates it with its ETag,
 * so nothing is downloaded when nothing shown changed — then puts it in the
 * page's cache and tells the screen, which updates in place (no spinner, no
 * reload): a plate the venue marked 'Agotado' greys, a new price shows.
 */
import { resourceForget, resourcePrefetch } from '../../../lib/use-resource';
import { getMenu, type MenuTarget, menuKey } from '../api/get-menu';

/** Follows `target`'s menu until `signal` aborts; `changed` is called with a counter that grows on each new menu. */
export function liveMenuFollow(
  target: MenuTarget,
  signal: AbortSignal,
  changed: (bump: (count: number) => number) => void,
): void {
  if (signal.aborted || typeof EventSource === 'undefined') return;
  const key = menuKey(target.alias, target.branchContactId, target.orderModeId);
  const source = new EventSource(`/api/diner/${encodeURIComponent(target.alias)}/content-events`);
  signal.addEventListener('abort', () => source.close());
  const reread = () =>
    getMenu(target.alias, target.branchContactId, target.orderModeId, target.mantissaLength).then(
      (menu) => {
        if (signal.aborted) return;
        resourceForget(key);
        // Told once the cache holds it as read: the screen then swaps the menu in place, never a spinner.
        return resourcePrefetch(key, () => Promise.resolve(menu)).then(() => changed((count) => count + 1));
      },
      // The next change (or a reconnect) reads it again; the order is checked by the server anyway.
      () => {},
    );
  source.addEventListener('content', reread);
  // On every connect: the first comes seconds after the menu was read, a reconnect after a gap; a change
  // may have happened meanwhile (nothing changed: the browser's revalidation is a 304).
  source.addEventListener('hello', reread);
}
