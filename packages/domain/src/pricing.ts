/**
 * The price of an order, as one breakdown (ordering §3, §5, §7, §9). The web
 * app calls it to preview; the API calls it on its own data to get the figures
 * that count. Steps, each rounded once (money.ts "Rounding"):
 *
 *  1. lines: unit price from the MENU (size or base price + extras), × quantity;
 *  2. menu discounts per line → products amount;
 *  3. order-level discounts on the products amount, each capped at what is left:
 *     code discount, then the order mode's general discounts in list order, then
 *     the external benefit with the lowest priority;
 *  4. surcharges (PERCENT of the products after discounts, or FIXED);
 *  5. delivery fee (cash fee when paying cash; free from the free-delivery amount
 *     or with a free-delivery code);
 *  6. service fee = userFee + percentageUserFee % of the products after discounts;
 *  7. loyalty redemption, at most the order so far;
 *  8. total, and the points it earns.
 *
 * total = productsAmount − discountsAmount + surchargesAmount + deliveryFee
 *         + serviceFee − loyalty.amount, exactly.
 */
import { cartItemKey, cartMaxQuantity } from './cart';
import {
  type CodeDiscount,
  codeDiscountAmount,
  codeDiscountCheck,
  codeDiscountIsFreeDelivery,
} from './code-discount';
import {
  type DeliveryFee,
  deliveryFeeCompute,
  deliveryFeeFreeReached,
  type ServiceFee,
  serviceFeeCompute,
} from './fees';
import { generalDiscountAmount, generalDiscountPickExternal, surchargeAmount } from './general-discount';
import {
  type LoyaltyProgram,
  loyaltyAccrual,
  loyaltyCombinesWithDiscounts,
  loyaltyIsActive,
  loyaltyPointsValue,
  loyaltyRedeemCheck,
  loyaltyRedeemDefault,
} from './loyalty';
import { type MenuDiscountLine, menuDiscountLines } from './menu-discount';
import { cartMessages } from './messages';
import { type Minor, MONEY_ZERO, type MoneyCountry, moneyMinor, moneySum } from './money';
import {
  type PlateConfigurationProblem,
  plateBasePrice,
  plateConfigurationProblems,
  plateConfigurationUnitPrice,
  plateSelectionFromCartItem,
} from './plate-configuration';
import type {
  CartItem,
  DeliveryInfo,
  Fees,
  GeneralDiscount,
  MenuDiscount,
  OrderModeType,
  PaymentMethod,
  Plate,
  Surcharge,
} from './types';
import { zonedDayOfWeek } from './zoned-time';

/** Everything an order's price depends on. */
export interface PricingInput {
  items: readonly CartItem[];
  /** The menu of the order mode: its plates (with garnish groups) and its discounts. */
  menu: { plates: readonly Plate[]; discounts?: readonly MenuDiscount[] };
  orderModeType: OrderModeType;
  /** When the order is for (scheduledAt, else now): menu discounts' `validDays` are read at it. */
  at: number | Date;
  /** The branch contact's IANA time zone. */
  timeZone: string;
  country: MoneyCountry;
  paymentMethod?: PaymentMethod | null;
  deliveryInfo?: DeliveryInfo | null;
  fees?: Fees | null;
  /** The order mode's general discounts: all apply, in list order. */
  generalDiscounts?: readonly GeneralDiscount[];
  /** The partner's benefits: only the one with the lowest priority applies. */
  externalBenefits?: readonly GeneralDiscount[];
  surcharges?: readonly Surcharge[];
  codeDiscount?: {
    discount: CodeDiscount;
    firstPurchase?: boolean;
    timesUsed?: number;
  } | null;
  loyalty?: {
    program: LoyaltyProgram | null;
    branchContactId: string;
    /** The customer's balance (0 when anonymous). */
    balance: number;
    /** Points the diner chose; 'default' takes the default redeem amount; null/0 redeems nothing. */
    redeemPoints: number | 'default' | null;
  } | null;
}

/** A priced cart line. */
export interface PricedLine {
  /** Position in `input.items`. */
  index: number;
  key: string;
  referenceId: string;
  quantity: number;
  unitPrice: Minor;
  /** unitPrice × quantity. */
  amount: Minor;
  /** The menu discount of the line (the cart item's `discount.amount`). */
  discount: Minor;
  discountType: MenuDiscount['type'] | null;
  discountReferenceId: string | null;
  /** amount − discount. */
  net: Minor;
}

/** A line the menu cannot price; it is left out of every figure. */
export interface RejectedLine {
  index: number;
  referenceId: string;
  reason: 'UNKNOWN_PLATE' | 'CONFIGURATION' | 'QUANTITY';
  problems: PlateConfigurationProblem[];
  /** The message to show, when there is one. */
  message: string | null;
}

/** An order-level discount as the order payload carries it (`discounts[]`). */
export interface AppliedDiscount {
  name: string;
  type: 'PERCENT' | 'FIXED' | 'FREE_DELIVERY';
  value: number;
  amount: Minor;
  discountReferenceId?: string;
  externalBenefitType?: string;
  /** Set on the code discount. */
  code?: string;
}

/** A surcharge as the order payload carries it (`surcharges[]`). */
export interface AppliedSurcharge {
  name: string;
  type: 'PERCENT' | 'FIXED';
  value: number;
  amount: Minor;
  surchargeReferenceId?: string;
}

/** Loyalty in the breakdown. */
export interface PricedLoyalty {
  active: boolean;
  redeemedPoints: number;
  /** Money value of the redeemed points. */
  amount: Minor;
  /** The default redeem amount for this order. */
  defaultPoints: number;
  /** Why the requested points were refused (one of the four redeem messages). */
  message: string | null;
  /** Points refused because the programme does not combine with the order's discounts. */
  blockedByDiscounts: boolean;
  /** Points the order earns. */
  accruedPoints: number;
}

/** The whole price of an order. */
export interface PricingBreakdown {
  lines: PricedLine[];
  rejectedLines: RejectedLine[];
  /** Σ lines' amount. */
  itemsAmount: Minor;
  /** Σ lines' menu discount. */
  itemDiscountsAmount: Minor;
  /** itemsAmount − itemDiscountsAmount: what minimums, thresholds and code conditions look at. */
  productsAmount: Minor;
  codeDiscount: AppliedDiscount | null;
  /** The message refusing the code, when one was given and does not apply. */
  codeDiscountRejection: string | null;
  /** The order mode's general discounts, then the external benefit. */
  generalDiscounts: AppliedDiscount[];
  /** Code + general discounts. */
  discountsAmount: Minor;
  surcharges: AppliedSurcharge[];
  surchargesAmount: Minor;
  deliveryFee: DeliveryFee;
  serviceFee: ServiceFee;
  loyalty: PricedLoyalty;
  total: Minor;
}

interface LineDraft extends MenuDiscountLine {
  index: number;
  /** From the menu, not from the client's cart item. */
  categoryId: string | undefined;
}

function priceLines(input: PricingInput): { drafts: LineDraft[]; rejected: RejectedLine[] } {
  const plates = new Map(input.menu.plates.map((plate) => [plate.id, plate]));
  const drafts: LineDraft[] = [];
  const rejected: RejectedLine[] = [];
  const totals = new Map<string, number>();
  for (const item of input.items)
    totals.set(item.referenceId, (totals.get(item.referenceId) ?? 0) + item.quantity);
  for (const [index, item] of input.items.entries()) {
    const plate = plates.get(item.referenceId);
    const reject = (
      reason: RejectedLine['reason'],
      problems: PlateConfigurationProblem[],
      message: string | null,
    ) => {
      rejected.push({ index, referenceId: item.referenceId, reason, problems, message });
    };
    if (!plate) {
      reject('UNKNOWN_PLATE', [], null);
      continue;
    }
    const max = cartMaxQuantity({ maxQuantity: plate.maxQuantity });
    if (!Number.isInteger(item.quantity) || item.quantity <= 0) {
      reject('QUANTITY', [], null);
      continue;
    }
    if ((totals.get(item.referenceId) ?? 0) > max) {
      reject('QUANTITY', [], cartMessages.maxQuantity(max));
      continue;
    }
    const selection = plateSelectionFromCartItem(item);
    const unitPrice = plateConfigurationUnitPrice(plate, selection);
    if (unitPrice === null) {
      const problems = plateConfigurationProblems(plate, selection);
      reject(
        'CONFIGURATION',
        problems,
        problems.find((problem) => problem.message !== null)?.message ?? null,
      );
      continue;
    }
    drafts.push({
      index,
      key: cartItemKey(item),
      referenceId: item.referenceId,
      quantity: item.quantity,
      unitPrice,
      basePrice: plateBasePrice(plate, selection.sizeId) ?? unitPrice,
      categoryId: plate.categoryId,
    });
  }
  return { drafts, rejected };
}

/** Computes the whole breakdown of an order. Pure: same input, same figures, whatever the line order. */
export function pricingCompute(input: PricingInput): PricingBreakdown {
  const { drafts, rejected } = priceLines(input);
  const day = zonedDayOfWeek(input.at, input.timeZone);
  const menuResults = menuDiscountLines(drafts, input.menu.discounts ?? [], day);
  const lines: PricedLine[] = drafts.map((draft, i) => {
    const result = menuResults[i];
    const amount = moneyMinor(draft.unitPrice * draft.quantity);
    const discount = result?.amount ?? MONEY_ZERO;
    return {
      index: draft.index,
      key: draft.key,
      referenceId: draft.referenceId,
      quantity: draft.quantity,
      unitPrice: draft.unitPrice,
      amount,
      discount,
      discountType: discount > 0 ? (result?.discount?.type ?? null) : null,
      discountReferenceId: discount > 0 ? (result?.discount?.id ?? null) : null,
      net: moneyMinor(amount - discount),
    };
  });
  const itemsAmount = moneySum(lines.map((line) => line.amount));
  const itemDiscountsAmount = moneySum(lines.map((line) => line.discount));
  const productsAmount = moneyMinor(itemsAmount - itemDiscountsAmount);

  let left: number = productsAmount;
  const take = (amount: Minor): Minor => {
    const taken = moneyMinor(Math.min(amount, left));
    left -= taken;
    return taken;
  };

  // Code discount.
  let codeDiscount: AppliedDiscount | null = null;
  let codeDiscountRejection: string | null = null;
  let freeDeliveryCode = false;
  const code = input.codeDiscount;
  if (code) {
    codeDiscountRejection = codeDiscountCheck(code.discount, {
      productsAmount,
      items: drafts.map((draft) => ({ referenceId: draft.referenceId, categoryId: draft.categoryId })),
      freeDeliveryReached:
        input.orderModeType === 'DELIVERY' && deliveryFeeFreeReached(input.deliveryInfo, productsAmount),
      ...(code.firstPurchase !== undefined ? { firstPurchase: code.firstPurchase } : {}),
      ...(code.timesUsed !== undefined ? { timesUsed: code.timesUsed } : {}),
      country: input.country,
    });
    if (codeDiscountRejection === null) {
      const discount = code.discount;
      freeDeliveryCode = codeDiscountIsFreeDelivery(discount);
      codeDiscount = {
        name: discount.code,
        type: discount.type,
        value: discount.value,
        amount: take(codeDiscountAmount(discount, productsAmount)),
        code: discount.code,
        ...(discount.id !== undefined ? { discountReferenceId: discount.id } : {}),
      };
    }
  }

  // General discounts, then the external benefit.
  const external = generalDiscountPickExternal(input.externalBenefits ?? []);
  const generalDiscounts: AppliedDiscount[] = [
    ...(input.generalDiscounts ?? []),
    ...(external ? [external] : []),
  ].map((discount) => ({
    name: discount.name,
    type: discount.type,
    value: discount.value,
    amount: take(generalDiscountAmount(discount, productsAmount)),
    ...(discount.id !== undefined ? { discountReferenceId: discount.id } : {}),
    ...(discount.externalBenefitType !== undefined
      ? { externalBenefitType: discount.externalBenefitType }
      : {}),
  }));
  const discountsAmount = moneyMinor(productsAmount - left);
  const discountedProducts = moneyMinor(left);

  const surcharges: AppliedSurcharge[] = (input.surcharges ?? []).map((surcharge) => ({
    name: surcharge.name,
    type: surcharge.type,
    value: surcharge.value,
    amount: surchargeAmount(surcharge, discountedProducts),
    ...(surcharge.id !== undefined ? { surchargeReferenceId: surcharge.id } : {}),
  }));
  const surchargesAmount = moneySum(surcharges.map((surcharge) => surcharge.amount));

  const deliveryFee = deliveryFeeCompute({
    orderModeType: input.orderModeType,
    deliveryInfo: input.deliveryInfo,
    paymentMethod: input.paymentMethod,
    productsAmount,
    freeDeliveryCode,
  });
  const serviceFee = serviceFeeCompute(input.fees, discountedProducts);
  const beforeLoyalty = moneyMinor(
    discountedProducts + surchargesAmount + deliveryFee.amount + serviceFee.amount,
  );

  const loyalty = priceLoyalty(input, beforeLoyalty, discountsAmount);
  const total = moneyMinor(beforeLoyalty - loyalty.amount);
  const program = input.loyalty?.program;
  if (loyalty.active && program)
    loyalty.accruedPoints = loyaltyAccrual(program, total, input.country.mantissaLength);

  return {
    lines,
    rejectedLines: rejected,
    itemsAmount,
    itemDiscountsAmount,
    productsAmount,
    codeDiscount,
    codeDiscountRejection,
    generalDiscounts,
    discountsAmount,
    surcharges,
    surchargesAmount,
    deliveryFee,
    serviceFee,
    loyalty,
    total,
  };
}

function priceLoyalty(input: PricingInput, orderAmount: Minor, discountsAmount: Minor): PricedLoyalty {
  const none: PricedLoyalty = {
    active: false,
    redeemedPoints: 0,
    amount: MONEY_ZERO,
    defaultPoints: 0,
    message: null,
    blockedByDiscounts: false,
    accruedPoints: 0,
  };
  const choice = input.loyalty;
  if (!choice || !loyaltyIsActive(choice.program, choice.branchContactId)) return none;
  const program = choice.program;
  const mantissaLength = input.country.mantissaLength;
  const context = { program, balance: choice.balance, orderAmount, country: input.country };
  const defaultPoints = loyaltyRedeemDefault(context);
  const requested = choice.redeemPoints === 'default' ? defaultPoints : (choice.redeemPoints ?? 0);
  const result: PricedLoyalty = { ...none, active: true, defaultPoints };
  // Points are whole and positive; anything else redeems nothing rather than failing the order.
  if (!Number.isInteger(requested) || requested <= 0) return result;
  if (!loyaltyCombinesWithDiscounts(program) && discountsAmount > 0)
    return { ...result, blockedByDiscounts: true };
  const message = loyaltyRedeemCheck(requested, context);
  if (message !== null) return { ...result, message };
  const amount = loyaltyPointsValue(requested, mantissaLength);
  // loyaltyRedeemCheck keeps points within the order amount; the guard keeps the invariant local.
  return amount > orderAmount ? result : { ...result, redeemedPoints: requested, amount };
}
