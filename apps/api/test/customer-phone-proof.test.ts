/**
 * Issue 16, item 3 (and the sign-in of issue 11, ADR 018): points are spent,
 * balances told and a stored customer's data changed only by whoever proved
 * the phone with a one-time code. Codes are single use, short-lived,
 * attempt-limited and rate-limited per phone and per client IP; a session
 * reads only its own phone's data; concurrent redemptions never overdraw.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config';
import { customerPhoneCodes, customers, loyaltyLedger } from '../src/db/schema/customers';
import { orders } from '../src/db/schema/orders';
import { outboxMessages } from '../src/db/schema/platform';
import { freshPhone, palermoTakeAway } from './support/console-fixture';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import {
  customerAuthForTest,
  customerSignIn,
  type LocationIds,
  locationIds,
  orderPost,
  postJson,
  WEDNESDAY_1300,
} from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const generous = { order: 100_000, codeValidate: 100_000, clientLog: 100_000 };

describe.each(testDatabaseKinds())('customer phone proof on %s', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: generous, customerAuth: customerAuthForTest });
  let companyId = 0;
  let palermo: LocationIds;
  let other: LocationIds;
  const db = () => ctx.database.db;

  /** A known customer with a balance whose every point is in the ledger. */
  const customerWith = async (points: number, data: Partial<typeof customers.$inferInsert> = {}) => {
    const phone = freshPhone();
    const [row] = await db()
      .insert(customers)
      .values({
        companyId,
        phone,
        loyaltyPointsBalance: points,
        createdAt: new Date(),
        updatedAt: new Date(),
        ...data,
      })
      .returning();
    await db()
      .insert(loyaltyLedger)
      .values({
        companyId,
        customerId: row?.id ?? 0,
        kind: 'OPENING',
        amount: points,
        postBalance: points,
      });
    return phone;
  };
  const customerOf = async (phone: string) =>
    (
      await db()
        .select()
        .from(customers)
        .where(and(eq(customers.companyId, companyId), eq(customers.phone, phone)))
    )[0];
  const ledgerSum = async (customerId: number) =>
    (await db().select().from(loyaltyLedger).where(eq(loyaltyLedger.customerId, customerId))).reduce(
      (sum, row) => sum + row.amount,
      0,
    );
  const codeFor = async (phone: string, remoteAddress = '127.0.0.1') => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/orderingcustomer/code',
      payload: { phone, branchContactId: palermo.id },
      remoteAddress,
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };
  const sessionFor = (phone: string, code: string) =>
    postJson(ctx, '/api/orderingcustomer/session', { phone, branchContactId: palermo.id, code });
  const profile = async (
    phone: string,
    headers: Record<string, string> = {},
    branchId = palermo.branchId,
  ) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/orderingcustomer/${encodeURIComponent(phone)}?branchId=${branchId}`,
      headers,
    });
    return { status: response.statusCode, body: response.json(), text: response.body };
  };

  beforeAll(async () => {
    companyId = await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('brasa'));
    palermo = await locationIds(ctx, 'fuego-palermo');
    other = await locationIds(ctx, 'brasa-palermo');
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  describe('redemption', () => {
    it('refuses an anonymous redemption without telling the balance, and takes nothing', async () => {
      const phone = await customerWith(4321);
      const answer = await orderPost(
        ctx,
        palermoTakeAway(palermo, { phone, loyaltyInfo: { redeemedPoints: 9000 }, price: 3350 }),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toEqual({
        'loyaltyInfo.redeemedPoints': 'Inicia sesión con tu teléfono para canjear Fueguitos',
      });
      expect(JSON.stringify(answer.body)).not.toContain('4321');
      // A redemption within every limit is refused too: knowing a phone spends nothing.
      const within = await orderPost(
        ctx,
        palermoTakeAway(palermo, { phone, loyaltyInfo: { redeemedPoints: 1000 }, price: 6650 }),
      );
      expect(within.status).toBe(400);
      expect(JSON.stringify(within.body)).not.toContain('4321');
      expect((await customerOf(phone))?.loyaltyPointsBalance).toBe(4321);
    });

    it('refuses a session of another phone, or of the same phone at another company', async () => {
      const phone = await customerWith(3000);
      const payload = palermoTakeAway(palermo, { phone, loyaltyInfo: { redeemedPoints: 1000 }, price: 6650 });
      const otherPhone = await customerSignIn(ctx, freshPhone(), palermo.id);
      const elsewhere = await customerSignIn(ctx, phone, other.id);
      for (const headers of [otherPhone, elsewhere, { 'x-customer-session': 'not-a-token' }]) {
        const answer = await orderPost(ctx, payload, randomUUID(), headers);
        expect(answer.status).toBe(400);
        expect(answer.body.fields['loyaltyInfo.redeemedPoints']).toBe(
          'Inicia sesión con tu teléfono para canjear Fueguitos',
        );
      }
      expect((await customerOf(phone))?.loyaltyPointsBalance).toBe(3000);
    });

    it('redeems for the signed-in holder, who alone is told the limits', async () => {
      const phone = await customerWith(1200);
      const signedIn = await customerSignIn(ctx, phone, palermo.id);
      const over = await orderPost(
        ctx,
        palermoTakeAway(palermo, { phone, loyaltyInfo: { redeemedPoints: 2000 }, price: 5650 }),
        randomUUID(),
        signedIn,
      );
      expect(over.body.fields).toEqual({
        'loyaltyInfo.redeemedPoints': 'El máximo de Fueguitos acumulados es: 1200',
      });
      const placed = await orderPost(
        ctx,
        palermoTakeAway(palermo, { phone, loyaltyInfo: { redeemedPoints: 1000 }, price: 6650 }),
        randomUUID(),
        signedIn,
      );
      expect(placed.status).toBe(201);
      const customer = await customerOf(phone);
      expect(customer?.loyaltyPointsBalance).toBe(200);
      expect(await ledgerSum(customer?.id ?? 0)).toBe(200);
    });

    it('20 concurrent redemptions by the holder never take the balance below zero', async () => {
      const phone = await customerWith(5000);
      const signedIn = await customerSignIn(ctx, phone, palermo.id);
      // 600 points each: 8 fit in 5000.
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          orderPost(
            ctx,
            palermoTakeAway(palermo, { phone, loyaltyInfo: { redeemedPoints: 600 }, price: 7050 }),
            randomUUID(),
            signedIn,
          ),
        ),
      );
      const placed = answers.filter((answer) => answer.status === 201);
      expect(placed).toHaveLength(8);
      expect(answers.filter((answer) => answer.status === 400)).toHaveLength(12);
      const customer = await customerOf(phone);
      expect(customer?.loyaltyPointsBalance).toBe(200);
      expect(await ledgerSum(customer?.id ?? 0)).toBe(200);
    });
  });

  describe("a stored customer's data", () => {
    const stored = {
      name: 'Martina Gómez',
      email: 'martina@correo.example',
      document: '27111222',
      optIn: false,
    };

    it('is never changed by an anonymous order, which keeps its own copy', async () => {
      const phone = await customerWith(100, stored);
      const impostor = {
        phone,
        customerName: 'Impostor',
        customerEmail: 'impostor@correo.example',
        document: '30.123.456',
        optIn: true,
      };
      // The fast path (no points, no code) and the locked path (a refused redemption) alike.
      const placed = await orderPost(ctx, palermoTakeAway(palermo, impostor));
      expect(placed.status).toBe(201);
      await orderPost(ctx, palermoTakeAway(palermo, { ...impostor, loyaltyInfo: { redeemedPoints: 50 } }));
      expect(await customerOf(phone)).toMatchObject(stored);
      // The order keeps what was typed.
      const [order] = await db().select().from(orders).where(eq(orders.id, placed.body.id));
      expect(order).toMatchObject({
        customerName: 'Impostor',
        customerEmail: 'impostor@correo.example',
        optIn: true,
      });
    });

    it('is refreshed by the signed-in holder’s order', async () => {
      const phone = await customerWith(100, stored);
      const signedIn = await customerSignIn(ctx, phone, palermo.id);
      const placed = await orderPost(
        ctx,
        palermoTakeAway(palermo, {
          phone,
          customerName: 'Martina G.',
          customerEmail: 'nueva@correo.example',
          optIn: true,
        }),
        randomUUID(),
        signedIn,
      );
      expect(placed.status).toBe(201);
      expect(await customerOf(phone)).toMatchObject({
        name: 'Martina G.',
        email: 'nueva@correo.example',
        document: '27111222',
        optIn: true,
      });
    });

    it('of a new phone is created from an anonymous order, without its opt-in', async () => {
      const phone = freshPhone();
      await orderPost(ctx, palermoTakeAway(palermo, { phone, customerName: 'Lucía', optIn: true }));
      expect(await customerOf(phone)).toMatchObject({ name: 'Lucía', optIn: false });
    });
  });

  describe('codes', () => {
    it('are sent through the outbox, never to a venue’s console, and stored only hashed', async () => {
      const phone = freshPhone();
      const sent = await codeFor(phone);
      expect(sent.status).toBe(200);
      expect(sent.body.code).toMatch(/^\d{6}$/);
      const [message] = await db()
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.toPhone, phone), eq(outboxMessages.kind, 'CUSTOMER_CODE')));
      expect(message).toMatchObject({ branchContactId: null, orderId: null, status: 'PENDING' });
      expect(message?.body).toContain(sent.body.code);
      const codes = await db().select().from(customerPhoneCodes).where(eq(customerPhoneCodes.phone, phone));
      expect(codes).toHaveLength(1);
      expect(codes[0]?.codeHash).toMatch(/^scrypt\$/);
      expect(codes[0]?.codeHash).not.toContain(sent.body.code);
    });

    it('are single use', async () => {
      const phone = freshPhone();
      const { body } = await codeFor(phone);
      expect((await sessionFor(phone, body.code)).status).toBe(200);
      const again = await sessionFor(phone, body.code);
      expect(again.status).toBe(400);
      expect(again.body.fields).toEqual({ code: 'El código venció o ya se usó; pide uno nuevo' });
    });

    it('expire after 10 minutes', async () => {
      const phone = freshPhone();
      const { body } = await codeFor(phone);
      ctx.app.clock.pin(WEDNESDAY_1300 + 10 * 60_000 + 1);
      const late = await sessionFor(phone, body.code);
      expect(late.status).toBe(400);
      expect(late.body.fields).toEqual({ code: 'El código venció o ya se usó; pide uno nuevo' });
    });

    it('are ended by 5 wrong tries: the right code is refused too, until a new one', async () => {
      const phone = freshPhone();
      const { body } = await codeFor(phone);
      const wrong = body.code === '000000' ? '111111' : '000000';
      const tries = [];
      for (let i = 0; i < 5; i++) tries.push(await sessionFor(phone, wrong));
      expect(tries.map((answer) => answer.body.fields.code)).toEqual([
        'El código no es correcto',
        'El código no es correcto',
        'El código no es correcto',
        'El código no es correcto',
        'Demasiados intentos con este código; pide uno nuevo',
      ]);
      const right = await sessionFor(phone, body.code);
      expect(right.status).toBe(400);
      expect(right.body.token).toBeUndefined();
      const fresh = await codeFor(phone);
      expect((await sessionFor(phone, fresh.body.code)).status).toBe(200);
    });

    it('end the older codes of the phone when a new one is sent', async () => {
      const phone = freshPhone();
      const first = await codeFor(phone);
      const second = await codeFor(phone);
      if (first.body.code !== second.body.code) {
        expect((await sessionFor(phone, first.body.code)).status).toBe(400);
      }
      expect((await sessionFor(phone, second.body.code)).status).toBe(200);
    });
  });

  describe('the customer’s data', () => {
    it('is readable only with a session for that phone', async () => {
      const phone = await customerWith(777, { name: 'Rocío Paz', optIn: true });
      const anonymous = await profile(phone);
      expect(anonymous.status).toBe(401);
      expect(anonymous.text).not.toContain('777');
      expect(anonymous.text).not.toContain('Rocío');
      const otherPhone = await profile(phone, await customerSignIn(ctx, freshPhone(), palermo.id));
      expect(otherPhone.status).toBe(403);
      expect(otherPhone.text).not.toContain('777');
      // The same phone signed in at another company reads nothing here.
      const elsewhere = await profile(phone, await customerSignIn(ctx, phone, other.id));
      expect(elsewhere.status).toBe(403);
      const own = await profile(phone, await customerSignIn(ctx, phone, palermo.id));
      expect(own.status).toBe(200);
      expect(own.body).toEqual({
        optIn: true,
        addressesRegistered: [],
        name: 'Rocío Paz',
        phone,
        loyaltyPointsBalance: 777,
      });
    });

    it('is closed by signing out', async () => {
      const phone = await customerWith(500);
      const signedIn = await customerSignIn(ctx, phone, palermo.id);
      expect((await profile(phone, signedIn)).status).toBe(200);
      const out = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/orderingcustomer/session',
        headers: signedIn,
      });
      expect(out.statusCode).toBe(204);
      expect((await profile(phone, signedIn)).status).toBe(401);
      const again = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/orderingcustomer/session',
        headers: signedIn,
      });
      expect(again.statusCode).toBe(401);
    });
  });
});

describe.each(testDatabaseKinds())('code requests are rate-limited on %s', (kind) => {
  const ctx = useTestApp(kind, {
    rateLimits: generous,
    customerAuth: { ...customerAuthForTest, codesPerPhone: 3, codesPerIp: 5 },
  });
  let palermo: LocationIds;
  const codeFor = async (phone: string, remoteAddress: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/orderingcustomer/code',
      payload: { phone, branchContactId: palermo.id },
      remoteAddress,
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    palermo = await locationIds(ctx, 'fuego-palermo');
  });

  it('per phone, whatever the address', async () => {
    const phone = freshPhone();
    const answers = [];
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']) answers.push(await codeFor(phone, ip));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3]?.body.message).toMatch(
      /^Pediste demasiados códigos; vuelve a intentar en \d+ minutos?$/,
    );
    expect(Number(answers[3]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(answers[3]?.body.code).toBeUndefined();
    // Another phone is not held back.
    expect((await codeFor(freshPhone(), '10.0.0.5')).status).toBe(200);
  });

  it('per client address, at once too; a refused request does not count against the phone', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => codeFor(freshPhone(), '10.1.0.1')));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(3);
    const phone = freshPhone();
    for (let i = 0; i < 4; i++) expect((await codeFor(phone, '10.1.0.1')).status).toBe(429);
    // Another address is not held back, and the phone's own budget is whole.
    expect((await codeFor(phone, '10.1.0.2')).status).toBe(200);
    expect((await codeFor(phone, '10.1.0.3')).status).toBe(200);
    expect((await codeFor(phone, '10.1.0.4')).status).toBe(200);
  });
});

describe('CUSTOMER_CODE_IN_ANSWER', () => {
  it('is refused in production and off by default', () => {
    expect(() => configFromEnv({ NODE_ENV: 'production', CUSTOMER_CODE_IN_ANSWER: 'true' })).toThrow(
      /CUSTOMER_CODE_IN_ANSWER/,
    );
    expect(configFromEnv({}).customerAuth.codeInAnswer).toBe(false);
    expect(configFromEnv({ CUSTOMER_CODE_IN_ANSWER: 'true' }).customerAuth.codeInAnswer).toBe(true);
  });
});
