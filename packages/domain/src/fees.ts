/**
 * Delivery fee and service fee (ordering §3 "Delivery info", §7 fees call, §9
 * "Delivery fee display"), with their display hints 'Gratis' and 'Bonificada'.
 */
import { feeMessages } from './messages';
import { type Minor, MONEY_ZERO, type MoneyCountry, moneyFormat, moneyMinor, moneyPercent } from './money';
import type { DeliveryInfo, Fees, OrderModeType, PaymentMethod } from './types';

/** Why delivery costs nothing. */
export type FreeDeliveryReason = 'THRESHOLD' | 'CODE' | null;

/** The delivery fee of an order. */
export interface DeliveryFee {
  /** What the diner pays. */
  amount: Minor;
  /** The fee before any waiver (cash fee when paying cash). */
  baseFee: Minor;
  freeReason: FreeDeliveryReason;
  /** 'Gratis' when the amount is zero on a delivery order; null otherwise. */
  label: string | null;
}

/** Whether the products amount reaches the free-delivery amount of the delivery info. */
export function deliveryFeeFreeReached(
  info: Pick<DeliveryInfo, 'freeDeliveryFrom'> | null | undefined,
  productsAmount: Minor,
): boolean {
  return info?.freeDeliveryFrom !== undefined && productsAmount >= info.freeDeliveryFrom;
}

/**
 * The delivery fee: only delivery orders with delivery info pay one; paying cash
 * uses the cash fee when there is one; it is free from the free-delivery amount
 * (products after menu discounts) or with a free-delivery code.
 */
export function deliveryFeeCompute(input: {
  orderModeType: OrderModeType;
  deliveryInfo: DeliveryInfo | null | undefined;
  paymentMethod: PaymentMethod | null | undefined;
  productsAmount: Minor;
  freeDeliveryCode: boolean;
}): DeliveryFee {
  const info = input.deliveryInfo;
  if (input.orderModeType !== 'DELIVERY' || !info) {
    return { amount: MONEY_ZERO, baseFee: MONEY_ZERO, freeReason: null, label: null };
  }
  const baseFee = input.paymentMethod === 'CASH' && info.cashFee !== undefined ? info.cashFee : info.fee;
  const freeReason: FreeDeliveryReason = deliveryFeeFreeReached(info, input.productsAmount)
    ? 'THRESHOLD'
    : input.freeDeliveryCode
      ? 'CODE'
      : null;
  const amount = freeReason ? MONEY_ZERO : moneyMinor(Math.max(0, baseFee));
  return { amount, baseFee, freeReason, label: amount === 0 ? feeMessages.deliveryFree : null };
}

/** How a delivery fee reads: 'Gratis' when zero, else the formatted amount. */
export function deliveryFeeText(amount: Minor, country: MoneyCountry): string {
  return amount === 0 ? feeMessages.deliveryFree : moneyFormat(amount, country);
}

/** The header's 'Envío gratis a partir de {amount}', or null without a free-delivery amount. */
export function deliveryFeeFreeFromLabel(
  info: Pick<DeliveryInfo, 'freeDeliveryFrom'> | null | undefined,
  country: MoneyCountry,
): string | null {
  return info?.freeDeliveryFrom === undefined
    ? null
    : feeMessages.freeDeliveryFrom(moneyFormat(info.freeDeliveryFrom, country));
}

/** The service fee of an order. */
export interface ServiceFee {
  amount: Minor;
  /** 'Bonificada' when zero; null otherwise. */
  label: string | null;
}

/**
 * Service fee = `userFee` + `percentageUserFee` % of `base` (the items amount
 * after discounts), the percentage rounded half up.
 */
export function serviceFeeCompute(fees: Fees | null | undefined, base: Minor): ServiceFee {
  const amount = fees
    ? moneyMinor(
        Math.max(0, fees.userFee + moneyPercent(moneyMinor(Math.max(0, base)), fees.percentageUserFee)),
      )
    : MONEY_ZERO;
  return { amount, label: amount === 0 ? feeMessages.serviceFeeWaived : null };
}

/** How a service fee reads: 'Bonificada' when zero, else the formatted amount. */
export function serviceFeeText(amount: Minor, country: MoneyCountry): string {
  return amount === 0 ? feeMessages.serviceFeeWaived : moneyFormat(amount, country);
}
