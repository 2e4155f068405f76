/**
 * General discounts of an order mode and external benefits (ordering §3
 * "External benefits", §7 external-benefits call), and general surcharges.
 */
import { type Minor, moneyMinor, moneyPercent } from './money';
import type { GeneralDiscount, Surcharge } from './types';

/**
 * The external benefit that applies: the one with the lowest `priority`; a
 * missing priority counts as the lowest precedence; on a tie the first listed wins.
 */
export function generalDiscountPickExternal(benefits: readonly GeneralDiscount[]): GeneralDiscount | null {
  let best: GeneralDiscount | null = null;
  for (const benefit of benefits) {
    if (best === null) best = benefit;
    else if (
      benefit.priority !== undefined &&
      (best.priority === undefined || benefit.priority < best.priority)
    ) {
      best = benefit;
    }
  }
  return best;
}

/** What a general discount takes off `base` (PERCENT rounded half up), never more than `base`. */
export function generalDiscountAmount(discount: GeneralDiscount, base: Minor): Minor {
  const amount = discount.type === 'PERCENT' ? moneyPercent(base, discount.value) : discount.value;
  return moneyMinor(Math.max(0, Math.min(amount, base)));
}

/** What a surcharge adds: PERCENT of `base` rounded half up, or its FIXED value. */
export function surchargeAmount(surcharge: Surcharge, base: Minor): Minor {
  const amount = surcharge.type === 'PERCENT' ? moneyPercent(base, surcharge.value) : surcharge.value;
  return moneyMinor(Math.max(0, amount));
}
