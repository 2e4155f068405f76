/**
 * A local HTTP server that speaks Mercado Pago's documented API, for the
 * adapter's tests (the network edge is the only thing faked):
 *
 * - `POST /v1/card_tokens?public_key=…`: what the browser calls (no access
 *   token): one of the configured public keys required (401 otherwise), the
 *   card validated (number, month, 4-digit year, security code, cardholder);
 *   answers `{id, first_six_digits, last_four_digits, …}` without a
 *   payment_method_id, like Mercado Pago. The token belongs to the public key's
 *   application: only that application's access token can pay with it.
 * - `POST /v1/payments`: Bearer access token required (401 otherwise),
 *   `X-Idempotency-Key` required (400 otherwise) and honoured (a repeated key
 *   answers the first payment and charges nothing), the body validated, the
 *   card token single-use. The outcome follows Mercado Pago's test cardholder
 *   names: APRO approves, OTHE rejects, CONT stays in process.
 * - `GET /v1/payments/{id}`: the payment as it is now (tests move it with `setStatus`).
 * - `POST /checkout/preferences`: a Checkout Pro preference → `init_point`;
 *   `payPreference` plays a buyer paying it.
 * - Webhooks: `notify` POSTs to the payment's `notification_url` with
 *   `?data.id=…&type=payment`, `x-request-id` and
 *   `x-signature: ts=…,v1=HMAC-SHA256(secret, "id:{data.id};request-id:{x-request-id};ts:{ts};")`.
 *   The manifest is written here from the documentation, not taken from the adapter.
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';

type Outcome = 'APRO' | 'OTHE' | 'CONT';

/** A payment as the fake keeps it (Mercado Pago's field names). */
export interface FakeMpPayment {
  id: number;
  status: string;
  status_detail: string;
  transaction_amount: number;
  currency_id: string;
  description: string;
  external_reference: string | null;
  notification_url: string | null;
  payment_method_id: string;
  installments: number;
  payer: Record<string, unknown>;
  card: { last_four_digits: string };
  date_created: string;
}

/** A request the fake received. */
export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A notification the fake sent, and how our API answered. */
export interface SentNotification {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  status: number;
  answer: unknown;
}

export interface FakeMercadoPago {
  url: string;
  requests: FakeRequest[];
  payments: Map<number, FakeMpPayment>;
  preferences: Map<string, Record<string, unknown>>;
  /** A card token as Mercado Pago's browser SDK makes it; the cardholder name decides the outcome. */
  cardToken(outcome: Outcome, paymentMethodId?: string): string;
  /** Makes the next create of a payment take effect and then answer 500 (a lost answer). */
  loseNextCreateAnswer(): void;
  setStatus(id: number, status: string, detail?: string): void;
  setAmount(id: number, amount: number): void;
  /** A buyer pays a Checkout Pro preference: a payment with its external reference. */
  payPreference(preferenceId: string, outcome: Outcome): FakeMpPayment;
  /** Sends the payment's webhook, signed with `secret` (or a broken signature). */
  notify(id: number, options: { secret: string; signedDataId?: string }): Promise<SentNotification>;
  /** Sends a notification again, byte for byte (a replay). */
  resend(sent: SentNotification): Promise<SentNotification>;
  /** GET /v1/payments/{id} requests received for a payment. */
  statusQueries(id: number): number;
  close(): Promise<void>;
}

const STATUS: Record<Outcome, { status: string; detail: string }> = {
  APRO: { status: 'approved', detail: 'accredited' },
  OTHE: { status: 'rejected', detail: 'cc_rejected_other_reason' },
  CONT: { status: 'in_process', detail: 'pending_contingency' },
};

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
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const error = (status: number, message: string, code = 'bad_request') => ({
  message,
  error: code,
  status,
  cause: [],
});

/** Starts the fake on a free local port. `accessTokens` are the Bearer tokens it accepts. */
export async function fakeMercadoPagoStart(options: {
  accessTokens: string[];
  /** Public key → the access token of the same application. */
  publicKeys?: Record<string, string>;
  /** The first payment id (two fakes in one test stand for one Mercado Pago: ids never repeat). */
  firstPaymentId?: number;
}): Promise<FakeMercadoPago> {
  const requests: FakeRequest[] = [];
  const payments = new Map<number, FakeMpPayment>();
  const preferences = new Map<string, Record<string, unknown>>();
  /** `owner`: the access token that may pay with it (undefined: any, for tokens made by `cardToken`). */
  const tokens = new Map<
    string,
    { outcome: Outcome; paymentMethodId: string; used: boolean; owner?: string }
  >();
  const byIdempotencyKey = new Map<string, number>();
  let nextId = (options.firstPaymentId ?? 1_300_000_001) - 1;
  let loseNextCreate = false;

  const paymentCreate = (
    values: Omit<FakeMpPayment, 'id' | 'date_created' | 'status' | 'status_detail'>,
    outcome: Outcome,
  ) => {
    nextId += 1;
    const payment: FakeMpPayment = {
      id: nextId,
      status: STATUS[outcome].status,
      status_detail: STATUS[outcome].detail,
      ...values,
      date_created: new Date().toISOString(),
    };
    payments.set(payment.id, payment);
    return payment;
  };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const raw = await readBody(request);
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return send(response, 400, error(400, 'invalid JSON'));
    }
    requests.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, body });

    if (request.method === 'POST' && url.pathname === '/v1/card_tokens') {
      const owner = options.publicKeys?.[url.searchParams.get('public_key') ?? ''];
      if (!owner) return send(response, 401, error(401, 'invalid public_key', 'unauthorized'));
      const input = (body ?? {}) as Record<string, unknown>;
      const cardholder = (input.cardholder ?? {}) as Record<string, unknown>;
      const identification = (cardholder.identification ?? {}) as Record<string, unknown>;
      const number = String(input.card_number ?? '');
      const month = Number(input.expiration_month);
      const year = Number(input.expiration_year);
      const problems = [
        /^\d{13,19}$/.test(number) ? null : { code: 'E301', description: 'invalid parameter cardNumber' },
        Number.isInteger(month) && month >= 1 && month <= 12
          ? null
          : { code: '325', description: 'invalid parameter expirationMonth' },
        Number.isInteger(year) && year >= 2000 && year <= 2099
          ? null
          : { code: '326', description: 'invalid parameter expirationYear' },
        /^\d{3,4}$/.test(String(input.security_code ?? ''))
          ? null
          : { code: 'E203', description: 'invalid parameter securityCode' },
        typeof cardholder.name === 'string' && cardholder.name.trim() !== ''
          ? null
          : { code: '221', description: 'parameter cardholderName can not be null/empty' },
        typeof identification.type === 'string' && typeof identification.number === 'string'
          ? null
          : { code: '214', description: 'parameter docNumber can not be null/empty' },
      ].filter((problem) => problem !== null);
      if (problems.length > 0) {
        return send(response, 400, { ...error(400, 'bad_request'), cause: problems });
      }
      const name = String(cardholder.name).trim().toUpperCase();
      const outcome: Outcome = name === 'OTHE' || name === 'CONT' ? name : 'APRO';
      const id = randomUUID().replace(/-/g, '');
      tokens.set(id, {
        outcome,
        paymentMethodId: number.startsWith('5') ? 'master' : 'visa',
        used: false,
        owner,
      });
      return send(response, 201, {
        id,
        first_six_digits: number.slice(0, 6),
        last_four_digits: number.slice(-4),
        expiration_month: month,
        expiration_year: year,
        cardholder: { name: cardholder.name, identification },
        status: 'active',
        date_created: new Date().toISOString(),
        date_due: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        luhn_validation: true,
        live_mode: false,
        card_number_length: number.length,
        security_code_length: String(input.security_code).length,
      });
    }

    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !options.accessTokens.includes(bearer)) {
      return send(response, 401, error(401, 'invalid access token', 'unauthorized'));
    }

    if (request.method === 'POST' && url.pathname === '/v1/payments') {
      const key = request.headers['x-idempotency-key'];
      if (typeof key !== 'string' || key.length === 0) {
        return send(response, 400, error(400, 'Header X-Idempotency-Key is required'));
      }
      const known = byIdempotencyKey.get(key);
      if (known !== undefined) return send(response, 200, payments.get(known));
      const input = (body ?? {}) as Record<string, unknown>;
      const payer = (input.payer ?? {}) as Record<string, unknown>;
      const identification = (payer.identification ?? {}) as Record<string, unknown>;
      const token = tokens.get(String(input.token));
      const problems = [
        typeof input.transaction_amount !== 'number' || input.transaction_amount <= 0
          ? 'transaction_amount must be a positive number'
          : null,
        !token || token.used || (token.owner !== undefined && token.owner !== bearer)
          ? 'Invalid card_token_id'
          : null,
        token && input.payment_method_id !== token.paymentMethodId ? 'Invalid payment_method_id' : null,
        !Number.isInteger(input.installments) || (input.installments as number) < 1
          ? 'Invalid installments'
          : null,
        typeof identification.type !== 'string' || typeof identification.number !== 'string'
          ? 'Invalid payer.identification'
          : null,
        typeof input.external_reference !== 'string' ? 'external_reference is required' : null,
        typeof input.notification_url !== 'string' || !/^https?:\/\//.test(input.notification_url)
          ? 'notification_url must be an URL'
          : null,
      ].filter(Boolean);
      if (problems.length > 0 || !token) return send(response, 400, error(400, String(problems[0])));
      token.used = true;
      const payment = paymentCreate(
        {
          transaction_amount: input.transaction_amount as number,
          currency_id: 'ARS',
          description: String(input.description ?? ''),
          external_reference: input.external_reference as string,
          notification_url: input.notification_url as string,
          payment_method_id: token.paymentMethodId,
          installments: input.installments as number,
          payer,
          card: { last_four_digits: '3704' },
        },
        token.outcome,
      );
      byIdempotencyKey.set(key, payment.id);
      if (loseNextCreate) {
        loseNextCreate = false;
        return send(response, 500, error(500, 'internal_error', 'internal_error'));
      }
      return send(response, 201, payment);
    }

    const paymentPath = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
    if (request.method === 'GET' && paymentPath) {
      const payment = payments.get(Number(paymentPath[1]));
      return payment
        ? send(response, 200, payment)
        : send(response, 404, error(404, 'Payment not found', 'not_found'));
    }

    if (request.method === 'POST' && url.pathname === '/checkout/preferences') {
      const input = (body ?? {}) as Record<string, unknown>;
      const items = input.items as {
        title?: unknown;
        quantity?: unknown;
        unit_price?: unknown;
        currency_id?: unknown;
      }[];
      const valid =
        Array.isArray(items) &&
        items.length > 0 &&
        items.every(
          (item) =>
            typeof item.title === 'string' &&
            Number.isInteger(item.quantity) &&
            typeof item.unit_price === 'number' &&
            typeof item.currency_id === 'string',
        );
      if (!valid) return send(response, 400, error(400, 'items are invalid'));
      const id = `123456789-${randomUUID()}`;
      const preference = {
        ...input,
        id,
        init_point: `http://fake-mercadopago.test/checkout/v1/redirect?pref_id=${id}`,
        sandbox_init_point: `http://sandbox.fake-mercadopago.test/checkout/v1/redirect?pref_id=${id}`,
        date_created: new Date().toISOString(),
      };
      preferences.set(id, preference);
      return send(response, 201, preference);
    }

    return send(response, 404, error(404, `no route ${request.method} ${url.pathname}`, 'not_found'));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  async function post(url: string, headers: Record<string, string>, body: Record<string, unknown>) {
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await response.text();
    let answer: unknown = text;
    try {
      answer = JSON.parse(text);
    } catch {
      // Not JSON: keep the text.
    }
    return { url, headers, body, status: response.status, answer };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    payments,
    preferences,
    cardToken(outcome, paymentMethodId = 'visa') {
      const id = randomUUID().replace(/-/g, '');
      tokens.set(id, { outcome, paymentMethodId, used: false });
      return id;
    },
    loseNextCreateAnswer() {
      loseNextCreate = true;
    },
    setStatus(id, status, detail = status === 'approved' ? 'accredited' : status) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no fake payment ${id}`);
      payment.status = status;
      payment.status_detail = detail;
    },
    setAmount(id, amount) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no fake payment ${id}`);
      payment.transaction_amount = amount;
    },
    payPreference(preferenceId, outcome) {
      const preference = preferences.get(preferenceId) as
        | {
            items: { unit_price: number; quantity: number; currency_id: string; title: string }[];
            external_reference?: string;
            notification_url?: string;
          }
        | undefined;
      if (!preference) throw new Error(`no preference ${preferenceId}`);
      const item = preference.items[0];
      return paymentCreate(
        {
          transaction_amount: preference.items.reduce(
            (sum, line) => sum + line.unit_price * line.quantity,
            0,
          ),
          currency_id: item?.currency_id ?? 'ARS',
          description: item?.title ?? '',
          external_reference: preference.external_reference ?? null,
          notification_url: preference.notification_url ?? null,
          payment_method_id: 'visa',
          installments: 1,
          payer: { email: 'buyer@example.com' },
          card: { last_four_digits: '3704' },
        },
        outcome,
      );
    },
    async notify(id, { secret, signedDataId }) {
      const payment = payments.get(id);
      if (!payment?.notification_url) throw new Error(`no notification_url for payment ${id}`);
      const requestId = randomUUID();
      const ts = String(Math.floor(Date.now() / 1000));
      const manifest = `id:${(signedDataId ?? String(id)).toLowerCase()};request-id:${requestId};ts:${ts};`;
      const v1 = createHmac('sha256', secret).update(manifest).digest('hex');
      const target = new URL(payment.notification_url);
      target.searchParams.set('data.id', String(id));
      target.searchParams.set('type', 'payment');
      return post(
        target.toString(),
        { 'content-type': 'application/json', 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
        {
          id: Math.floor(Math.random() * 1e12),
          live_mode: false,
          type: 'payment',
          date_created: new Date().toISOString(),
          user_id: 123456789,
          api_version: 'v1',
          action: 'payment.updated',
          data: { id: String(id) },
        },
      );
    },
    resend(sent) {
      return post(sent.url, sent.headers, sent.body);
    },
    statusQueries(id) {
      return requests.filter((request) => request.method === 'GET' && request.path === `/v1/payments/${id}`)
        .length;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
