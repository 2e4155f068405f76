/**
 * The diner's follow-up reads and writes (follow-up §3 "Order (follow-up
 * view)", §7): the order by its code, the error report, and paying an unpaid
 * card order through the provider's token (lib/card-token.ts).
 */

import { orderErrorMessages } from '@comanda/domain/messages';
import { paymentTypeRedirects } from '@comanda/domain/payment-type';
import type { ShipmentStatus } from '@comanda/domain/shipment';
import type { OrderErrorType } from '@comanda/domain/venue-message';
import { apiRequest } from '../../../lib/api-client';
import { CardTokenError, cardTokenCreate } from '../../../lib/card-token';
import type { ApiCardTokenization, ApiOrderView } from '../../../types/api';

/** `GET /api/diner/order/{code}` — the follow-up view, money in major units. */
export interface FollowUpOrder extends ApiOrderView {
  trackingUrl: string | null;
  shipmentSecurityCode: string | null;
  /** The venue's own-fleet shipment of a delivery order, once there is one. */
  shipment: { status: ShipmentStatus; riderName: string | null } | null;
  /** ordering §3 "Survey summary" (ADR 031). */
  survey: {
    orderHasResponse: boolean;
    /** The general rating 1–5 given, if any. */
    generalNPSAnswer: number | null;
    /** Delivered, the branch's survey takes answers, not answered yet: the page offers it. */
    canRate: boolean;
  };
}

export function followUpOrderGet(code: string, signal?: AbortSignal): Promise<FollowUpOrder> {
  return apiRequest<FollowUpOrder>(`/diner/order/${encodeURIComponent(code)}`, { signal });
}

/** `POST /api/diner/order/details`: reports an error; answers the updated view and the venue's wa.me link. */
export function followUpErrorReport(
  code: string,
  errorType: OrderErrorType,
  details: string | null,
): Promise<{ order: FollowUpOrder; whatsAppUrl: string | null; text: string }> {
  return apiRequest('/diner/order/details', {
    method: 'POST',
    body: { code, errorType, ...(details ? { details } : {}) },
  });
}

export interface CardPaymentInput {
  cardNumber: string;
  cardName: string;
  cardExpiry: string;
  cardSecurityCode: string;
  cardDocument: string;
}

export interface CardPaymentResult {
  status: 'APPROVED' | 'REJECTED' | 'CANCELED' | 'EXPIRED' | 'PROCESSING';
  paymentStatus: string;
  message: string;
}

/**
 * Tokenizes the card with the provider the order's payment type pays through
 * (the server says which: our sandbox or Mercado Pago; card data goes only
 * there) and pays the order with the token. One Idempotency-Key per attempt: a
 * retry of the same attempt never charges twice.
 */
export async function followUpCardPay(
  code: string,
  card: CardPaymentInput,
  idempotencyKey: string,
): Promise<CardPaymentResult> {
  const { cardTokenization } = await apiRequest<{ cardTokenization: ApiCardTokenization }>(
    `/diner/order/${encodeURIComponent(code)}/card-tokenization`,
  );
  if (!cardTokenization) throw new CardTokenError('UNAVAILABLE', orderErrorMessages.paymentStartFailed);
  const { token, paymentMethodId } = await cardTokenCreate(cardTokenization, card);
  return apiRequest<CardPaymentResult>('/order/payment', {
    method: 'POST',
    headers: { 'idempotency-key': idempotencyKey },
    body: {
      token,
      paymentMethodId,
      dinerOrderId: code,
      cardName: card.cardName.trim(),
      identificationType: 'DNI',
      identificationNumber: card.cardDocument.replace(/[.\s-]/g, ''),
    },
  });
}

/** How an unpaid card order is paid from the follow-up: our card form, or the provider's redirect (Webpay Plus). */
export type FollowUpPayFlow = 'card' | 'redirect';

/** The flow of the order's card type, by its provider (the domain's `paymentTypeRedirects`). */
export function followUpPayFlow(providerName: string | null | undefined): FollowUpPayFlow {
  return paymentTypeRedirects({
    paymentMethod: 'CARD_ONLINE',
    ...(providerName ? { onlinePayment: { providerName } } : {}),
  })
    ? 'redirect'
    : 'card';
}
