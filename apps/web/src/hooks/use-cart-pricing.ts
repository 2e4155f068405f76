import type { PricingBreakdown } from '@comanda/domain/pricing';
import { useEffect, useMemo, useState } from 'react';
import type { CartPricingInput } from '../lib/cart-pricing';

type PricingModule = typeof import('../lib/cart-pricing');
let loaded: PricingModule | null = null;

/**
 * The cart's breakdown (`lib/cart-pricing.ts`), or null while the pricing code
 * loads or when there is nothing to price. The pricing code is fetched the
 * first time a cart has items, keeping it out of the menu's first load.
 */
export function useCartPricing(input: CartPricingInput | null): PricingBreakdown | null {
  const [module, setModule] = useState<PricingModule | null>(loaded);
  const wanted = input !== null && input.cart.items.length > 0;
  useEffect(() => {
    if (!wanted || module) return;
    let current = true;
    import('../lib/cart-pricing').then(
      (value) => {
        loaded = value;
        if (current) setModule(value);
      },
      () => {
        // A failed chunk load leaves the total out; the cart itself still works.
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, module]);
  const { cart, menu, orderModeType, timeZone, country, deliveryInfo, now } = input ?? {};
  return useMemo(
    () =>
      module && wanted && cart && menu && orderModeType && timeZone && country
        ? module.cartPricing({
            cart,
            menu,
            orderModeType,
            timeZone,
            country,
            deliveryInfo: deliveryInfo ?? null,
            now: now ?? Date.now(),
          })
        : null,
    [module, wanted, cart, menu, orderModeType, timeZone, country, deliveryInfo, now],
  );
}
