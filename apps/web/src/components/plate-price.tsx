import { menuDiscountUnitPrice } from '@comanda/domain/menu-discount';
import { type MoneyCountry, moneyFormat } from '@comanda/domain/money';
import { plateFromPrice, plateHasSizes } from '@comanda/domain/plate-configuration';
import type { MenuDiscount } from '@comanda/domain/types';
import type { MenuPlate } from '../types/menu';

/**
 * The price a plate's card shows, in the menu and in the cart's suggestions
 * alike: 'Desde' for a sized plate, and the menu discount's price when one
 * holds today, the old price struck through.
 */
export function PlatePrice({
  plate,
  discount,
  country,
}: {
  plate: MenuPlate;
  discount: MenuDiscount | null;
  country: MoneyCountry;
}) {
  const from = plateFromPrice(plate);
  if (from === null) return null;
  const discounted = menuDiscountUnitPrice(discount, from);
  const prefix = plateHasSizes(plate) ? 'Desde ' : '';
  return (
    <span className="price">
      {discount?.type === 'MULTIPLE' ? (
        <span className="price__offer">{`${discount.buy}x${discount.pay}`}</span>
      ) : null}
      {discounted < from ? (
        <>
          <span className="price__current">{`${prefix}${moneyFormat(discounted, country)}`}</span>{' '}
          <s className="price__before">
            <span className="visually-hidden">Antes </span>
            {moneyFormat(from, country)}
          </s>
        </>
      ) : (
        <span className="price__current">{`${prefix}${moneyFormat(from, country)}`}</span>
      )}
    </span>
  );
}
