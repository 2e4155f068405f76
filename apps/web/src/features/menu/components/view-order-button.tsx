import { cartMessages } from '@comanda/domain/messages';
import { moneyFormat } from '@comanda/domain/money';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { IconBag } from '../../../components/ui/icons-actions';
import { useCartPricing } from '../../../hooks/use-cart-pricing';
import type { CartPricingInput } from '../../../lib/cart-pricing';
import { CART_BASKET_ANIMATION_MS } from '../../../stores/cart-store';

/**
 * The floating 'Ver mi pedido' button with the cart's total (ordering §2),
 * shown while the cart has items: the products amount from the domain's
 * pricing. Right after an item is added its basket plays the 1450 ms
 * animation (ordering §9). It floats over the page, so loading it late never
 * moves the menu.
 */
export function ViewOrderButton({
  count,
  pricing,
  href,
  lastAddedAt,
}: {
  count: number;
  pricing: CartPricingInput;
  href: string;
  lastAddedAt: number;
}) {
  const breakdown = useCartPricing(pricing);
  const [animating, setAnimating] = useState(false);
  useEffect(() => {
    if (!lastAddedAt || Date.now() - lastAddedAt > CART_BASKET_ANIMATION_MS) return;
    setAnimating(true);
    const timer = window.setTimeout(() => setAnimating(false), CART_BASKET_ANIMATION_MS);
    return () => window.clearTimeout(timer);
  }, [lastAddedAt]);

  return (
    <div className="view-order">
      <Link className="view-order__button" to={href}>
        <span className="view-order__basket" data-animating={animating || undefined}>
          <IconBag />
          <span className="view-order__count">
            <span className="visually-hidden">Productos: </span>
            {count}
          </span>
        </span>
        <span className="view-order__label">{cartMessages.viewOrder}</span>
        <span className="view-order__total">
          {breakdown ? moneyFormat(breakdown.productsAmount, pricing.country) : ''}
        </span>
      </Link>
    </div>
  );
}
