/**
 * The cart page's minimum-order message and progress bar (ordering §2 "Cart
 * page", §9 progress texts), and whether 'Continuar' shows (ordering §5,
 * follow-up §5). Amounts compared are the products amount after menu
 * discounts, the same figure the checkout's minimum check uses.
 */
import { progressMessages } from './messages';
import { type Minor, type MoneyCountry, moneyFormat, moneyMinor } from './money';

/** The progress shown under the cart. */
export interface CartProgress {
  text: string;
  /** Bar fill, 0 to 1. */
  fraction: number;
  /** What the bar is heading for; null once everything is reached. */
  goal: 'MINIMUM' | 'FREE_DELIVERY' | null;
  /** What is still missing for the goal (0 when reached). */
  remaining: Minor;
}

/**
 * The progress text and fraction: first towards the minimum ('Suma {amount}
 * para llegar al mínimo'), then towards free delivery ('Suma {amount} para tener
 * envío gratis'), then '¡Tienes envío gratis!' — or '¡Llegaste al mínimo!' when
 * there is no free-delivery amount. Null when the delivery has neither.
 */
export function cartProgress(
  input: { productsAmount: Minor; minimumOrderPrice?: Minor | null; freeDeliveryFrom?: Minor | null },
  country: MoneyCountry,
): CartProgress | null {
  const { productsAmount } = input;
  const minimum = input.minimumOrderPrice ?? null;
  const free = input.freeDeliveryFrom ?? null;
  const fraction = (goal: number) => (goal <= 0 ? 1 : Math.min(1, Math.max(0, productsAmount / goal)));
  if (minimum !== null && minimum > 0 && productsAmount < minimum) {
    const remaining = moneyMinor(minimum - productsAmount);
    return {
      text: progressMessages.toMinimum(moneyFormat(remaining, country)),
      fraction: fraction(minimum),
      goal: 'MINIMUM',
      remaining,
    };
  }
  if (free !== null && productsAmount < free) {
    const remaining = moneyMinor(free - productsAmount);
    return {
      text: progressMessages.toFreeDelivery(moneyFormat(remaining, country)),
      fraction: fraction(free),
      goal: 'FREE_DELIVERY',
      remaining,
    };
  }
  if (free !== null)
    return { text: progressMessages.freeDeliveryReached, fraction: 1, goal: null, remaining: moneyMinor(0) };
  if (minimum !== null)
    return { text: progressMessages.minimumReached, fraction: 1, goal: null, remaining: moneyMinor(0) };
  return null;
}

/** Whether the minimum order price is met (no minimum: always). */
export function cartMinimumMet(productsAmount: Minor, minimumOrderPrice: Minor | null | undefined): boolean {
  return minimumOrderPrice === null || minimumOrderPrice === undefined || productsAmount >= minimumOrderPrice;
}

/** 'Continuar' shows only with items, the minimum met and ordering enabled. */
export function cartCanContinue(input: {
  itemsCount: number;
  productsAmount: Minor;
  minimumOrderPrice?: Minor | null;
  orderEnabled: boolean;
}): boolean {
  return (
    input.itemsCount > 0 &&
    input.orderEnabled &&
    cartMinimumMet(input.productsAmount, input.minimumOrderPrice)
  );
}
