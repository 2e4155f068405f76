import { useLocation } from 'react-router';
import { ApiError } from '../lib/api-client';
import { appLastStorefront } from '../lib/app-environment';

/**
 * Where 'Volver al inicio' leads from a page: the venue the path names
 * (`/menu/{alias}/…`), else the venue the diner was last on, and only without
 * either the product's home page.
 */
export function errorScreenHome(pathname: string): string {
  return /^\/menu\/[^/]+/.exec(pathname)?.[0] ?? appLastStorefront() ?? '/';
}

/** A screen that explains what failed, never a blank page; `onRetry` offers to try again. */
export function ErrorScreen({
  title,
  message,
  onRetry,
  back,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
  /** Where the way out leads (the venue's home, `errorScreenHome`, unless a closer page fits). */
  back?: { href: string; label: string };
}) {
  const { pathname } = useLocation();
  const out = back ?? { href: errorScreenHome(pathname), label: 'Volver al inicio' };
  return (
    <main className="page page--center" role="alert">
      <h1>{title}</h1>
      <p className="muted">{message}</p>
      <div className="button-row">
        {onRetry ? (
          <button type="button" className="button" onClick={onRetry}>
            Reintentar
          </button>
        ) : null}
        {/* A full load, not a router link: the error boundary's failed state (a crash, a chunk that did not
            load) outlives a client-side navigation, and the way out must leave it behind. */}
        <a className={onRetry ? 'button button--bordered' : 'button'} href={out.href}>
          {out.label}
        </a>
      </div>
    </main>
  );
}

/**
 * The storefront's answer when an alias cannot be read: 'Local no encontrado'
 * for an alias that does not exist (404), otherwise a connection problem with
 * a retry (ordering §8).
 */
export function AliasErrorScreen({
  alias,
  error,
  onRetry,
}: {
  alias: string;
  error: unknown;
  onRetry: () => void;
}) {
  // The alias of the path is the one that failed: the way out is the venue before it.
  const back = { href: appLastStorefront() ?? '/', label: 'Volver al inicio' };
  return error instanceof ApiError && error.status === 404 ? (
    <ErrorScreen
      title="Local no encontrado"
      message={`No existe ningún local con la dirección "${alias}".`}
      back={back}
    />
  ) : (
    <ErrorScreen
      title="No pudimos cargar el local"
      message="Revisa tu conexión e inténtalo nuevamente."
      onRetry={onRetry}
      back={back}
    />
  );
}
