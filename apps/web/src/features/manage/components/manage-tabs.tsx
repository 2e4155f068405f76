import { type ComponentType, lazy } from 'react';
import type { Staff } from '../../../lib/staff-session';
import type { ManagedLocation } from '../api/manage-api';

/** What every management tab is given. */
export interface ManageTabProps {
  token: string;
  staff: Staff;
  /** The location picked in the header (tabs about the brand or company may ignore it). */
  location: ManagedLocation;
  /** A failed call: 401 ends the session, anything else shows the shell's error. */
  onFailure: (error: unknown) => void;
}

export interface ManageTab {
  id: string;
  label: string;
  /** STAFF manage only sold-out switches and hours of their locations; every other tab is the OWNER's. */
  ownerOnly: boolean;
  Component: ComponentType<ManageTabProps>;
}

// Each tab its own chunk, fetched when it opens.
const HistoryView = lazy(() => import('./history-view'));
const HoursView = lazy(() => import('./hours-view'));
const MenuEditor = lazy(() => import('./menu-editor'));
const SoldOutView = lazy(() => import('./sold-out-view'));
const TeamView = lazy(() => import('./team-view'));
const ZonesTab = lazy(() => import('./zones-tab'));

/** The management tabs, in the order they show: the one used in the middle of a service first. */
export const MANAGE_TABS: ManageTab[] = [
  { id: 'agotados', label: 'Agotados', ownerOnly: false, Component: SoldOutView },
  { id: 'carta', label: 'Carta', ownerOnly: true, Component: MenuEditor },
  { id: 'horarios', label: 'Horarios', ownerOnly: false, Component: HoursView },
  { id: 'zonas', label: 'Zonas', ownerOnly: true, Component: ZonesTab },
  { id: 'equipo', label: 'Equipo', ownerOnly: true, Component: TeamView },
  { id: 'historial', label: 'Historial', ownerOnly: true, Component: HistoryView },
];
