/**
 * External benefits (ordering §3, §6, §7): a partner's user, proven by a token
 * signed with the partner's secret, gets the partner's discount with the
 * lowest priority — in the preview (`POST /api/external-benefits/{partner}`)
 * and, checked again, in the order's price. A client cannot claim a benefit it
 * does not have: a missing, forged, expired or someone else's token refuses
 * the order (401) and stores nothing; leaving the benefit out prices without it.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { palermoTakeAway } from './support/console-fixture';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const PARTNER = 'club-socios';
const SECRET = 'club-socios-secreto-de-prueba';
const NOW_S = Math.floor(WEDNESDAY_1300 / 1000);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A compact HS256 JWT, as a partner would sign it (written out here, not with our verifier). */
function jwt(
  claims: Record<string, unknown>,
  secret = SECRET,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
) {
  const head = `${b64(header)}.${b64(claims)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}
const userToken = (sub = 'socio-42', extra: Record<string, unknown> = {}) =>
  jwt({ sub, iat: NOW_S, exp: NOW_S + 3600, ...extra });

describe.each(testDatabaseKinds())('external benefits on %s', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: { order: 100_000, codeValidate: 100_000, clientLog: 100_000 } });
  let palermo: LocationIds;
  let chispa: LocationIds;
  const db = () => ctx.database.db;
  const orderCount = async () =>
    (await db().select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n ?? 0;

  const benefits = (body: Record<string, unknown>, token: string | null, partner = PARTNER) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/external-benefits/${partner}`,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      payload: body,
    });
  const at = (location: LocationIds, externalUserId = 'socio-42') => ({
    branchId: location.branchId,
    branchContactId: location.id,
    orderModeId: location.modes.TAKE_AWAY,
    externalUserId,
  });
  const order = (payload: Record<string, unknown>, token: string | null) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: {
        'idempotency-key': randomUUID(),
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      },
      payload,
    });
  /** Palermo take-away (8500 − 10 % 'por retirar' = 7650), as a club member: − 2000 'Socio Club Premium'. */
  const memberOrder = (overrides: Record<string, unknown> = {}) =>
    palermoTakeAway(palermo, {
      partnerName: PARTNER,
      userExternalReference: 'socio-42',
      price: 5650,
      ...overrides,
    });

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    palermo = await locationIds(ctx, 'fuego-palermo');
    chispa = await locationIds(ctx, 'chispa-palermo');
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  describe('POST /api/external-benefits/{partner}', () => {
    it('lists the partner’s discounts and applies the one with the lowest priority', async () => {
      const answer = await benefits(at(palermo), userToken());
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body.partner).toBe(PARTNER);
      expect(
        body.generalDiscounts.map((d: { name: string; priority: number }) => [d.name, d.priority]),
      ).toEqual([
        ['Socio Club', 2],
        ['Socio Club Premium', 1],
      ]);
      expect(body.appliedDiscount).toMatchObject({
        name: 'Socio Club Premium',
        type: 'FIXED',
        value: 2000,
        priority: 1,
      });
    });

    it('refuses a missing, forged, expired, early or someone else’s token with 401', async () => {
      const refused = [
        null,
        'not-a-token',
        userToken('socio-7'),
        jwt({ sub: 'socio-42', exp: NOW_S + 3600 }, 'otro-secreto-cualquiera'),
        jwt({ sub: 'socio-42', exp: NOW_S - 60 }),
        jwt({ sub: 'socio-42' }),
        jwt({ sub: 'socio-42', exp: NOW_S + 3600, nbf: NOW_S + 600 }),
        jwt({ sub: 'socio-42', exp: NOW_S + 3600 }, SECRET, { alg: 'none' }),
        jwt({ sub: 'socio-42', exp: NOW_S + 3600 }, SECRET, { alg: 'HS512' }),
      ];
      for (const token of refused) {
        const answer = await benefits(at(palermo), token);
        expect(answer.statusCode, String(token)).toBe(401);
        expect(answer.json().message).toBe(
          'No pudimos verificar tu beneficio. Vuelve a ingresar desde la app de tu programa de beneficios.',
        );
      }
    });

    it('answers bad input with 400 per field, never 500', async () => {
      const unknown = await benefits(at(palermo), userToken(), 'otro-club');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields).toEqual({ partner: 'No existe el programa de beneficios otro-club' });
      const mismatch = await benefits({ ...at(palermo), branchId: chispa.branchId }, userToken());
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().fields).toEqual({ branchId: 'El local no pertenece a esta sucursal' });
      const badTypes = await benefits({ branchId: 'x', branchContactId: -1, orderModeId: 1.5 }, userToken());
      expect(badTypes.statusCode).toBe(400);
      expect(Object.keys(badTypes.json().fields ?? {}).length).toBeGreaterThan(0);
      const noBody = await ctx.app.inject({ method: 'POST', url: `/api/external-benefits/${PARTNER}` });
      expect(noBody.statusCode).toBe(400);
    });

    it('finds a partner only in the company of the location', async () => {
      // Chispa has a partner of the same name and secret: the token is good, but at Palermo it is Fuego's partner.
      const answer = await benefits(at(chispa), userToken());
      expect(answer.statusCode).toBe(200);
      const fuego = (await benefits(at(palermo), userToken())).json();
      expect(answer.json().generalDiscounts.map((d: { id: number }) => d.id)).not.toEqual(
        fuego.generalDiscounts.map((d: { id: number }) => d.id),
      );
    });
  });

  describe('POST /api/order with a partner', () => {
    it('prices the order with the applied benefit and stores it', async () => {
      const answer = await order(memberOrder(), userToken());
      expect(answer.statusCode, answer.body).toBe(201);
      const [row] = await db().select().from(orders).where(eq(orders.id, answer.json().id));
      expect(row?.price).toBe(5650);
      expect(row?.partnerName).toBe(PARTNER);
      expect(row?.userExternalReference).toBe('socio-42');
      expect(row?.discounts).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'Socio Club Premium', amount: 2000, externalBenefitType: PARTNER }),
        ]),
      );
    });

    it('refuses a benefit the request cannot prove, and stores nothing', async () => {
      const before = await orderCount();
      for (const token of [
        null,
        userToken('socio-7'),
        jwt({ sub: 'socio-42', exp: NOW_S + 3600 }, 'x'.repeat(20)),
      ]) {
        const answer = await order(memberOrder(), token);
        expect(answer.statusCode).toBe(401);
        expect(answer.json().fields).toEqual({
          authorization:
            'No pudimos verificar tu beneficio. Vuelve a ingresar desde la app de tu programa de beneficios.',
        });
      }
      // The benefit's price without naming the partner: the server's price, without the benefit.
      const priced = await order(
        memberOrder({ partnerName: undefined, userExternalReference: undefined }),
        null,
      );
      expect(priced.statusCode).toBe(409);
      expect(priced.json().breakdown.price).toBe(7650);
      // A real member claiming the bigger benefit (15 % instead of the one that applies) gets the server's figure.
      const greedy = await order(memberOrder({ price: 7650 - 1275 - 2000 }), userToken());
      expect(greedy.statusCode).toBe(409);
      expect(greedy.json().breakdown.price).toBe(5650);
      // A partner of no one, or without a user.
      const unknown = await order(memberOrder({ partnerName: 'otro-club' }), userToken());
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields).toEqual({ partnerName: 'No existe el programa de beneficios otro-club' });
      const anonymous = await order(memberOrder({ userExternalReference: undefined }), userToken());
      expect(anonymous.statusCode).toBe(400);
      expect(anonymous.json().fields).toEqual({
        userExternalReference: 'Indique el usuario del programa de beneficios',
      });
      expect(await orderCount()).toBe(before);
    });
  });
});
