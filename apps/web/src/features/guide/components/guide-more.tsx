import { useEffect, useRef } from 'react';
import { Spinner } from '../../../components/spinner';
import type { GuidePages } from '../hooks/use-guide-pages';

/**
 * The end of the list: the next page loads by itself when this comes into view,
 * and 'Ver más' does the same by hand (keyboards, screen readers, browsers
 * without IntersectionObserver). After a failure it waits for the diner.
 */
export function GuideMore({ pages }: { pages: GuidePages }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, failed, loadingMore, more } = pages;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) more();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, failed, more]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="guide-more">
      {loadingMore ? (
        <Spinner label="Cargando más locales…" />
      ) : (
        <button type="button" className="button button--bordered button--small" onClick={more}>
          Ver más
        </button>
      )}
    </div>
  );
}
