/**
 * Payments configuration, read from the environment by `configFromEnv`
 * (see `.env.example` and the README's configuration table).
 *
 * Keys and URLs of real providers come from a tenant's
 * `payment_provider_accounts` row first and from these variables second;
 * never from code.
 */

/**
 * `sandbox` (the default unless NODE_ENV is production): every payment type,
 * whatever its provider, is paid through the sandbox provider served by the
 * API itself with public test cards, so a new install works offline. `live`
 * (the default in production): each payment type uses its own provider
 * (Mercado Pago, Transbank Webpay Plus); the sandbox pays nothing and its
 * routes are not mounted. In production, `sandbox` needs
 * `PAYMENTS_SANDBOX_IN_PRODUCTION` (ADR 016).
 */
export type PaymentsMode = 'sandbox' | 'live';

export interface PaymentsConfig {
  provider: PaymentsMode;
  /** Set when the sandbox pays in a production deployment (explicit opt-in; warned about at start-up). */
  sandboxInProduction: boolean;
  mercadopago: {
    accessToken: string | undefined;
    webhookSecret: string | undefined;
    /**
     * The public key the browser tokenizes cards with (`POST /v1/card_tokens?public_key=`):
     * public by design, sent to diners with the payment types.
     */
    publicKey: string | undefined;
    baseUrl: string;
  };
  transbank: {
    commerceCode: string | undefined;
    apiKey: string | undefined;
    baseUrl: string;
  };
  sandbox: {
    /** How long the sandbox takes to decide an approving or declining card (ms). */
    decisionMs: number;
    /** How long the "pending" test card stays pending before it approves (ms). */
    pendingMs: number;
  };
  /**
   * How long `POST /api/order/payment` waits for an asynchronous provider to
   * settle a payment before answering "processing" (ms; 0 answers at once).
   */
  resultWaitMs: number;
  /** Time limit of one call to a provider (ms). A call that runs out has an unknown outcome. */
  providerTimeoutMs: number;
  /** Requests per minute and client IP on the diner's payment routes. */
  rateLimitPerMinute: number;
}

/** Mercado Pago's API host. */
export const MERCADOPAGO_DEFAULT_BASE_URL = 'https://api.mercadopago.com';
/** Transbank's integration (test) host; production is https://webpay3g.transbank.cl. */
export const TRANSBANK_DEFAULT_BASE_URL = 'https://webpay3gint.transbank.cl';

/**
 * The only value of `PAYMENTS_SANDBOX_IN_PRODUCTION` that lets the sandbox pay
 * in production: whoever sets it reads what it means.
 */
export const SANDBOX_IN_PRODUCTION_CONSENT = 'orders-can-be-paid-with-public-test-cards';

/** The payments block of the configuration. Throws on a value that cannot be used. */
export function paymentsConfigFromEnv(env: NodeJS.ProcessEnv): PaymentsConfig {
  const production = env.NODE_ENV === 'production';
  const provider = (env.PAYMENTS_PROVIDER || (production ? 'live' : 'sandbox')).toLowerCase();
  if (provider !== 'sandbox' && provider !== 'live') {
    throw new Error(`PAYMENTS_PROVIDER must be "sandbox" or "live", got "${env.PAYMENTS_PROVIDER}"`);
  }
  const consent = env.PAYMENTS_SANDBOX_IN_PRODUCTION || undefined;
  if (consent !== undefined && consent !== SANDBOX_IN_PRODUCTION_CONSENT) {
    throw new Error(
      `PAYMENTS_SANDBOX_IN_PRODUCTION must be unset or exactly "${SANDBOX_IN_PRODUCTION_CONSENT}", got "${consent}"`,
    );
  }
  if (production && provider === 'sandbox' && !consent) {
    throw new Error(
      'PAYMENTS_PROVIDER=sandbox with NODE_ENV=production: the sandbox marks orders paid with public test ' +
        'cards, no money moves. Set PAYMENTS_PROVIDER=live, or, for a demo deployment only, ' +
        `PAYMENTS_SANDBOX_IN_PRODUCTION=${SANDBOX_IN_PRODUCTION_CONSENT}.`,
    );
  }
  return {
    provider,
    sandboxInProduction: production && provider === 'sandbox',
    mercadopago: {
      accessToken: env.MERCADOPAGO_ACCESS_TOKEN || undefined,
      webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET || undefined,
      publicKey: env.MERCADOPAGO_PUBLIC_KEY || undefined,
      baseUrl: baseUrl(env.MERCADOPAGO_BASE_URL, MERCADOPAGO_DEFAULT_BASE_URL, 'MERCADOPAGO_BASE_URL'),
    },
    transbank: {
      commerceCode: env.TRANSBANK_COMMERCE_CODE || undefined,
      apiKey: env.TRANSBANK_API_KEY || undefined,
      baseUrl: baseUrl(env.TRANSBANK_BASE_URL, TRANSBANK_DEFAULT_BASE_URL, 'TRANSBANK_BASE_URL'),
    },
    sandbox: {
      decisionMs: nonNegative(env.PAYMENTS_SANDBOX_DECISION_MS, 800, 'PAYMENTS_SANDBOX_DECISION_MS'),
      pendingMs: nonNegative(env.PAYMENTS_SANDBOX_PENDING_MS, 20_000, 'PAYMENTS_SANDBOX_PENDING_MS'),
    },
    resultWaitMs: nonNegative(env.PAYMENTS_RESULT_WAIT_MS, 3_000, 'PAYMENTS_RESULT_WAIT_MS'),
    providerTimeoutMs: nonNegative(env.PAYMENTS_PROVIDER_TIMEOUT_MS, 15_000, 'PAYMENTS_PROVIDER_TIMEOUT_MS'),
    rateLimitPerMinute:
      nonNegative(env.RATE_LIMIT_PAYMENT_PER_MINUTE, 30, 'RATE_LIMIT_PAYMENT_PER_MINUTE') || 1,
  };
}

function baseUrl(raw: string | undefined, fallback: string, name: string): string {
  const value = (raw || fallback).replace(/\/+$/, '');
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('protocol');
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return value;
}

function nonNegative(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}
