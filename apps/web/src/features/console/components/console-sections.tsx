import type { MoneyCountry } from '@comanda/domain/money';
import { lazy, type ReactNode, Suspense } from 'react';
import type { VenueControls as VenueControlsData } from '../api/console-api';
import { AbandonedCartsPanel } from './abandoned-carts-panel';
import { VenueControls } from './venue-controls';

// Each its own chunk, fetched when its section opens: the QR encoder (uqr) and the survey's figures
// stay out of the board's first load.
const TableQrPanel = lazy(() => import('./table-qr-panel'));
const SurveyView = lazy(() => import('./survey-view'));
const ClientErrorsPanel = lazy(() => import('./client-errors-panel'));

/** The console's sections of a location, in the order of its tabs. */
export type ConsoleTab = 'orders' | 'dispatch' | 'venue' | 'survey' | 'outbox';

/** The tab bar: the sections a location has, then the live state and the alerts' buttons. */
export function ConsoleTabs({
  tab,
  ownLogistics,
  onTab,
  children,
}: {
  tab: ConsoleTab;
  ownLogistics: boolean;
  onTab: (tab: ConsoleTab) => void;
  children: ReactNode;
}) {
  const tabs: [ConsoleTab, string][] = [
    ['orders', 'Pedidos'],
    ...(ownLogistics ? ([['dispatch', 'Reparto']] as [ConsoleTab, string][]) : []),
    ['venue', 'Local'],
    ['survey', 'Encuesta'],
    ['outbox', 'Mensajes'],
  ];
  return (
    <nav className="console-tabs" aria-label="Secciones">
      {tabs.map(([id, label]) => (
        <button
          key={id}
          type="button"
          className={`console-tab${tab === id ? ' console-tab--active' : ''}`}
          aria-current={tab === id ? 'page' : undefined}
          onClick={() => onTab(id)}
        >
          {label}
        </button>
      ))}
      {children}
    </nav>
  );
}

interface SectionProps {
  token: string;
  owner: boolean;
  contact: VenueControlsData;
  onFailure: (error: unknown) => void;
}

/**
 * 'Local': the venue's controls, abandoned carts, with a dine-in mode the tables' QR codes and, for
 * an owner, the storefront's recent errors.
 */
export function VenueSection({
  token,
  owner,
  contact,
  country,
  onContactChange,
  onFailure,
}: SectionProps & { country: MoneyCountry | null; onContactChange: (contact: VenueControlsData) => void }) {
  const dineIn = contact.orderModes.some((mode) => mode.type === 'DINE_IN' && mode.active);
  return (
    <VenueControls token={token} contact={contact} onChange={onContactChange} onFailure={onFailure}>
      <AbandonedCartsPanel
        token={token}
        branchContactId={contact.id}
        owner={owner}
        country={country}
        onFailure={onFailure}
      />
      {dineIn ? (
        <Suspense fallback={<p className="muted">Cargando…</p>}>
          <TableQrPanel token={token} contact={contact} onFailure={onFailure} />
        </Suspense>
      ) : null}
      {owner ? (
        <Suspense fallback={<p className="muted">Cargando…</p>}>
          <ClientErrorsPanel token={token} onFailure={onFailure} />
        </Suspense>
      ) : null}
    </VenueControls>
  );
}

/** 'Encuesta': the location's survey figures; a comment opens its order on the board's tab. */
export function SurveySection({
  token,
  owner,
  contact,
  onFailure,
  onOpenOrder,
}: SectionProps & { onOpenOrder: (orderId: number) => void }) {
  return (
    <Suspense fallback={<p className="console-page muted">Cargando encuesta…</p>}>
      <SurveyView
        token={token}
        branchContactId={contact.id}
        owner={owner}
        onOpenOrder={onOpenOrder}
        onFailure={onFailure}
      />
    </Suspense>
  );
}
