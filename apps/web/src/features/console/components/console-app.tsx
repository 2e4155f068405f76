import type { MoneyCountry } from '@comanda/domain/money';
import { PAGE_MANAGE } from '@comanda/domain/page-paths';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePlatformTheme } from '../../../hooks/use-platform-theme';
import { ApiError } from '../../../lib/api-client';
import { realtimeJoin } from '../../../lib/realtime';
import { staffSessionLeftMs, staffSessionSet, useStaffSession } from '../../../lib/staff-session';
import { getDinerEntity } from '../../entry/api/get-diner-entity';
import {
  consoleBoard,
  consoleBranchContacts,
  type OrderBoard,
  type OrderDetail,
  type StaffSession,
  staffLogout,
  type VenueControls as VenueControlsData,
} from '../api/console-api';
import { dispatchFeedCreate } from '../api/dispatch-api';
import { ConsoleZoneContext } from '../hooks/use-console-moment';
import {
  consoleAudioReady,
  consoleAudioUnlock,
  consoleBeep,
  consoleNotificationsAsk,
  consoleNotificationsSupported,
  consoleNotify,
} from '../lib/alerts';
import { AbuseNotice } from './abuse-notice';
import { type ConsoleTab, ConsoleTabs, SurveySection, VenueSection } from './console-sections';
import { LoginScreen } from './login-screen';
import { OrderBoardView } from './order-board';
import { OrderDetailPanel } from './order-detail';
import { OutboxList } from './outbox-list';

// Seldom used: its own chunk, fetched when asked for.
const PasswordForm = lazy(() => import('./password-form').then((m) => ({ default: m.PasswordForm })));
// Only for locations with their own fleet: its own chunk (and the map's, inside it).
const DispatchView = lazy(() => import('./dispatch-view'));

const PICKED_KEY = 'comanda.console.branchContact';
const EXPIRED_NOTICE = 'Su sesión venció. Ingrese nuevamente.';

/** The orders console: sign-in, then the board of one branch contact. */
export function ConsoleApp() {
  usePlatformTheme();
  const session = useStaffSession();
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Consola de pedidos · Comanda';
  }, []);
  const expire = useCallback(() => {
    setNotice(EXPIRED_NOTICE);
    staffSessionSet(null);
  }, []);
  // Sign out when the stored expiry passes while the page is open (when the
  // device's clock can tell; otherwise the server's 401 does it).
  useEffect(() => {
    if (!session) return;
    const left = staffSessionLeftMs(session, Date.now());
    if (left === null) return;
    const timer = window.setTimeout(expire, Math.min(left, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [session, expire]);
  if (!session) return <LoginScreen notice={notice} />;
  return <ConsoleShell key={session.token} session={session} onExpired={expire} />;
}

function ConsoleShell({ session, onExpired }: { session: StaffSession; onExpired: () => void }) {
  const { token, staff } = session;
  const [contacts, setContacts] = useState<VenueControlsData[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  const [picked, setPicked] = useState<number | null>(() => {
    const stored = Number(sessionStorage.getItem(PICKED_KEY));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  });

  const failed = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) onExpired();
      else setLoadError('No pudimos cargar los datos. Revise la conexión e intente de nuevo.');
    },
    [onExpired],
  );

  useEffect(() => {
    consoleBranchContacts(token).then(setContacts, failed);
  }, [token, failed]);

  const logout = async () => {
    try {
      await staffLogout(token);
    } catch {
      // The session ends here either way.
    }
    sessionStorage.removeItem(PICKED_KEY);
    staffSessionSet(null);
  };

  const choose = (id: number) => {
    sessionStorage.setItem(PICKED_KEY, String(id));
    setPicked(id);
  };

  const current =
    contacts?.find((contact) => contact.id === picked) ?? (contacts?.length === 1 ? contacts[0] : undefined);

  return (
    <div className="console">
      <header className="console-header">
        <div className="console-header__brand">
          <span className="console-header__title">Consola de pedidos</span>
          {current ? <span className="muted">{current.name}</span> : null}
        </div>
        <div className="console-header__actions">
          {contacts && contacts.length > 1 && current ? (
            <label className="console-select">
              <span className="visually-hidden">Local</span>
              <select value={current.id} onChange={(event) => choose(Number(event.target.value))}>
                {contacts.map((contact) => (
                  <option key={contact.id} value={contact.id}>
                    {contact.name}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <span className="console-header__staff">
            {staff.name} · {staff.role === 'OWNER' ? 'Dueño' : 'Personal'}
          </span>
          <a className="button button--bordered button--small" href={PAGE_MANAGE}>
            Gestión
          </a>
          <button
            type="button"
            className="button button--bordered button--small"
            aria-pressed={changingPassword}
            onClick={() => setChangingPassword((open) => !open)}
          >
            Contraseña
          </button>
          <button type="button" className="button button--bordered button--small" onClick={logout}>
            Cerrar sesión
          </button>
        </div>
      </header>
      {changingPassword ? (
        <Suspense fallback={<p className="console-page muted">Cargando…</p>}>
          <PasswordForm token={token} onDone={() => setChangingPassword(false)} onExpired={onExpired} />
        </Suspense>
      ) : loadError ? (
        <p className="console-error console-page" role="alert">
          {loadError}
        </p>
      ) : !contacts ? (
        <p className="console-page muted">Cargando…</p>
      ) : contacts.length === 0 ? (
        <p className="console-page">Su usuario no tiene locales asignados.</p>
      ) : !current ? (
        <main className="console-page">
          <h1>Elija un local</h1>
          <ul className="console-picker">
            {contacts.map((contact) => (
              <li key={contact.id}>
                <button type="button" className="console-picker__item" onClick={() => choose(contact.id)}>
                  <strong>{contact.name}</strong>
                  <span className="muted">{contact.alias}</span>
                </button>
              </li>
            ))}
          </ul>
        </main>
      ) : (
        <BranchConsole
          key={current.id}
          token={token}
          owner={staff.role === 'OWNER'}
          contact={current}
          onContactChange={(next) =>
            setContacts((list) => list?.map((item) => (item.id === next.id ? next : item)) ?? null)
          }
          onFailure={failed}
        />
      )}
    </div>
  );
}

interface BranchConsoleProps {
  token: string;
  owner: boolean;
  contact: VenueControlsData;
  onContactChange: (contact: VenueControlsData) => void;
  onFailure: (error: unknown) => void;
}

/** The board, venue controls and outbox of one branch contact, kept live over the socket. */
function BranchConsole({ token, owner, contact, onContactChange, onFailure }: BranchConsoleProps) {
  const [tab, setTab] = useState<ConsoleTab>('orders');
  const [board, setBoard] = useState<OrderBoard | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [live, setLive] = useState<OrderDetail | null>(null);
  const [joined, setJoined] = useState(false);
  const [outboxVersion, setOutboxVersion] = useState(0);
  const [country, setCountry] = useState<MoneyCountry | null>(null);
  // 'Reparto' shows for a location that delivers with its own riders (the public location entity says so).
  const [ownLogistics, setOwnLogistics] = useState(false);
  const dispatchFeed = useMemo(dispatchFeedCreate, []);
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(() =>
    consoleNotificationsSupported() ? Notification.permission : 'unsupported',
  );
  const [soundOn, setSoundOn] = useState(consoleAudioReady);
  const contactRef = useRef(onContactChange);
  contactRef.current = onContactChange;

  const refresh = useCallback(() => {
    consoleBoard(token, contact.id).then(setBoard, onFailure);
  }, [token, contact.id, onFailure]);

  useEffect(() => {
    refresh();
    getDinerEntity(contact.alias).then(
      (entity) => {
        setCountry(entity.country);
        setOwnLogistics(
          entity.type === 'BRANCH_CONTACT' && entity.branchContact.deliveryConfig.ownLogistics === true,
        );
      },
      () => {},
    );
  }, [refresh, contact.alias]);

  useEffect(() => {
    const leave = realtimeJoin(
      `console-${contact.id}`,
      {
        events: {
          'order-created': (payload) => {
            const order = payload as OrderDetail;
            if (order.branchContactId !== contact.id) return;
            consoleBeep();
            consoleNotify(`Nuevo pedido #${order.code}`, order.customerName ?? 'Pedido nuevo');
            refresh();
          },
          'order-updated': (payload) => {
            const order = payload as OrderDetail;
            if (order.branchContactId !== contact.id) return;
            setLive(order);
            refresh();
          },
          'order-reported': () => refresh(),
          'outbox-updated': () => setOutboxVersion((version) => version + 1),
          'branch-contact-updated': (payload) => {
            const next = payload as VenueControlsData;
            if (next.id === contact.id) contactRef.current(next);
          },
          'shipment-updated': (payload) => dispatchFeed.emit({ type: 'shipment-updated', payload }),
          'rider-updated': (payload) => dispatchFeed.emit({ type: 'rider-updated', payload }),
          'rider-position': (payload) =>
            dispatchFeed.emit({
              type: 'rider-position',
              payload: payload as { riderId: number; lat: number; lng: number; at: string },
            }),
        },
        onJoined: (first) => {
          setJoined(true);
          // After a reconnect: catch up with what happened meanwhile.
          if (!first) {
            refresh();
            dispatchFeed.emit({ type: 'rejoined' });
          }
        },
        onRefused: () => setJoined(false),
      },
      { auth: { token } },
    );
    return () => {
      leave();
      setJoined(false);
    };
  }, [token, contact.id, refresh, dispatchFeed]);

  // The first touch or key anywhere turns the sound on (a reload leaves it off
  // until the page gets a gesture); the "Activar sonido" button says so meanwhile.
  useEffect(() => {
    if (soundOn) return;
    const unlock = () => {
      void consoleAudioUnlock().then(setSoundOn);
    };
    window.addEventListener('pointerdown', unlock);
    window.addEventListener('keydown', unlock);
    return () => {
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
  }, [soundOn]);

  const askNotifications = async () => {
    void consoleAudioUnlock().then(setSoundOn);
    setPermission(await consoleNotificationsAsk());
  };

  return (
    <ConsoleZoneContext.Provider value={contact.timeZone}>
      <div className="console-body" data-live={joined ? 'true' : 'false'}>
        <ConsoleTabs tab={tab} ownLogistics={ownLogistics} onTab={setTab}>
          <span className={`console-live${joined ? ' console-live--on' : ''}`} role="status">
            {joined ? 'En vivo' : 'Conectando…'}
          </span>
          {!soundOn ? (
            <button
              type="button"
              className="button button--bordered button--small"
              onClick={() => void consoleAudioUnlock().then(setSoundOn)}
            >
              Activar sonido
            </button>
          ) : null}
          {permission === 'default' ? (
            <button
              type="button"
              className="button button--bordered button--small"
              onClick={askNotifications}
            >
              Activar avisos
            </button>
          ) : null}
          {contact.manualClosing ? (
            <span className="console-badge console-badge--error">Local cerrado</span>
          ) : null}
        </ConsoleTabs>
        <AbuseNotice
          token={token}
          branchContactId={contact.id}
          version={outboxVersion + (board?.total ?? 0)}
        />
        {tab === 'orders' ? (
          <div className={`console-orders${selected ? ' console-orders--detail' : ''}`}>
            <OrderBoardView board={board} country={country} selected={selected} onSelect={setSelected} />
            {selected ? (
              <OrderDetailPanel
                key={selected}
                token={token}
                orderId={selected}
                live={live?.id === selected ? live : null}
                onClose={() => setSelected(null)}
                onChanged={refresh}
                onFailure={onFailure}
              />
            ) : null}
          </div>
        ) : tab === 'dispatch' && ownLogistics ? (
          <Suspense fallback={<p className="console-page muted">Cargando reparto…</p>}>
            <DispatchView
              token={token}
              branchContactId={contact.id}
              country={country}
              feed={dispatchFeed}
              onFailure={onFailure}
            />
          </Suspense>
        ) : tab === 'venue' ? (
          <VenueSection
            token={token}
            owner={owner}
            contact={contact}
            country={country}
            onContactChange={onContactChange}
            onFailure={onFailure}
          />
        ) : tab === 'survey' ? (
          <SurveySection
            token={token}
            owner={owner}
            contact={contact}
            onFailure={onFailure}
            onOpenOrder={(orderId) => {
              setSelected(orderId);
              setTab('orders');
            }}
          />
        ) : (
          <OutboxList
            token={token}
            branchContactId={contact.id}
            version={outboxVersion}
            onFailure={onFailure}
          />
        )}
      </div>
    </ConsoleZoneContext.Provider>
  );
}
