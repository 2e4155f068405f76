import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { ManagedLocation } from '../api/manage-api';
import type { TeamInvite, TeamLink, TeamRole } from '../api/staff-api';

/** The date and time a link expires, as staff read it. */
export const expiryText = (at: string) =>
  new Date(at).toLocaleString('es-AR', { dateStyle: 'short', timeStyle: 'short', hour12: false });

/** A refused save's sentence and per-field messages ('body.email' → 'email'). */
export function saveFailure(error: unknown): { message: string; fields: Record<string, string> } {
  if (!(error instanceof ApiError))
    return { message: 'No pudimos guardar. Revise la conexión e intente de nuevo.', fields: {} };
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([key, value]) => [key.replace(/^body\./, ''), value]),
  );
  return { message: error.message, fields };
}

interface RoleAndLocationsProps {
  role: TeamRole;
  locationIds: number[];
  locations: ManagedLocation[];
  error?: string;
  onRole: (role: TeamRole) => void;
  onLocations: (ids: number[]) => void;
}

/** Role radios and, for 'Personal', the locations they work at. */
export function RoleAndLocations({
  role,
  locationIds,
  locations,
  error,
  onRole,
  onLocations,
}: RoleAndLocationsProps) {
  const id = useId();
  const toggle = (locationId: number, on: boolean) =>
    onLocations(on ? [...locationIds, locationId] : locationIds.filter((item) => item !== locationId));
  return (
    <>
      <fieldset className="team-fieldset">
        <legend>Rol</legend>
        <label className="team-choice">
          <input
            type="radio"
            name={`${id}-role`}
            checked={role === 'STAFF'}
            onChange={() => onRole('STAFF')}
          />
          <span>
            Personal <span className="muted">· agotados y horarios de sus locales</span>
          </span>
        </label>
        <label className="team-choice">
          <input
            type="radio"
            name={`${id}-role`}
            checked={role === 'OWNER'}
            onChange={() => onRole('OWNER')}
          />
          <span>
            Dueño <span className="muted">· todo, en todos los locales</span>
          </span>
        </label>
      </fieldset>
      {role === 'STAFF' ? (
        <fieldset className="team-fieldset" aria-describedby={error ? `${id}-locations-error` : undefined}>
          <legend>Locales</legend>
          {locations.map((location) => (
            <label key={location.id} className="team-choice">
              <input
                type="checkbox"
                checked={locationIds.includes(location.id)}
                onChange={(event) => toggle(location.id, event.target.checked)}
              />
              <span>{location.name}</span>
            </label>
          ))}
          {error ? (
            <span id={`${id}-locations-error`} className="console-error">
              {error}
            </span>
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}

interface InviteFormProps {
  locations: ManagedLocation[];
  initial?: Partial<TeamInvite>;
  onInvite: (invite: TeamInvite) => Promise<void>;
  onCancel: () => void;
}

/** 'Invitar': name, email, role and locations; the answer is a link to hand over. */
export function InviteForm({ locations, initial, onInvite, onCancel }: InviteFormProps) {
  const [values, setValues] = useState<TeamInvite>({
    name: initial?.name ?? '',
    email: initial?.email ?? '',
    role: initial?.role ?? 'STAFF',
    branchContactIds: initial?.branchContactIds ?? (locations.length === 1 ? [locations[0]!.id] : []),
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!values.name.trim()) found.name = 'Escriba el nombre.';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) found.email = 'Escriba un email válido.';
    if (values.role === 'STAFF' && values.branchContactIds.length === 0)
      found.branchContactIds = 'Elija al menos un local.';
    setFields(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onInvite({ ...values, name: values.name.trim(), email: values.email.trim() });
    } catch (error) {
      const refused = saveFailure(error);
      setFields(refused.fields);
      setFailure(refused.message);
      setBusy(false);
    }
  };

  const text = (name: 'name' | 'email', label: string, type: string, autoComplete: string) => (
    <label className="console-field">
      <span>{label}</span>
      <input
        type={type}
        name={name}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        aria-invalid={fields[name] ? true : undefined}
        aria-describedby={fields[name] ? `team-invite-${name}-error` : undefined}
      />
      {fields[name] ? (
        <span id={`team-invite-${name}-error`} className="console-error">
          {fields[name]}
        </span>
      ) : null}
    </label>
  );

  return (
    <form className="team-panel" onSubmit={submit} noValidate aria-labelledby="team-invite-title">
      <h3 id="team-invite-title">Invitar a una persona</h3>
      <p className="muted">
        Recibirá un enlace para elegir su contraseña. El enlace sirve una vez y vence en 72 horas.
      </p>
      <div className="team-row">
        {text('name', 'Nombre', 'text', 'off')}
        {text('email', 'Email', 'email', 'off')}
      </div>
      <RoleAndLocations
        role={values.role}
        locationIds={values.branchContactIds}
        locations={locations}
        error={fields.branchContactIds}
        onRole={(role) => setValues((current) => ({ ...current, role }))}
        onLocations={(ids) => setValues((current) => ({ ...current, branchContactIds: ids }))}
      />
      {failure ? (
        <p className="console-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="team-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Invitando…' : 'Invitar'}
        </button>
        <button type="button" className="button button--bordered" onClick={onCancel} disabled={busy}>
          Cancelar
        </button>
      </div>
    </form>
  );
}

/** The email a person receives, prefilled for their own mail app (there is no email provider: ADR 056). */
function mailtoOf(name: string, email: string, link: TeamLink): string {
  const first = link.purpose === 'INVITE';
  const subject = first ? 'Su acceso a la consola de Comanda' : 'Nueva contraseña para la consola de Comanda';
  const body = [
    `Hola ${name}:`,
    '',
    first
      ? 'Le damos acceso a la consola de pedidos. Para entrar, elija su contraseña en este enlace:'
      : 'Para elegir una nueva contraseña de la consola de pedidos, abra este enlace:',
    link.url,
    '',
    `El enlace sirve una sola vez y vence el ${expiryText(link.expiresAt)}.`,
  ].join('\n');
  return `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** A link shown once: copy it or send it by email. */
export function LinkPanel({
  name,
  email,
  link,
  onClose,
}: {
  name: string;
  email: string;
  link: TeamLink;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('Enlace copiado.');
    } catch {
      setCopied('No se pudo copiar: seleccione el enlace y cópielo a mano.');
    }
  };
  return (
    <section className="team-panel team-link" aria-labelledby="team-link-title">
      <h3 id="team-link-title">
        {link.purpose === 'INVITE'
          ? `Invitación para ${name}`
          : `Enlace para restablecer la contraseña de ${name}`}
      </h3>
      <p>
        Entréguele este enlace a {email}. Sirve una sola vez y vence el {expiryText(link.expiresAt)}. No se
        vuelve a mostrar: si se pierde, genere uno nuevo.
      </p>
      <label className="console-field">
        <span>Enlace</span>
        <input type="text" readOnly value={link.url} onFocus={(event) => event.target.select()} />
      </label>
      <div className="team-actions">
        <button type="button" className="button" onClick={copy}>
          Copiar enlace
        </button>
        <a className="button button--bordered" href={mailtoOf(name, email, link)}>
          Enviar por email
        </a>
        <button type="button" className="button button--bordered" onClick={onClose}>
          Listo
        </button>
      </div>
      <p className="muted" role="status">
        {copied}
      </p>
    </section>
  );
}
