/**
 * A local HTTP server that speaks Transbank Webpay Plus REST v1.2, for the
 * adapter's tests (only the network edge is faked):
 *
 * - `POST /rswebpaytransaction/api/webpay/v1.2/transactions` with
 *   `Tbk-Api-Key-Id` / `Tbk-Api-Key-Secret` (401 otherwise) and
 *   `{ buy_order ≤ 26, session_id ≤ 61, amount, return_url }` (422 otherwise)
 *   → `{ token, url }`.
 * - `POST /webpayserver/initTransaction` with the form field `token_ws`: the
 *   card form the browser lands on.
 * - The cardholder's actions on that form, played by the test: `pay`
 *   (AUTHORIZED or FAILED) → back to `return_url` with `token_ws`; `abort` →
 *   `TBK_TOKEN` + `TBK_ORDEN_COMPRA` + `TBK_ID_SESION`; `timeOut` → only the
 *   last two.
 * - `PUT …/transactions/{token}` commits once (422 on a second commit or an
 *   unpaid transaction); `loseNextCommitAnswer` makes the next commit take
 *   effect and then answer 500, or answer too late for the client.
 * - `GET …/transactions/{token}`: the state, without changing it.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';

const PATH = '/rswebpaytransaction/api/webpay/v1.2/transactions';

interface FakeTransaction {
  buy_order: string;
  session_id: string;
  amount: number;
  return_url: string;
  status: 'INITIALIZED' | 'AUTHORIZED' | 'FAILED' | 'ABORTED';
  committed: boolean;
  created: string;
}

export interface FakeWebpay {
  url: string;
  transactions: Map<string, FakeTransaction>;
  /** Requests by kind, with their tokens. */
  calls: { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown }[];
  commits(token: string): number;
  statusQueries(token: string): number;
  /** The cardholder pays on the form; answers the return's form fields. */
  pay(token: string, result: 'AUTHORIZED' | 'FAILED'): Record<string, string>;
  /** The cardholder presses 'Anular compra'. */
  abort(token: string): Record<string, string>;
  /** The form times out. */
  timeOut(token: string): Record<string, string>;
  /** The next commit takes effect, then its answer is lost: a 500, or an answer after `delayMs`. */
  loseNextCommitAnswer(how: { status: 500 } | { delayMs: number }): void;
  close(): Promise<void>;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      data += chunk;
    });
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Starts the fake for one commerce (its code and API key). */
export async function fakeWebpayStart(credentials: {
  commerceCode: string;
  apiKey: string;
}): Promise<FakeWebpay> {
  const transactions = new Map<string, FakeTransaction>();
  const calls: FakeWebpay['calls'] = [];
  let loseNext: { status: 500 } | { delayMs: number } | null = null;

  const view = (token: string, transaction: FakeTransaction) => ({
    vci: transaction.status === 'AUTHORIZED' ? 'TSY' : 'TSN',
    amount: transaction.amount,
    status: transaction.status === 'ABORTED' ? 'FAILED' : transaction.status,
    buy_order: transaction.buy_order,
    session_id: transaction.session_id,
    card_detail: { card_number: '6623' },
    accounting_date: '0604',
    transaction_date: transaction.created,
    authorization_code: transaction.status === 'AUTHORIZED' ? token.slice(0, 6) : '000000',
    payment_type_code: 'VN',
    response_code: transaction.status === 'AUTHORIZED' ? 0 : -1,
    installments_number: 0,
  });

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const raw = await readBody(request);

    if (request.method === 'POST' && url.pathname === '/webpayserver/initTransaction') {
      const token = new URLSearchParams(raw).get('token_ws') ?? '';
      calls.push({ method: 'POST', path: url.pathname, headers: request.headers, body: { token_ws: token } });
      const transaction = transactions.get(token);
      response.writeHead(transaction ? 200 : 400, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        transaction
          ? `<html><body><h1>Webpay</h1><p>Monto ${transaction.amount}</p><form>…</form></body></html>`
          : '<html><body>Token inválido</body></html>',
      );
      return;
    }

    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return send(response, 400, { error_message: 'invalid JSON' });
    }
    calls.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, body });
    if (
      request.headers['tbk-api-key-id'] !== credentials.commerceCode ||
      request.headers['tbk-api-key-secret'] !== credentials.apiKey
    ) {
      return send(response, 401, { error_message: 'Not Authorized' });
    }

    if (request.method === 'POST' && url.pathname === PATH) {
      const input = (body ?? {}) as Record<string, unknown>;
      const problem =
        typeof input.buy_order !== 'string' || input.buy_order.length === 0 || input.buy_order.length > 26
          ? 'buy_order is required and at most 26 characters'
          : typeof input.session_id !== 'string' || input.session_id.length > 61
            ? 'session_id is required and at most 61 characters'
            : typeof input.amount !== 'number' || input.amount <= 0
              ? 'amount must be positive'
              : typeof input.return_url !== 'string' || !/^https?:\/\//.test(input.return_url)
                ? 'return_url must be an URL'
                : null;
      if (problem) return send(response, 422, { error_message: problem });
      const token = randomBytes(32).toString('hex');
      transactions.set(token, {
        buy_order: input.buy_order as string,
        session_id: input.session_id as string,
        amount: input.amount as number,
        return_url: input.return_url as string,
        status: 'INITIALIZED',
        committed: false,
        created: new Date().toISOString(),
      });
      return send(response, 200, { token, url: `http://127.0.0.1:${port}/webpayserver/initTransaction` });
    }

    const match = new RegExp(`^${PATH}/([A-Za-z0-9]+)$`).exec(url.pathname);
    const token = match?.[1] ?? '';
    const transaction = transactions.get(token);
    if (match && !transaction) return send(response, 404, { error_message: 'Transaction not found' });
    if (match && transaction && request.method === 'PUT') {
      if (transaction.committed) {
        return send(response, 422, {
          error_message: 'Invalid status 2 for transaction while authorizing. Commerce will be notified',
        });
      }
      if (transaction.status === 'INITIALIZED' || transaction.status === 'ABORTED') {
        return send(response, 422, { error_message: `Invalid status ${transaction.status} for commit` });
      }
      transaction.committed = true;
      const lost = loseNext;
      loseNext = null;
      if (lost && 'status' in lost) return send(response, 500, { error_message: 'internal error' });
      if (lost) {
        setTimeout(() => send(response, 200, view(token, transaction)), lost.delayMs);
        return;
      }
      return send(response, 200, view(token, transaction));
    }
    if (match && transaction && request.method === 'GET') {
      return send(response, 200, view(token, transaction));
    }
    return send(response, 404, { error_message: `no route ${request.method} ${url.pathname}` });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const transactionOf = (token: string) => {
    const transaction = transactions.get(token);
    if (!transaction) throw new Error(`no fake transaction ${token}`);
    return transaction;
  };
  const count = (method: string, token: string) =>
    calls.filter((call) => call.method === method && call.path === `${PATH}/${token}`).length;

  return {
    url: `http://127.0.0.1:${port}`,
    transactions,
    calls,
    commits: (token) => count('PUT', token),
    statusQueries: (token) => count('GET', token),
    pay(token, result) {
      const transaction = transactionOf(token);
      if (transaction.status !== 'INITIALIZED') throw new Error('the form is closed');
      transaction.status = result;
      return { token_ws: token };
    },
    abort(token) {
      const transaction = transactionOf(token);
      transaction.status = 'ABORTED';
      return {
        TBK_TOKEN: token,
        TBK_ORDEN_COMPRA: transaction.buy_order,
        TBK_ID_SESION: transaction.session_id,
      };
    },
    timeOut(token) {
      const transaction = transactionOf(token);
      transaction.status = 'ABORTED';
      return { TBK_ORDEN_COMPRA: transaction.buy_order, TBK_ID_SESION: transaction.session_id };
    },
    loseNextCommitAnswer(how) {
      loseNext = how;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
