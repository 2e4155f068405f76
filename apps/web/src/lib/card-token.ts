/**
 * Card tokenization in the browser (ADR 010): the card's data goes only to the
 * provider that will pay with the token, as the payment type's
 * `cardTokenization` says (the server picks it with the same rule it pays
 * with); our API then only ever sees the token.
 *
 * - SANDBOX: `POST /api/sandbox/card_tokens` through `api-client` (our API).
 * - MERCADOPAGO: `POST {url}?public_key={publicKey}` with Mercado Pago's card
 *   token body (card_number, expiration_month, expiration_year with 4 digits,
 *   security_code, cardholder {name, identification {type, number}}); the
 *   answer's `id` is the token. Its answer names no payment method, so the
 *   payment method comes from Mercado Pago's own BIN lookup
 *   (`GET /v1/payment_methods/search?public_key=…&bins={first 8 digits}`,
 *   as their browser SDK's `getPaymentMethods({ bin })`), never guessed here.
 *
 * This is the only place in the web app that calls a provider's host
 * directly, on purpose: card data must not pass through our servers (PCI
 * scope), so it cannot use `api-client`, which is for our API. The CSP's
 * connect-src allows the provider's host in live mode
 * (apps/api/src/plugins/external/security.ts).
 */
import type { CardField } from '@comanda/domain/card';
import { checkoutMessages, orderErrorMessages } from '@comanda/domain/messages';
import type { ApiCardTokenization } from '../types/api';
import { ApiError, apiRequest } from './api-client';

/** The card form's values (ordering §3 "Online card inputs"): expiry `MM/AA`. */
export interface CardDetails {
  cardNumber: string;
  cardName: string;
  cardExpiry: string;
  cardSecurityCode: string;
  cardDocument: string;
}

/** What `POST /api/order/payment` needs from the tokenization. */
export interface CardToken {
  token: string;
  paymentMethodId: string;
}

/**
 * A tokenization that did not produce a token. CARD: the provider refused the
 * card's data (`fields` names the fields it refused, with what to show);
 * UNAVAILABLE: the provider could not be reached or answered something else
 * (the spec logs it; the diner may try again later).
 */
export class CardTokenError extends Error {
  constructor(
    readonly reason: 'CARD' | 'UNAVAILABLE',
    message: string,
    readonly fields: Partial<Record<CardField, string>> = {},
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'CardTokenError';
  }
}

/** Only the DNI is asked for (ordering §9 "Card identification type"). */
const IDENTIFICATION_TYPE = 'DNI';

const cardError = (fields: Partial<Record<CardField, string>>, detail?: unknown) =>
  new CardTokenError('CARD', checkoutMessages.cardFieldsIncomplete, fields, detail);
const unavailable = (detail: unknown) =>
  new CardTokenError('UNAVAILABLE', orderErrorMessages.paymentStartFailed, {}, detail);

/** Tokenizes `card` with the payment type's provider. */
export async function cardTokenCreate(
  tokenization: NonNullable<ApiCardTokenization>,
  card: CardDetails,
): Promise<CardToken> {
  if (tokenization.provider === 'SANDBOX') return sandboxTokenCreate(tokenization.url, card);
  if (tokenization.provider === 'MERCADOPAGO') return mercadoPagoTokenCreate(tokenization, card);
  throw unavailable(`unknown card provider ${(tokenization as { provider: unknown }).provider}`);
}

// ------------------------------------------------------------------ sandbox

/** The sandbox's field names as the card form's. */
const SANDBOX_FIELDS: Record<string, CardField> = {
  cardNumber: 'cardNumber',
  cardholderName: 'cardName',
  cardExpiry: 'cardExpiry',
  securityCode: 'cardSecurityCode',
  identificationNumber: 'cardDocument',
};

async function sandboxTokenCreate(url: string, card: CardDetails): Promise<CardToken> {
  // Our own API only: card data never follows a sandbox URL elsewhere.
  if (!url.startsWith('/api/')) throw unavailable(`sandbox tokenization outside our API: ${url}`);
  try {
    const made = await apiRequest<{ id: string; paymentMethodId: string }>(url.slice('/api'.length), {
      method: 'POST',
      body: {
        cardNumber: digitsOf(card.cardNumber),
        cardholderName: card.cardName.trim(),
        cardExpiry: card.cardExpiry.trim(),
        securityCode: card.cardSecurityCode.trim(),
        identificationType: IDENTIFICATION_TYPE,
        identificationNumber: digitsOf(card.cardDocument),
      },
    });
    if (typeof made?.id !== 'string' || typeof made.paymentMethodId !== 'string') throw unavailable(made);
    return { token: made.id, paymentMethodId: made.paymentMethodId };
  } catch (error) {
    if (error instanceof CardTokenError) throw error;
    if (error instanceof ApiError && error.status === 400) {
      const fields: Partial<Record<CardField, string>> = {};
      for (const [name, message] of Object.entries(error.fields)) {
        const field = SANDBOX_FIELDS[name];
        if (field) fields[field] = message;
      }
      throw cardError(fields, error.body);
    }
    throw unavailable(error);
  }
}

// ------------------------------------------------------------ Mercado Pago

/**
 * Mercado Pago's data-entry error codes (their "Response handling" page) as
 * the card form's fields.
 */
const MERCADOPAGO_CAUSES: Record<string, CardField> = {
  '205': 'cardNumber',
  E301: 'cardNumber',
  '208': 'cardExpiry',
  '209': 'cardExpiry',
  '325': 'cardExpiry',
  '326': 'cardExpiry',
  '221': 'cardName',
  '316': 'cardName',
  '224': 'cardSecurityCode',
  E203: 'cardSecurityCode',
  '212': 'cardDocument',
  '213': 'cardDocument',
  '214': 'cardDocument',
  '322': 'cardDocument',
  '323': 'cardDocument',
  '324': 'cardDocument',
};

interface MercadoPagoCardToken {
  id?: unknown;
  first_six_digits?: unknown;
  payment_method_id?: unknown;
}

async function mercadoPagoTokenCreate(
  tokenization: { url: string; publicKey: string },
  card: CardDetails,
): Promise<CardToken> {
  const number = digitsOf(card.cardNumber);
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.cardExpiry.trim());
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) {
    throw cardError({ cardExpiry: checkoutMessages.cardFieldsInvalid });
  }
  const url = providerUrl(tokenization.url);
  url.searchParams.set('public_key', tokenization.publicKey);
  const answer = await providerCall(url, {
    method: 'POST',
    body: JSON.stringify({
      card_number: number,
      expiration_month: month,
      expiration_year: 2000 + Number(expiry[2]),
      security_code: card.cardSecurityCode.trim(),
      cardholder: {
        name: card.cardName.trim(),
        identification: { type: IDENTIFICATION_TYPE, number: digitsOf(card.cardDocument) },
      },
    }),
  });
  if (answer.status === 400) throw cardError(mercadoPagoFields(answer.body), answer.body);
  if (answer.status !== 200 && answer.status !== 201) throw unavailable(answer);
  const made = answer.body as MercadoPagoCardToken | undefined;
  if (typeof made?.id !== 'string' || made.id === '') throw unavailable(answer);
  const paymentMethodId =
    typeof made.payment_method_id === 'string' && made.payment_method_id !== ''
      ? made.payment_method_id
      : await mercadoPagoPaymentMethod(tokenization, number);
  return { token: made.id, paymentMethodId };
}

/** The refused fields of a Mercado Pago 400, from its `cause[].code` (none when it names none we know). */
function mercadoPagoFields(body: unknown): Partial<Record<CardField, string>> {
  const causes = (body as { cause?: unknown } | undefined)?.cause;
  const fields: Partial<Record<CardField, string>> = {};
  for (const cause of Array.isArray(causes) ? causes : []) {
    const field = MERCADOPAGO_CAUSES[String((cause as { code?: unknown })?.code ?? '')];
    if (field) fields[field] = checkoutMessages.cardFieldsInvalid;
  }
  return fields;
}

/** The card's payment method (`visa`, `debvisa`, `master`…) from its BIN, as Mercado Pago knows it. */
async function mercadoPagoPaymentMethod(
  tokenization: { url: string; publicKey: string },
  number: string,
): Promise<string> {
  const url = providerUrl(tokenization.url);
  url.pathname = url.pathname.replace(/card_tokens\/?$/, 'payment_methods/search');
  url.searchParams.set('public_key', tokenization.publicKey);
  url.searchParams.set('bins', number.slice(0, 8));
  url.searchParams.set('status', 'active');
  const answer = await providerCall(url, { method: 'GET' });
  if (answer.status !== 200) throw unavailable(answer);
  const results = (answer.body as { results?: unknown } | undefined)?.results;
  const found = (Array.isArray(results) ? results : []).find(
    (result: { id?: unknown; payment_type_id?: unknown }) =>
      typeof result?.id === 'string' &&
      ['credit_card', 'debit_card', 'prepaid_card'].includes(String(result.payment_type_id)),
  ) as { id: string } | undefined;
  // A number Mercado Pago does not recognise: the card's data, not the provider, is wrong.
  if (!found) throw cardError({ cardNumber: checkoutMessages.cardFieldsInvalid }, answer.body);
  return found.id;
}

/** The provider's URL; only https, or http on this machine (development and tests). */
function providerUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw unavailable(`bad card tokenization url ${raw}`);
  }
  const local = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw unavailable(`card tokenization url is not https: ${raw}`);
  }
  return url;
}

/** One call to the provider: JSON, no cookies or referrer sent, never cached. */
async function providerCall(
  url: URL,
  init: { method: 'GET' | 'POST'; body?: string },
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
    });
  } catch (error) {
    throw unavailable(error);
  }
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: keep the text for the log.
  }
  return { status: response.status, body };
}

function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}
