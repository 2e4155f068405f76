import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type ManagedLocation, manageLocations } from '../api/manage-api';
import {
  type TeamInvite,
  type TeamLink,
  type TeamMember,
  type TeamRole,
  teamChange,
  teamInvite,
  teamList,
  teamRemove,
  teamReset,
} from '../api/staff-api';
import type { ManageTabProps } from './manage-tabs';
import { expiryText, InviteForm, LinkPanel, RoleAndLocations, saveFailure } from './team-forms';
import '../staff.css';

const ROLE_WORDS: Record<TeamRole, string> = { OWNER: 'Dueño', STAFF: 'Personal' };

function stateText(member: TeamMember): string {
  if (member.state === 'DISABLED') return 'Sin acceso';
  if (member.state === 'INVITED')
    return member.pendingLink
      ? `Invitación pendiente (vence ${expiryText(member.pendingLink.expiresAt)})`
      : 'Invitación vencida';
  return member.pendingLink
    ? `Activo · cambio de contraseña pendiente (vence ${expiryText(member.pendingLink.expiresAt)})`
    : 'Activo';
}

type Shown = { name: string; email: string; link: TeamLink };

/** 'Equipo': the OWNER invites staff, changes their role and locations, resets passwords, removes access (ADR 056). */
export default function TeamView({ token, staff, onFailure }: ManageTabProps) {
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const [locations, setLocations] = useState<ManagedLocation[]>([]);
  const [inviting, setInviting] = useState<Partial<TeamInvite> | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [status, setStatus] = useState('');

  const load = useCallback(() => {
    teamList(token).then(setMembers, onFailure);
  }, [token, onFailure]);
  useEffect(() => {
    load();
    manageLocations(token).then(setLocations, onFailure);
  }, [token, load, onFailure]);

  const replace = (member: TeamMember) =>
    setMembers((list) => (list ?? []).map((item) => (item.id === member.id ? member : item)));

  const invite = async (values: TeamInvite) => {
    const answer = await teamInvite(token, values);
    setInviting(null);
    setShown({ name: answer.staff.name, email: answer.staff.email, link: answer.link });
    setStatus(`Invitación creada para ${answer.staff.name}.`);
    load();
  };

  if (!members) return <p className="muted">Cargando equipo…</p>;
  return (
    <section className="team" aria-labelledby="team-title">
      <div className="team-head">
        <h2 id="team-title">Equipo</h2>
        {inviting ? null : (
          <button
            type="button"
            className="button"
            onClick={() => {
              setShown(null);
              setInviting({});
            }}
          >
            Invitar
          </button>
        )}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {inviting ? (
        <InviteForm
          key={inviting.email ?? 'new'}
          locations={locations}
          initial={inviting}
          onInvite={invite}
          onCancel={() => setInviting(null)}
        />
      ) : null}
      {shown ? <LinkPanel {...shown} onClose={() => setShown(null)} /> : null}
      <ul className="team-list">
        {members.map((member) => (
          <MemberCard
            key={member.id}
            member={member}
            self={member.id === staff.id}
            token={token}
            locations={locations}
            onChanged={(changed, message) => {
              replace(changed);
              setStatus(message);
            }}
            onLink={(changed, link) => {
              replace(changed);
              setShown({ name: changed.name, email: changed.email, link });
              setStatus(`Enlace nuevo para ${changed.name}.`);
            }}
            onInviteAgain={() => {
              setShown(null);
              setInviting({ name: member.name, email: member.email, role: member.role });
            }}
            onFailure={onFailure}
          />
        ))}
      </ul>
    </section>
  );
}

interface MemberCardProps {
  member: TeamMember;
  self: boolean;
  token: string;
  locations: ManagedLocation[];
  onChanged: (member: TeamMember, message: string) => void;
  onLink: (member: TeamMember, link: TeamLink) => void;
  onInviteAgain: () => void;
  onFailure: (error: unknown) => void;
}

function MemberCard({
  member,
  self,
  token,
  locations,
  onChanged,
  onLink,
  onInviteAgain,
  onFailure,
}: MemberCardProps) {
  const [mode, setMode] = useState<'view' | 'edit' | 'remove'>('view');
  const [role, setRole] = useState<TeamRole>(member.role);
  const [locationIds, setLocationIds] = useState(member.branchContacts.map((location) => location.id));
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = `team-member-${member.id}`;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setMode('view');
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) onFailure(caught);
      else setError(saveFailure(caught));
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(async () => {
      const changed = await teamChange(token, member.id, {
        role,
        branchContactIds: role === 'STAFF' ? locationIds : [],
      });
      onChanged(changed, `Cambios guardados para ${changed.name}.`);
    });
  const reset = () =>
    run(async () => {
      const answer = await teamReset(token, member.id);
      onLink(answer.staff, answer.link);
    });
  const remove = () =>
    run(async () => {
      const changed = await teamRemove(token, member.id);
      onChanged(changed, `${changed.name} ya no tiene acceso.`);
    });

  const disabled = member.state === 'DISABLED';
  return (
    <li className={`team-member${disabled ? ' team-member--disabled' : ''}`} aria-labelledby={titleId}>
      <div className="team-member__main">
        <p id={titleId} className="team-member__name">
          {member.name}
          {self ? <span className="muted"> (usted)</span> : null}
        </p>
        <p className="team-member__email">{member.email}</p>
        <p>
          <strong>{ROLE_WORDS[member.role]}</strong>
          {' · '}
          {member.role === 'OWNER'
            ? 'Todos los locales'
            : member.branchContacts.map((location) => location.name).join(', ') || 'Sin locales'}
        </p>
        <p className={`team-state team-state--${member.state.toLowerCase()}`}>{stateText(member)}</p>
      </div>
      {mode === 'edit' ? (
        <div className="team-panel">
          <RoleAndLocations
            role={role}
            locationIds={locationIds}
            locations={locations}
            error={error?.fields.branchContactIds}
            onRole={setRole}
            onLocations={setLocationIds}
          />
          <div className="team-actions">
            <button type="button" className="button" disabled={busy} onClick={save}>
              {busy ? 'Guardando…' : 'Guardar'}
            </button>
            <button
              type="button"
              className="button button--bordered"
              disabled={busy}
              onClick={() => setMode('view')}
            >
              Cancelar
            </button>
          </div>
        </div>
      ) : mode === 'remove' ? (
        <div className="team-panel" role="alertdialog" aria-labelledby={`${titleId}-confirm`}>
          <p id={`${titleId}-confirm`}>
            ¿Quitar el acceso a {member.name}? Sus sesiones abiertas se cierran al instante y su enlace
            pendiente deja de servir.
          </p>
          <div className="team-actions">
            <button type="button" className="button button--danger" disabled={busy} onClick={remove}>
              {busy ? 'Quitando…' : 'Sí, quitar acceso'}
            </button>
            <button
              type="button"
              className="button button--bordered"
              disabled={busy}
              onClick={() => setMode('view')}
            >
              Cancelar
            </button>
          </div>
        </div>
      ) : disabled ? (
        <div className="team-actions">
          <button type="button" className="button button--bordered button--small" onClick={onInviteAgain}>
            Invitar de nuevo
          </button>
        </div>
      ) : (
        <div className="team-actions">
          {self ? null : (
            <button
              type="button"
              className="button button--bordered button--small"
              onClick={() => setMode('edit')}
            >
              Editar rol y locales
            </button>
          )}
          <button
            type="button"
            className="button button--bordered button--small"
            disabled={busy}
            onClick={reset}
          >
            {member.state === 'INVITED' ? 'Generar nueva invitación' : 'Restablecer contraseña'}
          </button>
          {self ? null : (
            <button
              type="button"
              className="button button--bordered button--small"
              onClick={() => setMode('remove')}
            >
              Quitar acceso
            </button>
          )}
        </div>
      )}
      {error && !error.fields.branchContactIds ? (
        <p className="console-error" role="alert">
          {error.message}
        </p>
      ) : null}
    </li>
  );
}
