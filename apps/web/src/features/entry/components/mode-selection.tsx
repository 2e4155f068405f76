import { feeMessages, scheduleMessages } from '@comanda/domain/messages';
import { minutesRangeText } from '@comanda/domain/minutes-range';
import { useEffect, useRef } from 'react';
import { IconChevron } from '../../../components/ui/icons-actions';
import { useOrderModeChange } from '../../../hooks/use-order-mode-change';
import { analyticsTrack } from '../../../lib/analytics';
import { appIsInstalled } from '../../../lib/app-environment';
import { addressLine, branchBannerLogoUrl, branchLogoUrl, MODE_TYPE_LABELS } from '../../../lib/branch';
import { orderingStateAt } from '../../../lib/ordering-state';
import { modeFind } from '../../../lib/storefront-path';
import type { ApiBranchContact, ApiOrderMode } from '../../../types/api';

/** What a mode's card says under its name: the wait ('Llega en', 'Retirar en'), else its kind. */
function modeDetail(mode: ApiOrderMode): string | null {
  const wait = minutesRangeText(mode.minDelayInMinutes, mode.maxDelayInMinutes);
  if (mode.type === 'DELIVERY') return `${feeMessages.arrivesIn} ${wait}`;
  if (mode.type === 'TAKE_AWAY') return `${feeMessages.pickUpAt} ${wait}`;
  const kind = MODE_TYPE_LABELS[mode.type];
  return kind.toLowerCase() === mode.showName.toLowerCase() ? null : kind;
}

interface ModeSelectionProps {
  contact: ApiBranchContact;
  /** The active modes `allowedOM` lets through. */
  modes: ApiOrderMode[];
  hashes: ReadonlyMap<number, string>;
  /** Whether the menu hashes were read (or failed): a mode change waits for them. */
  hashesLoaded: boolean;
  /** The URL hash without '#': the mode chosen on the branch screen, or the installed app's. */
  hashMode: string;
  now: number;
}

/**
 * `/menu/{branchContact}` (ordering §2): which menu to view, among the active
 * order modes. A single mode is chosen at once; in the installed app the mode
 * named in the URL hash is, else the first one. A mode named in the hash by the
 * branch screen is offered first.
 */
export function ModeSelection({ contact, modes, hashes, hashesLoaded, hashMode, now }: ModeSelectionProps) {
  const { choose, dialog } = useOrderModeChange({
    alias: contact.alias,
    branchContactId: contact.id,
    hashes,
  });
  const hinted = hashMode ? modeFind(modes, hashMode) : null;
  const ordered = hinted ? [hinted, ...modes.filter((mode) => mode !== hinted)] : modes;
  const autoChosen = useRef(false);

  useEffect(() => {
    if (autoChosen.current || !hashesLoaded) return;
    const automatic = modes.length === 1 ? modes[0] : appIsInstalled() ? (hinted ?? modes[0]) : undefined;
    if (automatic) {
      autoChosen.current = true;
      choose(automatic, { replace: true });
    }
  }, [hashesLoaded, modes, hinted, choose]);

  // ordering §4 "Order impediments": no mode left to order in.
  const none = modes.length === 0;
  useEffect(() => {
    if (none) {
      analyticsTrack('ORDER_IMPEDIMENT', {
        branchContactId: contact.id,
        payload: { impediment: 'ALL_ORDER_MODES_DISABLED' },
      });
    }
  }, [none, contact.id]);

  const banner = branchBannerLogoUrl(contact.branch);
  const logo = branchLogoUrl(contact.branch);
  return (
    <main className="page">
      {banner ? <img className="branch-banner" src={banner} alt="" width="1200" height="300" /> : null}
      <div className="branch-intro">
        {logo ? <img className="branch-intro__logo" src={logo} alt="" width="64" height="64" /> : null}
        <div>
          <h1 className="brand-title">{contact.name}</h1>
          <p className="muted">{addressLine(contact.address)}</p>
        </div>
      </div>
      {modes.length === 0 ? (
        <p role="alert">Este local no tiene modos de pedido disponibles en este momento.</p>
      ) : (
        <section aria-labelledby="mode-question">
          <h2 id="mode-question" className="section-title">
            ¿Qué menú quieres ver?
          </h2>
          <ul className="card-list">
            {ordered.map((mode) => {
              const state = orderingStateAt(contact, mode, now);
              return (
                <li key={mode.id}>
                  <button
                    type="button"
                    className="card card--link mode-card"
                    disabled={!hashesLoaded}
                    onClick={() => choose(mode)}
                    aria-describedby={`mode-${mode.id}-detail`}
                  >
                    <span className="mode-card__text">
                      <span className="mode-card__name">{mode.showName}</span>
                      <span id={`mode-${mode.id}-detail`} className="mode-card__detail">
                        {modeDetail(mode)}
                        {state.isOpen ? null : (
                          <span className="status status--closed">{scheduleMessages.closedLabel}</span>
                        )}
                      </span>
                    </span>
                    <IconChevron />
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {dialog}
    </main>
  );
}
