/**
 * Payment types (ordering §3 "Payment type", §4 "Cash for delivery", "Order
 * payment status when sent", §5 "Checkout"): which ones count, the default,
 * the switch away from cash when delivery has no cash option.
 */
import type { DeliveryInfo, OrderModeType, PaymentMethod, PaymentType } from './types';

// Methods that only work through an online provider; with provider DISABLED they do not count.
const ONLINE_METHODS: ReadonlySet<PaymentMethod> = new Set(['CARD_ONLINE', 'PAYMENT_LINK']);

/**
 * A payment type counts when active and, for an online method (card online,
 * payment link), its provider is not DISABLED. Cash and transfer carry
 * `DISABLED` in the tenant file and still count.
 */
export function paymentTypeCounts(type: PaymentType): boolean {
  if (!type.active) return false;
  return (
    !ONLINE_METHODS.has(type.paymentMethod) || (type.onlinePayment?.providerName ?? 'DISABLED') !== 'DISABLED'
  );
}

/** Whether delivery allows cash here (delivery info `cashAvailable`, default yes). */
export function paymentCashAllowed(
  orderModeType: OrderModeType,
  deliveryInfo: DeliveryInfo | null | undefined,
): boolean {
  return orderModeType !== 'DELIVERY' || deliveryInfo?.cashAvailable !== false;
}

/** The payment types the diner may choose, in the mode's order. */
export function paymentTypesUsable(
  types: readonly PaymentType[],
  context: { orderModeType: OrderModeType; deliveryInfo?: DeliveryInfo | null },
): PaymentType[] {
  const cash = paymentCashAllowed(context.orderModeType, context.deliveryInfo);
  return types.filter((type) => paymentTypeCounts(type) && (cash || type.paymentMethod !== 'CASH'));
}

/**
 * The payment type to keep after delivery info arrives: the current one when it
 * still counts; away from cash, the first usable non-cash type; else the first
 * usable type (the default); null when none is left.
 */
export function paymentTypeReconcile(
  current: PaymentType | null | undefined,
  types: readonly PaymentType[],
  context: { orderModeType: OrderModeType; deliveryInfo?: DeliveryInfo | null },
): PaymentType | null {
  const usable = paymentTypesUsable(types, context);
  if (current && usable.some((type) => type.id === current.id)) return current;
  if (current?.paymentMethod === 'CASH') {
    const nonCash = usable.find((type) => type.paymentMethod !== 'CASH');
    if (nonCash) return nonCash;
  }
  return usable[0] ?? null;
}

/** The payment status an order is sent with: PROCESSING when uploaded through the API, else PENDING. */
export function paymentStatusOnSend(type: Pick<PaymentType, 'upload'>): 'PROCESSING' | 'PENDING' {
  return type.upload === 'API' ? 'PROCESSING' : 'PENDING';
}

/**
 * Card providers that pay by redirect (Webpay Plus: create → the diner is sent
 * to the provider's form with `token_ws` → back → commit) rather than with a
 * card token from our own card fields.
 */
const REDIRECT_PROVIDERS: ReadonlySet<string> = new Set(['TRANSBANK', 'WEBPAY', 'WEBPAY_PLUS']);

/** Whether a card online type pays on its provider's own form (redirect flow), not with our card fields. */
export function paymentTypeRedirects(
  type: Pick<PaymentType, 'paymentMethod' | 'onlinePayment'> | null | undefined,
): boolean {
  return (
    type?.paymentMethod === 'CARD_ONLINE' &&
    REDIRECT_PROVIDERS.has((type.onlinePayment?.providerName ?? '').toUpperCase())
  );
}

/**
 * Whether the checkout shows the provider-controlled card form: card online
 * uploaded through the API, with a provider that tokenizes cards (a redirect
 * provider collects the card on its own form, after the order is placed).
 */
export function paymentTypeNeedsCardForm(
  type: Pick<PaymentType, 'upload' | 'paymentMethod' | 'onlinePayment'> | null | undefined,
): boolean {
  return type?.paymentMethod === 'CARD_ONLINE' && type.upload === 'API' && !paymentTypeRedirects(type);
}
