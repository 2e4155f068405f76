/**
 * Orders → JSON: the placement answer, the server's breakdown (the 409's body),
 * the discount and surcharge entries (ordering §3), the follow-up view
 * (follow-up §3) and the orders console's event. Money leaves in major units.
 *
 * Stored discount and surcharge entries keep the spec's shape with money in
 * minor units (`amount`, and `value` of a FIXED entry), like every money column.
 */
import { type OrderPaymentStatus, type OrderStatus, orderPaymentState } from '@comanda/domain/order-status';
import type { AppliedDiscount, AppliedSurcharge, PricingBreakdown } from '@comanda/domain/pricing';
import type { PaymentMethod } from '@comanda/domain/types';
import type { OrderItemRow, OrderRow, OrderSurroundings } from '../repositories/order-repository';
import type {
  BreakdownView,
  DiscountEntryView,
  OrderConsoleView,
  OrderFollowUpView,
  OrderPlacedView,
  SurchargeEntryView,
} from '../schemas/order';
import { major, majorOrNull, textOrNull } from './present-utils';

/** A discount entry as stored on the order (minor units). */
export interface StoredDiscountEntry {
  name: string;
  type: 'PERCENT' | 'FIXED' | 'FREE_DELIVERY';
  value: number;
  amount: number;
  discountReferenceId: string | null;
  externalBenefitType: string | null;
  code: string | null;
}

/** A surcharge entry as stored on the order (minor units). */
export interface StoredSurchargeEntry {
  name: string;
  type: 'PERCENT' | 'FIXED';
  value: number;
  amount: number;
  surchargeReferenceId: string | null;
}

/** A chosen extra as stored on an order line. */
export interface StoredExtraGroup {
  groupId: number;
  groupName: string;
  multipleSelection: boolean;
  groupItems: { referenceId: number; name: string; quantity: number; price: number }[];
}

/** What the views show of an order line (a stored row, or the line just written). */
export type OrderLine = Pick<OrderItemRow, 'quantity' | 'name' | 'accPrice'> & {
  extras?: Record<string, unknown>[] | null;
  notes?: string | null;
};

/** The order's discounts in the spec's shape: the code discount first, then general discounts. */
export function discountEntriesStored(pricing: PricingBreakdown): StoredDiscountEntry[] {
  const entry = (discount: AppliedDiscount): StoredDiscountEntry => ({
    name: discount.name,
    type: discount.type,
    value: discount.value,
    amount: discount.amount,
    discountReferenceId: discount.discountReferenceId ?? null,
    externalBenefitType: discount.externalBenefitType ?? null,
    code: discount.code ?? null,
  });
  return [
    ...(pricing.codeDiscount ? [entry(pricing.codeDiscount)] : []),
    ...pricing.generalDiscounts.map(entry),
  ];
}

/** The order's surcharges in the spec's shape. */
export function surchargeEntriesStored(pricing: PricingBreakdown): StoredSurchargeEntry[] {
  return pricing.surcharges.map((surcharge: AppliedSurcharge) => ({
    name: surcharge.name,
    type: surcharge.type,
    value: surcharge.value,
    amount: surcharge.amount,
    surchargeReferenceId: surcharge.surchargeReferenceId ?? null,
  }));
}

/** A stored discount entry in major units. */
export function discountEntryPresent(entry: StoredDiscountEntry, mantissaLength: number): DiscountEntryView {
  return {
    name: entry.name,
    type: entry.type,
    value: entry.type === 'FIXED' ? major(entry.value, mantissaLength) : entry.value,
    amount: major(entry.amount, mantissaLength),
    discountReferenceId: entry.discountReferenceId,
    externalBenefitType: entry.externalBenefitType,
    code: entry.code,
  };
}

/** A stored surcharge entry in major units. */
export function surchargeEntryPresent(
  entry: StoredSurchargeEntry,
  mantissaLength: number,
): SurchargeEntryView {
  return {
    name: entry.name,
    type: entry.type,
    value: entry.type === 'FIXED' ? major(entry.value, mantissaLength) : entry.value,
    amount: major(entry.amount, mantissaLength),
    surchargeReferenceId: entry.surchargeReferenceId,
  };
}

/** The server's breakdown in major units (the body of a 409, so the diner sees the new figures). */
export function breakdownPresent(pricing: PricingBreakdown, mantissaLength: number): BreakdownView {
  return {
    items: pricing.lines.map((line) => ({
      index: line.index,
      referenceId: Number(line.referenceId),
      quantity: line.quantity,
      price: major(line.unitPrice, mantissaLength),
      discount: major(line.discount, mantissaLength),
      accPrice: major(line.net, mantissaLength),
    })),
    itemsPrice: major(pricing.productsAmount, mantissaLength),
    discounts: discountEntriesStored(pricing).map((entry) => discountEntryPresent(entry, mantissaLength)),
    surcharges: surchargeEntriesStored(pricing).map((entry) => surchargeEntryPresent(entry, mantissaLength)),
    deliveryFee: major(pricing.deliveryFee.amount, mantissaLength),
    userServiceFee: major(pricing.serviceFee.amount, mantissaLength),
    loyalty: {
      redeemedPoints: pricing.loyalty.redeemedPoints,
      amount: major(pricing.loyalty.amount, mantissaLength),
      gainedPoints: pricing.loyalty.accruedPoints,
    },
    price: major(pricing.total, mantissaLength),
  };
}

/** The diner's follow-up page of an order: `/menu/{alias}/order/{code}`. */
export function orderFollowUpPath(branchContactAlias: string, code: string): string {
  return `/menu/${branchContactAlias}/order/${code}`;
}

/** The 201 answer of a placement. */
export function orderPlacedPresent(
  order: Pick<OrderRow, 'id' | 'code' | 'status' | 'price' | 'paymentStatus'>,
  context: { branchContactAlias: string; mantissaLength: number; handOff: OrderPlacedView['handOff'] },
): OrderPlacedView {
  return {
    code: order.code,
    id: order.id,
    status: order.status,
    price: major(order.price, context.mantissaLength),
    paymentStatus: order.paymentStatus,
    followUpUrl: orderFollowUpPath(context.branchContactAlias, order.code),
    handOff: context.handOff,
  };
}

/** Where the diner follows the rider: the live tracking page, once a logistics order exists. */
export function trackingUrlOf(order: OrderRow, surroundings: OrderSurroundings): string | null {
  if (order.trackingUrl) return order.trackingUrl;
  return surroundings.hasLogistics
    ? `/logistics/tracking/order/${surroundings.branchContact.alias}/${order.code}`
    : null;
}

function destinationPresent(destination: Record<string, unknown> | null): OrderFollowUpView['destination'] {
  if (!destination) return null;
  const text = (key: string): string | null => {
    const value = destination[key];
    return typeof value === 'string' ? textOrNull(value) : null;
  };
  return {
    street: text('street'),
    number: text('number'),
    zone: text('zone'),
    locality: text('locality'),
    city: text('city'),
    fullAddress: text('fullAddress'),
    betweenStreets: text('betweenStreets'),
    details: text('details'),
  };
}

/** What the views know of an order's payments beyond its row. */
export interface OrderPaymentEvidence {
  /** A payment of the order is at the provider, which has not decided yet (see console-repository). */
  attemptUnderWay: boolean;
}

/**
 * The domain's payment state from the stored columns (statuses it does not
 * know — NOT_REQUIRED, EXPIRED set by other flows — read as "not paid yet",
 * and the window decides). The stored PROCESSING counts as processing only
 * with an attempt under way: without one it is the placement's status of an
 * API-upload payment type, and the diner has not paid.
 */
export function orderPaymentStateOf(
  order: Pick<OrderRow, 'paymentMethod' | 'paymentStatus' | 'status' | 'createdAt'>,
  now: number,
  evidence: OrderPaymentEvidence = { attemptUnderWay: false },
) {
  return orderPaymentState({
    paymentMethod: order.paymentMethod as PaymentMethod,
    paymentStatus: (['PAID', 'PROCESSING', 'REJECTED'].includes(order.paymentStatus)
      ? order.paymentStatus
      : 'PENDING') as OrderPaymentStatus,
    status: order.status as OrderStatus,
    orderedAt: order.createdAt,
    now,
    attemptUnderWay: evidence.attemptUnderWay,
  });
}

/**
 * The follow-up view of an order (what `GET /api/diner/order/{code}` answers).
 * Only what the diner entered about themselves is shown (name, table, address),
 * never their phone, email or document: whoever holds the code reads this.
 */
export function orderFollowUpPresent(
  order: OrderRow,
  items: readonly OrderLine[],
  surroundings: OrderSurroundings,
  now: number,
  evidence?: OrderPaymentEvidence,
): OrderFollowUpView {
  const m = surroundings.country.mantissaLength;
  const discounts = order.discounts as unknown as StoredDiscountEntry[];
  const surcharges = order.surcharges as unknown as StoredSurchargeEntry[];
  return {
    id: order.id,
    code: order.code,
    type: order.type,
    orderModeId: order.orderModeId,
    status: order.status,
    orderedAt: order.createdAt.toISOString(),
    scheduled: order.scheduled,
    scheduledAt: order.scheduledAt ? order.scheduledAt.toISOString() : null,
    paymentType: surroundings.paymentType,
    paymentStatus: order.paymentStatus,
    paymentState: orderPaymentStateOf(order, now, evidence),
    paysWith: majorOrNull(order.paysWith, m),
    items: items.map((item) => ({
      quantity: item.quantity,
      name: item.name,
      extras: ((item.extras ?? []) as unknown as StoredExtraGroup[]).map((group) => ({
        groupId: group.groupId,
        groupName: group.groupName,
        groupItems: group.groupItems.map((extra) => ({
          referenceId: extra.referenceId,
          name: extra.name,
          quantity: extra.quantity,
        })),
      })),
      notes: textOrNull(item.notes),
      accPrice: major(item.accPrice, m),
    })),
    itemsPrice: major(order.itemsPrice, m),
    surcharges: surcharges.map((entry) => ({ name: entry.name, amount: major(entry.amount, m) })),
    discounts: discounts.map((entry) => ({ name: entry.name, amount: major(entry.amount, m) })),
    generalCodeDiscount: discounts.find((entry) => entry.code)?.code ?? null,
    deliveryFee: major(order.deliveryFee, m),
    userServiceFee: major(order.userServiceFee, m),
    price: major(order.price, m),
    notes: textOrNull(order.notes),
    destination: destinationPresent(order.destination),
    customerId: order.customerId,
    customerName: textOrNull(order.customerName),
    table: textOrNull(order.tableNumber),
    trackingUrl: trackingUrlOf(order, surroundings),
    shipmentSecurityCode: surroundings.securityCode,
    shipment: surroundings.shipment,
    loyalty: {
      programName: surroundings.loyaltyProgramName,
      cashback: surroundings.loyaltyCashback,
      redeemedPoints: order.loyaltyRedeemedPoints,
      gainedPoints: order.loyaltyGainedPoints,
      gainedCredited: surroundings.loyaltyCredited,
      redeemedReturned: surroundings.loyaltyReversed,
    },
    survey: {
      orderHasResponse: surroundings.surveyAnswered,
      generalNPSAnswer: surroundings.surveyRating,
      // What POST /api/survey/{code} would take now (ADR 031): delivered, a survey on, not answered yet.
      canRate: order.status === 'DELIVERED' && surroundings.surveyActive && !surroundings.surveyAnswered,
    },
    cancelReason: order.status === 'CANCELED' ? textOrNull(order.cancelReason) : null,
    errorType: textOrNull(order.errorType),
    branchContact: {
      id: surroundings.branchContact.id,
      alias: surroundings.branchContact.alias,
      name: surroundings.branchContact.name,
      whatsAppPhone: textOrNull(surroundings.branchContact.whatsAppPhone),
    },
    country: {
      code: surroundings.country.code,
      currency: { code: surroundings.country.currencyCode, symbol: surroundings.country.currencySymbol },
      mantissaLength: m,
    },
  };
}

/** The orders console's view: the follow-up view plus how to reach the customer and the venue's text. */
export function orderConsolePresent(
  order: OrderRow,
  items: readonly OrderLine[],
  surroundings: OrderSurroundings,
  now: number,
  evidence?: OrderPaymentEvidence,
): OrderConsoleView {
  return {
    ...orderFollowUpPresent(order, items, surroundings, now, evidence),
    branchContactId: order.branchContactId,
    phone: order.phone,
    customerEmail: order.customerEmail,
    customerDocument: order.customerDocument,
    orderText: order.orderText,
  };
}
