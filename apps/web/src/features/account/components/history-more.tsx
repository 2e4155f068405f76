import { useEffect, useRef } from 'react';
import { Spinner } from '../../../components/spinner';
import type { HistoryPages } from '../hooks/use-history-pages';

/**
 * The end of a paged list: the next page loads by itself when this comes into
 * view (infinite scroll), and 'Ver más' does the same by hand (keyboards,
 * screen readers, browsers without IntersectionObserver). A failed read says
 * so in Spanish with 'Reintentar'.
 */
export function HistoryMore<T>({ pages, failure }: { pages: HistoryPages<T>; failure: string }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loadingMore, problem, more } = pages;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || problem !== null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) more();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, problem, more]);

  if (problem === 'signed-out') {
    return (
      <p className="notice notice--error" role="alert">
        Tu sesión terminó. Inicia sesión de nuevo para verlo.
      </p>
    );
  }
  if (problem === 'failed') {
    return (
      <div className="notice notice--error" role="alert">
        <p>{failure}</p>
        <button type="button" className="button button--small" onClick={more}>
          Reintentar
        </button>
      </div>
    );
  }
  if (pages.loading) return <Spinner />;
  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="account-more">
      {loadingMore ? (
        <Spinner />
      ) : (
        <button type="button" className="button button--bordered button--small" onClick={more}>
          Ver más
        </button>
      )}
    </div>
  );
}
