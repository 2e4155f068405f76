import { Link } from 'react-router';

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
