/**
 * The Webpay Plus adapter against a local server speaking Transbank's REST
 * protocol (`support/fake-webpay.ts`), with PAYMENTS_PROVIDER=live: create →
 * the browser POSTs token_ws → return → commit exactly once (a second or
 * concurrent return never commits again; a lost commit answer is resolved
 * with a status query), abort with TBK_TOKEN, form time-out.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, paymentProviderAccounts } from '../src/db/schema/tenant';
import type { PaymentsConfig } from '../src/payments/config';
import { tenantLoad } from './support/diner-fixture';
import { type FakeWebpay, fakeWebpayStart } from './support/fake-webpay';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import {
  commitStartedAt,
  generousOrderLimits,
  inject,
  orderRow,
  paymentOrderPlace,
  paymentRows,
  paymentsTenant,
  paymentsTestConfig,
} from './support/payments-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const COMMERCE = '597055555532';
const API_KEY = 'test-webpay-api-key-0123456789';

describe.each(testDatabaseKinds())('Webpay Plus adapter on %s', (kind) => {
  let fake: FakeWebpay;
  const payments: PaymentsConfig = paymentsTestConfig({
    provider: 'live',
    providerTimeoutMs: 400,
    transbank: { commerceCode: COMMERCE, apiKey: API_KEY, baseUrl: 'http://unset' },
  });
  beforeAll(async () => {
    fake = await fakeWebpayStart({ commerceCode: COMMERCE, apiKey: API_KEY });
    payments.transbank.baseUrl = fake.url;
  });
  const ctx = useTestApp(kind, { rateLimits: generousOrderLimits, payments });
  afterAll(async () => fake?.close());

  let santiago: LocationIds;
  let misconfigured: LocationIds;

  beforeAll(async () => {
    await tenantLoad(ctx, paymentsTenant({ prefix: 'andes', cardProvider: 'TRANSBANK' }));
    await tenantLoad(ctx, paymentsTenant({ prefix: 'cordillera', cardProvider: 'WEBPAY' }));
    const [company] = await ctx.database.db.select().from(companies).where(eq(companies.alias, 'cordillera'));
    // This tenant has its own Transbank account, with a key the fake does not accept.
    await ctx.database.db.insert(paymentProviderAccounts).values({
      companyId: company?.id ?? 0,
      provider: 'TRANSBANK',
      commerceCode: COMMERCE,
      apiKey: 'revoked-key',
      baseUrl: fake.url,
    });
    ctx.app.clock.pin(WEDNESDAY_1300);
    santiago = await locationIds(ctx, 'andes-palermo');
    misconfigured = await locationIds(ctx, 'cordillera-palermo');
  });

  const start = (code: string, location: LocationIds = santiago) =>
    inject(ctx, 'POST', `/api/callback/transbank/${location.id}-${code}`);
  const returnPost = (fields: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webpay/return',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const startedOrder = async () => {
    const order = await paymentOrderPlace(ctx, santiago, 'CARD_ONLINE');
    const started = await start(order.code);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    return { order, token: started.body.token as string, started: started.body };
  };

  it('creates the transaction as documented and commits it once on return', async () => {
    const { order, token, started } = await startedOrder();
    const create = fake.calls.find((call) => call.method === 'POST' && call.path.endsWith('/transactions'));
    expect(create?.headers['tbk-api-key-id']).toBe(COMMERCE);
    expect(create?.headers['tbk-api-key-secret']).toBe(API_KEY);
    const [payment] = await paymentRows(ctx, order.code);
    expect(fake.transactions.get(token)).toMatchObject({
      buy_order: `${order.code}-${payment?.id}`,
      session_id: String(payment?.id),
      amount: order.price,
      return_url: `${ctx.config.publicUrl}/api/payments/webpay/return`,
    });
    expect(started).toMatchObject({
      url: `${fake.url}/webpayserver/initTransaction`,
      method: 'POST',
      tokenField: 'token_ws',
    });
    expect(payment).toMatchObject({ provider: 'TRANSBANK', status: 'PENDING', providerPaymentId: token });

    // The browser POSTs token_ws to Webpay's form (what our redirect page does).
    const form = await fetch(started.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token_ws=${token}`,
    });
    expect(form.status).toBe(200);

    const returned = await returnPost(fake.pay(token, 'AUTHORIZED'));
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`/menu/andes-palermo/order/${order.code}?token_ws=${token}`);
    expect(fake.commits(token)).toBe(1);
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PAID');
    const [paid] = await paymentRows(ctx, order.code);
    expect(paid).toMatchObject({ status: 'APPROVED' });
    expect(paid?.detail).toMatchObject({ lastFourDigits: '6623', providerStatus: 'AUTHORIZED/0' });

    // Back again (reload, back button, a GET this time): nothing is committed twice.
    const again = await inject(ctx, 'GET', `/api/payments/webpay/return?token_ws=${token}`);
    expect(again.status).toBe(303);
    expect(fake.commits(token)).toBe(1);
  });

  it('commits once when the browser returns twice at the same moment', async () => {
    const { order, token } = await startedOrder();
    const fields = fake.pay(token, 'AUTHORIZED');
    const answers = await Promise.all([returnPost(fields), returnPost(fields), returnPost(fields)]);
    for (const answer of answers) expect(answer.statusCode).toBe(303);
    expect(fake.commits(token)).toBe(1);
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PAID');
  });

  it('records a card refused on the form', async () => {
    const { order, token } = await startedOrder();
    const returned = await returnPost(fake.pay(token, 'FAILED'));
    expect(returned.statusCode).toBe(303);
    expect(fake.commits(token)).toBe(1);
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('REJECTED');
    expect((await paymentRows(ctx, order.code))[0]?.status).toBe('REJECTED');
  });

  it('a commit whose answer is lost (500) is resolved by a status query, never a second commit', async () => {
    const { order, token } = await startedOrder();
    fake.loseNextCommitAnswer({ status: 500 });
    const returned = await returnPost(fake.pay(token, 'AUTHORIZED'));
    expect(returned.statusCode).toBe(303);
    expect(fake.commits(token)).toBe(1);
    expect(fake.statusQueries(token)).toBe(1);
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PAID');
    const [payment] = await paymentRows(ctx, order.code);
    expect(payment?.detail).toMatchObject({ commit: { lost: true } });
    await returnPost({ token_ws: token });
    expect(fake.commits(token)).toBe(1);
  });

  it('a commit that times out is resolved by a status query, and a later return does not commit', async () => {
    const { order, token } = await startedOrder();
    fake.loseNextCommitAnswer({ delayMs: 1_500 });
    const returned = await returnPost(fake.pay(token, 'AUTHORIZED'));
    expect(returned.statusCode).toBe(303);
    expect(fake.commits(token)).toBe(1);
    expect(fake.statusQueries(token)).toBeGreaterThanOrEqual(1);
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PAID');
    const claimed = commitStartedAt((await paymentRows(ctx, order.code))[0]);
    await returnPost({ token_ws: token });
    expect(fake.commits(token)).toBe(1);
    expect(commitStartedAt((await paymentRows(ctx, order.code))[0])).toBe(claimed);
  });

  it('an abort (TBK_TOKEN) and a form error (both tokens) are never committed', async () => {
    const aborted = await startedOrder();
    const back = await returnPost(fake.abort(aborted.token));
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(
      `/menu/andes-palermo/order/${aborted.order.code}?token_ws=${aborted.token}`,
    );
    expect(fake.commits(aborted.token)).toBe(0);
    expect((await paymentRows(ctx, aborted.order.code))[0]).toMatchObject({
      status: 'CANCELED',
      detail: expect.objectContaining({ returnedAs: 'ABORTED' }),
    });
    expect((await orderRow(ctx, aborted.order.code)).paymentStatus).toBe('PENDING');

    const broken = await startedOrder();
    const fields = { token_ws: broken.token, ...fake.abort(broken.token) };
    expect((await returnPost(fields)).statusCode).toBe(303);
    expect(fake.commits(broken.token)).toBe(0);
    expect((await paymentRows(ctx, broken.order.code))[0]?.status).toBe('CANCELED');
  });

  it('a form time-out (only TBK_ORDEN_COMPRA and TBK_ID_SESION) expires the transaction', async () => {
    const { order, token } = await startedOrder();
    const back = await returnPost(fake.timeOut(token));
    expect(back.statusCode).toBe(303);
    expect(fake.commits(token)).toBe(0);
    expect((await paymentRows(ctx, order.code))[0]?.status).toBe('EXPIRED');
    // A forged time-out naming another order's buy order finds nothing.
    const other = await startedOrder();
    const forged = await returnPost({
      TBK_ORDEN_COMPRA: `${order.code}-1`,
      TBK_ID_SESION: String((await paymentRows(ctx, other.order.code))[0]?.id),
    });
    expect(forged.statusCode).toBe(404);
  });

  it('a new start cancels the unfinished one: its late return is not committed', async () => {
    const first = await startedOrder();
    const second = await start(first.order.code);
    expect(second.status).toBe(201);
    const late = await returnPost(fake.pay(first.token, 'AUTHORIZED'));
    expect(late.statusCode).toBe(303);
    expect(fake.commits(first.token)).toBe(0);
    expect((await orderRow(ctx, first.order.code)).paymentStatus).not.toBe('PAID');
    await returnPost(fake.pay(second.body.token, 'AUTHORIZED'));
    expect(fake.commits(second.body.token)).toBe(1);
    expect((await orderRow(ctx, first.order.code)).paymentStatus).toBe('PAID');
    expect((await start(first.order.code)).status).toBe(409);
  });

  it('uses the tenant’s own account: a key Transbank refuses fails the start with the spec message', async () => {
    const order = await paymentOrderPlace(ctx, misconfigured, 'CARD_ONLINE');
    const started = await inject(ctx, 'POST', `/api/callback/webpay/${misconfigured.id}-${order.code}`);
    expect(started.status).toBe(502);
    expect(started.body.message).toBe(
      'Tuvimos un problema al generar el pago de tu pedido. Por favor intente nuevamente más tarde.',
    );
    const refused = fake.calls.at(-1);
    expect(refused?.headers['tbk-api-key-secret']).toBe('revoked-key');
    expect((await paymentRows(ctx, order.code))[0]?.status).toBe('CANCELED');
  });

  it('has no card-token flow: POST /api/order/payment is refused for a Webpay order', async () => {
    const order = await paymentOrderPlace(ctx, santiago, 'CARD_ONLINE');
    const refused = await inject(
      ctx,
      'POST',
      '/api/order/payment',
      {
        token: 'abcdefgh12345678',
        paymentMethodId: 'visa',
        dinerOrderId: order.code,
        cardName: 'ANA',
        identificationType: 'DNI',
        identificationNumber: '30123456',
      },
      { 'idempotency-key': 'key-webpay-order-1' },
    );
    expect(refused.status).toBe(409);
  });
});
