/**
 * The Mercado Pago adapter against a local server speaking Mercado Pago's
 * protocol (`support/fake-mercadopago.ts`), with PAYMENTS_PROVIDER=live. The
 * API listens on a real port: the fake's webhooks arrive over HTTP at the
 * `notification_url` the adapter sent.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentNotifications } from '../src/db/schema/orders';
import { companies, paymentProviderAccounts } from '../src/db/schema/tenant';
import type { PaymentsConfig } from '../src/payments/config';
import { rooms } from '../src/plugins/app/realtime';
import { tenantLoad } from './support/diner-fixture';
import { type FakeMercadoPago, fakeMercadoPagoStart } from './support/fake-mercadopago';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import {
  cardPayment,
  freePort,
  generousOrderLimits,
  inject,
  orderPay,
  orderRow,
  paymentOrderPlace,
  paymentRows,
  paymentsTenant,
  paymentsTestConfig,
  publishRecorder,
} from './support/payments-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const ENV_TOKEN = 'APP_USR-env-0000';
const ENV_SECRET = 'env-webhook-secret';
const TENANT_TOKEN = 'APP_USR-tenant-1111';
const TENANT_SECRET = 'tenant-webhook-secret';

describe.each(testDatabaseKinds())('Mercado Pago adapter on %s', (kind) => {
  let fake: FakeMercadoPago;
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
    fake = await fakeMercadoPagoStart({ accessTokens: [ENV_TOKEN, TENANT_TOKEN] });
    payments.mercadopago.baseUrl = fake.url;
    port = await freePort();
    overrides.publicUrl = `http://127.0.0.1:${port}`;
  });
  const ctx = useTestApp(kind, overrides);
  afterAll(async () => fake?.close());

  let palermo: LocationIds;
  let tenantPalermo: LocationIds;
  let tenantAccountId = 0;
  let published: ReturnType<typeof publishRecorder>;

  beforeAll(async () => {
    await ctx.app.listen({ port, host: '127.0.0.1' });
    await tenantLoad(ctx, paymentsTenant());
    await tenantLoad(ctx, paymentsTenant({ prefix: 'llama' }));
    const [company] = await ctx.database.db.select().from(companies).where(eq(companies.alias, 'llama'));
    const [account] = await ctx.database.db
      .insert(paymentProviderAccounts)
      .values({
        companyId: company?.id ?? 0,
        provider: 'MERCADOPAGO',
        accessToken: TENANT_TOKEN,
        webhookSecret: TENANT_SECRET,
        baseUrl: fake.url,
      })
      .returning();
    tenantAccountId = account?.id ?? 0;
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    tenantPalermo = await locationIds(ctx, 'llama-palermo');
    published = publishRecorder(ctx);
  });

  const lastCreate = () => fake.requests.filter((request) => request.path === '/v1/payments').at(-1);
  const notificationCount = async () =>
    (await ctx.database.db.select({ n: count() }).from(paymentNotifications))[0]?.n ?? 0;

  it('pays with POST /v1/payments: bearer, idempotency key and the documented body', async () => {
    const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
    const paid = await orderPay(ctx, cardPayment(order.code, fake.cardToken('APRO')));
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      status: 'APPROVED',
      paymentStatus: 'PAID',
      message: 'Pago procesado con éxito.',
    });

    const [payment] = await paymentRows(ctx, order.code);
    const create = lastCreate();
    expect(create?.headers.authorization).toBe(`Bearer ${ENV_TOKEN}`);
    expect(create?.headers['x-idempotency-key']).toBe(payment?.idempotencyKey);
    expect(create?.body).toMatchObject({
      transaction_amount: order.price,
      payment_method_id: 'visa',
      installments: 1,
      payer: { email: 'ana@example.com', identification: { type: 'DNI', number: '30123456' } },
      external_reference: `${order.code}-${payment?.id}`,
      notification_url: `${ctx.config.publicUrl}/api/payments/notifications/mercadopago/env`,
    });
    expect(payment).toMatchObject({ provider: 'MERCADOPAGO', status: 'APPROVED' });
    expect(fake.payments.get(Number(payment?.providerPaymentId))?.status).toBe('approved');
  });

  it('records a rejection', async () => {
    const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
    const rejected = await orderPay(ctx, cardPayment(order.code, fake.cardToken('OTHE')));
    expect(rejected.body).toMatchObject({
      status: 'REJECTED',
      paymentStatus: 'REJECTED',
      message: 'El pago no pudo ser procesado.',
    });
  });

  it('treats a refused request (a 4xx: nothing charged) as a failed payment', async () => {
    const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
    const refused = await orderPay(ctx, cardPayment(order.code, fake.cardToken('APRO', 'master')));
    expect(refused.body).toMatchObject({ status: 'REJECTED', message: 'El pago no pudo ser procesado.' });
    const [payment] = await paymentRows(ctx, order.code);
    expect(payment?.providerPaymentId).toBeNull();
  });

  it('verifies webhooks, fetches the status before believing it, and ignores replays', async () => {
    const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
    const pending = await orderPay(ctx, cardPayment(order.code, fake.cardToken('CONT')));
    expect(pending.body).toMatchObject({ status: 'PROCESSING', paymentStatus: 'PROCESSING' });
    const [payment] = await paymentRows(ctx, order.code);
    const id = Number(payment?.providerPaymentId);
    const before = await notificationCount();

    // Signed with another secret, or signed for another payment: refused, nothing fetched.
    const forged = await fake.notify(id, { secret: 'not-the-secret' });
    expect(forged.status).toBe(401);
    const swapped = await fake.notify(id, { secret: ENV_SECRET, signedDataId: String(id + 1) });
    expect(swapped.status).toBe(401);
    const unsigned = await fetch(
      `${ctx.config.publicUrl}/api/payments/notifications/mercadopago?data.id=${id}&type=payment`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'payment', data: { id: String(id) } }),
      },
    );
    expect(unsigned.status).toBe(401);
    expect(fake.statusQueries(id)).toBe(0);

    // Genuine, but Mercado Pago still says in_process: the order stays processing.
    const early = await fake.notify(id, { secret: ENV_SECRET });
    expect(early.status).toBe(200);
    expect(fake.statusQueries(id)).toBe(1);
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PROCESSING');

    // Approved at Mercado Pago: the next notification is believed after a fetch.
    fake.setStatus(id, 'approved');
    const publishedBefore = published.length;
    const approved = await fake.notify(id, { secret: ENV_SECRET });
    expect(approved.status).toBe(200);
    expect(approved.answer).toEqual({ received: true, outcome: 'PROCESSED' });
    expect(fake.statusQueries(id)).toBe(2);
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PAID');
    expect(
      published
        .slice(publishedBefore)
        .some((event) => event.room === rooms.order(order.code) && event.event === 'order-updated'),
    ).toBe(true);
    expect((await notificationCount()) - before).toBe(2);

    // The very same request again (a replay): acknowledged, not processed, nothing fetched.
    const replayed = await fake.resend(approved);
    expect(replayed.status).toBe(200);
    expect(replayed.answer).toEqual({ received: true, outcome: 'DUPLICATE' });
    expect(fake.statusQueries(id)).toBe(2);
    expect((await notificationCount()) - before).toBe(2);

    // A later change at Mercado Pago cannot move a final payment.
    fake.setStatus(id, 'refunded');
    await fake.notify(id, { secret: ENV_SECRET });
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PAID');
  });

  it('does not believe a payment whose amount is not the order’s', async () => {
    const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
    await orderPay(ctx, cardPayment(order.code, fake.cardToken('CONT')));
    const [payment] = await paymentRows(ctx, order.code);
    const id = Number(payment?.providerPaymentId);
    fake.setStatus(id, 'approved');
    fake.setAmount(id, 1);
    expect((await fake.notify(id, { secret: ENV_SECRET })).answer).toEqual({
      received: true,
      outcome: 'IGNORED',
    });
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PROCESSING');
    const [after] = await paymentRows(ctx, order.code);
    expect(after?.status).toBe('PROCESSING');
  });

  it('a lost create answer: the retry with the same key gets the same payment, charged once', async () => {
    const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
    const body = cardPayment(order.code, fake.cardToken('APRO'));
    const key = randomUUID();
    const paymentsBefore = fake.payments.size;
    fake.loseNextCreateAnswer();

    const lost = await orderPay(ctx, body, key);
    expect(lost.status).toBe(200);
    expect(lost.body.status).toBe('PROCESSING');
    const [row] = await paymentRows(ctx, order.code);
    expect(row?.status).toBe('CREATED');

    const retried = await orderPay(ctx, body, key);
    expect(retried.body).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    const creates = fake.requests.filter(
      (request) =>
        request.path === '/v1/payments' && request.headers['x-idempotency-key'] === row?.idempotencyKey,
    );
    expect(creates).toHaveLength(2);
    expect(fake.payments.size - paymentsBefore).toBe(1);
  });

  it('a lost create answer settled by the webhook alone (found by external reference)', async () => {
    const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
    fake.loseNextCreateAnswer();
    await orderPay(ctx, cardPayment(order.code, fake.cardToken('APRO')));
    const [row] = await paymentRows(ctx, order.code);
    expect(row?.providerPaymentId).toBeNull();
    const created = [...fake.payments.values()].find(
      (payment) => payment.external_reference === `${order.code}-${row?.id}`,
    );
    expect(created).toBeDefined();
    expect((await fake.notify(created?.id ?? 0, { secret: ENV_SECRET })).status).toBe(200);
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PAID');
    const [after] = await paymentRows(ctx, order.code);
    expect(after).toMatchObject({ status: 'APPROVED', providerPaymentId: String(created?.id) });
  });

  it('makes a Checkout Pro link for a payment-link order, once, and settles it by webhook', async () => {
    const order = await paymentOrderPlace(ctx, palermo, 'PAYMENT_LINK');
    const request = { code: order.code, branchContactId: palermo.id, amount: order.price };
    const link = await inject(ctx, 'POST', '/api/paymenturl', request, { 'idempotency-key': randomUUID() });
    expect(link.status).toBe(201);
    const preference = fake.preferences.get(link.body.token) as Record<string, unknown>;
    expect(link.body.url).toBe(preference.init_point);
    const [row] = await paymentRows(ctx, order.code);
    expect(preference).toMatchObject({
      items: [{ quantity: 1, unit_price: order.price, currency_id: 'ARS' }],
      external_reference: `${order.code}-${row?.id}`,
      notification_url: `${ctx.config.publicUrl}/api/payments/notifications/mercadopago/env`,
      back_urls: {
        success: `${ctx.config.publicUrl}/menu/fuego-palermo/order/${order.code}?refreshAfterUpdate=true`,
      },
      auto_return: 'approved',
      expires: true,
    });
    expect(Date.parse(String(preference.expiration_date_to))).toBeGreaterThan(Date.now());
    const preferencesBefore = fake.preferences.size;
    expect((await inject(ctx, 'POST', '/api/paymenturl', request)).body).toEqual(link.body);
    expect(fake.preferences.size).toBe(preferencesBefore);

    const declined = fake.payPreference(link.body.token, 'OTHE');
    expect((await fake.notify(declined.id, { secret: ENV_SECRET })).status).toBe(200);
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('REJECTED');
    const approved = fake.payPreference(link.body.token, 'APRO');
    expect((await fake.notify(approved.id, { secret: ENV_SECRET })).status).toBe(200);
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PAID');
    const [after] = await paymentRows(ctx, order.code);
    expect(after).toMatchObject({ status: 'APPROVED', providerPaymentId: String(approved.id) });
  });

  it('uses the tenant’s account (token, webhook secret) over the environment’s', async () => {
    const order = await paymentOrderPlace(ctx, tenantPalermo, 'CARD_ONLINE');
    const pending = await orderPay(ctx, cardPayment(order.code, fake.cardToken('CONT')));
    expect(pending.body.status).toBe('PROCESSING');
    const create = lastCreate();
    expect(create?.headers.authorization).toBe(`Bearer ${TENANT_TOKEN}`);
    expect(create?.body).toMatchObject({
      notification_url: `${ctx.config.publicUrl}/api/payments/notifications/mercadopago/${tenantAccountId}`,
    });
    const [payment] = await paymentRows(ctx, order.code);
    const id = Number(payment?.providerPaymentId);
    fake.setStatus(id, 'approved');
    expect((await fake.notify(id, { secret: ENV_SECRET })).status).toBe(401);
    expect((await fake.notify(id, { secret: TENANT_SECRET })).status).toBe(200);
    expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PAID');
  });
});
