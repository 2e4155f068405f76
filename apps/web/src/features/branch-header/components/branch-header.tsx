import { branchMessages, feeMessages, scheduleMessages } from '@comanda/domain/messages';
import { minutesRangeText } from '@comanda/domain/minutes-range';
import type { DeliveryInfo } from '@comanda/domain/types';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { IconClock, IconPin } from '../../../components/ui/icons';
import { NpsAverage } from '../../../components/ui/nps-average';
import { addressLine, branchBannerLogoUrl, branchLogoUrl } from '../../../lib/branch';
import type { OrderingState } from '../../../lib/ordering-state';
import { placedOrdersRead } from '../../../lib/placed-orders';
import { storageKey } from '../../../lib/storage-scope';
import { aliasPath, modePath } from '../../../lib/storefront-path';
import type { ApiBranchContact, ApiCountry, ApiMenuCustomization, ApiOrderMode } from '../../../types/api';
import { SocialLinks } from './social-links';

// 'PEDIDO EN CURSO' needs the order rules and a read of the orders: loaded only
// where a diner is signed in or this browser followed an order of this location,
// so the menu's first load (ADR 004 budget) carries none of it.
const OrderInProgressLinkLazy = lazy(() =>
  import('./order-in-progress-link').then((module) => ({ default: module.OrderInProgressLink })),
);

// The figures need the delivery fee rules: loaded once an address gives delivery info.
const DeliveryModeInfoLazy = lazy(() =>
  import('./delivery-mode-info').then((module) => ({ default: module.DeliveryModeInfo })),
);

/**
 * The key under which stores/customer-session-store.ts keeps the signed-in diner
 * (`CUSTOMER_SESSION_STORAGE_KEY`; a unit test holds them equal). Reading it here
 * tells whether a session may exist without loading the store at first paint.
 */
export const STORED_SESSION_KEY = 'comanda.customerSession';

function customerSessionStored(): boolean {
  try {
    return localStorage.getItem(storageKey(STORED_SESSION_KEY)) !== null;
  } catch {
    return false;
  }
}

interface BranchHeaderProps {
  contact: ApiBranchContact;
  country: ApiCountry;
  /** The modes the diner may switch between (active, filtered by allowedOM). */
  modes: ApiOrderMode[];
  mode: ApiOrderMode;
  ordering: OrderingState;
  customization: ApiMenuCustomization | null;
  search: string;
  /** The diner's address as one line, when known. */
  addressText: string | null;
  deliveryInfo: { status: 'idle' | 'loading' | 'success' | 'error'; info: DeliveryInfo | null };
  /** Opens the address modal; absent when the address feature is not available. */
  onAddressOpen?: () => void;
  /** A mode tab was chosen. */
  onModeChoose: (mode: ApiOrderMode) => void;
  /** 'Ver horarios'. */
  onHoursOpen: () => void;
}

function mapsUrl(contact: ApiBranchContact): string {
  const query = contact.coordinates
    ? `${contact.coordinates.lat},${contact.coordinates.lng}`
    : [addressLine(contact.address), contact.address.city, contact.address.country]
        .filter(Boolean)
        .join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

function delayText(mode: ApiOrderMode): string {
  return minutesRangeText(mode.minDelayInMinutes, mode.maxDelayInMinutes);
}

/**
 * The branch header of the menu (ordering §2 "Branch header"): logo or banner
 * logo, promotional banner, name, custom message, address link, 'Cerrado' and
 * 'Ver horarios', 'PEDIDO EN CURSO', social icons, the order-mode tabs and the mode's info table,
 * with the delivery address and 'Cambiar local'.
 */
export function BranchHeader({
  contact,
  country,
  modes,
  mode,
  ordering,
  customization,
  search,
  addressText,
  deliveryInfo,
  onAddressOpen,
  onModeChoose,
  onHoursOpen,
}: BranchHeaderProps) {
  const branch = contact.branch;
  // Read on every render (two storage reads): a diner who signs in here gets the entry on the next one.
  const followedHere =
    customerSessionStored() || placedOrdersRead().some((order) => order.alias === contact.alias);
  const banner = branchBannerLogoUrl(branch);
  const logo = branchLogoUrl(branch);
  const promo = customization?.promotionalBanner;
  const showPromo = promo && (promo.orderModeType === 'ALL' || promo.orderModeType === mode.type);
  const info = deliveryInfo.info;
  // Before an address the fee and minimum are unknown; while they are looked up, say so.
  const unknown = deliveryInfo.status === 'loading' ? 'Calculando…' : '—';
  const pending = (
    <dl className="mode-info">
      <div>
        <dt>{feeMessages.arrivesIn}</dt>
        <dd>{delayText(mode)}</dd>
      </div>
      <div>
        <dt>{feeMessages.delivery}</dt>
        <dd>{unknown}</dd>
      </div>
      <div>
        <dt>{feeMessages.minimum}</dt>
        <dd>{unknown}</dd>
      </div>
    </dl>
  );

  return (
    <header className="branch-header">
      {showPromo ? <p className="promo-banner">{promo.text}</p> : null}
      {banner ? <img className="branch-banner" src={banner} alt="" width="1200" height="300" /> : null}

      <div className="branch-header__main">
        {logo && !banner ? (
          <img className="branch-intro__logo" src={logo} alt="" width="64" height="64" />
        ) : null}
        <div className="branch-header__text">
          <h1 className="brand-title">{contact.name}</h1>
          <NpsAverage npsAvg={contact.deliveryConfig.npsAvg} />
          {branch.customMessage ? <p className="branch-header__message">{branch.customMessage}</p> : null}
          <p className="branch-header__line">
            <a href={mapsUrl(contact)} target="_blank" rel="noopener noreferrer" className="link">
              <IconPin size={16} />
              {addressLine(contact.address)}
            </a>
          </p>
          <p className="branch-header__line">
            {ordering.isOpen ? null : (
              <span className="status status--closed">{scheduleMessages.closedLabel}</span>
            )}
            <button type="button" className="link-button" onClick={onHoursOpen}>
              <IconClock size={16} />
              {scheduleMessages.seeHours}
            </button>
            <Link className="link" to={`${aliasPath(branch.alias)}${search}`}>
              {branchMessages.changeBranch}
            </Link>
          </p>
        </div>
      </div>
      {followedHere ? (
        <Suspense fallback={null}>
          <OrderInProgressLinkLazy alias={contact.alias} branchContactId={contact.id} />
        </Suspense>
      ) : null}
      <SocialLinks
        name={contact.name}
        social={branch.social}
        callPhone={contact.callPhone}
        whatsAppPhone={contact.whatsAppPhone}
        supportChat={branch.supportChat}
      />

      {modes.length > 1 ? (
        <nav className="mode-tabs" aria-label="Modos de pedido">
          {modes.map((candidate) => (
            <Link
              key={candidate.id}
              to={`${modePath(contact.alias, candidate)}${search}`}
              className="mode-tabs__tab"
              aria-current={candidate.id === mode.id ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                if (candidate.id !== mode.id) onModeChoose(candidate);
              }}
            >
              {candidate.showName}
            </Link>
          ))}
        </nav>
      ) : null}

      {mode.type === 'DELIVERY' ? (
        <>
          {info ? (
            <Suspense fallback={pending}>
              <DeliveryModeInfoLazy
                info={info}
                country={country}
                delayText={delayText(mode)}
                takeAwayName={modes.find((candidate) => candidate.type === 'TAKE_AWAY')?.showName ?? null}
              />
            </Suspense>
          ) : (
            pending
          )}
          <div className="delivery-address">
            {addressText ? (
              <p className="delivery-address__text">
                <IconPin size={16} />
                <span>{addressText}</span>
              </p>
            ) : null}
            {onAddressOpen ? (
              <button type="button" className="button button--bordered button--small" onClick={onAddressOpen}>
                {addressText ? branchMessages.change : branchMessages.enterAddress}
              </button>
            ) : null}
          </div>
        </>
      ) : mode.type === 'TAKE_AWAY' ? (
        <dl className="mode-info">
          <div>
            <dt>{feeMessages.pickUpAt}</dt>
            <dd>{delayText(mode)}</dd>
          </div>
        </dl>
      ) : null}
    </header>
  );
}
