/**
 * Transbank Webpay Plus adapter, after its documented REST API (v1.2):
 *
 * - `POST {base}/rswebpaytransaction/api/webpay/v1.2/transactions`
 *   `{ buy_order, session_id, amount, return_url }` → `{ token, url }`; the
 *   browser then POSTs `token_ws` = token to `url`.
 * - Back at `return_url`: `token_ws` alone (normal flow: commit it);
 *   `TBK_TOKEN` + `TBK_ORDEN_COMPRA` + `TBK_ID_SESION` (the diner aborted);
 *   only `TBK_ORDEN_COMPRA` + `TBK_ID_SESION` (the form timed out); or all of
 *   them (an error on the form). Only the first is committed.
 * - `PUT …/transactions/{token}` commits: approved when `status` is
 *   AUTHORIZED and `response_code` is 0. `GET …/transactions/{token}` gives
 *   the state without changing it: the answer to a lost commit.
 * - Every call carries `Tbk-Api-Key-Id` (commerce code) and
 *   `Tbk-Api-Key-Secret` (API key).
 *
 * Never committing twice is the service's job (a claim on the payment row
 * before the call, see `service.ts`); this adapter only speaks the protocol.
 */
import { providerJson } from './http';
import type { PaymentProvider, PaymentStatus, RedirectResult, RedirectStart } from './provider';

/** What the adapter needs: from the tenant's account or the environment. */
export interface TransbankCredentials {
  commerceCode: string;
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
}

/** The transactions resource of Webpay Plus REST v1.2. */
export const WEBPAY_TRANSACTIONS_PATH = '/rswebpaytransaction/api/webpay/v1.2/transactions';

/** Commit and status answers (the fields we read). */
export interface WebpayTransaction {
  status: string;
  amount?: number;
  buy_order?: string;
  session_id?: string;
  response_code?: number;
  authorization_code?: string;
  card_detail?: { card_number?: string };
}

/** Webpay's transaction status as ours. */
export function webpayStatus(
  transaction: Pick<WebpayTransaction, 'status' | 'response_code'>,
): PaymentStatus {
  switch (transaction.status) {
    case 'AUTHORIZED':
    case 'CAPTURED':
      return transaction.response_code === 0 ? 'APPROVED' : 'REJECTED';
    case 'FAILED':
      return 'REJECTED';
    case 'REVERSED':
    case 'NULLIFIED':
    case 'PARTIALLY_NULLIFIED':
      return 'CANCELED';
    default:
      // INITIALIZED: created, not committed yet.
      return 'PENDING';
  }
}

function resultOf(transaction: WebpayTransaction): RedirectResult {
  return {
    status: webpayStatus(transaction),
    providerStatus: `${transaction.status}${transaction.response_code !== undefined ? `/${transaction.response_code}` : ''}`,
    amountMajor: transaction.amount ?? null,
    buyOrder: transaction.buy_order ?? null,
    committed: transaction.status !== 'INITIALIZED',
    authorizationCode: transaction.authorization_code ?? null,
    lastFourDigits: transaction.card_detail?.card_number ?? null,
    responseCode: transaction.response_code ?? null,
  };
}

/** A token as Webpay issues them; anything else never reaches a URL path. */
export const WEBPAY_TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** The Webpay Plus adapter for one commerce. */
export function webpayProvider(credentials: TransbankCredentials): PaymentProvider {
  const headers = {
    'tbk-api-key-id': credentials.commerceCode,
    'tbk-api-key-secret': credentials.apiKey,
  };
  const transaction = (token: string) => {
    if (!WEBPAY_TOKEN_PATTERN.test(token)) throw new Error('malformed Webpay token');
    return `${credentials.baseUrl}${WEBPAY_TRANSACTIONS_PATH}/${encodeURIComponent(token)}`;
  };
  return {
    name: 'TRANSBANK',
    redirect: {
      async start(request): Promise<RedirectStart> {
        const created = await providerJson<{ token: string; url: string }>('TRANSBANK', {
          method: 'POST',
          url: `${credentials.baseUrl}${WEBPAY_TRANSACTIONS_PATH}`,
          headers,
          timeoutMs: credentials.timeoutMs,
          body: {
            buy_order: request.buyOrder,
            session_id: request.sessionId,
            amount: request.amountMajor,
            return_url: request.returnUrl,
          },
        });
        return { token: created.token, url: created.url };
      },
      async commit(token: string): Promise<RedirectResult> {
        return resultOf(
          await providerJson<WebpayTransaction>('TRANSBANK', {
            method: 'PUT',
            url: transaction(token),
            headers,
            timeoutMs: credentials.timeoutMs,
          }),
        );
      },
      async status(token: string): Promise<RedirectResult> {
        return resultOf(
          await providerJson<WebpayTransaction>('TRANSBANK', {
            method: 'GET',
            url: transaction(token),
            headers,
            timeoutMs: credentials.timeoutMs,
          }),
        );
      },
    },
  };
}
