/**
 * A Mercado Pago notification settles only a payment of the account that
 * verified it, of that account's company, at the order's amount and currency
 * (ADR 016). Two tenants, each with its own Mercado Pago account row and its
 * own local server speaking Mercado Pago's protocol (one Mercado Pago: payment
 * ids never repeat across them); the API listens on a real port so the fakes'
 * webhooks arrive over HTTP.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentNotifications } from '../src/db/schema/orders';
import { companies, paymentProviderAccounts } from '../src/db/schema/tenant';
import type { PaymentsConfig } from '../src/payments/config';
import { tenantLoad } from './support/diner-fixture';
import { type FakeMercadoPago, fakeMercadoPagoStart } from './support/fake-mercadopago';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import {
  freePort,
  generousOrderLimits,
  inject,
  orderRow,
  paymentOrderPlace,
  paymentRows,
  paymentsTenant,
  paymentsTestConfig,
} from './support/payments-fixture';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

const A_TOKEN = 'APP_USR-fuego-aaaa';
const A_SECRET = 'fuego-webhook-secret';
const B_TOKEN = 'APP_USR-llama-bbbb';
const B_SECRET = 'llama-webhook-secret';
const ENV_TOKEN = 'APP_USR-env-eeee';
const ENV_SECRET = 'env-webhook-secret';

/** Gives company `alias` its own Mercado Pago account on `fake`; answers the account's id. */
async function accountAdd(
  ctx: TestContext,
  alias: string,
  fake: FakeMercadoPago,
  token: string,
  secret: string,
) {
  const [company] = await ctx.database.db.select().from(companies).where(eq(companies.alias, alias));
  const [account] = await ctx.database.db
    .insert(paymentProviderAccounts)
    .values({
      companyId: company?.id ?? 0,
      provider: 'MERCADOPAGO',
      accessToken: token,
      webhookSecret: secret,
      baseUrl: fake.url,
    })
    .returning();
  return account?.id ?? 0;
}

/**
 * What the owner of another Mercado Pago account can do: charge a card on
 * their own account with our external reference of someone else's payment,
 * any amount, and have the webhook sent wherever they like.
 */
async function foreignPayment(
  fake: FakeMercadoPago,
  token: string,
  values: { amount: number; externalReference: string; notificationUrl: string },
): Promise<number> {
  const response = await fetch(`${fake.url}/v1/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      transaction_amount: values.amount,
      token: fake.cardToken('APRO'),
      description: 'x',
      installments: 1,
      payment_method_id: 'visa',
      payer: { identification: { type: 'DNI', number: '11111111' } },
      external_reference: values.externalReference,
      notification_url: values.notificationUrl,
    }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

describe.each(testDatabaseKinds())('Mercado Pago notifications scoped to their account on %s', (kind) => {
  let fakeA: FakeMercadoPago;
  let fakeB: FakeMercadoPago;
  let port = 0;
  const payments: PaymentsConfig = paymentsTestConfig({
    provider: 'live',
    resultWaitMs: 0,
    mercadopago: {
      accessToken: ENV_TOKEN,
      webhookSecret: ENV_SECRET,
      publicKey: undefined,
      baseUrl: 'http://unset',
    },
  });
  const overrides = { rateLimits: generousOrderLimits, payments, publicUrl: 'http://unset' };

  beforeAll(async () => {
    fakeA = await fakeMercadoPagoStart({ accessTokens: [A_TOKEN] });
    fakeB = await fakeMercadoPagoStart({ accessTokens: [B_TOKEN, ENV_TOKEN], firstPaymentId: 1_400_000_001 });
    payments.mercadopago.baseUrl = fakeB.url;
    port = await freePort();
    overrides.publicUrl = `http://127.0.0.1:${port}`;
  });
  const ctx = useTestApp(kind, overrides);
  afterAll(async () => {
    await fakeA?.close();
    await fakeB?.close();
  });

  let fuego: LocationIds;
  let accountA = 0;
  let accountB = 0;
  const url = (tail: string) => `${ctx.config.publicUrl}/api/payments/notifications/mercadopago${tail}`;

  beforeAll(async () => {
    await ctx.app.listen({ port, host: '127.0.0.1' });
    await tenantLoad(ctx, paymentsTenant());
    await tenantLoad(ctx, paymentsTenant({ prefix: 'llama' }));
    accountA = await accountAdd(ctx, 'fuego', fakeA, A_TOKEN, A_SECRET);
    accountB = await accountAdd(ctx, 'llama', fakeB, B_TOKEN, B_SECRET);
    ctx.app.clock.pin(WEDNESDAY_1300);
    fuego = await locationIds(ctx, 'fuego-palermo');
  });

  const notificationCount = async () =>
    (await ctx.database.db.select({ n: count() }).from(paymentNotifications))[0]?.n ?? 0;

  /** A payment-link order of company A with its link made on A's account: unpaid, waiting. */
  async function linkOrder() {
    const order = await paymentOrderPlace(ctx, fuego, 'PAYMENT_LINK');
    const link = await inject(ctx, 'POST', '/api/paymenturl', {
      code: order.code,
      branchContactId: fuego.id,
      amount: order.price,
    });
    expect(link.status).toBe(201);
    const [row] = await paymentRows(ctx, order.code);
    if (!row) throw new Error('no payment row');
    return { ...order, link: link.body.token as string, payment: row, reference: `${order.code}-${row.id}` };
  }

  it('records the account on the payment and hands Mercado Pago the URL with it in the path', async () => {
    const order = await linkOrder();
    expect(order.payment.providerAccountId).toBe(accountA);
    expect(fakeA.preferences.get(order.link)).toMatchObject({
      notification_url: url(`/${accountA}`),
      external_reference: order.reference,
    });
  });

  it('refuses a notification signed by company B’s account about company A’s payment', async () => {
    const order = await linkOrder();
    const before = await notificationCount();
    // Both URL forms B could send it to: its own account's, and the deprecated `?account=`.
    for (const target of [url(`/${accountB}`), url(`?account=${accountB}`)]) {
      const id = await foreignPayment(fakeB, B_TOKEN, {
        amount: order.price,
        externalReference: order.reference,
        notificationUrl: target,
      });
      const sent = await fakeB.notify(id, { secret: B_SECRET });
      expect(sent.status).toBe(200);
      // The same answer as for a payment nobody knows: nothing about company A.
      expect(sent.answer).toEqual({ received: true, outcome: 'IGNORED' });
    }
    // Signed by B but sent to A's URL: B's signature does not verify with A's secret.
    const id = await foreignPayment(fakeB, B_TOKEN, {
      amount: order.price,
      externalReference: order.reference,
      notificationUrl: url(`/${accountA}`),
    });
    expect((await fakeB.notify(id, { secret: B_SECRET })).status).toBe(401);

    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PENDING');
    const [after] = await paymentRows(ctx, order.code);
    expect(after).toMatchObject({ status: 'PENDING', providerPaymentId: null });
    expect(await notificationCount()).toBe(before);
  });

  it('refuses, through the environment’s account, a payment a tenant account made', async () => {
    const order = await linkOrder();
    const id = await foreignPayment(fakeB, ENV_TOKEN, {
      amount: order.price,
      externalReference: order.reference,
      notificationUrl: url('/env'),
    });
    const sent = await fakeB.notify(id, { secret: ENV_SECRET });
    expect(sent.answer).toEqual({ received: true, outcome: 'IGNORED' });
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PENDING');
  });

  it('refuses an unknown account like a bad signature', async () => {
    const sent = await fetch(url('/999999?data.id=1&type=payment'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': `ts=1,v1=${'0'.repeat(64)}`,
        'x-request-id': 'r',
      },
      body: JSON.stringify({ type: 'payment', data: { id: '1' } }),
    });
    expect(sent.status).toBe(401);
    expect((await fetch(url('/abc'), { method: 'POST' })).status).toBe(400);
  });

  it('refuses its own account’s payment at another amount, changing nothing', async () => {
    const order = await linkOrder();
    const paid = fakeA.payPreference(order.link, 'APRO');
    fakeA.setAmount(paid.id, order.price - 1);
    const before = await notificationCount();
    const sent = await fakeA.notify(paid.id, { secret: A_SECRET });
    expect(sent.answer).toEqual({ received: true, outcome: 'IGNORED' });
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PENDING');
    const [after] = await paymentRows(ctx, order.code);
    expect(after?.status).toBe('PENDING');
    expect(after?.detail).not.toHaveProperty('amountMismatch');
    expect(await notificationCount()).toBe(before);
  });

  it('refuses its own account’s payment in another currency', async () => {
    const order = await linkOrder();
    const paid = fakeA.payPreference(order.link, 'APRO');
    const remote = fakeA.payments.get(paid.id);
    if (remote) remote.currency_id = 'USD';
    const sent = await fakeA.notify(paid.id, { secret: A_SECRET });
    expect(sent.answer).toEqual({ received: true, outcome: 'IGNORED' });
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PENDING');
  });

  it('settles with the account that made the payment, once: a replay is de-duplicated', async () => {
    const order = await linkOrder();
    const paid = fakeA.payPreference(order.link, 'APRO');
    expect(paid.notification_url).toBe(url(`/${accountA}`));
    const sent = await fakeA.notify(paid.id, { secret: A_SECRET });
    expect(sent).toMatchObject({ status: 200, answer: { received: true, outcome: 'PROCESSED' } });
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PAID');
    const [after] = await paymentRows(ctx, order.code);
    expect(after).toMatchObject({ status: 'APPROVED', providerPaymentId: String(paid.id) });

    const queries = fakeA.statusQueries(paid.id);
    const replayed = await fakeA.resend(sent);
    expect(replayed).toMatchObject({ status: 200, answer: { received: true, outcome: 'DUPLICATE' } });
    expect(fakeA.statusQueries(paid.id)).toBe(queries);
  });
});
