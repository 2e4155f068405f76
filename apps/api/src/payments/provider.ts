/**
 * The one interface every payment provider adapter implements, and the types
 * that cross it. The services (`payments/card-pay.ts`, `payment-link.ts`, `redirect.ts`, `notifications.ts`) speak only this
 * interface; what a provider cannot do is simply absent (`cardPay` on Webpay,
 * `redirect` on Mercado Pago), and the service refuses that flow for it.
 *
 * Amounts cross the interface in major units (what providers speak); the
 * conversion from our minor units happens once, in the service, through
 * `orderAmountMajor`.
 */

/** The adapters there are. `TRANSBANK` is Webpay Plus (the spec's `/api/callback/transbank/…`). */
export type ProviderName = 'MERCADOPAGO' | 'TRANSBANK' | 'SANDBOX';

/** Our payment statuses (`payments.status`) a provider's answer maps to. */
export type PaymentStatus =
  | 'CREATED'
  | 'PENDING'
  | 'PROCESSING'
  | 'APPROVED'
  | 'REJECTED'
  | 'CANCELED'
  | 'EXPIRED';

/** Statuses after which nothing a provider says changes the payment any more. */
export const PAYMENT_FINAL_STATUSES: ReadonlySet<PaymentStatus> = new Set([
  'APPROVED',
  'REJECTED',
  'CANCELED',
  'EXPIRED',
]);

/** A payment as the provider reports it. */
export interface ProviderPayment {
  /** The provider's id of the payment (Mercado Pago payment id, sandbox payment id). */
  id: string;
  status: PaymentStatus;
  /** The provider's own status words, kept for support (`approved/accredited`). */
  providerStatus: string;
  amountMajor: number;
  /**
   * ISO 4217 code the provider charged in; null when it reports none (the
   * sandbox, which charges what it is asked in the order's own currency).
   */
  currency: string | null;
  /** What we sent as external reference: `{orderCode}-{paymentId}`. */
  externalReference: string | null;
  paymentMethodId?: string | null;
  lastFourDigits?: string | null;
}

/** A card payment from a provider token (Mercado Pago's `POST /v1/payments`). */
export interface CardPaymentRequest {
  token: string;
  paymentMethodId: string;
  amountMajor: number;
  currency: string;
  description: string;
  installments: number;
  payer: { email: string | null; identification: { type: string; number: string } };
  externalReference: string;
  notificationUrl: string;
  /** Sent as `X-Idempotency-Key`: the provider answers a repeated create with the first payment. */
  idempotencyKey: string;
}

/** A hosted checkout link (Mercado Pago's Checkout Pro preference, the sandbox's checkout page). */
export interface PaymentLinkRequest {
  title: string;
  amountMajor: number;
  currency: string;
  externalReference: string;
  notificationUrl: string;
  /** Where the diner lands after paying (the follow-up page). */
  backUrl: string;
  /** No payment through the link after this instant (the order's payment window). */
  expiresAt: number;
  idempotencyKey: string;
}

/** A link as created: the provider's id and the URL to send the diner to. */
export interface PaymentLink {
  id: string;
  url: string;
}

/** Webpay-style start: the browser POSTs `token_ws` = `token` to `url`. */
export interface RedirectStart {
  token: string;
  url: string;
}

/** The answer of a commit or a status query of a redirect transaction. */
export interface RedirectResult {
  status: PaymentStatus;
  providerStatus: string;
  amountMajor: number | null;
  buyOrder: string | null;
  /** Set when the provider says the transaction was already committed (a status query after a lost commit). */
  committed: boolean;
  authorizationCode?: string | null;
  lastFourDigits?: string | null;
  responseCode?: number | null;
}

/** The redirect (Webpay Plus) flow: create → browser POSTs token_ws → return → commit once. */
export interface RedirectFlow {
  start(request: {
    buyOrder: string;
    sessionId: string;
    amountMajor: number;
    returnUrl: string;
  }): Promise<RedirectStart>;
  /** Confirms the transaction. Call at most once per token (the service guarantees it). */
  commit(token: string): Promise<RedirectResult>;
  /** The transaction's state, without changing it. */
  status(token: string): Promise<RedirectResult>;
}

/** A notification as received over HTTP (or from the sandbox's in-process delivery, the same shape). */
export interface NotificationInput {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: unknown;
}

/** A verified notification: what it is about. Its content is never believed: the status is fetched. */
export interface VerifiedNotification {
  /** Unique per delivery and covered by the signature: a repeat is recognised and ignored. */
  notificationId: string;
  /** `payment` for the notifications we act on; others are acknowledged and ignored. */
  topic: string;
  resourceId: string;
}

/** Every adapter. Optional members are capabilities a provider may lack. */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** Charges a card token. A lost answer is a `ProviderError` with `outcome: 'UNKNOWN'`. */
  cardPay?(request: CardPaymentRequest): Promise<ProviderPayment>;
  /** The payment as the provider has it now. */
  paymentGet?(id: string): Promise<ProviderPayment>;
  /** Creates a hosted checkout link. */
  linkCreate?(request: PaymentLinkRequest): Promise<PaymentLink>;
  redirect?: RedirectFlow;
  /**
   * Verifies a notification's signature and says what it is about; throws
   * `NotificationRejected` for a bad or missing signature.
   */
  notificationVerify?(input: NotificationInput): VerifiedNotification;
}

/**
 * A provider call that failed. `outcome` says what we know of its effect:
 * `NOT_DONE` when the provider refused the request (a 4xx: nothing was
 * charged), `UNKNOWN` when the answer was lost (timeout, network, 5xx: it may
 * have been done, so ask before doing it again).
 */
export class ProviderError extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly outcome: 'NOT_DONE' | 'UNKNOWN',
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** A notification whose signature does not verify (answered 401, never processed). */
export class NotificationRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotificationRejected';
  }
}

/** Normalises a payment type's `providerName` (tenant data) to an adapter name; null for none. */
export function providerNameOf(providerName: string | null | undefined): ProviderName | null {
  switch ((providerName ?? '').trim().toUpperCase()) {
    case 'MERCADOPAGO':
    case 'MERCADO_PAGO':
      return 'MERCADOPAGO';
    case 'TRANSBANK':
    case 'WEBPAY':
    case 'WEBPAY_PLUS':
      return 'TRANSBANK';
    case 'SANDBOX':
      return 'SANDBOX';
    default:
      return null;
  }
}
