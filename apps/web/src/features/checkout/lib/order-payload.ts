/** The order as `POST /api/order` takes it (ordering §3 "Order payload"), and its items, which the code check takes too. */
import type { UserLocation } from '@comanda/domain/address';
import { type Minor, moneyToMajor } from '@comanda/domain/money';
import { paymentStatusOnSend } from '@comanda/domain/payment-type';
import type { CartItem, OrderModeType, PaymentType } from '@comanda/domain/types';
import { orderItemPayload } from '../../../lib/order-item-payload';

/** A fresh Idempotency-Key for a new checkout attempt. */
export function idempotencyKeyNew(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export interface OrderPayloadInput {
  mode: { id: number; type: OrderModeType };
  branchContactId: number;
  items: readonly CartItem[];
  /** The price the diner confirms, in major units. */
  price: number;
  payment: PaymentType;
  entry: { source: string | null; campaignId: string | null };
  customer: {
    name: string;
    phone: string | null;
    email: string;
    document: string | null;
    tableNumber: string;
    /** Whether the diner accepts the venue's WhatsApp messages (reminders, promotions). */
    optIn: boolean;
  };
  /** Points the pricing accepted (0: none redeemed). */
  redeemedPoints: number;
  destination: UserLocation | null;
  notes: string;
  paysWith: Minor | null;
  mantissaLength: number;
  scheduledAt: number | null;
  code: string | null;
  /** An external-loyalty user's partner and id there (ordering §3; verified again with the order's bearer token). */
  partner: { partnerName: string; userExternalReference: string } | null;
  analyticsSessionId: string;
  installedApp: boolean;
}

/**
 * (ours) Where the diner came from: the entry link's `source` (a campaign, a
 * partner, a QR) when it has one, else 'DIRECT', the spec's default source.
 */
export function acquisitionChannelOf(entry: { source: string | null }): string {
  return entry.source ?? 'DIRECT';
}

export function orderPayloadBuild(input: OrderPayloadInput) {
  const { mode, customer, destination, payment, scheduledAt } = input;
  return {
    orderModeId: mode.id,
    branchContact: { id: input.branchContactId },
    type: mode.type,
    items: input.items.map(orderItemPayload),
    price: input.price,
    paymentType: { id: Number(payment.id), paymentMethod: payment.paymentMethod, upload: payment.upload },
    ...(input.entry.source ? { source: input.entry.source } : {}),
    ...(input.entry.campaignId ? { campaignId: input.entry.campaignId } : {}),
    ...(mode.type === 'DINE_IN' ? { tableUid: customer.tableNumber.trim() } : {}),
    ...(destination
      ? {
          destination: {
            fullAddress: destination.fullAddress,
            lat: destination.lat,
            lng: destination.lng,
            street: destination.street,
            number: destination.number,
            city: destination.city,
            locality: destination.locality,
            country: destination.country,
            postalCode: destination.postalCode,
            betweenStreets: destination.betweenStreets,
            details: destination.details,
          },
        }
      : {}),
    ...(customer.phone ? { phone: customer.phone } : {}),
    ...(customer.name.trim() ? { customerName: customer.name.trim() } : {}),
    ...(customer.email.trim() ? { customerEmail: customer.email.trim() } : {}),
    optIn: customer.optIn,
    acquisitionChannel: acquisitionChannelOf(input.entry),
    ...(input.redeemedPoints > 0 ? { loyaltyInfo: { redeemedPoints: input.redeemedPoints } } : {}),
    ...(customer.document ? { document: customer.document } : {}),
    ...(input.notes.trim() ? { notes: input.notes } : {}),
    ...(input.paysWith !== null ? { paysWith: moneyToMajor(input.paysWith, input.mantissaLength) } : {}),
    scheduled: scheduledAt !== null,
    ...(scheduledAt !== null ? { scheduledAt: new Date(scheduledAt).toISOString() } : {}),
    ...(input.code ? { codeDiscount: input.code } : {}),
    ...input.partner,
    paymentInfo: { status: paymentStatusOnSend(payment) },
    // The order joins the diner's analytics session (the events' x-session-id), and says whether it
    // came from the installed app.
    analyticsInfo: { sessionId: input.analyticsSessionId },
    installedApp: input.installedApp,
  };
}
