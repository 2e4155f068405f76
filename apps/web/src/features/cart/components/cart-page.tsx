import {
  type Cart,
  cartItemKey,
  cartItemsCount,
  cartLineAmount,
  cartUpsellSuggestions,
} from '@comanda/domain/cart';
import { cartCanContinue, cartProgress } from '@comanda/domain/cart-progress';
import { branchMessages, cartMessages } from '@comanda/domain/messages';
import { type MoneyCountry, moneyFormat, moneyMinor } from '@comanda/domain/money';
import type { PricingBreakdown } from '@comanda/domain/pricing';
import type { SoldOutLineProblem } from '@comanda/domain/sold-out';
import type { CartItem, DeliveryInfo, MenuDiscount } from '@comanda/domain/types';
import { Link } from 'react-router';
import { PlatePrice } from '../../../components/plate-price';
import { IconPin } from '../../../components/ui/icons';
import { IconEdit, IconMinus, IconPlus, IconTrash } from '../../../components/ui/icons-actions';
import type { MenuPlate } from '../../../types/menu';

export interface CartPageProps {
  /** Null while nothing was added: the empty cart. */
  cart: Cart | null;
  country: MoneyCountry;
  /** The breakdown of the cart (null while the pricing code or the menu loads). */
  pricing: PricingBreakdown | null;
  /** The menu's 'Te recomendamos' plates (empty until the menu loads). */
  upselleds: readonly MenuPlate[];
  /** The menu discount a plate has today, as the menu shows it (a suggestion's price is the menu's). */
  discountFor: (plate: MenuPlate) => MenuDiscount | null;
  /** Delivery info of a delivery order with a known address; null otherwise. */
  deliveryInfo: DeliveryInfo | null;
  delivery: boolean;
  /** Items may be ordered (mode enabled, not blocked, open or schedulable). */
  orderEnabled: boolean;
  menuHref: string;
  checkoutHref: string;
  addressText: string | null;
  onAddressOpen: (() => void) | null;
  /** Asks for the address before the checkout (a delivery order without one). */
  onAddressRequired: (() => void) | null;
  onEdit: (index: number) => void;
  onQuantity: (index: number, delta: number) => void;
  onDelete: (index: number) => void;
  onUpsell: (plate: MenuPlate) => void;
  /** Beside the menu (≥ 1024 px): a second-level heading, and no link to the menu it sits beside. */
  panel?: boolean | undefined;
  /** Lines holding something the venue marked sold out (ADR 052): marked, and the cart does not go on. */
  soldOut?: readonly SoldOutLineProblem[];
}

function extrasText(item: CartItem): string | null {
  const groups = item.extras
    .map((group) =>
      group.groupItems
        .filter((extra) => extra.quantity > 0)
        .map((extra) => (extra.quantity > 1 ? `${extra.name} x${extra.quantity}` : extra.name))
        .join(', '),
    )
    .filter(Boolean);
  return groups.length > 0 ? groups.join(' · ') : null;
}

/**
 * The cart page 'Mi pedido' (ordering §2): the lines (edit, quantity, delete),
 * the minimum-order message with its progress bar, 'Te recomendamos', 'Agregar
 * más productos', and 'Continuar' only when the domain allows it; 'Volver al
 * Menú' when empty.
 */
export function CartPage(props: CartPageProps) {
  const { cart, country, pricing, deliveryInfo } = props;
  const soldOut = props.soldOut ?? [];
  const Title = props.panel ? 'h2' : 'h1';
  if (!cart || cart.items.length === 0) {
    return (
      <section className="cart-page cart-page--empty" aria-labelledby="cart-title">
        <Title id="cart-title" className="brand-title">
          {cartMessages.cartTitle}
        </Title>
        <p className="muted">Todavía no agregaste productos.</p>
        {props.panel ? null : (
          <Link className="button" to={props.menuHref}>
            {cartMessages.backToMenu}
          </Link>
        )}
      </section>
    );
  }

  const lines = new Map(pricing?.lines.map((line) => [line.index, line]));
  const rejected = new Map(pricing?.rejectedLines.map((line) => [line.index, line]));
  const productsAmount = pricing?.productsAmount ?? null;
  const progress =
    props.delivery && deliveryInfo?.insideDeliveryArea && productsAmount !== null
      ? cartProgress(
          {
            productsAmount,
            minimumOrderPrice: deliveryInfo.minimumOrderPrice,
            freeDeliveryFrom: deliveryInfo.freeDeliveryFrom,
          },
          country,
        )
      : null;
  const canContinue =
    productsAmount !== null &&
    cartCanContinue({
      itemsCount: cartItemsCount(cart),
      productsAmount,
      minimumOrderPrice: props.delivery ? deliveryInfo?.minimumOrderPrice : undefined,
      orderEnabled: props.orderEnabled && (pricing?.rejectedLines.length ?? 0) === 0,
    }) &&
    soldOut.length === 0;
  const suggestions = cartUpsellSuggestions(props.upselleds, cart);

  return (
    <section className="cart-page" aria-labelledby="cart-title">
      <Title id="cart-title" className="brand-title">
        {cartMessages.cartTitle}
      </Title>
      <ul className="cart-lines">
        {cart.items.map((item, index) => {
          const line = lines.get(index);
          const problem = rejected.get(index);
          const gone = soldOut.find((entry) => entry.index === index);
          const extras = extrasText(item);
          const gross = line?.amount ?? cartLineAmount(item);
          const net = line?.net ?? gross;
          return (
            <li key={cartItemKey(item)} className={gone ? 'cart-line is-sold-out' : 'cart-line'}>
              <div className="cart-line__text">
                <span className="cart-line__name">{item.name}</span>
                {extras ? <span className="cart-line__detail">{extras}</span> : null}
                {item.notes ? <span className="cart-line__detail">{`Nota: ${item.notes}`}</span> : null}
                {gone ? <span className="field-error">{gone.message}</span> : null}
                {problem && !gone ? (
                  <span className="field-error">
                    {problem.message ?? 'Este producto ya no está disponible.'}
                  </span>
                ) : null}
              </div>
              <div className="cart-line__price">
                {net < gross ? <s className="price__before">{moneyFormat(gross, country)}</s> : null}
                <span>{moneyFormat(moneyMinor(net), country)}</span>
              </div>
              <div className="cart-line__actions">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Editar ${item.name}`}
                  onClick={() => props.onEdit(index)}
                >
                  <IconEdit size={18} />
                </button>
                <fieldset className="stepper stepper--small">
                  <legend className="visually-hidden">{`Cantidad de ${item.name}`}</legend>
                  <button
                    type="button"
                    className="stepper__button"
                    aria-label={`Quitar uno de ${item.name}`}
                    onClick={() => props.onQuantity(index, -1)}
                  >
                    <IconMinus size={16} />
                  </button>
                  <output className="stepper__value">{item.quantity}</output>
                  <button
                    type="button"
                    className="stepper__button"
                    aria-label={`Sumar uno de ${item.name}`}
                    onClick={() => props.onQuantity(index, 1)}
                  >
                    <IconPlus size={16} />
                  </button>
                </fieldset>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Eliminar ${item.name}`}
                  onClick={() => props.onDelete(index)}
                >
                  <IconTrash size={18} />
                </button>
              </div>
            </li>
          );
        })}
      </ul>

      <dl className="cart-summary">
        {pricing && pricing.itemDiscountsAmount > 0 ? (
          <div>
            <dt>Descuentos</dt>
            <dd>{moneyFormat(moneyMinor(-pricing.itemDiscountsAmount), country)}</dd>
          </div>
        ) : null}
        <div className="cart-summary__total">
          <dt>Subtotal</dt>
          <dd>{productsAmount !== null ? moneyFormat(productsAmount, country) : '…'}</dd>
        </div>
      </dl>

      {props.delivery ? (
        <div className="cart-delivery">
          {progress ? (
            <div className="progress">
              <p className="progress__text" id="cart-progress-text">
                {progress.text}
              </p>
              <div
                className="progress__bar"
                role="progressbar"
                aria-labelledby="cart-progress-text"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress.fraction * 100)}
              >
                <span
                  className="progress__fill"
                  style={{ width: `${Math.round(progress.fraction * 100)}%` }}
                />
              </div>
            </div>
          ) : null}
          {props.onAddressOpen ? (
            <div className="delivery-address">
              {props.addressText ? (
                <p className="delivery-address__text">
                  <IconPin size={16} />
                  <span>{props.addressText}</span>
                </p>
              ) : null}
              <button
                type="button"
                className="button button--bordered button--small"
                onClick={props.onAddressOpen}
              >
                {props.addressText ? branchMessages.change : branchMessages.enterAddress}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}

      {suggestions.length > 0 ? (
        <section className="upsell" aria-labelledby="upsell-title">
          <h2 id="upsell-title" className="section-title">
            {cartMessages.recommended}
          </h2>
          <ul className="upsell__list">
            {suggestions.map((plate) => (
              <li key={plate.id}>
                <button type="button" className="upsell__item" onClick={() => props.onUpsell(plate)}>
                  <span className="upsell__name">{plate.showName}</span>
                  <span className="upsell__price">
                    <PlatePrice plate={plate} discount={props.discountFor(plate)} country={country} />
                  </span>
                  <span className="upsell__add" aria-hidden="true">
                    <IconPlus size={18} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {soldOut[0] ? (
        <p className="notice notice--warning cart-sold-out" role="alert">
          {soldOut[0].message}
        </p>
      ) : null}
      <div className="cart-actions">
        {props.panel ? null : (
          <Link className="button button--bordered" to={props.menuHref}>
            {cartMessages.addMore}
          </Link>
        )}
        {canContinue && props.delivery && !props.addressText && props.onAddressRequired ? (
          <button type="button" className="button" onClick={props.onAddressRequired}>
            {cartMessages.continue}
          </button>
        ) : canContinue ? (
          <Link className="button" to={props.checkoutHref}>
            {cartMessages.continue}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
