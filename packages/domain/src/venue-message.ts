/**
 * Messages to the venue through the messaging app (ordering §1, §4 "Order
 * sending"; follow-up §2.2 error reports): the order text with items,
 * quantities, extras, notes, mode, customer, address, payment and totals, and
 * the `wa.me` link that opens it with the venue's phone. The spec names the
 * content, not the words: the labels are ours (messages.ts `venueMessages`),
 * formatted for WhatsApp (`*bold*`).
 */
import { feeMessages, scheduleMessages, venueMessages } from './messages';
import { type Minor, type MoneyCountry, moneyFormat, moneyMinor } from './money';
import type { PricingBreakdown } from './pricing';
import type { CartItem, OrderModeType } from './types';
import { phoneWhatsAppDigits } from './whatsapp-number';
import { zonedParts } from './zoned-time';

/** Everything the order text shows. */
export interface VenueOrderTextInput {
  orderCode?: string | null;
  orderModeShowName: string;
  orderModeType: OrderModeType;
  customer: { name?: string; phone?: string; email?: string; document?: string; tableNumber?: string };
  address?: { fullAddress: string; betweenStreets?: string | null; details?: string | null } | null;
  /** Epoch ms of a scheduled order; null or missing for 'Lo antes posible'. */
  scheduledAt?: number | null;
  timeZone: string;
  items: readonly CartItem[];
  /** The figures, from pricingCompute on the same items. */
  breakdown: PricingBreakdown;
  paymentTypeName: string;
  /** Cash tender, when paying cash. */
  paysWith?: Minor | null;
  notes?: string | null;
  country: MoneyCountry;
}

const bold = (text: string) => `*${text}*`;

/** `Viernes 03/01 21:30` in the branch's zone. */
export function venueScheduleText(at: number, timeZone: string): string {
  const parts = zonedParts(at, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${scheduleMessages.dayNames[parts.dayOfWeek]} ${two(parts.day)}/${two(parts.month)} ${two(parts.hour)}:${two(parts.minute)}`;
}

function extrasText(item: CartItem): string[] {
  return item.extras
    .filter((group) => group.groupItems.some((extra) => extra.quantity > 0))
    .map((group) => {
      const names = group.groupItems
        .filter((extra) => extra.quantity > 0)
        .map((extra) => (extra.quantity > 1 ? `${extra.name} x${extra.quantity}` : extra.name));
      return `   + ${group.groupName}: ${names.join(', ')}`;
    });
}

/** The order text sent to the venue. */
export function venueOrderText(input: VenueOrderTextInput): string {
  const money = (amount: number) => moneyFormat(moneyMinor(amount), input.country);
  const { breakdown, customer } = input;
  const out: string[] = [];
  out.push(
    input.orderCode ? `${bold(venueMessages.newOrder)} #${input.orderCode}` : bold(venueMessages.newOrder),
  );
  out.push(`${venueMessages.mode}: ${input.orderModeShowName}`);
  out.push(
    `${venueMessages.scheduledFor}: ${
      input.scheduledAt == null ? venueMessages.asap : venueScheduleText(input.scheduledAt, input.timeZone)
    }`,
  );
  if (customer.name) out.push(`${venueMessages.customer}: ${customer.name}`);
  if (customer.phone) out.push(`${venueMessages.phone}: ${customer.phone}`);
  if (customer.email) out.push(`${venueMessages.email}: ${customer.email}`);
  if (customer.document) out.push(`${venueMessages.document}: ${customer.document}`);
  if (input.orderModeType === 'DINE_IN' && customer.tableNumber)
    out.push(`${venueMessages.table}: ${customer.tableNumber}`);
  if (input.orderModeType === 'DELIVERY' && input.address) {
    out.push(`${venueMessages.address}: ${input.address.fullAddress}`);
    if (input.address.betweenStreets)
      out.push(`${venueMessages.betweenStreets}: ${input.address.betweenStreets}`);
    if (input.address.details) out.push(`${venueMessages.details}: ${input.address.details}`);
  }

  out.push('', bold(venueMessages.items));
  for (const line of breakdown.lines) {
    const item = input.items[line.index];
    if (!item) continue;
    out.push(`${line.quantity} × ${item.name} — ${money(line.net)}`);
    out.push(...extrasText(item));
    if (item.notes.trim()) out.push(`   ${venueMessages.itemNote}: ${item.notes.trim()}`);
  }

  out.push('', `${venueMessages.subtotal}: ${money(breakdown.itemsAmount)}`);
  if (breakdown.itemDiscountsAmount > 0)
    out.push(`${venueMessages.menuDiscounts}: -${money(breakdown.itemDiscountsAmount)}`);
  const discounts = [
    ...(breakdown.codeDiscount ? [breakdown.codeDiscount] : []),
    ...breakdown.generalDiscounts,
  ];
  for (const discount of discounts) {
    if (discount.amount > 0) out.push(`${discount.name}: -${money(discount.amount)}`);
  }
  for (const surcharge of breakdown.surcharges) {
    if (surcharge.amount > 0) out.push(`${surcharge.name}: ${money(surcharge.amount)}`);
  }
  if (input.orderModeType === 'DELIVERY') {
    const fee = breakdown.deliveryFee.amount;
    out.push(`${venueMessages.deliveryFee}: ${fee === 0 ? feeMessages.deliveryFree : money(fee)}`);
  }
  if (breakdown.serviceFee.amount > 0)
    out.push(`${venueMessages.serviceFee}: ${money(breakdown.serviceFee.amount)}`);
  if (breakdown.loyalty.amount > 0) out.push(`${venueMessages.loyalty}: -${money(breakdown.loyalty.amount)}`);
  out.push(bold(`${venueMessages.total}: ${money(breakdown.total)}`));

  out.push('', `${venueMessages.payment}: ${input.paymentTypeName}`);
  if (input.paysWith != null) {
    const change = input.paysWith - breakdown.total;
    out.push(
      `${venueMessages.paysWith}: ${money(input.paysWith)}${change > 0 ? ` (${venueMessages.change}: ${money(change)})` : ''}`,
    );
  }
  if (input.notes?.trim()) out.push(`${venueMessages.notes}: ${input.notes.trim()}`);
  return out.join('\n');
}

/** The `wa.me` link that opens a chat with the venue's phone and the text prefilled. */
export function venueWhatsAppLink(phone: string, text: string): string {
  return `https://wa.me/${phoneWhatsAppDigits(phone)}?text=${encodeURIComponent(text)}`;
}

/** The state of an order's online payment when its text leaves for the venue. */
export type VenuePaymentState = keyof typeof venueMessages.paymentStates;

const WHATSAPP_LINK = /^https:\/\/wa\.me\/(\d*)\?text=(.*)$/;

/**
 * (decision, ADR 014) The order's `wa.me` link (as `venueWhatsAppLink` wrote
 * it when the order was placed) with its online payment's state added to the
 * text: a card is charged after the order is stored, so the venue reads the
 * outcome in the same message. A link of another shape is returned as it is.
 */
export function venueWhatsAppLinkWithPayment(link: string, state: VenuePaymentState): string {
  const match = WHATSAPP_LINK.exec(link);
  if (!match) return link;
  const text = decodeURIComponent(match[2] ?? '');
  return venueWhatsAppLink(
    match[1] ?? '',
    `${text}\n${venueMessages.paymentState}: ${venueMessages.paymentStates[state]}`,
  );
}

/**
 * (decision) The order error types a diner can report (the spec's enumeration
 * is not shown; issue 6 names wrong item, missing item, late, cold, cancel
 * request and other), in that order.
 */
export const ORDER_ERROR_TYPES = Object.keys(
  venueMessages.errorTypes,
) as (keyof typeof venueMessages.errorTypes)[];

/** An order error type. */
export type OrderErrorType = keyof typeof venueMessages.errorTypes;

/** Reporting an order error requires exactly one error type. */
export function venueErrorReportValid(selected: readonly string[]): selected is [OrderErrorType] {
  return selected.length === 1 && (ORDER_ERROR_TYPES as readonly string[]).includes(selected[0] ?? '');
}

/** The prefilled text of a follow-up contact: an error report, a cancel request, or a plain contact. */
export function venueFollowUpText(
  orderCode: string,
  reason: { kind: 'error'; errorType: OrderErrorType } | { kind: 'cancel' } | { kind: 'contact' },
): string {
  // A cancel request picked as the error type reads as the cancel request it is.
  if (reason.kind === 'cancel' || (reason.kind === 'error' && reason.errorType === 'CANCEL_REQUEST'))
    return venueMessages.cancelRequest(orderCode);
  if (reason.kind === 'contact') return venueMessages.contact(orderCode);
  return `${venueMessages.errorReport(orderCode)} ${venueMessages.errorTypes[reason.errorType]}`;
}
