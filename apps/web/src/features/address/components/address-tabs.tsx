/**
 * The address modal's pieces around the fields: the two tabs 'Mi dirección' /
 * 'Mi ubicación' (arrow keys, Home and End move between them), and the
 * messages under the fields for what CONTINUAR or a close found.
 */
import { addressMessages, orderErrorMessages } from '@comanda/domain/messages';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { type Outcome, type Tab, texts } from '../lib/address-form';

const ORDER: readonly Tab[] = ['address', 'location'];

export function AddressTabs({
  tab,
  ids,
  onChange,
}: {
  tab: Tab;
  ids: { tab: (which: Tab) => string; panel: (which: Tab) => string };
  onChange: (tab: Tab) => void;
}) {
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ address: null, location: null });
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = ORDER.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? ORDER[(index + 1) % ORDER.length]
        : event.key === 'ArrowLeft'
          ? ORDER[(index - 1 + ORDER.length) % ORDER.length]
          : event.key === 'Home'
            ? ORDER[0]
            : event.key === 'End'
              ? ORDER[ORDER.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onChange(next);
    tabRefs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={addressMessages.title} className="address-tabs">
      {(['address', 'location'] as const).map((which) => (
        <button
          key={which}
          ref={(element) => {
            tabRefs.current[which] = element;
          }}
          type="button"
          role="tab"
          id={ids.tab(which)}
          aria-selected={tab === which}
          aria-controls={ids.panel(which)}
          tabIndex={tab === which ? 0 : -1}
          className="address-tabs__tab"
          onClick={() => onChange(which)}
          onKeyDown={onKeyDown}
        >
          {which === 'address' ? addressMessages.addressTab : addressMessages.locationTab}
        </button>
      ))}
    </div>
  );
}

/** The messages under the fields: a refused close, the outcome of CONTINUAR, the complex inputs' missing fields. */
export function addressAlerts(input: {
  closeMessage: string | null;
  outcome: Outcome;
  /** The take-away mode's name, for the outside-the-zone advice. */
  takeAwayName: string | null;
  allRequired: string | null;
}): ReactNode[] {
  const { outcome } = input;
  const alerts: ReactNode[] = [];
  if (input.closeMessage) alerts.push(<p key="close">{input.closeMessage}</p>);
  if (outcome?.kind === 'outside') {
    alerts.push(<p key="outside">{orderErrorMessages.outsideZone}</p>);
    alerts.push(
      <p key="advice">
        {input.takeAwayName
          ? orderErrorMessages.switchToTakeAway(input.takeAwayName)
          : orderErrorMessages.enterAnotherAddress}
      </p>,
    );
  }
  if (outcome?.kind === 'failed') alerts.push(<p key="failed">{texts.feeFailed}</p>);
  if (outcome?.kind === 'unlocated') alerts.push(<p key="unlocated">{texts.unlocated}</p>);
  if (input.allRequired) alerts.push(<p key="required">{input.allRequired}</p>);
  return alerts;
}
