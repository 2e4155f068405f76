/**
 * The cart's figures from the domain's one pricing function (`pricingCompute`):
 * the lines with their menu discounts and the products amount that minimums,
 * the free-delivery threshold and 'Ver mi pedido' show. The checkout adds the
 * payment, codes, fees and loyalty to the same function.
 *
 * Loaded on demand (see `hooks/use-cart-pricing.ts`): the menu's first load
 * does not need it while the cart is empty.
 */
import type { Cart } from '@comanda/domain/cart';
import type { MoneyCountry } from '@comanda/domain/money';
import { type PricingBreakdown, pricingCompute } from '@comanda/domain/pricing';
import type { DeliveryInfo, OrderModeType } from '@comanda/domain/types';
import type { StorefrontMenu } from '../types/menu';

export interface CartPricingInput {
  cart: Cart;
  menu: StorefrontMenu;
  orderModeType: OrderModeType;
  timeZone: string;
  country: MoneyCountry;
  deliveryInfo: DeliveryInfo | null;
  now: number;
}

/** The breakdown of the cart as it stands (no payment, code or loyalty chosen yet). */
export function cartPricing(input: CartPricingInput): PricingBreakdown {
  return pricingCompute({
    items: input.cart.items,
    menu: { plates: input.menu.plates, discounts: input.menu.discounts },
    orderModeType: input.orderModeType,
    at: input.now,
    timeZone: input.timeZone,
    country: input.country,
    deliveryInfo: input.deliveryInfo,
  });
}
