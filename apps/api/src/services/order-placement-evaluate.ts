import { checkoutValidate } from '@comanda/domain/checkout-validation';
import { loyaltyNotWithDiscountsMessage } from '@comanda/domain/loyalty';
import { moneyMinor, moneyToMajor, moneyToMinor } from '@comanda/domain/money';
import { paymentStatusOnSend } from '@comanda/domain/payment-type';
import { type PricingBreakdown, pricingCompute } from '@comanda/domain/pricing';
import { soldOutCartProblems } from '@comanda/domain/sold-out';
import type { CartItem } from '@comanda/domain/types';
import { venueOrderText } from '@comanda/domain/venue-message';
import { HttpError } from '../lib/http-error';
import {
  breakdownPresent,
  discountEntriesStored,
  type StoredExtraGroup,
  surchargeEntriesStored,
} from '../presenters/order-presenter';
import type { PaymentTypeRow } from '../repositories/order-mode-repository';
import type { OrderItemInsert, OrderRow } from '../repositories/order-repository';
import type { CustomerUpsert } from '../repositories/order-write-repository';
import type { OrderPayload } from '../schemas/order';
import {
  checkoutFieldOf,
  type FieldErrors,
  orderMessages,
  type Prepared,
  text,
} from './order-placement-common';
import type { OrderLocks } from './order-placement-customer';

/** Cash tender as the checkout's text input would carry it, exact in the currency's decimals. */
function paysWithText(paysWith: number | null | undefined, mantissaLength: number): string | null {
  if (paysWith == null) return null;
  const minor = moneyToMinor(paysWith, mantissaLength);
  if (mantissaLength === 0) return String(minor);
  const digits = String(minor).padStart(mantissaLength + 1, '0');
  return `${digits.slice(0, -mantissaLength)}.${digits.slice(-mantissaLength)}`;
}

/** The figures and checks of an order: every refusal (400, 409) is thrown from here. */
export interface OrderEvaluation {
  pricing: PricingBreakdown;
  values: Omit<OrderRow, 'id' | 'code' | 'customerId' | 'orderText'>;
  lines: ReturnType<typeof orderLinesOf>;
  customerUpsert: CustomerUpsert | null;
  orderTextOf: (code: string) => string;
  paymentType: PaymentTypeRow;
}

/**
 * Prices the order with packages/domain from the menu, runs the checkout checks
 * and compares the client's total. Pure: no I/O, so the fast path runs it
 * outside any transaction and the slow path under its locks.
 */
export function orderEvaluate(
  payload: OrderPayload,
  prepared: Prepared,
  now: number,
  locks: OrderLocks,
): OrderEvaluation {
  const { context, country, content, errors } = prepared;
  const { branchContact, branch, company, orderMode } = context;
  const { codeRow, customer, firstPurchase } = locks;
  const at = new Date(now);
  const m = country.mantissaLength;

  const program = content.loyaltyProgram;
  const pricing = pricingCompute({
    items: prepared.items,
    menu: prepared.menu,
    orderModeType: orderMode.type,
    at: prepared.scheduledAt ?? now,
    timeZone: prepared.timeZone,
    country,
    paymentMethod: prepared.paymentMethod,
    deliveryInfo: prepared.deliveryInfo,
    fees: { userFee: moneyMinor(orderMode.userFee), percentageUserFee: orderMode.percentageUserFee },
    generalDiscounts: content.generalDiscounts,
    externalBenefits: prepared.externalBenefits,
    surcharges: content.surcharges,
    codeDiscount:
      prepared.code && codeRow?.active
        ? {
            discount: prepared.code.discount,
            ...(firstPurchase !== undefined ? { firstPurchase } : {}),
            timesUsed: codeRow.usageCount,
          }
        : null,
    loyalty: program
      ? {
          program,
          branchContactId: String(branchContact.id),
          balance: customer?.loyaltyPointsBalance ?? 0,
          // Unproven phones redeem nothing here, so no balance-telling message is ever built for them.
          redeemPoints: prepared.phoneVerified ? (payload.loyaltyInfo?.redeemedPoints ?? null) : null,
        }
      : null,
  });

  collectPricingErrors(errors, pricing, program?.name ?? '');
  const checkout = checkoutValidate({
    orderModeType: orderMode.type,
    customer: {
      ...(payload.customerName != null ? { name: payload.customerName } : {}),
      ...(payload.phone != null ? { phone: payload.phone } : {}),
      ...(payload.customerEmail != null ? { email: payload.customerEmail } : {}),
      ...(payload.document != null ? { document: payload.document } : {}),
      ...(payload.tableUid != null ? { tableNumber: payload.tableUid } : {}),
    },
    rules: {
      forceCustomerName: branchContact.forceCustomerName,
      forceCustomerPhone: branchContact.forceCustomerPhone,
      mandatoryEmail: branchContact.mandatoryEmail,
      betweenStreetsRequired: branchContact.betweenStreetsRequired,
    },
    phoneCountry: country.code.toLowerCase(),
    paymentMethod: prepared.paymentMethod,
    paysWith: paysWithText(payload.paysWith, m),
    card: null,
    address:
      orderMode.type === 'DELIVERY'
        ? {
            fullAddress: payload.destination?.fullAddress ?? null,
            betweenStreets: payload.destination?.betweenStreets ?? null,
          }
        : null,
    productsAmount: pricing.productsAmount,
    total: pricing.total,
    deliveryInfo: prepared.deliveryInfo,
    deliveryInfoLoading: false,
    schedule: {
      loading: false,
      // A closed mode with nothing to schedule was reported in phase 1 ('Local cerrado').
      canOrderNow: prepared.canOrderNow || !prepared.canSchedule,
      scheduled: prepared.scheduled,
      scheduledAt: prepared.scheduledAt,
    },
    country,
  });
  for (const error of checkout.errors) {
    // Without coordinates the fee is not "being computed": phase 1 already asked for them.
    if (error.code === 'FEE_LOADING' && errors.fields['destination.lat']) continue;
    errors.add(checkoutFieldOf[error.code], error.message);
  }
  // Last, so the answer's message is the sold-out one: nothing else matters until that line goes (ADR 052).
  for (const problem of soldOutCartProblems(prepared.items, prepared.menu.platesById)) {
    errors.add(`items[${problem.index}].referenceId`, problem.message);
  }
  if (errors.any) throw errors.error();

  // The diner must have seen this total; otherwise show the new figures and ask again.
  if (moneyToMajor(pricing.total, m) !== payload.price) {
    throw new HttpError(409, orderMessages.priceChanged, undefined, {
      breakdown: breakdownPresent(pricing, m),
    });
  }

  const paymentType = prepared.paymentType as PaymentTypeRow;
  const paysWith = prepared.paymentMethod === 'CASH' ? checkout.paysWith : null;
  const destination =
    orderMode.type === 'DELIVERY' && payload.destination ? compact(payload.destination) : null;
  const customerName = text(payload.customerName);
  const tableNumber = orderMode.type === 'DINE_IN' ? text(payload.tableUid) : null;
  const orderTextOf = (code: string) =>
    venueOrderText({
      orderCode: code,
      orderModeShowName: orderMode.showName,
      orderModeType: orderMode.type,
      customer: {
        ...(customerName ? { name: customerName } : {}),
        ...(prepared.phone ? { phone: prepared.phone } : {}),
        ...(text(payload.customerEmail) ? { email: text(payload.customerEmail) as string } : {}),
        ...(checkout.document ? { document: checkout.document } : {}),
        ...(tableNumber ? { tableNumber } : {}),
      },
      address: destination
        ? {
            fullAddress: String(destination.fullAddress ?? ''),
            betweenStreets: text(payload.destination?.betweenStreets),
            details: text(payload.destination?.details),
          }
        : null,
      scheduledAt: prepared.scheduledAt,
      timeZone: prepared.timeZone,
      items: prepared.items,
      breakdown: pricing,
      paymentTypeName: paymentType.showName,
      paysWith,
      notes: text(payload.notes),
      country,
    });

  const lines = orderLinesOf(prepared, pricing);
  const customerUpsert: CustomerUpsert | null =
    prepared.phone && !customer
      ? {
          companyId: company.id,
          phone: prepared.phone,
          name: customerName,
          email: text(payload.customerEmail)?.toLowerCase() ?? null,
          document: checkout.document,
          // Consent to messages is recorded only from the phone's proven holder (ADR 018).
          optIn: prepared.phoneVerified ? (payload.optIn ?? null) : null,
          refresh: prepared.phoneVerified,
        }
      : null;
  const values: Omit<OrderRow, 'id' | 'code' | 'customerId' | 'orderText'> = {
    companyId: company.id,
    branchId: branch.id,
    branchContactId: branchContact.id,
    orderModeId: orderMode.id,
    status: 'GENERATED',
    type: orderMode.type,
    source: text(payload.source) ?? 'DIRECT',
    campaignId: text(payload.campaignId),
    acquisitionChannel: text(payload.acquisitionChannel),
    customerName,
    phone: prepared.phone,
    customerEmail: text(payload.customerEmail)?.toLowerCase() ?? null,
    customerDocument: checkout.document,
    tableNumber,
    optIn: payload.optIn ?? false,
    installedApp: payload.installedApp ?? false,
    destination,
    notes: text(payload.notes),
    scheduled: prepared.scheduledAt !== null,
    scheduledAt: prepared.scheduledAt !== null ? new Date(prepared.scheduledAt) : null,
    minDelayInMinutes: orderMode.minDelayInMinutes,
    maxDelayInMinutes: orderMode.maxDelayInMinutes,
    paymentTypeId: paymentType.id,
    paymentMethod: paymentType.paymentMethod,
    paymentUpload: paymentType.upload,
    paymentStatus: paymentStatusOnSend(paymentType),
    paysWith,
    itemsPrice: pricing.productsAmount,
    deliveryFee: pricing.deliveryFee.amount,
    userServiceFee: pricing.serviceFee.amount,
    price: pricing.total,
    discounts: discountEntriesStored(pricing) as unknown as Record<string, unknown>[],
    surcharges: surchargeEntriesStored(pricing) as unknown as Record<string, unknown>[],
    breakdown: pricing as unknown as Record<string, unknown>,
    codeDiscountId: pricing.codeDiscount && codeRow ? codeRow.id : null,
    loyaltyRedeemedPoints: pricing.loyalty.redeemedPoints,
    loyaltyGainedPoints: prepared.phone ? pricing.loyalty.accruedPoints : 0,
    userExternalReference: text(payload.userExternalReference),
    partnerName: text(payload.partnerName),
    analyticsSessionId: text(payload.analyticsInfo?.sessionId),
    errorType: null,
    errorDetails: null,
    cancelReason: null,
    trackingUrl: null,
    createdAt: at,
    updatedAt: at,
    acceptedAt: null,
    readyAt: null,
    deliveredAt: null,
    canceledAt: null,
  };

  return { pricing, values, lines, customerUpsert, orderTextOf, paymentType };
}

/** Drops empty values of a stored object. */
function compact(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== null && item !== undefined && item !== ''),
  );
}

/** The refusals a breakdown carries: lines the menu cannot price, the code, the points. */
function collectPricingErrors(errors: FieldErrors, pricing: PricingBreakdown, programName: string): void {
  for (const line of pricing.rejectedLines) {
    const at = `items[${line.index}]`;
    if (line.reason === 'UNKNOWN_PLATE') errors.add(`${at}.referenceId`, orderMessages.plateUnknown);
    else if (line.reason === 'QUANTITY')
      errors.add(`${at}.quantity`, line.message ?? orderMessages.quantityInvalid);
    else if (line.problems.some((problem) => problem.kind === 'SIZE'))
      errors.add(`${at}.sizeId`, orderMessages.sizeRequired);
    else errors.add(`${at}.extras`, line.message ?? orderMessages.plateUnknown);
  }
  if (pricing.codeDiscountRejection) errors.add('codeDiscount', pricing.codeDiscountRejection);
  if (pricing.loyalty.message) errors.add('loyaltyInfo.redeemedPoints', pricing.loyalty.message);
  if (pricing.loyalty.blockedByDiscounts) {
    errors.add('loyaltyInfo.redeemedPoints', loyaltyNotWithDiscountsMessage(programName));
  }
}

/** The order's lines as stored: the menu's names, unit prices and the line's menu discount. */
function orderLinesOf(
  prepared: Prepared,
  pricing: PricingBreakdown,
): Omit<OrderItemInsert, 'orderId' | 'companyId'>[] {
  return pricing.lines.map((line, position) => {
    const item = prepared.items[line.index] as CartItem;
    const plate = prepared.menu.platesById.get(item.referenceId);
    const size = plate?.sizes?.find((candidate) => candidate.id === item.sizeId);
    const extras: StoredExtraGroup[] = item.extras.map((group) => ({
      groupId: Number(group.groupId),
      groupName: group.groupName,
      multipleSelection: group.multipleSelection,
      groupItems: group.groupItems.map((extra) => ({
        referenceId: Number(extra.referenceId),
        name: extra.name,
        quantity: extra.quantity,
        price: extra.price ?? 0,
      })),
    }));
    return {
      position,
      referenceId: Number(item.referenceId),
      referenceType: 'PLATE' as const,
      name: item.name,
      sizeId: item.sizeId !== undefined ? Number(item.sizeId) : null,
      sizeName: size?.name ?? null,
      categoryId: item.categoryId !== undefined ? Number(item.categoryId) : null,
      categoryShowName: item.categoryShowName ?? null,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      accPrice: line.net,
      notes: text(item.notes),
      source: item.source,
      extras: extras as unknown as Record<string, unknown>[],
      discount:
        line.discount > 0
          ? { type: line.discountType, discountReferenceId: line.discountReferenceId, amount: line.discount }
          : null,
    };
  });
}
