/**
 * Mercado Pago adapter, after its documented REST API:
 *
 * - Card payment: `POST /v1/payments` with the card token made by Mercado
 *   Pago's browser SDK, `Authorization: Bearer {access token}` and
 *   `X-Idempotency-Key` (a repeated create answers the first payment, so a
 *   retry after a lost answer never charges twice).
 * - Status: `GET /v1/payments/{id}`: the only source we believe.
 * - Payment link: a Checkout Pro preference, `POST /checkout/preferences` →
 *   `init_point`.
 * - Webhooks: `x-signature: ts={ts},v1={hmac}` where `hmac` is HMAC-SHA256,
 *   keyed by the application's secret, of the manifest
 *   `id:{data.id};request-id:{x-request-id};ts:{ts};` (parts whose value is
 *   absent are left out; `data.id` comes from the query string, lower-cased).
 *   Compared in constant time. The notification only says *which* payment
 *   changed; the service fetches its status.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { providerJson } from './http';
import {
  type CardPaymentRequest,
  type NotificationInput,
  NotificationRejected,
  type PaymentLink,
  type PaymentLinkRequest,
  type PaymentProvider,
  type PaymentStatus,
  type ProviderPayment,
  type VerifiedNotification,
} from './provider';

/** What the adapter needs: from the tenant's account or the environment. */
export interface MercadoPagoCredentials {
  accessToken: string;
  /** The webhook secret; without it every notification is refused. */
  webhookSecret: string | null;
  baseUrl: string;
  timeoutMs: number;
}

/** A payment object of Mercado Pago's API (the fields we read). */
export interface MercadoPagoPayment {
  id: number | string;
  status: string;
  status_detail?: string | null;
  transaction_amount: number;
  currency_id?: string | null;
  external_reference?: string | null;
  payment_method_id?: string | null;
  card?: { last_four_digits?: string | null } | null;
}

/**
 * Mercado Pago's payment statuses as ours. `authorized` (not yet captured),
 * `pending` and `in_process` are still moving; `in_mediation` is a dispute of
 * an approved payment; refunds and charge-backs undo a payment (a payment we
 * already hold as approved keeps that status: finals never move).
 */
export function mercadoPagoStatus(status: string): PaymentStatus {
  switch (status) {
    case 'approved':
    case 'in_mediation':
      return 'APPROVED';
    case 'rejected':
      return 'REJECTED';
    case 'cancelled':
    case 'refunded':
    case 'charged_back':
      return 'CANCELED';
    default:
      return 'PROCESSING';
  }
}

function paymentOf(payment: MercadoPagoPayment): ProviderPayment {
  return {
    id: String(payment.id),
    status: mercadoPagoStatus(payment.status),
    providerStatus: [payment.status, payment.status_detail].filter(Boolean).join('/'),
    amountMajor: Number(payment.transaction_amount),
    currency: payment.currency_id ?? null,
    externalReference: payment.external_reference ?? null,
    paymentMethodId: payment.payment_method_id ?? null,
    lastFourDigits: payment.card?.last_four_digits ?? null,
  };
}

/** The signed manifest of a notification (exported for the tests' fake server to sign the same way). */
export function mercadoPagoManifest(parts: {
  dataId: string | null;
  requestId: string | null;
  ts: string | null;
}): string {
  return (
    (parts.dataId ? `id:${parts.dataId};` : '') +
    (parts.requestId ? `request-id:${parts.requestId};` : '') +
    (parts.ts ? `ts:${parts.ts};` : '')
  );
}

const header = (headers: NotificationInput['headers'], name: string): string | null => {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.length > 0 ? first : null;
};

const textOf = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : typeof value === 'number' ? String(value) : null;

/**
 * Verifies a webhook's `x-signature` and reads what it is about. Throws
 * `NotificationRejected` when the secret is missing, a header is absent or
 * malformed, or the HMAC differs.
 */
export function mercadoPagoNotificationVerify(
  input: NotificationInput,
  webhookSecret: string | null,
): VerifiedNotification {
  if (!webhookSecret) throw new NotificationRejected('no webhook secret configured');
  const signature = header(input.headers, 'x-signature');
  const requestId = header(input.headers, 'x-request-id');
  if (!signature || !requestId) throw new NotificationRejected('x-signature and x-request-id are required');
  const fields = new Map(
    signature.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const ts = fields.get('ts');
  const v1 = fields.get('v1');
  if (!ts || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) throw new NotificationRejected('malformed x-signature');

  const body = (input.body && typeof input.body === 'object' ? input.body : {}) as Record<string, unknown>;
  const bodyData = (body.data && typeof body.data === 'object' ? body.data : {}) as Record<string, unknown>;
  const dataId =
    (textOf(input.query['data.id']) ?? textOf(input.query.id) ?? textOf(bodyData.id))?.toLowerCase() ?? null;
  const expected = createHmac('sha256', webhookSecret)
    .update(mercadoPagoManifest({ dataId, requestId, ts }))
    .digest();
  const given = Buffer.from(v1, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new NotificationRejected('x-signature does not match');
  }
  if (!dataId) throw new NotificationRejected('the notification names no resource');
  const topic = textOf(input.query.type) ?? textOf(input.query.topic) ?? textOf(body.type) ?? 'unknown';
  return { notificationId: requestId, topic, resourceId: dataId };
}

/** The Mercado Pago adapter for one set of credentials. */
export function mercadoPagoProvider(credentials: MercadoPagoCredentials): PaymentProvider {
  const auth = { authorization: `Bearer ${credentials.accessToken}` };
  const url = (path: string) => `${credentials.baseUrl}${path}`;
  return {
    name: 'MERCADOPAGO',

    async cardPay(request: CardPaymentRequest): Promise<ProviderPayment> {
      const payment = await providerJson<MercadoPagoPayment>('MERCADOPAGO', {
        method: 'POST',
        url: url('/v1/payments'),
        headers: { ...auth, 'x-idempotency-key': request.idempotencyKey },
        timeoutMs: credentials.timeoutMs,
        body: {
          transaction_amount: request.amountMajor,
          token: request.token,
          description: request.description,
          installments: request.installments,
          payment_method_id: request.paymentMethodId,
          payer: {
            ...(request.payer.email ? { email: request.payer.email } : {}),
            identification: request.payer.identification,
          },
          external_reference: request.externalReference,
          notification_url: request.notificationUrl,
        },
      });
      return paymentOf(payment);
    },

    async paymentGet(id: string): Promise<ProviderPayment> {
      if (!/^[\w-]{1,64}$/.test(id)) throw new NotificationRejected('bad payment id');
      const payment = await providerJson<MercadoPagoPayment>('MERCADOPAGO', {
        method: 'GET',
        url: url(`/v1/payments/${encodeURIComponent(id)}`),
        headers: auth,
        timeoutMs: credentials.timeoutMs,
      });
      return paymentOf(payment);
    },

    async linkCreate(request: PaymentLinkRequest): Promise<PaymentLink> {
      const preference = await providerJson<{ id: string; init_point: string }>('MERCADOPAGO', {
        method: 'POST',
        url: url('/checkout/preferences'),
        headers: { ...auth, 'x-idempotency-key': request.idempotencyKey },
        timeoutMs: credentials.timeoutMs,
        body: {
          items: [
            {
              id: request.externalReference,
              title: request.title,
              quantity: 1,
              unit_price: request.amountMajor,
              currency_id: request.currency,
            },
          ],
          external_reference: request.externalReference,
          notification_url: request.notificationUrl,
          back_urls: { success: request.backUrl, pending: request.backUrl, failure: request.backUrl },
          auto_return: 'approved',
          expires: true,
          expiration_date_to: new Date(request.expiresAt).toISOString(),
        },
      });
      return { id: String(preference.id), url: preference.init_point };
    },

    notificationVerify(input: NotificationInput): VerifiedNotification {
      return mercadoPagoNotificationVerify(input, credentials.webhookSecret);
    },
  };
}
