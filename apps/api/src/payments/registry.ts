/**
 * Which adapter serves a payment, and with which keys.
 *
 * - `PAYMENTS_PROVIDER=sandbox` (the default outside production): every
 *   payment type is served by the sandbox, whatever provider it names, so a
 *   new install works offline and the demo tenant (which names MERCADOPAGO)
 *   can be paid.
 * - `PAYMENTS_PROVIDER=live`: the payment type's `providerName` decides
 *   (MERCADOPAGO; TRANSBANK or WEBPAY). The sandbox pays nothing: a type
 *   naming SANDBOX is not paid online, and a sandbox payment row is no longer
 *   served (ADR 016). Keys come
 *   from the tenant's `payment_provider_accounts` row (the branch's, else the
 *   company's) when there is one, all of them from that row; otherwise from
 *   the environment. A provider without keys cannot start payments (503).
 *
 * A payment row remembers the adapter that served it (`provider`) and the
 * account (`provider_account_id`), so its return, commit and notifications use
 * the same keys even if the configuration changed since, and only that
 * account's notifications settle it (ADR 016).
 */
import type { Db, Queryable } from '../db/client';
import { HttpError } from '../lib/http-error';
import type { PaymentsConfig } from './config';
import { mercadoPagoProvider } from './mercadopago';
import { paymentMessages } from './messages';
import { type PaymentProvider, type ProviderName, providerNameOf } from './provider';
import { type PaymentAccountRow, providerAccountById, providerAccountFind } from './repository';
import { webpayProvider } from './webpay';

/** What the registry needs. */
export interface RegistryDeps {
  db: Db;
  config: { payments: PaymentsConfig };
  sandbox: { provider: PaymentProvider };
}

/** The adapter chosen for an order. */
export interface ProviderResolution {
  provider: PaymentProvider;
  /** The adapter's name (stored as `payments.provider`). */
  name: ProviderName;
  /** The tenant account used; null for the environment's keys or the sandbox. */
  accountId: number | null;
}

/** The provider a payment type's payments go to, with the tenant account whose keys they use. */
export type ProviderChoice =
  | { name: 'SANDBOX'; account: undefined }
  | { name: Exclude<ProviderName, 'SANDBOX'>; account: PaymentAccountRow | undefined };

/** The spellings a tenant's account row may use for each provider. */
export const ACCOUNT_NAMES: Record<Exclude<ProviderName, 'SANDBOX'>, readonly string[]> = {
  MERCADOPAGO: ['MERCADOPAGO', 'MERCADO_PAGO'],
  TRANSBANK: ['TRANSBANK', 'WEBPAY', 'WEBPAY_PLUS'],
};

const notConfigured = () => new HttpError(503, paymentMessages.startFailed);

/**
 * Mercado Pago's settings for one tenant account, or the environment's when
 * there is no account: all of them from the row when there is one.
 */
export function mercadoPagoSettings(
  settings: PaymentsConfig,
  account: PaymentAccountRow | undefined,
): {
  accessToken: string | undefined;
  webhookSecret: string | null;
  publicKey: string | undefined;
  baseUrl: string;
} {
  return {
    accessToken: (account ? account.accessToken : settings.mercadopago.accessToken) || undefined,
    webhookSecret: (account ? account.webhookSecret : settings.mercadopago.webhookSecret) ?? null,
    publicKey: (account ? account.publicKey : settings.mercadopago.publicKey) || undefined,
    baseUrl: (account?.baseUrl || settings.mercadopago.baseUrl).replace(/\/+$/, ''),
  };
}

function adapterBuild(
  deps: Pick<RegistryDeps, 'config'>,
  name: Exclude<ProviderName, 'SANDBOX'>,
  account: PaymentAccountRow | undefined,
): PaymentProvider {
  const settings = deps.config.payments;
  const timeoutMs = settings.providerTimeoutMs;
  if (name === 'MERCADOPAGO') {
    const { accessToken, webhookSecret, baseUrl } = mercadoPagoSettings(settings, account);
    if (!accessToken) throw notConfigured();
    return mercadoPagoProvider({ accessToken, webhookSecret, baseUrl, timeoutMs });
  }
  const commerceCode = account ? account.commerceCode : settings.transbank.commerceCode;
  const apiKey = account ? account.apiKey : settings.transbank.apiKey;
  if (!commerceCode || !apiKey) throw notConfigured();
  return webpayProvider({
    commerceCode,
    apiKey,
    baseUrl: (account?.baseUrl || settings.transbank.baseUrl).replace(/\/+$/, ''),
    timeoutMs,
  });
}

/**
 * Which provider serves a new payment of a payment type, and with which
 * tenant account (undefined: the environment's keys): the module's rule, used
 * to pay (`paymentProviderForOrder`) and to tell the browser how to tokenize
 * a card (`card-tokenization.ts`). Null when the type names no online
 * provider (DISABLED or unknown).
 */
export async function paymentProviderChoose(
  deps: { db: Queryable; config: RegistryDeps['config'] },
  owner: { companyId: number; branchId: number },
  providerName: string | null,
): Promise<ProviderChoice | null> {
  const requested = providerNameOf(providerName);
  if (!requested) return null;
  if (deps.config.payments.provider === 'sandbox') return { name: 'SANDBOX', account: undefined };
  // Live: test cards never pay, whatever a tenant's data names.
  if (requested === 'SANDBOX') return null;
  const account = await providerAccountFind(
    deps.db,
    owner.companyId,
    owner.branchId,
    ACCOUNT_NAMES[requested],
  );
  return { name: requested, account };
}

/**
 * The adapter for a new payment of an order, from its payment type's
 * `providerName`. 409 when the type names no online provider (DISABLED).
 */
export async function paymentProviderForOrder(
  deps: RegistryDeps,
  order: { companyId: number; branchId: number },
  providerName: string | null,
): Promise<ProviderResolution> {
  const choice = await paymentProviderChoose(deps, order, providerName);
  if (!choice) throw new HttpError(409, paymentMessages.notOnline);
  if (choice.name === 'SANDBOX') return { provider: deps.sandbox.provider, name: 'SANDBOX', accountId: null };
  return {
    provider: adapterBuild(deps, choice.name, choice.account),
    name: choice.name,
    accountId: choice.account?.id ?? null,
  };
}

/** The adapter that served a payment row (its returns, commits, status queries and notifications). */
export async function paymentProviderFor(
  deps: RegistryDeps,
  name: string,
  accountId: number | null | undefined,
): Promise<PaymentProvider> {
  const adapter = providerNameOf(name);
  if (!adapter) throw new HttpError(404, paymentMessages.paymentUnknown);
  if (adapter === 'SANDBOX') {
    if (deps.config.payments.provider !== 'sandbox') throw new HttpError(404, paymentMessages.paymentUnknown);
    return deps.sandbox.provider;
  }
  const account = accountId ? await providerAccountById(deps.db, accountId) : undefined;
  if (accountId && !account) throw notConfigured();
  return adapterBuild(deps, adapter, account);
}
