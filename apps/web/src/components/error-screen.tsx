import { Link } from 'react-router';
import { ApiError } from '../lib/api-client';

/** A screen that explains what failed, never a blank page; `onRetry` offers to try again. */
export function ErrorScreen({
  title,
  message,
  onRetry,
  back = { href: '/', label: 'Volver al inicio' },
}: {
  title: string;
  message: string;
  onRetry?: () => void;
  /** Where the way out leads (the home page unless a closer page fits). */
  back?: { href: string; label: string };
}) {
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
        <Link className={onRetry ? 'button button--bordered' : 'button'} to={back.href}>
          {back.label}
        </Link>
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
  return error instanceof ApiError && error.status === 404 ? (
    <ErrorScreen
      title="Local no encontrado"
      message={`No existe ningún local con la dirección "${alias}".`}
    />
  ) : (
    <ErrorScreen
      title="No pudimos cargar el local"
      message="Revisa tu conexión e inténtalo nuevamente."
      onRetry={onRetry}
    />
  );
}
