import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { staffPasswordChange } from '../api/console-api';

/** The API's minimum (services/staff-password-service.ts). */
const MIN_LENGTH = 10;

type Field = 'currentPassword' | 'newPassword' | 'repeat';

interface PasswordFormProps {
  token: string;
  onDone: () => void;
  onExpired: () => void;
}

/** Change of the signed-in staff member's password; the other sessions end, this one goes on. */
export function PasswordForm({ token, onDone, onExpired }: PasswordFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: '',
    newPassword: '',
    repeat: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!values.currentPassword) found.currentPassword = 'Ingrese su contraseña actual.';
    if (values.newPassword.length < MIN_LENGTH)
      found.newPassword = `La nueva contraseña debe tener al menos ${MIN_LENGTH} caracteres.`;
    else if (values.newPassword === values.currentPassword)
      found.newPassword = 'Debe ser distinta de la contraseña actual.';
    if (values.repeat !== values.newPassword) found.repeat = 'Las contraseñas no coinciden.';
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await staffPasswordChange(token, values.currentPassword, values.newPassword);
      setChanged(true);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) return onExpired();
      if (caught instanceof ApiError && caught.status === 400 && Object.keys(caught.fields).length > 0) {
        setErrors({
          currentPassword: caught.fields['body.currentPassword'],
          newPassword: caught.fields['body.newPassword'],
        });
      } else if (caught instanceof ApiError && caught.status === 429) {
        setFailure('Demasiados intentos fallidos. Espere unos minutos e intente de nuevo.');
      } else {
        setFailure('No pudimos cambiar la contraseña. Revise la conexión e intente de nuevo.');
      }
    } finally {
      setBusy(false);
    }
  };

  if (changed) {
    return (
      <main className="console-page console-password">
        <h1>Contraseña cambiada</h1>
        <p className="console-notice" role="status">
          Listo. Cerramos las demás sesiones abiertas con su usuario; esta sigue activa.
        </p>
        <button type="button" className="button" onClick={onDone}>
          Volver a los pedidos
        </button>
      </main>
    );
  }

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <label className="console-field">
      <span>{label}</span>
      <input
        type="password"
        name={name}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${name}-error` : undefined}
      />
      {errors[name] ? (
        <span id={`${name}-error`} className="console-error">
          {errors[name]}
        </span>
      ) : hint ? (
        <span className="muted console-password__hint">{hint}</span>
      ) : null}
    </label>
  );

  return (
    <main className="console-page console-password">
      <form onSubmit={submit} noValidate>
        <h1>Cambiar contraseña</h1>
        <p className="muted">Al cambiarla se cierran las demás sesiones abiertas con su usuario.</p>
        {field('currentPassword', 'Contraseña actual', 'current-password')}
        {field('newPassword', 'Nueva contraseña', 'new-password', `Al menos ${MIN_LENGTH} caracteres.`)}
        {field('repeat', 'Repita la nueva contraseña', 'new-password')}
        {failure ? (
          <p className="console-error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="console-password__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Guardando…' : 'Cambiar contraseña'}
          </button>
          <button type="button" className="button button--bordered" onClick={onDone} disabled={busy}>
            Cancelar
          </button>
        </div>
      </form>
    </main>
  );
}
