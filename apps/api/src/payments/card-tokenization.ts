/**
 * How the browser tokenizes a card for a payment type (ADR 010): the diner
 * API sends it with each payment type, so the storefront's card form sends
 * card data only to the provider that will be paid with the token.
 *
 * The provider is the one `paymentProviderChoose` (registry.ts) picks to pay:
 * - SANDBOX (sandbox mode only; live mode pays no SANDBOX type): our own
 *   `POST /api/sandbox/card_tokens`.
 * - MERCADOPAGO (live mode): Mercado Pago's `POST {baseUrl}/v1/card_tokens`
 *   with the public key, both from the same account row (else environment)
 *   whose access token pays. The public key is Mercado Pago's browser key,
 *   public by design; access tokens and secrets never leave the server.
 * - null: not a CARD_ONLINE type; a redirect provider (Transbank Webpay, whose
 *   card entry happens on the provider's page); or a Mercado Pago type without
 *   a public key or access token (its payments could not start: 503).
 */
import type { Queryable } from '../db/client';
import type { PaymentsConfig } from './config';
import { ACCOUNT_NAMES, mercadoPagoSettings, paymentProviderChoose } from './registry';
import { paymentOrderByCode, providerAccountBaseUrls } from './repository';

/** What the storefront needs to tokenize a card for one payment type. */
export type CardTokenization =
  | { provider: 'SANDBOX'; url: string }
  | { provider: 'MERCADOPAGO'; url: string; publicKey: string }
  | null;

/** The sandbox's tokenization endpoint (apps/api/src/routes/api/sandbox). */
export const SANDBOX_CARD_TOKENS_PATH = '/api/sandbox/card_tokens';

export interface CardTokenizationDeps {
  db: Queryable;
  config: { payments: PaymentsConfig };
}

/**
 * The tokenization of a payment type of a location of `owner` (its company and
 * branch, as the order will carry them).
 */
export async function cardTokenizationOf(
  deps: CardTokenizationDeps,
  owner: { companyId: number; branchId: number },
  type: { paymentMethod: string; providerName: string },
): Promise<CardTokenization> {
  if (type.paymentMethod !== 'CARD_ONLINE') return null;
  const choice = await paymentProviderChoose(deps, owner, type.providerName);
  if (!choice) return null;
  if (choice.name === 'SANDBOX') return { provider: 'SANDBOX', url: SANDBOX_CARD_TOKENS_PATH };
  if (choice.name !== 'MERCADOPAGO') return null;
  const settings = mercadoPagoSettings(deps.config.payments, choice.account);
  if (!settings.publicKey || !settings.accessToken) return null;
  return {
    provider: 'MERCADOPAGO',
    url: `${settings.baseUrl}/v1/card_tokens`,
    publicKey: settings.publicKey,
  };
}

/**
 * The tokenization of an order's payment type, for paying it after it was
 * placed (the follow-up page): for the order's own company and branch, as its
 * payment will be. Undefined for an unknown code.
 */
export async function orderCardTokenization(
  deps: CardTokenizationDeps,
  code: string,
): Promise<{ cardTokenization: CardTokenization } | undefined> {
  const found = await paymentOrderByCode(deps.db, code);
  if (!found) return undefined;
  return {
    cardTokenization: await cardTokenizationOf(deps, found.order, {
      paymentMethod: found.order.paymentMethod,
      providerName: found.providerName ?? 'DISABLED',
    }),
  };
}

/**
 * `cardTokenizationOf` for many payment types of one response: one account
 * lookup per branch and provider name.
 */
export function cardTokenizationResolver(deps: CardTokenizationDeps) {
  const cache = new Map<string, Promise<CardTokenization>>();
  return (
    owner: { companyId: number; branchId: number },
    type: { paymentMethod: string; providerName: string },
  ): Promise<CardTokenization> => {
    if (type.paymentMethod !== 'CARD_ONLINE') return Promise.resolve(null);
    const key = `${owner.companyId}:${owner.branchId}:${type.providerName}`;
    let found = cache.get(key);
    if (!found) {
      found = cardTokenizationOf(deps, owner, type);
      cache.set(key, found);
    }
    return found;
  };
}

/**
 * The origins the storefront's card tokenization may call, for the CSP's
 * connect-src: none in sandbox mode (our own origin); in live mode Mercado
 * Pago's API host (MERCADOPAGO_BASE_URL) and the base URL of every Mercado
 * Pago account row, read when the server starts (an account added or changed
 * later is allowed after a restart). Account rows are written by operators,
 * never by tenants or diners.
 */
export async function cardTokenizationOrigins(deps: CardTokenizationDeps): Promise<string[]> {
  const settings = deps.config.payments;
  if (settings.provider !== 'live') return [];
  const urls = [
    settings.mercadopago.baseUrl,
    ...(await providerAccountBaseUrls(deps.db, ACCOUNT_NAMES.MERCADOPAGO)),
  ];
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') origins.add(parsed.origin);
    } catch {
      // A malformed base URL cannot be called either; nothing to allow.
    }
  }
  return [...origins];
}
