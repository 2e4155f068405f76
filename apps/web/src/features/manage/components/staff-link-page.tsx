import { PAGE_CONSOLE } from '@comanda/domain/page-paths';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { staffSessionSet } from '../../../lib/staff-session';
import { themeApply } from '../../../lib/theme';
import { type PasswordLink, passwordLinkRead, passwordLinkUse } from '../api/staff-api';
import '../staff.css';

/** The API's minimum (services/staff-password-service.ts). */
const MIN_LENGTH = 10;

type Load =
  | { kind: 'loading' }
  | { kind: 'ready'; link: PasswordLink }
  | { kind: 'gone'; message: string }
  | { kind: 'offline' };

/** The token travels in the fragment, which the browser never sends to a server (ADR 056). */
function fragmentToken(): string {
  return decodeURIComponent(window.location.hash.replace(/^#/, '')).trim();
}

function goneMessage(error: unknown): Load {
  if (error instanceof ApiError && (error.status === 404 || error.status === 410))
    return {
      kind: 'gone',
      message:
        error.status === 410
          ? 'Este enlace venció o ya se usó.'
          : 'Este enlace no es válido: puede que no se haya copiado completo.',
    };
  if (error instanceof ApiError && error.status === 429)
    return { kind: 'gone', message: 'Demasiados intentos. Espere unos minutos y vuelva a abrir el enlace.' };
  return { kind: 'offline' };
}

/** `/console/clave`: an invited person (or one whose password the owner reset) chooses their password. */
export function StaffLinkPage() {
  const [token] = useState(fragmentToken);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    document.title = 'Elegir contraseña · Comanda';
    // The platform's colours, following the device's light/dark preference (as the console does).
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => themeApply(null, null, query.matches ? 'dark' : 'light');
    apply();
    query.addEventListener('change', apply);
    return () => query.removeEventListener('change', apply);
  }, []);
  useEffect(() => {
    if (attempt < 0) return;
    if (!token) {
      setLoad({ kind: 'gone', message: 'Falta el código del enlace: ábralo tal como lo recibió.' });
      return;
    }
    passwordLinkRead(token).then(
      (link) => setLoad({ kind: 'ready', link }),
      (error) => setLoad(goneMessage(error)),
    );
  }, [token, attempt]);

  return (
    <main className="staff-link console">
      <div className="staff-link__card">
        <p className="eyebrow">Comanda · Consola</p>
        {load.kind === 'loading' ? <p className="muted">Revisando el enlace…</p> : null}
        {load.kind === 'offline' ? (
          <>
            <p className="console-error" role="alert">
              No pudimos revisar el enlace. Revise la conexión e intente de nuevo.
            </p>
            <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
              Reintentar
            </button>
          </>
        ) : null}
        {load.kind === 'gone' ? (
          <>
            <h1>No se puede usar este enlace</h1>
            <p role="alert">{load.message}</p>
            <p>Pida al dueño un enlace nuevo. Si ya eligió su contraseña, ingrese con ella.</p>
            <a className="button button--bordered" href={PAGE_CONSOLE}>
              Ir a la consola
            </a>
          </>
        ) : null}
        {load.kind === 'ready' ? (
          <PasswordChoice token={token} link={load.link} onGone={(error) => setLoad(goneMessage(error))} />
        ) : null}
      </div>
    </main>
  );
}

function PasswordChoice({
  token,
  link,
  onGone,
}: {
  token: string;
  link: PasswordLink;
  onGone: (error: unknown) => void;
}) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (password.length < MIN_LENGTH)
      found.password = `La contraseña debe tener al menos ${MIN_LENGTH} caracteres.`;
    if (repeat !== password) found.repeat = 'Las contraseñas no coinciden.';
    setErrors(found);
    setFailure(null);
    if (found.password || found.repeat) return;
    setBusy(true);
    try {
      staffSessionSet(await passwordLinkUse(token, password));
      // The fragment goes with this page: the link's token is not kept in the history.
      window.location.replace(PAGE_CONSOLE);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && (error.status === 404 || error.status === 410)) return onGone(error);
      setFailure(
        error instanceof ApiError && error.status === 429
          ? 'Demasiados intentos. Espere unos minutos e intente de nuevo.'
          : 'No pudimos guardar la contraseña. Revise la conexión e intente de nuevo.',
      );
    }
  };

  const field = (
    name: 'password' | 'repeat',
    label: string,
    value: string,
    set: (value: string) => void,
    hint?: string,
  ) => (
    <div className="console-field">
      <label htmlFor={`staff-link-${name}`}>{label}</label>
      <input
        id={`staff-link-${name}`}
        type="password"
        name={name}
        autoComplete="new-password"
        value={value}
        onChange={(event) => set(event.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`staff-link-${name}-note`}
      />
      <span id={`staff-link-${name}-note`} className={errors[name] ? 'console-error' : 'muted'}>
        {errors[name] ?? hint}
      </span>
    </div>
  );

  return (
    <form onSubmit={submit} noValidate>
      <h1>Hola {link.name}: elija su contraseña</h1>
      <p className="muted">
        {link.purpose === 'INVITE'
          ? `Con ella ingresará a la consola como ${link.email}.`
          : `Su contraseña anterior dejará de servir y se cerrarán sus sesiones abiertas (${link.email}).`}
      </p>
      <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
      {field('password', 'Contraseña', password, setPassword, `Al menos ${MIN_LENGTH} caracteres.`)}
      {field('repeat', 'Repita la contraseña', repeat, setRepeat)}
      {failure ? (
        <p className="console-error" role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Guardando…' : 'Guardar e ingresar'}
      </button>
    </form>
  );
}
