/**
 * The checkout's calls, all through the one HTTP client: the order mode's fees,
 * general discounts and surcharges (ordering §7), code validation, order
 * placement with its Idempotency-Key, and the payments (ADR 010: sandbox card
 * tokenization, card payment, payment link, the start of a Webpay redirect).
 * Money arrives in major units and is turned into `Minor` here, in one place.
 */
import type { CodeDiscount } from '@comanda/domain/code-discount';
import { type Minor, moneyToMinor } from '@comanda/domain/money';
import type { Fees, GeneralDiscount, Surcharge } from '@comanda/domain/types';
import { apiRequest } from '../../../lib/api-client';
import type { CardDetails, CardToken } from '../../../lib/card-token';
import { useCachedResource } from '../../../lib/use-resource';
import { CUSTOMER_SESSION_HEADER } from '../../../stores/customer-session-store';

export interface ModeCharges {
  fees: Fees | null;
  generalDiscounts: GeneralDiscount[];
  surcharges: Surcharge[];
}

/** A general discount or surcharge as the API sends it (FIXED in major units). */
export interface MajorEntry {
  id: number;
  name: string;
  type: 'PERCENT' | 'FIXED';
  value: number;
  priority?: number | null;
}

export const entryToMinor = (entry: MajorEntry, mantissaLength: number) => ({
  id: String(entry.id),
  name: entry.name,
  type: entry.type,
  value: entry.type === 'FIXED' ? moneyToMinor(entry.value, mantissaLength) : entry.value,
  ...(entry.priority != null ? { priority: entry.priority } : {}),
});

/** The mode's fees, general discounts and surcharges; every part of the breakdown the cart does not know. */
export function useModeCharges(orderModeId: number | null, mantissaLength: number) {
  return useCachedResource<ModeCharges>(
    orderModeId === null ? null : `checkout-charges:${orderModeId}`,
    async () => {
      const [fees, discounts, surcharges] = await Promise.all([
        apiRequest<{ userFee: number; percentageUserFee: number }>(`/ordermodes/${orderModeId}/fees`),
        apiRequest<{ discounts: MajorEntry[] }>(`/ordermodes/${orderModeId}/generaldiscounts`),
        apiRequest<{ surcharges: MajorEntry[] }>(`/ordermodes/${orderModeId}/generalsurcharges`),
      ]);
      return {
        fees: {
          userFee: moneyToMinor(fees.userFee, mantissaLength),
          percentageUserFee: fees.percentageUserFee,
        } as Fees,
        generalDiscounts: discounts.discounts.map((d) =>
          entryToMinor(d, mantissaLength),
        ) as GeneralDiscount[],
        surcharges: surcharges.surcharges.map((s) => entryToMinor(s, mantissaLength)) as Surcharge[],
      };
    },
  );
}

interface CodeDiscountInfo {
  code: string;
  id: number;
  type: 'PERCENT' | 'FIXED' | 'FREE_DELIVERY';
  value: number;
  active: boolean;
  minimumOrderAmount: number | null;
  plate: { id: number; showName: string } | null;
  category: { id: number; showName: string } | null;
  firstTimeOnly: boolean;
  maximumDiscountAmount: number | null;
  freeDelivery: boolean;
  limitedUsage: boolean;
  terms: string[];
  expiresInMs: number | null;
}

/** `POST /api/codediscounts/validate`: the code as the domain reads it, with its terms. */
export async function codeDiscountValidate(
  body: Record<string, unknown>,
  mantissaLength: number,
): Promise<{ discount: CodeDiscount; terms: string[] }> {
  const info = await apiRequest<CodeDiscountInfo>('/codediscounts/validate', { method: 'POST', body });
  const minor = (value: number | null) => (value === null ? undefined : moneyToMinor(value, mantissaLength));
  const base = {
    code: info.code,
    id: String(info.id),
    active: info.active,
    firstTimeOnly: info.firstTimeOnly,
    freeDelivery: info.freeDelivery,
    limitedUsage: info.limitedUsage,
    ...(info.minimumOrderAmount !== null ? { minimumOrderAmount: minor(info.minimumOrderAmount) } : {}),
    ...(info.maximumDiscountAmount !== null
      ? { maximumDiscountAmount: minor(info.maximumDiscountAmount) }
      : {}),
    ...(info.plate ? { plate: { id: String(info.plate.id), showName: info.plate.showName } } : {}),
    ...(info.category
      ? { category: { id: String(info.category.id), showName: info.category.showName } }
      : {}),
  };
  const discount: CodeDiscount =
    info.type === 'FIXED'
      ? { ...base, type: 'FIXED', value: moneyToMinor(info.value, mantissaLength) }
      : { ...base, type: info.type, value: info.value };
  return { discount, terms: info.terms };
}

/**
 * The partner's user token as a bearer header (ADR 015). `Authorization` is
 * free for it: the customer session has a header of its own (ADR 018).
 */
export function partnerAuthorization(userToken: string): { Authorization: string } {
  return { Authorization: `Bearer ${userToken}` };
}

export interface PlacedOrder {
  code: string;
  id: number;
  status: string;
  price: number;
  paymentStatus: string;
  followUpUrl: string;
  handOff: { kind: 'CONSOLE' } | { kind: 'MESSAGING'; url: string };
}

/**
 * `POST /api/order` with the attempt's Idempotency-Key (reused on a retry of
 * the same attempt), for a signed-in diner the customer session (ADR 018:
 * needed to redeem points; the server checks it belongs to the order's phone),
 * and for an external-loyalty user the partner's user token (ADR 015: the
 * server verifies it again and prices the order with the benefit).
 */
export function orderPlace(
  payload: unknown,
  idempotencyKey: string,
  credentials: { customerSession: string | null; partnerToken: string | null },
): Promise<PlacedOrder> {
  return apiRequest<PlacedOrder>('/order', {
    method: 'POST',
    body: payload,
    headers: {
      'Idempotency-Key': idempotencyKey,
      ...(credentials.customerSession ? { [CUSTOMER_SESSION_HEADER]: credentials.customerSession } : {}),
      ...(credentials.partnerToken ? partnerAuthorization(credentials.partnerToken) : {}),
    },
  });
}

/** What `POST /api/diner/log` stores (ordering §7): the error's context, never the diner's card. */
export interface DinerLog {
  bcId: number;
  branchId: number;
  url: string;
  component: string;
  payload: Record<string, unknown>;
  stack?: string;
}

/** Reports an error to the venue's logs; best effort, a failed report is dropped. */
export async function dinerLogSend(report: DinerLog): Promise<void> {
  try {
    await apiRequest<null>('/diner/log', { method: 'POST', body: report });
  } catch {
    // Nothing to tell the diner: the report is for us.
  }
}

export type CardForm = CardDetails;

/** What `POST /api/order/payment` answers: the provider's first word on the charge. */
export interface CardPaymentResult {
  status: 'APPROVED' | 'REJECTED' | 'CANCELED' | 'EXPIRED' | 'PROCESSING';
  paymentStatus: string;
  message: string | null;
}

/**
 * `POST /api/order/payment` with a card token (ADR 010): the card was
 * tokenized by its provider (`lib/card-token.ts`) before the order was
 * placed, so our API only ever sees the token.
 */
export function cardPay(card: CardForm, token: CardToken, orderCode: string, idempotencyKey: string) {
  return apiRequest<CardPaymentResult>('/order/payment', {
    method: 'POST',
    headers: { 'Idempotency-Key': `${idempotencyKey}-payment` },
    body: {
      token: token.token,
      paymentMethodId: token.paymentMethodId,
      dinerOrderId: orderCode,
      cardName: card.cardName.trim(),
      identificationType: 'DNI',
      identificationNumber: card.cardDocument.replace(/[.\s-]/g, ''),
    },
  });
}

/** The order's payment status as stored (`GET /api/diner/order/{code}`): PAID and REJECTED are final. */
export async function orderPaymentStatusGet(orderCode: string): Promise<string> {
  const order = await apiRequest<{ paymentStatus: string }>(`/diner/order/${encodeURIComponent(orderCode)}`);
  return order.paymentStatus;
}

/** Starts a Webpay Plus payment of the placed order: the provider's form to send the diner to. */
export { paymentRedirectStart } from '../../../lib/payment-redirect';

/** `POST /api/paymenturl`: the order's payment link. */
export function paymentLinkCreate(body: { code: string; branchContactId: number; amount: number }) {
  return apiRequest<{ url: string; token: string }>('/paymenturl', { method: 'POST', body });
}

export type { Minor };
