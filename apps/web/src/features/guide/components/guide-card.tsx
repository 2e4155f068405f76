import { geoDistanceText } from '@comanda/domain/delivery-zone';
import { phoneWhatsAppDigits } from '@comanda/domain/whatsapp-number';
import { Link } from 'react-router';
import type { GuideBranchContact } from '../api/guide-api';

/** 'Honduras 4800, Buenos Aires': street and number, then the city, whichever the venue gave. */
export function guideAddressLine(address: GuideBranchContact['address']): string {
  const street = [address.street, address.number].filter(Boolean).join(' ');
  return [street, address.city].filter(Boolean).join(', ');
}

/**
 * One location of the guide (follow-up §2.4): name, address, distance in km with
 * one decimal, whether its delivery reaches the diner, its WhatsApp; the name
 * opens its storefront.
 */
export function GuideCard({ card }: { card: GuideBranchContact }) {
  const address = guideAddressLine(card.address);
  return (
    <article className="card guide-card" aria-labelledby={`guide-card-${card.id}`}>
      <div className="guide-card__head">
        <h2 className="guide-card__name" id={`guide-card-${card.id}`}>
          <Link to={`/menu/${card.alias}`}>{card.name}</Link>
        </h2>
        <span className="guide-card__distance">{geoDistanceText(card.distanceInMeters)}</span>
      </div>
      {address ? <p className="guide-card__address muted">{address}</p> : null}
      <p className={`guide-card__delivery guide-card__delivery--${card.reachableByDelivery ? 'yes' : 'no'}`}>
        {card.reachableByDelivery ? 'Hace delivery a tu ubicación' : 'No hace delivery a tu ubicación'}
      </p>
      <div className="guide-card__actions">
        <Link
          className="button button--small"
          to={`/menu/${card.alias}`}
          aria-label={`Ver el menú de ${card.name}`}
        >
          Ver menú
        </Link>
        {card.whatsAppPhone ? (
          <a
            className="button button--bordered button--small"
            href={`https://wa.me/${phoneWhatsAppDigits(card.whatsAppPhone)}`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Escribir por WhatsApp a ${card.name}`}
          >
            Escribir por WhatsApp
          </a>
        ) : null}
      </div>
    </article>
  );
}
