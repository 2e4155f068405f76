import { indicatorLabel } from '@comanda/domain/indicators';
import type { MoneyCountry } from '@comanda/domain/money';
import type { MenuDiscount } from '@comanda/domain/types';
import { PlatePrice } from '../../../components/plate-price';
import type { MenuPlate } from '../../../types/menu';
import { imageUrl, PlateImage } from './plate-image';

/** The plate's indicators as small labels, named by the domain's catalogue. */
export function Indicators({ codes }: { codes: readonly string[] }) {
  if (codes.length === 0) return null;
  return (
    <ul className="indicators" aria-label="Indicadores">
      {codes.map((code) => (
        <li key={code} className="indicator">
          {indicatorLabel(code)}
        </li>
      ))}
    </ul>
  );
}

/** A plate in a list: opens its detail (a modal or its page, by the branch's setting). */
export function PlateCard({
  plate,
  discount,
  country,
  href,
  onOpen,
  priority = false,
}: {
  plate: MenuPlate;
  discount: MenuDiscount | null;
  country: MoneyCountry;
  href: string;
  onOpen: (plate: MenuPlate) => void;
  priority?: boolean;
}) {
  return (
    <a
      className="plate-card"
      data-sold-out={plate.soldOut}
      href={href}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen(plate);
      }}
    >
      <span className="plate-card__text">
        <span className="plate-card__name">{plate.showName}</span>
        {plate.description ? <span className="plate-card__description">{plate.description}</span> : null}
        <Indicators codes={plate.indicators} />
        <PlatePrice plate={plate} discount={discount} country={country} />
      </span>
      {plate.withImage ? <PlateImage src={imageUrl('PLATE', plate.numericId)} priority={priority} /> : null}
    </a>
  );
}
