/**
 * The sandbox provider (the default, PAYMENTS_PROVIDER=sandbox) end to end
 * through the API: card tokens, card payments that approve, decline and stay
 * pending (decided asynchronously and notified to our handler), idempotent
 * retries, the payment window, payment links with the hosted page, and the
 * Webpay-style redirect flow through `POST /api/callback/{provider}/{a}{b}`.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentNotifications } from '../src/db/schema/orders';
import { sandboxPayments } from '../src/db/schema/sandbox';
import { rooms } from '../src/plugins/app/realtime';
import { tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import {
  cardPayment,
  commitStartedAt,
  eventually,
  generousOrderLimits,
  inject,
  orderPay,
  orderRow,
  paymentOrderPlace,
  paymentRows,
  paymentsTenant,
  paymentsTestConfig,
  publishRecorder,
  sandboxToken,
} from './support/payments-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const APPROVE = '4509 9535 6623 3704';
const DECLINE = '4000 0000 0000 0002';
const PENDING = '4000 0000 0000 0036';
const SUCCEEDED = 'Pago procesado con éxito.';
const FAILED = 'El pago no pudo ser procesado.';
const EXPIRED = 'Tiempo de pago vencido, vuelva a generar el pedido';

describe.each(testDatabaseKinds())('sandbox payments on %s', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: generousOrderLimits, payments: paymentsTestConfig() });
  let palermo: LocationIds;
  let webpay: LocationIds;
  let published: ReturnType<typeof publishRecorder>;

  beforeAll(async () => {
    await tenantLoad(ctx, paymentsTenant());
    await tenantLoad(
      ctx,
      paymentsTenant({ prefix: 'brasas', cardProvider: 'TRANSBANK', linkProvider: 'TRANSBANK' }),
    );
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    webpay = await locationIds(ctx, 'brasas-palermo');
    published = publishRecorder(ctx);
  });

  const sandboxCount = async (kindOf: 'CARD' | 'LINK' | 'REDIRECT') =>
    (
      await ctx.database.db
        .select({ n: count() })
        .from(sandboxPayments)
        .where(eq(sandboxPayments.kind, kindOf))
    )[0]?.n ?? 0;

  describe('card tokens', () => {
    it('tokenizes the test cards and refuses anything else field by field', async () => {
      const ok = await inject(ctx, 'POST', '/api/sandbox/card_tokens', {
        cardNumber: APPROVE,
        cardholderName: 'ANA',
        cardExpiry: '01/40',
        securityCode: '1234',
      });
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({ paymentMethodId: 'visa', lastFourDigits: '3704' });
      expect(ok.body.id).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify(ok.body)).not.toContain('4509');

      const bad = await inject(ctx, 'POST', '/api/sandbox/card_tokens', {
        cardNumber: '4509 9535 6623 3705',
        cardholderName: ' ',
        cardExpiry: '01/20',
        securityCode: '12',
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields).sort()).toEqual([
        'cardExpiry',
        'cardNumber',
        'cardholderName',
        'securityCode',
      ]);

      // A real (Luhn-valid) card that is not a test card is refused too.
      const real = await inject(ctx, 'POST', '/api/sandbox/card_tokens', {
        cardNumber: '5031 7557 3453 0604',
        cardholderName: 'ANA',
        cardExpiry: '11/39',
        securityCode: '123',
      });
      expect(real.status).toBe(400);
      expect(real.body.fields.cardNumber).toContain('4509 9535 6623 3704');
    });
  });

  describe('card payments', () => {
    it('approves with the approving card, through a notification, and publishes order-updated', async () => {
      const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
      expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PROCESSING');
      const before = published.length;

      const paid = await orderPay(ctx, cardPayment(order.code, await sandboxToken(ctx, APPROVE)));
      expect(paid.status).toBe(200);
      expect(paid.body).toEqual({
        status: 'APPROVED',
        paymentStatus: 'PAID',
        message: SUCCEEDED,
        code: order.code,
      });

      const [payment] = await paymentRows(ctx, order.code);
      expect(payment).toMatchObject({ provider: 'SANDBOX', status: 'APPROVED' });
      expect(payment?.detail).toMatchObject({
        kind: 'CARD',
        requestedProvider: 'MERCADOPAGO',
        lastFourDigits: '3704',
      });
      expect(JSON.stringify(payment?.detail)).not.toMatch(/4509|token/i);
      // The sandbox decided asynchronously; the result came in through the notification handler.
      const notifications = await ctx.database.db
        .select()
        .from(paymentNotifications)
        .where(and(eq(paymentNotifications.provider, 'SANDBOX')));
      expect(notifications.some((row) => row.payload.resourceId === payment?.providerPaymentId)).toBe(true);

      const updates = published.slice(before).filter((event) => event.room === rooms.order(order.code));
      expect(updates.map((event) => event.event)).toContain('order-updated');
      expect(updates.at(-1)?.payload).toMatchObject({ code: order.code, paymentStatus: 'PAID' });

      const follow = await inject(ctx, 'GET', `/api/diner/order/${order.code}`);
      expect(follow.body.paymentStatus).toBe('PAID');

      const again = await orderPay(ctx, cardPayment(order.code, await sandboxToken(ctx, APPROVE)));
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('El pedido ya está pago');
    });

    it('declines with the declining card, and a new attempt may then pay', async () => {
      const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
      const declined = await orderPay(ctx, cardPayment(order.code, await sandboxToken(ctx, DECLINE)));
      expect(declined.status).toBe(200);
      expect(declined.body).toEqual({
        status: 'REJECTED',
        paymentStatus: 'REJECTED',
        message: FAILED,
        code: order.code,
      });

      const paid = await orderPay(ctx, cardPayment(order.code, await sandboxToken(ctx, APPROVE)));
      expect(paid.body).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
      expect((await paymentRows(ctx, order.code)).map((row) => row.status)).toEqual(['REJECTED', 'APPROVED']);
    });

    it('stays pending with the slow card, refuses a second charge meanwhile, then approves by notification', async () => {
      const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
      const pending = await orderPay(ctx, cardPayment(order.code, await sandboxToken(ctx, PENDING)));
      expect(pending.status).toBe(200);
      expect(pending.body.status).toBe('PROCESSING');
      expect(pending.body.paymentStatus).toBe('PROCESSING');
      expect(pending.body.message).toMatch(/procesando/i);

      const second = await orderPay(ctx, cardPayment(order.code, await sandboxToken(ctx, APPROVE)));
      expect(second.status).toBe(409);
      expect(second.body.message).toMatch(/pago en curso/);

      const paid = await eventually(
        async () => (await orderRow(ctx, order.code)).paymentStatus === 'PAID',
        8_000,
      );
      expect(paid).toBe(true);
      expect((await paymentRows(ctx, order.code)).map((row) => row.status)).toEqual(['APPROVED']);
    });

    it('charges once for concurrent retries without an Idempotency-Key (the spec’s clients send none)', async () => {
      const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
      const body = cardPayment(order.code, await sandboxToken(ctx, APPROVE));
      const cardsBefore = await sandboxCount('CARD');
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => inject(ctx, 'POST', '/api/order/payment', body)),
      );
      for (const answer of answers) expect(answer.status).toBe(200);
      expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'false')).toHaveLength(1);
      expect(await paymentRows(ctx, order.code)).toHaveLength(1);
      expect((await sandboxCount('CARD')) - cardsBefore).toBe(1);
    });

    it('charges once for concurrent and later retries with one Idempotency-Key', async () => {
      const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
      const body = cardPayment(order.code, await sandboxToken(ctx, APPROVE));
      const key = randomUUID();
      const cardsBefore = await sandboxCount('CARD');

      const answers = await Promise.all(Array.from({ length: 6 }, () => orderPay(ctx, body, key)));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body.code).toBe(order.code);
      }
      expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'false')).toHaveLength(1);
      const later = await orderPay(ctx, body, key);
      expect(later.body).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
      expect(later.headers['idempotent-replayed']).toBe('true');

      expect(await paymentRows(ctx, order.code)).toHaveLength(1);
      expect((await sandboxCount('CARD')) - cardsBefore).toBe(1);

      const other = await orderPay(ctx, { ...body, cardName: 'OTRO NOMBRE' }, key);
      expect(other.status).toBe(422);
    });

    it('never lets two keys charge one order at the same time', async () => {
      const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
      const tokens = await Promise.all([APPROVE, APPROVE, APPROVE].map((card) => sandboxToken(ctx, card)));
      const answers = await Promise.all(tokens.map((token) => orderPay(ctx, cardPayment(order.code, token))));
      const approved = answers.filter((answer) => answer.status === 200 && answer.body.status === 'APPROVED');
      expect(approved).toHaveLength(1);
      for (const answer of answers.filter((candidate) => candidate !== approved[0])) {
        expect(answer.status).toBe(409);
      }
      expect((await paymentRows(ctx, order.code)).filter((row) => row.status === 'APPROVED')).toHaveLength(1);
    });

    it('rejects a token used before (tokens pay once)', async () => {
      const first = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
      const second = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
      const token = await sandboxToken(ctx, APPROVE);
      expect((await orderPay(ctx, cardPayment(first.code, token))).body.status).toBe('APPROVED');
      const reused = await orderPay(ctx, cardPayment(second.code, token));
      expect(reused.body).toMatchObject({ status: 'REJECTED', paymentStatus: 'REJECTED', message: FAILED });
    });

    it('refuses payments past the payment window with the spec message', async () => {
      const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
      ctx.app.clock.pin(WEDNESDAY_1300 + 2 * 3_600_000 + 60_000);
      try {
        const late = await orderPay(ctx, cardPayment(order.code, await sandboxToken(ctx, APPROVE)));
        expect(late.status).toBe(409);
        expect(late.body.message).toBe(EXPIRED);
        const link = await inject(ctx, 'POST', '/api/paymenturl', {
          code: order.code,
          branchContactId: palermo.id,
          amount: order.price,
        });
        expect(link.status).toBe(409);
        expect(link.body.message).toBe(EXPIRED);
        expect(await paymentRows(ctx, order.code)).toHaveLength(0);
      } finally {
        ctx.app.clock.pin(WEDNESDAY_1300);
      }
      // Just inside the window it is still payable.
      ctx.app.clock.pin(WEDNESDAY_1300 + 2 * 3_600_000 - 60_000);
      try {
        const inTime = await orderPay(ctx, cardPayment(order.code, await sandboxToken(ctx, APPROVE)));
        expect(inTime.body.status).toBe('APPROVED');
      } finally {
        ctx.app.clock.pin(WEDNESDAY_1300);
      }
    });

    it('answers bad input with a message per field, unknown orders with 404, other methods with 409', async () => {
      const missing = await orderPay(ctx, { token: 'x' });
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body.fields)).toEqual(
        expect.arrayContaining(['body.token', 'body.paymentMethodId', 'body.dinerOrderId', 'body.cardName']),
      );
      const noKey = await inject(
        ctx,
        'POST',
        '/api/order/payment',
        cardPayment('AAAAAAAAAAAA', 'abcdefgh1234'),
      );
      // Without a key the request is still taken (ADR 044): here the order does not exist.
      expect(noKey.status).toBe(404);
      const cardData = await orderPay(ctx, {
        ...cardPayment('AAAAAAAAAAAA', 'abcdefgh1234'),
        cardNumber: APPROVE,
      });
      expect(cardData.status).toBe(400);

      const unknown = await orderPay(ctx, cardPayment('ZZZZZZZZZZZZ', await sandboxToken(ctx, APPROVE)));
      expect(unknown.status).toBe(404);

      const cash = await paymentOrderPlace(ctx, palermo, 'CASH');
      const cashPay = await orderPay(ctx, cardPayment(cash.code, await sandboxToken(ctx, APPROVE)));
      expect(cashPay.status).toBe(409);
      expect(await paymentRows(ctx, cash.code)).toHaveLength(0);
    });
  });

  describe('payment links', () => {
    it('gives a payment-link order one hosted link, pays it on the page, and returns to the follow-up', async () => {
      const order = await paymentOrderPlace(ctx, palermo, 'PAYMENT_LINK');
      expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PENDING');
      const request = { code: order.code, branchContactId: palermo.id, amount: order.price };

      const link = await inject(ctx, 'POST', '/api/paymenturl', request);
      expect(link.status).toBe(201);
      expect(link.body.url).toBe(`${ctx.config.publicUrl}/api/sandbox/checkout/${link.body.token}`);
      const again = await inject(ctx, 'POST', '/api/paymenturl', request, {
        'idempotency-key': randomUUID(),
      });
      expect(again.body).toEqual(link.body);
      expect(await paymentRows(ctx, order.code)).toHaveLength(1);

      const page = await inject(ctx, 'GET', `/api/sandbox/checkout/${link.body.token}`);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.raw).toContain('Pagar pedido');
      expect(page.raw).toContain('<script src="/api/sandbox/assets/checkout.js"></script>');
      expect(page.raw).not.toMatch(/<script>(?!<\/script>)/);
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      const script = await inject(ctx, 'GET', '/api/sandbox/assets/checkout.js');
      expect(script.status).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);

      // A declined attempt on the page: the order shows the rejection, the link stays payable.
      const declined = await inject(ctx, 'POST', `/api/sandbox/checkout/${link.body.token}/pay`, {
        token: await sandboxToken(ctx, DECLINE),
      });
      expect(declined.status).toBe(200);
      const followUp = `${ctx.config.publicUrl}/menu/fuego-palermo/order/${order.code}?refreshAfterUpdate=true`;
      expect(declined.body.redirectUrl).toBe(followUp);
      expect(
        await eventually(async () => (await orderRow(ctx, order.code)).paymentStatus === 'REJECTED'),
      ).toBe(true);

      const paid = await inject(ctx, 'POST', `/api/sandbox/checkout/${link.body.token}/pay`, {
        token: await sandboxToken(ctx, APPROVE),
      });
      expect(paid.status).toBe(200);
      expect(await eventually(async () => (await orderRow(ctx, order.code)).paymentStatus === 'PAID')).toBe(
        true,
      );
      const [row] = await paymentRows(ctx, order.code);
      expect(row).toMatchObject({ status: 'APPROVED', provider: 'SANDBOX' });
      expect(row?.detail).toMatchObject({ kind: 'LINK', lastAttempt: { status: 'REJECTED' } });

      const closed = await inject(ctx, 'GET', `/api/sandbox/checkout/${link.body.token}`);
      expect(closed.raw).toContain('ya fue pagado');
      const paidAgain = await inject(ctx, 'POST', '/api/paymenturl', request);
      expect(paidAgain.status).toBe(409);
    });

    it('refuses a wrong amount, another location, and orders not paid online', async () => {
      const order = await paymentOrderPlace(ctx, palermo, 'PAYMENT_LINK');
      const wrong = await inject(ctx, 'POST', '/api/paymenturl', {
        code: order.code,
        branchContactId: palermo.id,
        amount: order.price - 1,
      });
      expect(wrong.status).toBe(409);
      expect(wrong.body.message).toBe('El monto no coincide con el total del pedido');
      expect(wrong.body.amount).toBe(order.price);

      const elsewhere = await inject(ctx, 'POST', '/api/paymenturl', {
        code: order.code,
        branchContactId: webpay.id,
        amount: order.price,
      });
      expect(elsewhere.status).toBe(404);

      const bad = await inject(ctx, 'POST', '/api/paymenturl', { code: '??', amount: 'mucho' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields)).toEqual(
        expect.arrayContaining(['body.code', 'body.branchContactId', 'body.amount']),
      );

      const cash = await paymentOrderPlace(ctx, palermo, 'CASH');
      const cashLink = await inject(ctx, 'POST', '/api/paymenturl', {
        code: cash.code,
        branchContactId: palermo.id,
        amount: cash.price,
      });
      expect(cashLink.status).toBe(409);
      expect(await paymentRows(ctx, order.code)).toHaveLength(0);
    });

    it('also gives a link to an unpaid card order', async () => {
      const order = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
      const link = await inject(ctx, 'POST', '/api/paymenturl', {
        code: order.code,
        branchContactId: palermo.id,
        amount: order.price,
      });
      expect(link.status).toBe(201);
      expect(await sandboxCount('LINK')).toBeGreaterThan(0);
    });
  });

  describe('Webpay-style redirect through /api/callback', () => {
    const start = (code: string, provider = 'transbank', branchContactId = webpay.id) =>
      inject(ctx, 'POST', `/api/callback/${provider}/${branchContactId}-${code}`);

    it('starts, shows the form, pays, returns with token_ws and commits once', async () => {
      const order = await paymentOrderPlace(ctx, webpay, 'CARD_ONLINE');
      const started = await start(order.code);
      expect(started.status).toBe(201);
      expect(started.body).toMatchObject({
        url: `${ctx.config.publicUrl}/api/sandbox/webpay/form`,
        method: 'POST',
        tokenField: 'token_ws',
      });
      const token: string = started.body.token;

      const redirect = await inject(
        ctx,
        'GET',
        new URL(started.body.redirectUrl).pathname + new URL(started.body.redirectUrl).search,
      );
      expect(redirect.status).toBe(200);
      expect(redirect.raw).toContain(`action="${started.body.url}"`);
      expect(redirect.raw).toContain(`name="token_ws" value="${token}"`);
      expect(String(redirect.headers['content-security-policy'])).toContain(
        `form-action 'self' ${new URL(started.body.url).origin}`,
      );

      const form = await ctx.app.inject({
        method: 'POST',
        url: '/api/sandbox/webpay/form',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token_ws=${token}`,
      });
      expect(form.statusCode).toBe(200);
      expect(form.body).toContain('Anular compra');

      const paid = await inject(ctx, 'POST', `/api/sandbox/webpay/${token}/pay`, {
        token: await sandboxToken(ctx, APPROVE),
      });
      expect(paid.status).toBe(200);
      const back = new URL(paid.body.redirectUrl);
      expect(back.pathname).toBe('/api/payments/webpay/return');
      expect(back.searchParams.get('token_ws')).toBe(token);

      const returned = await inject(ctx, 'GET', back.pathname + back.search);
      expect(returned.status).toBe(303);
      expect(returned.headers.location).toBe(`/menu/brasas-palermo/order/${order.code}?token_ws=${token}`);
      expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PAID');
      const [payment] = await paymentRows(ctx, order.code);
      expect(payment).toMatchObject({ status: 'APPROVED', provider: 'SANDBOX', providerPaymentId: token });
      const committedAt = commitStartedAt(payment);
      expect(committedAt).toBeTruthy();

      // The browser comes back again (reload, double submit): nothing is committed twice.
      const twice = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/webpay/return',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token_ws=${token}`,
      });
      expect(twice.statusCode).toBe(303);
      const [after] = await paymentRows(ctx, order.code);
      expect(commitStartedAt(after)).toBe(committedAt);
      const [transaction] = await ctx.database.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, token));
      expect(transaction?.committedAt).not.toBeNull();
    });

    it('aborted on the form (TBK_TOKEN): nothing is committed and the order may be paid again', async () => {
      const order = await paymentOrderPlace(ctx, webpay, 'CARD_ONLINE');
      const started = await start(order.code);
      const aborted = await inject(ctx, 'POST', `/api/sandbox/webpay/${started.body.token}/abort`, {});
      const back = new URL(aborted.body.redirectUrl);
      expect(back.searchParams.get('TBK_TOKEN')).toBe(started.body.token);
      expect(back.searchParams.get('TBK_ORDEN_COMPRA')).toMatch(new RegExp(`^${order.code}-\\d+$`));
      const returned = await inject(ctx, 'GET', back.pathname + back.search);
      expect(returned.status).toBe(303);
      expect(returned.headers.location).toContain(`/order/${order.code}?token_ws=`);
      const [payment] = await paymentRows(ctx, order.code);
      expect(payment).toMatchObject({ status: 'CANCELED' });
      expect((await orderRow(ctx, order.code)).paymentStatus).not.toBe('PAID');
      const [transaction] = await ctx.database.db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, started.body.token));
      expect(transaction?.committedAt).toBeNull();

      // A new start works, and a declined card is a rejection.
      const restarted = await start(order.code);
      expect(restarted.status).toBe(201);
      const declined = await inject(ctx, 'POST', `/api/sandbox/webpay/${restarted.body.token}/pay`, {
        token: await sandboxToken(ctx, DECLINE),
      });
      const declinedBack = new URL(declined.body.redirectUrl);
      await inject(ctx, 'GET', declinedBack.pathname + declinedBack.search);
      expect((await orderRow(ctx, order.code)).paymentStatus).toBe('REJECTED');
    });

    it('the slow card: committed as processing, then approved by notification', async () => {
      const order = await paymentOrderPlace(ctx, webpay, 'CARD_ONLINE');
      const started = await start(order.code);
      const paid = await inject(ctx, 'POST', `/api/sandbox/webpay/${started.body.token}/pay`, {
        token: await sandboxToken(ctx, PENDING),
      });
      const back = new URL(paid.body.redirectUrl);
      expect((await inject(ctx, 'GET', back.pathname + back.search)).status).toBe(303);
      expect((await orderRow(ctx, order.code)).paymentStatus).toBe('PROCESSING');
      expect((await paymentRows(ctx, order.code))[0]?.status).toBe('PROCESSING');
      // A new start is refused while the charge is moving.
      expect((await start(order.code)).status).toBe(409);
      expect(
        await eventually(async () => (await orderRow(ctx, order.code)).paymentStatus === 'PAID', 8_000),
      ).toBe(true);
      expect((await paymentRows(ctx, order.code))[0]?.status).toBe('APPROVED');
    });

    it('refuses a wrong provider, another location and a malformed reference', async () => {
      const order = await paymentOrderPlace(ctx, webpay, 'CARD_ONLINE');
      expect((await start(order.code, 'mercadopago')).status).toBe(400);
      expect((await start(order.code, 'transbank', palermo.id)).status).toBe(404);
      expect((await inject(ctx, 'POST', `/api/callback/transbank/${order.code}`)).status).toBe(400);
      expect((await inject(ctx, 'GET', '/api/payments/webpay/return')).status).toBe(400);
      expect((await inject(ctx, 'GET', '/api/payments/webpay/return?token_ws=0123456789abcdef')).status).toBe(
        404,
      );
      // The card type of a Mercado Pago location has no redirect flow named 'transbank'.
      const mp = await paymentOrderPlace(ctx, palermo, 'CARD_ONLINE');
      expect((await start(mp.code, 'transbank', palermo.id)).status).toBe(400);
    });
  });
});
