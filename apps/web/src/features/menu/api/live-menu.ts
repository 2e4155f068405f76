/**
 * The storefront's live menu (ADR 052), its own chunk: listens to the
 * company's content events (`GET /api/diner/{alias}/content-events`, SSE) and
 * on each change re-reads the menu — the browser revalidates it with its ETag,
 * so nothing is downloaded when nothing shown changed — then puts it in the
 * page's cache and tells the screen, which updates in place (no spinner, no
 * reload): a plate the venue marked 'Agotado' greys, a new price shows.
 */
import { resourceForget, resourcePrefetch } from '../../../lib/use-resource';
import { getMenu, type MenuTarget } from './get-menu';

/** Follows `target`'s menu until the returned function runs. */
export function liveMenuFollow(target: MenuTarget, key: string, changed: () => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(`/api/diner/${encodeURIComponent(target.alias)}/content-events`);
  let closed = false;
  let greeted = false;
  const reread = () =>
    getMenu(target.alias, target.branchContactId, target.orderModeId, target.mantissaLength).then(
      (menu) => {
        if (closed) return;
        resourceForget(key);
        void resourcePrefetch(key, () => Promise.resolve(menu));
        changed();
      },
      // The next change (or a reconnect) reads it again; the order is checked by the server anyway.
      () => {},
    );
  source.addEventListener('content', reread);
  // After a reconnect (another process, a network change) a change may have been missed meanwhile.
  source.addEventListener('hello', () => {
    if (greeted) void reread();
    greeted = true;
  });
  return () => {
    closed = true;
    source.close();
  };
}
