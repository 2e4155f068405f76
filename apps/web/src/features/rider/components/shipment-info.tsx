import { shipmentMessages } from '@comanda/domain/messages';
import {
  shipmentCustomerDetailsVisible,
  shipmentIsFinished,
  shipmentIsPreDropOff,
  shipmentRecipientVisible,
} from '@comanda/domain/shipment';
import { phoneWhatsAppDigits } from '@comanda/domain/whatsapp-number';
import { zonedMomentText } from '@comanda/domain/zoned-moment';
import { Icon } from '../../../components/ui/icons';
import type { RiderShipment } from '../api/rider-api';
import { riderMoney, riderPhoneText } from '../lib/format';
import { destinationLine, directionsUrl, shipmentPaidInCash, shipmentToDomain } from '../lib/target';
import { riderTexts, STATUS_LABELS } from '../lib/texts';
import type { RiderLocation } from '../types';

const PIN = 'M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12zM12 7a3 3 0 1 0 0 6 3 3 0 1 0 0-6';
const CHAT =
  'M21 11.5a8.4 8.4 0 0 1-.9 3.8 8.5 8.5 0 0 1-7.6 4.7 8.4 8.4 0 0 1-3.8-.9L3 21l1.9-5.7a8.4 8.4 0 0 1-.9-3.8 8.5 8.5 0 0 1 4.7-7.6 8.4 8.4 0 0 1 3.8-.9h.5a8.5 8.5 0 0 1 8 8z';

/** A status as a coloured chip. */
export function StatusChip({ status }: { status: RiderShipment['status'] }) {
  return (
    <span className={`rider-status rider-status--${status.toLowerCase()}`}>{STATUS_LABELS[status]}</span>
  );
}

/**
 * What the rider needs of one shipment: where to pick it up and take it (with
 * a maps app's directions; the customer's place only per §4.2,
 * `shipmentCustomerDetailsVisible`), who receives it ('Recibe', only to the rider
 * holding it: `shipmentRecipientVisible`) and what to
 * collect for a cash order.
 */
export function ShipmentInfo({
  shipment,
  viewerRiderId,
  location,
}: {
  shipment: RiderShipment;
  viewerRiderId: number;
  location: RiderLocation;
}) {
  // Two rules: where the customer is (§4.2) and whom to hand it to, the 'Recibe' card (§3, §6).
  const domain = shipmentToDomain(shipment);
  const details = !shipment.wonByOther && shipmentCustomerDetailsVisible(domain, String(viewerRiderId));
  const recipient = !shipment.wonByOther && shipmentRecipientVisible(domain, String(viewerRiderId));
  const destination = destinationLine(shipment.destination);
  const branchAddress = shipment.branch.address ?? '';
  const preDropOff = shipmentIsPreDropOff(shipment.status);
  const eta = shipment.eta
    ? Number.isFinite(Date.parse(shipment.eta))
      ? zonedMomentText(shipment.eta, location.timeZone, Date.now())
      : shipment.eta
    : null;

  return (
    <div className="rider-info">
      <div className="rider-info__head">
        <p className="rider-info__code">
          <span className="visually-hidden">Envío </span>
          {shipment.code}
        </p>
        <StatusChip status={shipment.status} />
      </div>
      {eta ? <p className="rider-info__eta">{riderTexts.eta(eta)}</p> : null}

      <dl className="rider-stops">
        <div className={`rider-stop${preDropOff ? ' rider-stop--next' : ''}`}>
          <dt>{riderTexts.pickUp}</dt>
          <dd>
            <strong>{shipment.branch.name}</strong>
            {branchAddress ? <span>{branchAddress}</span> : null}
            {preDropOff ? (
              <a
                className="rider-link"
                href={directionsUrl(shipment.branch, branchAddress || shipment.branch.name)}
                target="_blank"
                rel="noreferrer"
              >
                <Icon d={PIN} size={18} />
                {riderTexts.directions}
                <span className="visually-hidden"> al local (se abre en otra app)</span>
              </a>
            ) : null}
          </dd>
        </div>
        {destination || preDropOff ? (
          <div className={`rider-stop${details ? ' rider-stop--next' : ''}`}>
            <dt>{riderTexts.dropOff}</dt>
            <dd>
              {destination ? (
                <strong>{destination}</strong>
              ) : (
                <span className="muted">{riderTexts.addressLater}</span>
              )}
              {details && shipment.destination?.betweenStreets ? (
                <span>
                  {riderTexts.betweenStreets}: {shipment.destination.betweenStreets}
                </span>
              ) : null}
              {details && shipment.destination?.details ? <span>{shipment.destination.details}</span> : null}
              {details && destination ? (
                <a
                  className="rider-link"
                  href={directionsUrl(shipment.destination, destination)}
                  target="_blank"
                  rel="noreferrer"
                >
                  <Icon d={PIN} size={18} />
                  {riderTexts.directions}
                  <span className="visually-hidden"> al cliente (se abre en otra app)</span>
                </a>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>

      {recipient && (shipment.customerName || shipment.customerPhone) ? (
        <section className="rider-card rider-receives" aria-label={shipmentMessages.receives}>
          <h3 className="rider-card__title">{shipmentMessages.receives}</h3>
          {shipment.customerName ? <p className="rider-receives__name">{shipment.customerName}</p> : null}
          {shipment.customerPhone ? (
            <a
              className="button button--bordered rider-receives__chat"
              href={`https://wa.me/${phoneWhatsAppDigits(shipment.customerPhone)}`}
              target="_blank"
              rel="noreferrer"
            >
              <Icon d={CHAT} size={20} />
              <span>
                {riderTexts.writeWhatsApp}
                <span className="rider-receives__phone">{riderPhoneText(shipment.customerPhone)}</span>
              </span>
            </a>
          ) : null}
        </section>
      ) : null}

      <MoneyCard shipment={shipment} location={location} />
    </div>
  );
}

/**
 * The money of the shipment: what to collect for a cash order until it is
 * delivered, then (a return shipment) what to bring back to the store.
 */
function MoneyCard({ shipment, location }: { shipment: RiderShipment; location: RiderLocation }) {
  const { order, status } = shipment;
  const cash = shipmentPaidInCash(shipment);
  const money = (amount: number) => riderMoney(amount, location.country);
  if (status === 'DELIVERED' && shipment.returnShipment && cash)
    return (
      <div className="rider-card rider-money">
        <p className="rider-money__collect">
          <span>{riderTexts.bringBack}</span>
          <strong>{money(order.total)}</strong>
        </p>
      </div>
    );
  if (shipmentIsFinished(status)) return null;
  const change =
    cash && order.paysWith !== null && order.paysWith > order.total ? order.paysWith - order.total : 0;
  return (
    <div className="rider-card rider-money">
      {cash ? (
        <>
          <p className="rider-money__collect">
            <span>{riderTexts.collect}</span>
            <strong>{money(order.total)}</strong>
          </p>
          {order.paysWith !== null && order.paysWith > 0 ? (
            <p className="rider-money__line">
              {riderTexts.paysWith} {money(order.paysWith)}
              {change > 0 ? ` · ${riderTexts.change} ${money(change)}` : ''}
            </p>
          ) : null}
        </>
      ) : (
        <p className="rider-money__line">{riderTexts.alreadyPaid}</p>
      )}
      {shipment.returnShipment ? <p className="rider-money__line">{riderTexts.returnShipment}</p> : null}
    </div>
  );
}
