import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { staffSessionSet } from '../../../lib/staff-session';
import { staffLogin } from '../api/console-api';
import { consoleAudioUnlock } from '../lib/alerts';

function loginError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Email o contraseña incorrectos.';
    if (error.status === 429) return 'Demasiados intentos fallidos. Espere unos minutos e intente de nuevo.';
    if (error.status === 400) return 'Revise el email y la contraseña.';
  }
  return 'No pudimos conectar con el servidor. Intente de nuevo.';
}

/** Staff sign-in: email and password → a session token kept in this tab. */
export function LoginScreen({ notice }: { notice?: string | null }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    void consoleAudioUnlock();
    if (!email.trim() || !password) {
      setError('Ingrese su email y su contraseña.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      staffSessionSet(await staffLogin(email.trim(), password));
    } catch (caught) {
      setError(loginError(caught));
      setBusy(false);
    }
  };

  return (
    <main className="console-login">
      <form className="console-login__card" onSubmit={submit} noValidate>
        <p className="eyebrow">Comanda</p>
        <h1 className="brand-title">Consola de pedidos</h1>
        {notice ? <p className="console-notice">{notice}</p> : null}
        <label className="console-field">
          <span>Email</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
          />
        </label>
        <label className="console-field">
          <span>Contraseña</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={error ? true : undefined}
          />
        </label>
        {error ? (
          <p className="console-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button console-login__submit" disabled={busy}>
          {busy ? 'Ingresando…' : 'Ingresar'}
        </button>
      </form>
    </main>
  );
}
