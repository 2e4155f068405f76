import { shipmentIsFinished } from '@comanda/domain/shipment';
import type { RiderStack } from '../api/rider-api';
import { riderTexts, STATUS_LABELS } from '../lib/texts';

/**
 * The detail's header (follow-up §2.6): the rider, and for a multi-delivery
 * its shipments, the current one marked. While the rider holds the stack,
 * choosing another unfinished shipment makes it the current one
 * (`shipmentStackSelect`, decided by the page).
 */
export function RiderDetailHeader({
  riderName,
  stack,
  currentId,
  selectable,
  onSelect,
}: {
  riderName: string;
  stack: RiderStack | null;
  currentId: number | null;
  selectable: boolean;
  onSelect: (shipmentId: number) => void;
}) {
  return (
    <div className="rider-detail-header">
      <p className="rider-detail-header__rider">
        <span className="muted">{riderTexts.rider}</span> <strong>{riderName}</strong>
      </p>
      {stack ? (
        <fieldset className="rider-stack">
          <legend className="rider-stack__title">
            {riderTexts.multiDelivery(stack.shipments.length)}
            {selectable ? <span className="rider-stack__help">{riderTexts.selectShipment}</span> : null}
          </legend>
          <ul className="rider-stack__list">
            {stack.shipments.map((shipment) => {
              const current = shipment.id === currentId;
              const finished = shipmentIsFinished(shipment.status);
              return (
                <li key={shipment.id}>
                  <button
                    type="button"
                    className={`rider-stack__item${current ? ' rider-stack__item--current' : ''}`}
                    aria-pressed={current}
                    disabled={!selectable || finished}
                    onClick={() => onSelect(shipment.id)}
                  >
                    <span className="rider-stack__code">{shipment.code}</span>
                    <span className="rider-stack__status">{STATUS_LABELS[shipment.status]}</span>
                    {shipment.destination?.zone ? (
                      <span className="rider-stack__zone">{shipment.destination.zone}</span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}
    </div>
  );
}
