/**
 * Checkout validation (ordering §5 "Checkout"): every check, in the spec's
 * order, with its exact message. The UI shows the last failing one as a toast;
 * the API runs the same function on the order payload and refuses with the
 * whole list.
 */
import { checkoutMessages, codeDiscountMessages } from './messages';
import { type Minor, type MoneyCountry, moneyFormat, moneyParseInput } from './money';
import { phoneIsValid } from './phone';
import type { DeliveryInfo, OrderModeType, PaymentMethod } from './types';

/** The checks of the checkout, in the spec's order. */
export type CheckoutErrorCode =
  | 'PHONE_REQUIRED'
  | 'NAME_REQUIRED'
  | 'PHONE_INVALID'
  | 'TABLE_REQUIRED'
  | 'EMAIL_REQUIRED'
  | 'EMAIL_INVALID'
  | 'DOCUMENT_INVALID'
  | 'PAYMENT_METHOD_REQUIRED'
  | 'CASH_AMOUNT_REQUIRED'
  | 'CASH_AMOUNT_UNDER_TOTAL'
  | 'ADDRESS_REQUIRED'
  | 'BETWEEN_STREETS_REQUIRED'
  | 'MINIMUM_ORDER'
  | 'NO_RIDERS'
  | 'OUTSIDE_AREA'
  | 'FEE_LOADING'
  | 'NO_CASH_RIDERS'
  | 'CARD_FIELDS_INCOMPLETE'
  | 'CARD_FIELDS_INVALID'
  | 'SCHEDULE_LOADING'
  | 'SCHEDULE_REQUIRED';

/** A failing check: its code, the form field it belongs to, and the exact message. */
export interface CheckoutError {
  code: CheckoutErrorCode;
  field:
    | 'phone'
    | 'name'
    | 'tableNumber'
    | 'email'
    | 'document'
    | 'payment'
    | 'paysWith'
    | 'address'
    | 'betweenStreets'
    | 'card'
    | 'schedule'
    | null;
  message: string;
}

/** What the checkout knows when the diner presses the button (or what the API receives). */
export interface CheckoutInput {
  orderModeType: OrderModeType;
  customer: { name?: string; phone?: string; email?: string; document?: string; tableNumber?: string };
  /** Branch rules: forced name and phone, mandatory email, required between-streets. */
  rules: {
    forceCustomerName?: boolean;
    forceCustomerPhone?: boolean;
    mandatoryEmail?: boolean;
    betweenStreetsRequired?: boolean;
  };
  /** Country of the phone input (default 'ar'). */
  phoneCountry?: string;
  /** The chosen payment type's method; null when no type is usable (none to choose). */
  paymentMethod: PaymentMethod | null;
  /**
   * The methods of the mode's payment types that count, before delivery's
   * cash rule: cash alone here, with no cash riders, is why none is usable.
   */
  paymentMethodsOffered?: readonly PaymentMethod[];
  /** Cash tender as typed ('Paga con'). */
  paysWith?: string | null;
  /** State of the card form when one is shown. */
  card?: { complete: boolean; valid: boolean } | null;
  /** The delivery address (delivery only). */
  address?: { fullAddress?: string | null; betweenStreets?: string | null } | null;
  /** Products after menu discounts (the minimum order compares it). */
  productsAmount: Minor;
  /** Order total (cash tender compares it). */
  total: Minor;
  deliveryInfo?: DeliveryInfo | null;
  deliveryInfoLoading?: boolean;
  schedule: { loading: boolean; canOrderNow: boolean; scheduled: boolean; scheduledAt?: number | null };
  country: MoneyCountry;
}

/** The outcome: every failing check, the toast (the last one), and the cleaned values to send. */
export interface CheckoutResult {
  valid: boolean;
  errors: CheckoutError[];
  toast: string | null;
  /** The document as sent: without dots. */
  document: string | null;
  /** The cash tender in minor units. */
  paysWith: Minor | null;
}

/** ordering §9: an email is under 100 characters. */
export const EMAIL_MAX_LENGTH = 100;

const blank = (value: string | null | undefined): boolean => !value || value.trim() === '';

/** An email under 100 characters and well formed (something@domain.tld, no spaces). */
export function emailIsValid(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length < EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(trimmed);
}

/** A document is valid with 7 to 11 characters once dots, commas, plus and minus signs are removed. */
export function documentIsValid(document: string): boolean {
  const length = document.trim().replace(/[.,+-]/g, '').length;
  return length >= 7 && length <= 11;
}

/** The document as it is sent: without dots. */
export function documentToSend(document: string): string {
  return document.trim().replace(/\./g, '');
}

/** Runs every checkout check in the spec's order. */
export function checkoutValidate(input: CheckoutInput): CheckoutResult {
  const errors: CheckoutError[] = [];
  const fail = (code: CheckoutErrorCode, field: CheckoutError['field'], message: string) =>
    errors.push({ code, field, message });
  const { customer, rules } = input;

  if (rules.forceCustomerPhone && blank(customer.phone))
    fail('PHONE_REQUIRED', 'phone', checkoutMessages.phoneRequired);
  if (rules.forceCustomerName && blank(customer.name))
    fail('NAME_REQUIRED', 'name', checkoutMessages.nameRequired);
  if (!blank(customer.phone) && !phoneIsValid(customer.phone ?? '', input.phoneCountry)) {
    fail('PHONE_INVALID', 'phone', checkoutMessages.phoneInvalid);
  }
  if (input.orderModeType === 'DINE_IN' && blank(customer.tableNumber)) {
    fail('TABLE_REQUIRED', 'tableNumber', checkoutMessages.tableRequired);
  }
  if (rules.mandatoryEmail && blank(customer.email))
    fail('EMAIL_REQUIRED', 'email', checkoutMessages.emailRequired);
  if (!blank(customer.email) && !emailIsValid(customer.email ?? ''))
    fail('EMAIL_INVALID', 'email', checkoutMessages.emailInvalid);
  if (!blank(customer.document) && !documentIsValid(customer.document ?? '')) {
    fail('DOCUMENT_INVALID', 'document', checkoutMessages.documentInvalid);
  }

  // (decision, ADR 014) With no usable payment type nothing can be sent: the discount code's
  // 'choose a payment method first' says so, before the checks of the chosen method.
  if (input.paymentMethod === null)
    fail('PAYMENT_METHOD_REQUIRED', 'payment', codeDiscountMessages.paymentMethodFirst);

  let paysWith: Minor | null = null;
  if (input.paymentMethod === 'CASH') {
    paysWith = blank(input.paysWith) ? null : moneyParseInput(input.paysWith ?? '', input.country);
    if (paysWith === null) fail('CASH_AMOUNT_REQUIRED', 'paysWith', checkoutMessages.cashAmountRequired);
    else if (paysWith < input.total)
      fail('CASH_AMOUNT_UNDER_TOTAL', 'paysWith', checkoutMessages.cashAmountUnderTotal);
  }

  if (input.orderModeType === 'DELIVERY') {
    const info = input.deliveryInfo;
    const hasAddress = !blank(input.address?.fullAddress);
    if (!hasAddress) fail('ADDRESS_REQUIRED', 'address', checkoutMessages.addressRequired);
    if (rules.betweenStreetsRequired && blank(input.address?.betweenStreets)) {
      fail('BETWEEN_STREETS_REQUIRED', 'betweenStreets', checkoutMessages.betweenStreetsRequired);
    }
    if (info?.minimumOrderPrice !== undefined && input.productsAmount < info.minimumOrderPrice) {
      fail(
        'MINIMUM_ORDER',
        null,
        checkoutMessages.minimumOrder(moneyFormat(info.minimumOrderPrice, input.country)),
      );
    }
    if (info?.providersFailed) fail('NO_RIDERS', 'address', checkoutMessages.noRiders);
    if (info && !info.insideDeliveryArea) fail('OUTSIDE_AREA', 'address', checkoutMessages.outsideArea);
    if (hasAddress && (input.deliveryInfoLoading || !info))
      fail('FEE_LOADING', null, checkoutMessages.feeLoading);
    const cashOnly =
      input.paymentMethod === null &&
      (input.paymentMethodsOffered ?? []).length > 0 &&
      (input.paymentMethodsOffered ?? []).every((method) => method === 'CASH');
    if ((input.paymentMethod === 'CASH' || cashOnly) && info?.cashAvailable === false) {
      fail('NO_CASH_RIDERS', null, checkoutMessages.noCashRiders);
    }
  }

  if (input.card && !input.card.complete)
    fail('CARD_FIELDS_INCOMPLETE', 'card', checkoutMessages.cardFieldsIncomplete);
  else if (input.card && !input.card.valid)
    fail('CARD_FIELDS_INVALID', 'card', checkoutMessages.cardFieldsInvalid);

  if (input.schedule.loading) fail('SCHEDULE_LOADING', 'schedule', checkoutMessages.scheduleLoading);
  else if ((!input.schedule.canOrderNow || input.schedule.scheduled) && input.schedule.scheduledAt == null) {
    fail('SCHEDULE_REQUIRED', 'schedule', checkoutMessages.scheduleRequired);
  }

  return {
    valid: errors.length === 0,
    errors,
    toast: errors.at(-1)?.message ?? null,
    document: blank(customer.document) ? null : documentToSend(customer.document ?? ''),
    paysWith,
  };
}
