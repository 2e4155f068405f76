/**
 * Discount codes (ordering §3 "Code discount", §4 "Discount code status",
 * §5 "Discount code", §8): the checks before validating, the conditions of a
 * code with their exact messages, its terms, its amount, and its life in the
 * checkout (limited-usage time-out, payment and schedule changes).
 */
import { codeDiscountMessages } from './messages';
import { type Minor, type MoneyCountry, moneyFormat, moneyMinor, moneyPercent } from './money';
import type { CartItem } from './types';

/** A code discount as the validation call returns it. `value` is a percent for PERCENT, minor units for FIXED. */
export type CodeDiscount = {
  code: string;
  id?: string;
  active: boolean;
  /** Minimum products amount. */
  minimumOrderAmount?: Minor;
  plate?: { id: string; showName: string };
  category?: { id: string; showName: string };
  firstTimeOnly?: boolean;
  maximumDiscountAmount?: Minor;
  freeDelivery?: boolean;
  limitedUsage?: boolean;
  usageLimit?: number;
} & (
  | { type: 'PERCENT'; value: number }
  | { type: 'FIXED'; value: Minor }
  | { type: 'FREE_DELIVERY'; value: number }
);

/** ordering §4: a limited-usage code expires this long after it was applied. */
export const CODE_DISCOUNT_LIMITED_USAGE_TIMEOUT_MS = 180_000;

/** Status of the code modal (ordering §4). */
export type CodeDiscountStatus = 'init' | 'loading' | 'success' | 'failed';

/** The modal's button: Aplicar / Aplicando / Continuar. */
export function codeDiscountButtonLabel(status: CodeDiscountStatus): string {
  if (status === 'loading') return codeDiscountMessages.applying;
  if (status === 'success') return codeDiscountMessages.continue;
  return codeDiscountMessages.apply;
}

/**
 * What must be true before a code is sent for validation: a payment method,
 * then valid customer data. Returns the message of the first failure, or null.
 */
export function codeDiscountPrecheck(context: {
  paymentMethodChosen: boolean;
  customerDataValid: boolean;
}): string | null {
  if (!context.paymentMethodChosen) return codeDiscountMessages.paymentMethodFirst;
  if (!context.customerDataValid) return codeDiscountMessages.dataFirst;
  return null;
}

/** Whether a code waives the delivery fee. */
export function codeDiscountIsFreeDelivery(discount: Pick<CodeDiscount, 'type' | 'freeDelivery'>): boolean {
  return discount.type === 'FREE_DELIVERY' || discount.freeDelivery === true;
}

/** The order facts a code's conditions look at. */
export interface CodeDiscountContext {
  /** Products amount after menu discounts. */
  productsAmount: Minor;
  items: readonly Pick<CartItem, 'referenceId' | 'categoryId'>[];
  /** Free delivery already reached by the free-delivery amount. */
  freeDeliveryReached: boolean;
  /** Whether this is the customer's first purchase; undefined when unknown (not checked). */
  firstPurchase?: boolean;
  /** How many times the code was used; undefined when unknown (not checked). */
  timesUsed?: number;
  country: MoneyCountry;
}

/**
 * The message refusing a code for this order, or null when it applies. Checks,
 * in order: active and within its usage limit ('No se encontró ningún descuento
 * con el código ingresado.'), first purchase, minimum products amount, required
 * plate, required category, and a free-delivery code when delivery is already free.
 */
export function codeDiscountCheck(discount: CodeDiscount, context: CodeDiscountContext): string | null {
  if (!discount.active) return codeDiscountMessages.notFound;
  if (
    discount.limitedUsage &&
    discount.usageLimit !== undefined &&
    context.timesUsed !== undefined &&
    context.timesUsed >= discount.usageLimit
  ) {
    return codeDiscountMessages.notFound;
  }
  if (discount.firstTimeOnly && context.firstPurchase === false)
    return codeDiscountMessages.firstPurchaseOnly;
  if (discount.minimumOrderAmount !== undefined && context.productsAmount < discount.minimumOrderAmount) {
    return codeDiscountMessages.minimumProducts(moneyFormat(discount.minimumOrderAmount, context.country));
  }
  const plate = discount.plate;
  if (plate && !context.items.some((item) => item.referenceId === plate.id)) {
    return codeDiscountMessages.requiredPlate(plate.showName);
  }
  const category = discount.category;
  if (category && !context.items.some((item) => item.categoryId === category.id)) {
    return codeDiscountMessages.requiredCategory(category.showName);
  }
  if (codeDiscountIsFreeDelivery(discount) && context.freeDeliveryReached)
    return codeDiscountMessages.alreadyFreeDelivery;
  return null;
}

/** The terms shown with a code: first purchase only, and the discount cap. */
export function codeDiscountTerms(discount: CodeDiscount, country: MoneyCountry): string[] {
  const terms: string[] = [];
  if (discount.firstTimeOnly) terms.push(codeDiscountMessages.firstPurchaseOnly);
  if (discount.maximumDiscountAmount !== undefined) {
    terms.push(codeDiscountMessages.maximumDiscount(moneyFormat(discount.maximumDiscountAmount, country)));
  }
  return terms;
}

/**
 * What a code takes off `base` (the products amount left to discount): PERCENT
 * rounded half up and capped by `maximumDiscountAmount`, FIXED as is; never more
 * than `base`. A free-delivery code takes nothing off the products (it waives the fee).
 */
export function codeDiscountAmount(discount: CodeDiscount, base: Minor): Minor {
  let amount = 0;
  if (discount.type === 'PERCENT') amount = moneyPercent(base, discount.value);
  else if (discount.type === 'FIXED') amount = discount.value;
  if (discount.maximumDiscountAmount !== undefined) amount = Math.min(amount, discount.maximumDiscountAmount);
  return moneyMinor(Math.max(0, Math.min(amount, base)));
}

/** Whether a limited-usage code applied at `appliedAt` has expired at `now` ('Tiempo de aplicacion del descuento vencido'). */
export function codeDiscountExpired(
  discount: Pick<CodeDiscount, 'limitedUsage'>,
  appliedAt: number | Date,
  now: number | Date,
): boolean {
  return discount.limitedUsage === true && +now - +appliedAt >= CODE_DISCOUNT_LIMITED_USAGE_TIMEOUT_MS;
}

/**
 * Whether changing the payment type must first warn 'Si cambias el medio de pago
 * se borrará el código de descuento': a code applies, it cannot be retained, and
 * the diner is not an external-loyalty user.
 */
export function codeDiscountWarnOnPaymentChange(context: {
  codeApplied: boolean;
  canRetain: boolean;
  externalLoyalty: boolean;
}): boolean {
  return context.codeApplied && !context.canRetain && !context.externalLoyalty;
}

/** Changing the scheduled day or hour deletes the code, unless external loyalty applies. */
export function codeDiscountKeptOnScheduleChange(externalLoyalty: boolean): boolean {
  return externalLoyalty;
}
