import { PAGE_CONSOLE } from '@comanda/domain/page-paths';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { usePlatformTheme } from '../../../hooks/use-platform-theme';
import { ApiError } from '../../../lib/api-client';
import { type StaffSession, staffSessionSet, useStaffSession } from '../../../lib/staff-session';
import { type ManagedLocation, manageLocations } from '../api/manage-api';
import { leaveAllowed } from '../lib/leave-guard';
import { MANAGE_TABS } from './manage-tabs';

const PICKED_KEY = 'comanda.console.branchContact';
const TAB_KEY = 'comanda.manage.tab';

/** `/console/gestion`: the venue's own management (ADR 051), for the staff signed in to the console. */
export function ManageApp() {
  usePlatformTheme();
  const session = useStaffSession();
  useEffect(() => {
    document.title = 'Gestión del local · Comanda';
  }, []);
  if (!session) {
    return (
      <main className="console-page">
        <h1>Gestión del local</h1>
        <p>Para gestionar el local, ingrese primero en la consola con su email y contraseña.</p>
        <a className="button" href={PAGE_CONSOLE}>
          Ir a la consola
        </a>
      </main>
    );
  }
  return <ManageShell key={session.token} session={session} />;
}

function ManageShell({ session }: { session: StaffSession }) {
  const { token, staff } = session;
  const owner = staff.role === 'OWNER';
  const tabs = MANAGE_TABS.filter((tab) => owner || !tab.ownerOnly);
  const [locations, setLocations] = useState<ManagedLocation[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<number | null>(
    () => Number(sessionStorage.getItem(PICKED_KEY)) || null,
  );
  const [tabId, setTabId] = useState(() => sessionStorage.getItem(TAB_KEY) ?? tabs[0]?.id ?? '');

  const failed = useCallback((cause: unknown) => {
    if (cause instanceof ApiError && cause.status === 401) staffSessionSet(null);
    else setError('No pudimos cargar los datos. Revise la conexión e intente de nuevo.');
  }, []);
  useEffect(() => {
    manageLocations(token).then(setLocations, failed);
  }, [token, failed]);

  const location = locations?.find((item) => item.id === picked) ?? locations?.[0];
  const tab = tabs.find((item) => item.id === tabId) ?? tabs[0];
  const choose = (id: number) => {
    if (!leaveAllowed()) return;
    sessionStorage.setItem(PICKED_KEY, String(id));
    setPicked(id);
  };
  const open = (id: string) => {
    if (id !== tab?.id && !leaveAllowed()) return;
    sessionStorage.setItem(TAB_KEY, id);
    setTabId(id);
    setError(null);
  };

  return (
    <div className="console manage">
      <header className="console-header">
        <div className="console-header__brand">
          <span className="console-header__title">Gestión del local</span>
          {location ? <span className="muted">{location.name}</span> : null}
        </div>
        <div className="console-header__actions">
          {locations && locations.length > 1 && location ? (
            <label className="console-select">
              <span className="visually-hidden">Local</span>
              <select value={location.id} onChange={(event) => choose(Number(event.target.value))}>
                {locations.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <span className="console-header__staff">
            {staff.name} · {owner ? 'Dueño' : 'Personal'}
          </span>
          <a className="button button--bordered button--small" href={PAGE_CONSOLE}>
            Volver a pedidos
          </a>
        </div>
      </header>
      <nav className="console-tabs" aria-label="Gestión">
        {tabs.map((item) => (
          <button
            key={item.id}
            type="button"
            className={`console-tab${item.id === tab?.id ? ' console-tab--active' : ''}`}
            aria-current={item.id === tab?.id ? 'page' : undefined}
            onClick={() => open(item.id)}
          >
            {item.label}
          </button>
        ))}
      </nav>
      <main className="console-page manage-page">
        {error ? (
          <p className="console-error" role="alert">
            {error}
          </p>
        ) : null}
        {!locations ? (
          error ? null : (
            <p className="muted">Cargando…</p>
          )
        ) : !location ? (
          <p>Su usuario no tiene locales asignados.</p>
        ) : tab ? (
          <Suspense fallback={<p className="muted">Cargando…</p>}>
            <tab.Component
              key={`${tab.id}-${location.id}`}
              token={token}
              staff={staff}
              location={location}
              onFailure={failed}
            />
          </Suspense>
        ) : null}
      </main>
    </div>
  );
}
