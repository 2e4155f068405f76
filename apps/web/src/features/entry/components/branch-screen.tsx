import { geoDistanceMeters } from '@comanda/domain/delivery-zone';
import { guideSort } from '@comanda/domain/guide';
import { branchMessages, scheduleMessages } from '@comanda/domain/messages';
import type { OrderModeType } from '@comanda/domain/types';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { IconPin } from '../../../components/ui/icons';
import { IconSearch } from '../../../components/ui/icons-actions';
import { NpsAverage } from '../../../components/ui/nps-average';
import { useConfirmClear } from '../../../hooks/use-confirm-clear';
import { analyticsTrack } from '../../../lib/analytics';
import { addressLine, branchLogoUrl, MODE_TYPE_LABELS } from '../../../lib/branch';
import { orderingStateAt } from '../../../lib/ordering-state';
import { storageKey } from '../../../lib/storage-scope';
import { aliasPath, modeSegment, slugify } from '../../../lib/storefront-path';
import { CART_STORAGE_KEY, cartGet } from '../../../stores/cart-store';
import { entryParamsAllowsMode } from '../../../stores/entry-params-store';
import type { ApiBranch, ApiBranchContactSummary, ApiOrderMode } from '../../../types/api';
import { useDeliveryReach } from '../api/get-delivery-reach';

interface BranchScreenProps {
  branch: ApiBranch;
  branchContacts: ApiBranchContactSummary[];
  allowedOM: readonly string[];
  search: string;
  now: number;
  /** The diner's position when known (distances in km are shown then). */
  position: { lat: number; lng: number } | null;
  /** Opens the address modal ('location modal'); absent when it cannot be offered. */
  onLocate?: () => void;
  /** What to show while the address modal loads or is open. */
  children?: ReactNode;
}

interface LocationCard {
  contact: ApiBranchContactSummary;
  mode: ApiOrderMode | undefined;
  distanceText: string | null;
  /** For delivery with a known position: whether the location delivers there (undefined: not known yet). */
  delivers: boolean | undefined;
}

/** Whether a cart may exist: one is open in this page, or one was kept from an earlier visit. */
function cartStoredOrOpen(): boolean {
  if (cartGet().itemsCount > 0) return true;
  try {
    return localStorage.getItem(storageKey(CART_STORAGE_KEY)) !== null;
  } catch {
    return false;
  }
}

const TYPE_ORDER: OrderModeType[] = ['DELIVERY', 'TAKE_AWAY', 'DINE_IN', 'SELF_SERVICE'];

/**
 * `/menu/{branch}` (ordering §2 "Branch screen"): how the diner wants the order,
 * a 'Buscar Local' search and the branch's locations, nearest first when the
 * diner's position is known. Choosing a location goes to `{alias}#{orderMode}`.
 */
export function BranchScreen({
  branch,
  branchContacts,
  allowedOM,
  search,
  now,
  position,
  onLocate,
  children,
}: BranchScreenProps) {
  const navigate = useNavigate();
  const { ask, dialog } = useConfirmClear();
  const searchId = useId();
  const [query, setQuery] = useState('');

  const modesOf = (contact: ApiBranchContactSummary) =>
    contact.deliveryConfig.orderModes.filter((mode) => entryParamsAllowsMode(allowedOM, mode));
  const types = TYPE_ORDER.filter((type) =>
    branchContacts.some((contact) => modesOf(contact).some((mode) => mode.type === type)),
  );
  const [chosenType, setChosenType] = useState<OrderModeType | null>(null);
  const type = chosenType && types.includes(chosenType) ? chosenType : (types[0] ?? null);

  // For delivery, each location says whether it reaches the diner's address (not only the nearest).
  // (The hook compares the ids as text: a new array each render asks nothing again.)
  const deliveryIds =
    type === 'DELIVERY' && position
      ? branchContacts
          .filter((contact) => modesOf(contact).some((mode) => mode.type === 'DELIVERY'))
          .map((contact) => contact.id)
      : [];
  const reach = useDeliveryReach(branch.id, deliveryIds, position);

  const cards = useMemo((): LocationCard[] => {
    const wanted = slugify(query);
    const matching = branchContacts
      .map((contact) => ({
        contact,
        mode: contact.deliveryConfig.orderModes.find(
          (mode) => mode.type === type && entryParamsAllowsMode(allowedOM, mode),
        ),
      }))
      .filter(({ mode }) => mode !== undefined)
      .filter(
        ({ contact }) =>
          !wanted || slugify(`${contact.name} ${addressLine(contact.address)}`).includes(wanted),
      );
    const delivers = (id: number) => (type === 'DELIVERY' ? reach.get(id) : undefined);
    if (!position)
      return matching.map((card) => ({ ...card, distanceText: null, delivers: delivers(card.contact.id) }));
    const located = matching.filter(({ contact }) => contact.coordinates !== null);
    const sorted = guideSort(
      located.map((card) => ({
        ...card,
        id: String(card.contact.id),
        alias: card.contact.alias,
        name: card.contact.name,
        distanceInMeters: geoDistanceMeters(position, card.contact.coordinates ?? position),
        reachableByDelivery: delivers(card.contact.id) === true,
      })),
    );
    const unlocated = matching.filter(({ contact }) => contact.coordinates === null);
    return [
      ...sorted.map((card) => ({
        contact: card.contact,
        mode: card.mode,
        distanceText: card.distanceText,
        delivers: delivers(card.contact.id),
      })),
      ...unlocated.map((card) => ({ ...card, distanceText: null, delivers: delivers(card.contact.id) })),
    ];
  }, [branchContacts, type, query, position, allowedOM, reach]);

  const choose = (card: LocationCard) => {
    const to = `${aliasPath(card.contact.alias)}${search}${card.mode ? `#${modeSegment(card.mode)}` : ''}`;
    const go = () => {
      analyticsTrack('BRANCH_CONTACT_SELECT', {
        branchContactId: card.contact.id,
        ...(card.mode ? { orderModeId: card.mode.id } : {}),
        payload: { alias: card.contact.alias },
      });
      navigate(to);
    };
    // Without a kept cart there is nothing to lose, and no need for the cart's rules.
    if (!cartStoredOrOpen()) {
      go();
      return;
    }
    void import('../../../stores/cart-logic').then(({ cartDiscard, cartPeek }) => {
      const kept = cartPeek();
      // Changing branch clears the cart: ask first when it holds items of another location.
      if (kept && kept.alias !== card.contact.alias && kept.cart.items.length > 0) {
        ask(() => {
          cartDiscard();
          go();
        });
      } else go();
    });
  };

  const logo = branchLogoUrl(branch);
  return (
    <main className="page">
      <div className="branch-intro">
        {logo ? <img className="branch-intro__logo" src={logo} alt="" width="64" height="64" /> : null}
        <div>
          <h1 className="brand-title">{branch.name}</h1>
          {branch.customMessage ? <p className="muted">{branch.customMessage}</p> : null}
        </div>
      </div>

      {types.length > 1 ? (
        <fieldset className="segmented">
          <legend className="segmented__legend">¿Cómo quieres tu pedido?</legend>
          <div className="segmented__options">
            {types.map((option) => (
              <label key={option} className="segmented__option">
                <input
                  type="radio"
                  name="order-mode-type"
                  value={option}
                  checked={option === type}
                  onChange={() => setChosenType(option)}
                />
                <span>{MODE_TYPE_LABELS[option]}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      <div className="search-row">
        <div className="search-field">
          <IconSearch size={18} />
          <label className="visually-hidden" htmlFor={searchId}>
            {branchMessages.searchBranch}
          </label>
          <input
            id={searchId}
            type="search"
            placeholder={branchMessages.searchBranch}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        {onLocate ? (
          <button type="button" className="button button--bordered button--small" onClick={onLocate}>
            <IconPin size={18} />
            {position ? branchMessages.change : branchMessages.enterAddress}
          </button>
        ) : null}
      </div>

      {cards.length === 0 ? (
        <p className="muted" role="status">
          No encontramos locales para tu búsqueda.
        </p>
      ) : (
        <ul className="card-list" aria-label="Locales">
          {cards.map((card) => {
            const state = card.mode ? orderingStateAt(card.contact, card.mode, now) : null;
            const to = `${aliasPath(card.contact.alias)}${search}${card.mode ? `#${modeSegment(card.mode)}` : ''}`;
            return (
              <li key={card.contact.id}>
                <Link
                  className="card card--link location-card"
                  to={to}
                  onClick={(event) => {
                    event.preventDefault();
                    choose(card);
                  }}
                >
                  <span className="location-card__name">{card.contact.name}</span>
                  <span className="location-card__address">{addressLine(card.contact.address)}</span>
                  <span className="location-card__meta">
                    {card.distanceText ? <span>{card.distanceText}</span> : null}
                    <NpsAverage npsAvg={card.contact.deliveryConfig.npsAvg} />
                    {state ? (
                      <span className={state.isOpen ? 'status status--open' : 'status status--closed'}>
                        {state.isOpen ? 'Abierto' : scheduleMessages.closedLabel}
                      </span>
                    ) : null}
                  </span>
                  {card.delivers === false ? (
                    <span className="location-card__notice">{branchMessages.doesNotDeliver}</span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {children}
      {dialog}
    </main>
  );
}
