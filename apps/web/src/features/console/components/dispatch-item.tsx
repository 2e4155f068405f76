import {
  type DispatchStage,
  dispatchRiderGroup,
  dispatchShipmentStage,
  dispatchStackStage,
  dispatchStatusLabel,
} from '@comanda/domain/dispatch';
import type { MoneyCountry } from '@comanda/domain/money';
import type { DispatchItem, DispatchRider, DispatchShipment } from '../api/dispatch-api';
import { useConsoleMoment } from '../hooks/use-console-moment';
import { money } from '../lib/format';

/** What the venue can do with an item; each opens its own confirmation in the view. */
export type DispatchAction =
  | { type: 'offer'; kind: 'simple' | 'stack'; id: number; label: string }
  | { type: 'cancel'; kind: 'simple' | 'stack'; id: number; label: string }
  | { type: 'dissolve'; id: number; label: string }
  | { type: 'delivered'; id: number; label: string };

interface DispatchItemCardProps {
  item: DispatchItem;
  /** The location's riders by id: who an item is offered to, and whether they are still on shift. */
  riders: ReadonlyMap<number, DispatchRider>;
  country: MoneyCountry | null;
  now: number;
  busy: boolean;
  /** Waiting simple shipments can be picked to group them into a stack. */
  selectable: boolean;
  selected: boolean;
  onSelect: (id: number, selected: boolean) => void;
  onAction: (action: DispatchAction) => void;
}

const WAITING = 'LOOKING_FOR_DRIVER';
/** The venue confirms a delivery without the code only once the rider is on the way to the customer. */
const DELIVERABLE = 'ON_ROUTE_TO_DROP_OFF';

/** Minutes since an instant, for "hace 12 min". */
export function minutesSince(iso: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
}

export function agoText(iso: string, now: number): string {
  const minutes = minutesSince(iso, now);
  if (minutes < 1) return 'recién';
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `hace ${hours} h ${minutes % 60} min`;
}

/** How long it has waited, since when it is in its state, or when it finished. */
function whenText(
  stage: DispatchStage,
  item: { createdAt: string; updatedAt: string },
  now: number,
  moment: (at: string) => string,
): string {
  if (stage === 'waiting') return `Espera ${agoText(item.createdAt, now)}`;
  if (stage === 'finished') return `Terminado ${moment(item.updatedAt)}`;
  return `Desde ${moment(item.updatedAt)}`;
}

function addressOf(shipment: DispatchShipment): string {
  const destination = shipment.destination;
  if (!destination) return 'Sin dirección';
  return (
    destination.fullAddress ??
    ([destination.street, destination.number].filter(Boolean).join(' ') ||
      [destination.zone, destination.locality].filter(Boolean).join(', ') ||
      'Sin dirección')
  );
}

/** The rider an item is offered to and whether they are still on shift, or null when open to all. */
function offerOf(item: { offeredToRiderId: number | null }, riders: ReadonlyMap<number, DispatchRider>) {
  if (item.offeredToRiderId === null) return null;
  const rider = riders.get(item.offeredToRiderId);
  return {
    name: rider?.name ?? `repartidor ${item.offeredToRiderId}`,
    onShift: rider !== undefined && dispatchRiderGroup(rider) === 'onShift',
  };
}

function OfferNote({
  item,
  riders,
}: {
  item: { offeredToRiderId: number | null; rider: { name: string } | null };
  riders: ReadonlyMap<number, DispatchRider>;
}) {
  if (item.rider) return <span>Repartidor: {item.rider.name}</span>;
  const offer = offerOf(item, riders);
  if (!offer) return <span className="muted">Abierto a todos los repartidores</span>;
  if (offer.onShift) return <span>Ofrecido a {offer.name}</span>;
  return (
    <span className="dispatch-warn" role="note">
      Ofrecido a {offer.name}, que terminó su turno: nadie más puede tomarlo. Ofrézcalo a otro o ábralo a
      todos.
    </span>
  );
}

/** Offered to a rider no longer on shift, and nobody holds it: it waits for the venue. */
const lapsed = (
  item: { offeredToRiderId: number | null; riderId: number | null },
  riders: ReadonlyMap<number, DispatchRider>,
) => item.riderId === null && offerOf(item, riders)?.onShift === false;

/** One shipment's facts: customer, address, order and payment. */
function ShipmentFacts({
  shipment,
  country,
  showStatus,
}: {
  shipment: DispatchShipment;
  country: MoneyCountry | null;
  showStatus: boolean;
}) {
  const moment = useConsoleMoment();
  const destination = shipment.destination;
  const cash = shipment.order.paymentMethod === 'CASH';
  return (
    <div className="dispatch-facts">
      <div className="dispatch-facts__top">
        <strong className="dispatch-code">{shipment.code}</strong>
        <span className="muted">Pedido #{shipment.order.code}</span>
        {showStatus ? (
          <span className={`dispatch-status dispatch-status--${shipment.status.toLowerCase()}`}>
            {dispatchStatusLabel(shipment)}
          </span>
        ) : null}
      </div>
      <span>
        {shipment.customerName ?? 'Sin nombre'}
        {shipment.customerPhone ? (
          <>
            {' · '}
            <a href={`tel:${shipment.customerPhone}`}>{shipment.customerPhone}</a>
          </>
        ) : null}
      </span>
      <span>
        {addressOf(shipment)}
        {destination?.details ? ` · ${destination.details}` : ''}
      </span>
      {destination?.betweenStreets ? <span className="muted">Entre {destination.betweenStreets}</span> : null}
      <span>
        <strong>{money(shipment.order.total, country)}</strong>
        {' · '}
        {shipment.order.paymentType ?? shipment.order.paymentMethod}
        {cash && shipment.order.paysWith ? ` · paga con ${money(shipment.order.paysWith, country)}` : ''}
      </span>
      {shipment.returnShipment ? (
        <span className="muted">El repartidor vuelve al local con el dinero</span>
      ) : null}
      {shipment.cancelReason ? <span className="muted">Motivo: {shipment.cancelReason}</span> : null}
      {shipment.deliveryCodeLockedUntil && shipment.status === DELIVERABLE ? (
        <span className="dispatch-warn">
          Clave de entrega bloqueada hasta las {moment(shipment.deliveryCodeLockedUntil)}: si el cliente
          recibió el pedido, confirme la entrega.
        </span>
      ) : null}
    </div>
  );
}

/** A card of the dispatch view: a shipment alone, or a stack with its shipments. */
export function DispatchItemCard({
  item,
  riders,
  country,
  now,
  busy,
  selectable,
  selected,
  onSelect,
  onAction,
}: DispatchItemCardProps) {
  const moment = useConsoleMoment();
  if (item.kind === 'simple') {
    const { shipment } = item;
    const waiting = shipment.status === WAITING;
    const label = `envío ${shipment.code}`;
    return (
      <li
        className={`dispatch-card${selected ? ' dispatch-card--selected' : ''}${lapsed(shipment, riders) ? ' dispatch-card--lapsed' : ''}`}
        data-shipment-code={shipment.code}
        data-status={shipment.status}
      >
        {selectable ? (
          <label className="dispatch-pick">
            <input
              type="checkbox"
              checked={selected}
              onChange={(event) => onSelect(shipment.id, event.target.checked)}
            />
            <span>Agrupar</span>
            <span className="visually-hidden"> {label}</span>
          </label>
        ) : null}
        <ShipmentFacts shipment={shipment} country={country} showStatus={!waiting} />
        <span className="dispatch-meta">
          <OfferNote item={shipment} riders={riders} />
          <span className="muted">{whenText(dispatchShipmentStage(shipment), shipment, now, moment)}</span>
        </span>
        <div className="dispatch-actions">
          {waiting ? (
            <button
              type="button"
              className="button button--small"
              disabled={busy}
              aria-label={`Ofrecer ${label}`}
              onClick={() => onAction({ type: 'offer', kind: 'simple', id: shipment.id, label })}
            >
              Ofrecer
            </button>
          ) : null}
          {shipment.status === DELIVERABLE ? (
            <button
              type="button"
              className="button button--small"
              disabled={busy}
              aria-label={`Confirmar entrega de ${label}`}
              onClick={() => onAction({ type: 'delivered', id: shipment.id, label })}
            >
              Confirmar entrega
            </button>
          ) : null}
          {shipment.canCancel ? (
            <button
              type="button"
              className="button button--bordered button--small"
              disabled={busy}
              aria-label={`Cancelar ${label}`}
              onClick={() => onAction({ type: 'cancel', kind: 'simple', id: shipment.id, label })}
            >
              Cancelar
            </button>
          ) : null}
        </div>
      </li>
    );
  }

  const { stack } = item;
  const waiting = stack.status === WAITING;
  const codes = stack.shipments.map((shipment) => shipment.code).join(' · ');
  const label = `multientrega ${codes}`;
  const inDropOffs = stack.status === 'ON_ROUTE_TO_DROP_OFFS';
  return (
    <li
      className={`dispatch-card dispatch-card--stack${lapsed(stack, riders) ? ' dispatch-card--lapsed' : ''}`}
      data-stack-id={stack.id}
      data-status={stack.status}
    >
      <div className="dispatch-facts__top">
        <strong>Multientrega · {stack.shipments.length} envíos</strong>
        {!waiting ? (
          <span className={`dispatch-status dispatch-status--${stack.status.toLowerCase()}`}>
            {dispatchStatusLabel(stack)}
          </span>
        ) : null}
      </div>
      <ol className="dispatch-stack">
        {stack.shipments.map((shipment) => (
          <li key={shipment.id} data-shipment-code={shipment.code}>
            <ShipmentFacts shipment={shipment} country={country} showStatus={!waiting} />
            {inDropOffs && shipment.status === DELIVERABLE ? (
              <div className="dispatch-actions">
                <button
                  type="button"
                  className="button button--small"
                  disabled={busy}
                  aria-label={`Confirmar entrega de envío ${shipment.code}`}
                  onClick={() =>
                    onAction({ type: 'delivered', id: shipment.id, label: `envío ${shipment.code}` })
                  }
                >
                  Confirmar entrega
                </button>
                <button
                  type="button"
                  className="button button--bordered button--small"
                  disabled={busy}
                  aria-label={`Cancelar envío ${shipment.code}`}
                  onClick={() =>
                    onAction({
                      type: 'cancel',
                      kind: 'simple',
                      id: shipment.id,
                      label: `envío ${shipment.code}`,
                    })
                  }
                >
                  Cancelar
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <span className="dispatch-meta">
        <OfferNote item={stack} riders={riders} />
        <span className="muted">{whenText(dispatchStackStage(stack), stack, now, moment)}</span>
      </span>
      <div className="dispatch-actions">
        {waiting ? (
          <>
            <button
              type="button"
              className="button button--small"
              disabled={busy}
              aria-label={`Ofrecer ${label}`}
              onClick={() => onAction({ type: 'offer', kind: 'stack', id: stack.id, label })}
            >
              Ofrecer
            </button>
            <button
              type="button"
              className="button button--bordered button--small"
              disabled={busy}
              aria-label={`Desagrupar ${label}`}
              onClick={() => onAction({ type: 'dissolve', id: stack.id, label })}
            >
              Desagrupar
            </button>
          </>
        ) : null}
        {stack.canCancel && !inDropOffs ? (
          <button
            type="button"
            className="button button--bordered button--small"
            disabled={busy}
            aria-label={`Cancelar ${label}`}
            onClick={() => onAction({ type: 'cancel', kind: 'stack', id: stack.id, label })}
          >
            Cancelar
          </button>
        ) : null}
      </div>
    </li>
  );
}
