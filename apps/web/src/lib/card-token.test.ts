/// <reference types="node" />
/**
 * `cardTokenCreate` against a real local HTTP server (node:http on a free
 * port) that speaks Mercado Pago's card token protocol — `POST
 * /v1/card_tokens?public_key=`, its 400 `cause` codes, `GET
 * /v1/payment_methods/search` — and our sandbox's `POST
 * /api/sandbox/card_tokens`. The browser's `fetch` (happy-dom) does the
 * calls, CORS included; nothing of ours is mocked.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { checkoutMessages, orderErrorMessages } from '@comanda/domain/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CardDetails, CardTokenError, cardTokenCreate } from './card-token';

const PUBLIC_KEY = 'TEST-5d3c1a2b-public-key';

interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** What the server answers differently, per test. */
const behaviour = {
  /** Mercado Pago answers the token with a payment_method_id of its own. */
  tokenPaymentMethodId: null as string | null,
  /** Mercado Pago answers every call with this status (an outage). */
  outage: null as number | null,
};

/** Mercado Pago's test cards' BINs (first 8 digits) → their payment methods. */
const BINS: Record<string, { id: string; payment_type_id: string }[]> = {
  '45099535': [{ id: 'visa', payment_type_id: 'credit_card' }],
  '41700688': [{ id: 'debvisa', payment_type_id: 'debit_card' }],
  '50314332': [{ id: 'master', payment_type_id: 'credit_card' }],
};

let server: http.Server;
let base = '';
const received: Received[] = [];

function send(response: http.ServerResponse, status: number, body?: unknown) {
  response.writeHead(status, {
    // Mercado Pago's API is called from browsers: it answers CORS.
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'content-type, accept',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
  });
  response.end(body !== undefined ? JSON.stringify(body) : undefined);
}

const mpError = (status: number, cause: { code: string; description: string }[]) => ({
  message: 'bad_request',
  error: 'bad_request',
  status,
  cause,
});

async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? '/', base);
  let raw = '';
  for await (const chunk of request) raw += chunk;
  if (request.method === 'OPTIONS') return send(response, 204);
  const body = raw ? JSON.parse(raw) : undefined;
  received.push({
    method: request.method ?? '',
    path: url.pathname,
    query: url.searchParams,
    headers: request.headers,
    body,
  });

  // Our sandbox (apps/api/src/routes/api/sandbox): fields named as its form's.
  if (request.method === 'POST' && url.pathname === '/api/sandbox/card_tokens') {
    if (body.cardNumber !== '4509953566233704') {
      return send(response, 400, {
        message: 'Use una tarjeta de prueba',
        fields: { cardNumber: 'Use una tarjeta de prueba', cardholderName: 'Este campo está incompleto' },
      });
    }
    return send(response, 201, {
      id: 'sandbox-token-0001',
      paymentMethodId: 'visa',
      lastFourDigits: '3704',
      expiresAt: new Date().toISOString(),
    });
  }

  if (behaviour.outage) return send(response, behaviour.outage, { message: 'internal_error' });
  if (url.searchParams.get('public_key') !== PUBLIC_KEY) {
    return send(response, 401, { message: 'invalid public_key', error: 'unauthorized', status: 401 });
  }

  if (request.method === 'POST' && url.pathname === '/v1/card_tokens') {
    const cardholder = body?.cardholder ?? {};
    const cause = [
      /^\d{13,19}$/.test(String(body?.card_number))
        ? null
        : { code: 'E301', description: 'invalid parameter cardNumber' },
      /^\d{3,4}$/.test(String(body?.security_code))
        ? null
        : { code: 'E203', description: 'invalid parameter securityCode' },
      Number.isInteger(body?.expiration_month)
        ? null
        : { code: '325', description: 'invalid parameter expirationMonth' },
      Number.isInteger(body?.expiration_year) && body.expiration_year >= 1000
        ? null
        : { code: '326', description: 'invalid parameter expirationYear' },
      typeof cardholder.name === 'string' && cardholder.name !== ''
        ? null
        : { code: '221', description: 'parameter cardholderName can not be null/empty' },
      /^\d+$/.test(String(cardholder.identification?.number ?? ''))
        ? null
        : { code: '214', description: 'parameter docNumber can not be null/empty' },
    ].filter((item) => item !== null);
    if (cause.length > 0) return send(response, 400, mpError(400, cause));
    const number = String(body.card_number);
    return send(response, 201, {
      id: randomUUID().replace(/-/g, ''),
      first_six_digits: number.slice(0, 6),
      last_four_digits: number.slice(-4),
      expiration_month: body.expiration_month,
      expiration_year: body.expiration_year,
      cardholder,
      status: 'active',
      luhn_validation: true,
      live_mode: false,
      card_number_length: number.length,
      security_code_length: String(body.security_code).length,
      ...(behaviour.tokenPaymentMethodId ? { payment_method_id: behaviour.tokenPaymentMethodId } : {}),
    });
  }

  if (request.method === 'GET' && url.pathname === '/v1/payment_methods/search') {
    const results = BINS[url.searchParams.get('bins') ?? ''] ?? [];
    return send(response, 200, { paging: { total: results.length, limit: 30, offset: 0 }, results });
  }
  return send(response, 404, { message: 'not_found' });
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    handle(request, response).catch(() => send(response, 500, { message: 'fake failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // The storefront's page is served by our API: the sandbox is same-origin.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${base}/menu/fuego-palermo/checkout`,
  );
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  behaviour.tokenPaymentMethodId = null;
  behaviour.outage = null;
});

const card: CardDetails = {
  cardNumber: '4509 9535 6623 3704',
  cardName: ' APRO ',
  cardExpiry: '11/30',
  cardSecurityCode: '123',
  cardDocument: '30.123.456',
};

const mercadoPago = () => ({
  provider: 'MERCADOPAGO' as const,
  url: `${base}/v1/card_tokens`,
  publicKey: PUBLIC_KEY,
});

async function refusal(promise: Promise<unknown>): Promise<CardTokenError> {
  const error = await promise.then(
    () => expect.fail('tokenization should have failed'),
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(CardTokenError);
  return error as CardTokenError;
}

describe('cardTokenCreate with Mercado Pago', () => {
  it("posts Mercado Pago's card token body with the public key; the answer's id is the token", async () => {
    const made = await cardTokenCreate(mercadoPago(), card);
    const create = received.find((request) => request.path === '/v1/card_tokens');
    expect(create?.method).toBe('POST');
    expect(create?.query.get('public_key')).toBe(PUBLIC_KEY);
    expect(create?.headers['content-type']).toBe('application/json');
    expect(create?.headers.cookie).toBeUndefined();
    expect(create?.body).toEqual({
      card_number: '4509953566233704',
      expiration_month: 11,
      expiration_year: 2030,
      security_code: '123',
      cardholder: { name: 'APRO', identification: { type: 'DNI', number: '30123456' } },
    });
    expect(made.token).toMatch(/^[0-9a-f]{32}$/);
    expect(made.paymentMethodId).toBe('visa');
  });

  it('without payment_method_id in the answer, asks Mercado Pago for the BIN’s (first 8 digits)', async () => {
    const made = await cardTokenCreate(mercadoPago(), { ...card, cardNumber: '4170 0688 1010 8020' });
    const search = received.find((request) => request.path === '/v1/payment_methods/search');
    expect(search?.method).toBe('GET');
    expect(search?.query.get('public_key')).toBe(PUBLIC_KEY);
    expect(search?.query.get('bins')).toBe('41700688');
    expect(made.paymentMethodId).toBe('debvisa');
  });

  it("uses the answer's payment_method_id when it has one, without a lookup", async () => {
    behaviour.tokenPaymentMethodId = 'master';
    const made = await cardTokenCreate(mercadoPago(), { ...card, cardNumber: '5031 4332 1540 6351' });
    expect(made.paymentMethodId).toBe('master');
    expect(received.map((request) => request.path)).toEqual(['/v1/card_tokens']);
  });

  it("maps Mercado Pago's refused fields to the card form, with the spec's card message", async () => {
    const error = await refusal(
      cardTokenCreate(mercadoPago(), { ...card, cardNumber: '4509', cardSecurityCode: '12' }),
    );
    expect(error.reason).toBe('CARD');
    expect(error.message).toBe('Debe completar correctamente los campos de la tarjeta para continuar.');
    expect(error.fields).toEqual({
      cardNumber: checkoutMessages.cardFieldsInvalid,
      cardSecurityCode: checkoutMessages.cardFieldsInvalid,
    });
  });

  it('a BIN Mercado Pago does not know is a card error on the number', async () => {
    const error = await refusal(
      cardTokenCreate(mercadoPago(), { ...card, cardNumber: '9999 0000 0000 0000' }),
    );
    expect(error.reason).toBe('CARD');
    expect(Object.keys(error.fields)).toEqual(['cardNumber']);
  });

  it('a malformed expiry is refused before anything is sent', async () => {
    const error = await refusal(cardTokenCreate(mercadoPago(), { ...card, cardExpiry: '13/30' }));
    expect(error.reason).toBe('CARD');
    expect(Object.keys(error.fields)).toEqual(['cardExpiry']);
    expect(received).toHaveLength(0);
  });

  it('a refused public key, an outage or no network: unavailable, with the spec’s payment message', async () => {
    const wrongKey = await refusal(cardTokenCreate({ ...mercadoPago(), publicKey: 'TEST-other' }, card));
    expect(wrongKey.reason).toBe('UNAVAILABLE');
    expect(wrongKey.message).toBe(orderErrorMessages.paymentStartFailed);

    behaviour.outage = 503;
    expect((await refusal(cardTokenCreate(mercadoPago(), card))).reason).toBe('UNAVAILABLE');

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    await new Promise((resolve) => closed.close(resolve));
    const port = typeof address === 'object' && address ? address.port : 0;
    const offline = await refusal(
      cardTokenCreate({ ...mercadoPago(), url: `http://127.0.0.1:${port}/v1/card_tokens` }, card),
    );
    expect(offline.reason).toBe('UNAVAILABLE');
  });

  it('sends card data to no plain-http host but this machine', async () => {
    const error = await refusal(
      cardTokenCreate({ ...mercadoPago(), url: 'http://api.mercadopago.example/v1/card_tokens' }, card),
    );
    expect(error.reason).toBe('UNAVAILABLE');
  });
});

describe('cardTokenCreate with the sandbox', () => {
  const sandbox = { provider: 'SANDBOX' as const, url: '/api/sandbox/card_tokens' };

  it('posts the sandbox body to our API and answers its token and payment method', async () => {
    const made = await cardTokenCreate(sandbox, card);
    expect(made).toEqual({ token: 'sandbox-token-0001', paymentMethodId: 'visa' });
    const [create] = received;
    expect(create?.path).toBe('/api/sandbox/card_tokens');
    expect(create?.body).toEqual({
      cardNumber: '4509953566233704',
      cardholderName: 'APRO',
      cardExpiry: '11/30',
      securityCode: '123',
      identificationType: 'DNI',
      identificationNumber: '30123456',
    });
  });

  it("maps the sandbox's field errors to the card form's fields", async () => {
    const error = await refusal(cardTokenCreate(sandbox, { ...card, cardNumber: '4000 0000 0000 0010' }));
    expect(error.reason).toBe('CARD');
    expect(error.message).toBe(checkoutMessages.cardFieldsIncomplete);
    expect(error.fields).toEqual({
      cardNumber: 'Use una tarjeta de prueba',
      cardName: 'Este campo está incompleto',
    });
  });

  it('never follows a sandbox URL outside our API', async () => {
    const error = await refusal(
      cardTokenCreate({ ...sandbox, url: `${base}/api/sandbox/card_tokens` }, card),
    );
    expect(error.reason).toBe('UNAVAILABLE');
    expect(received).toHaveLength(0);
  });
});
