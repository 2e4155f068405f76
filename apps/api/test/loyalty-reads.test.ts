/**
 * The diner's loyalty reads (ADR 026): a branch's programme is public and
 * says nothing about anyone; a points history is readable only by the
 * signed-in holder of its phone, at the company of that phone (ADR 018), and
 * reads as the 'Mis {name}' modal shows it — Pedidos / Puntos / Saldo, newest
 * first, 20 at a time. The console's order detail carries the points too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUEGO_OWNER, freshPhone, palermoTakeAway, request, staffLogin } from './support/console-fixture';
import { dinerGet, tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import {
  customerAuthForTest,
  customerSignIn,
  type LocationIds,
  locationIds,
  orderPost,
  WEDNESDAY_1300,
} from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

/** The example tenant's customer: 4200 points opened by the import. */
const MARTINA = '+5491155550101';

describe.each(testDatabaseKinds())('loyalty reads on %s', (kind) => {
  const ctx = useTestApp(kind, {
    rateLimits: { order: 100_000, codeValidate: 100_000, clientLog: 100_000 },
    customerAuth: customerAuthForTest,
  });
  let palermo: LocationIds;
  let belgrano: LocationIds;
  let cafe: LocationIds;
  let chispa: LocationIds;
  let owner = '';
  let martina: { 'x-customer-session': string };
  let delivered: { id: number; code: string };

  const history = (branchId: number, phone: string, headers: Record<string, string> = {}, query = '') =>
    dinerGet(
      ctx,
      `/api/branch/${branchId}/loyalty-points/history/${encodeURIComponent(phone)}${query}`,
      headers,
    );
  const move = (orderId: number, status: string) =>
    request(ctx, 'POST', `/api/console/orders/${orderId}/status`, { token: owner, payload: { status } });

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    belgrano = await locationIds(ctx, 'fuego-belgrano');
    cafe = await locationIds(ctx, 'fuego-cafe-centro');
    chispa = await locationIds(ctx, 'chispa-palermo');
    owner = await staffLogin(ctx, FUEGO_OWNER);
    martina = await customerSignIn(ctx, MARTINA, palermo.id);
    // Martina spends 2000 of her 4200 points on a 7650 order and gets it delivered: 5 % of 5650 earned.
    const placed = await orderPost(
      ctx,
      palermoTakeAway(palermo, { phone: MARTINA, loyaltyInfo: { redeemedPoints: 2000 }, price: 5650 }),
      randomUUID(),
      martina,
    );
    expect(placed.status).toBe(201);
    delivered = placed.body;
    for (const status of ['ACCEPTED', 'READY', 'DELIVERED'])
      expect((await move(delivered.id, status)).status).toBe(200);
  });
  afterAll(() => ctx.app.clock.pin(undefined));

  describe('GET /api/branch/{id}/loyalty-program', () => {
    it("answers the branch's programme and nothing personal", async () => {
      const { status, body } = await dinerGet(ctx, `/api/branch/${palermo.branchId}/loyalty-program`);
      expect(status).toBe(200);
      expect(body).toEqual({
        id: expect.any(Number),
        branchId: palermo.branchId,
        active: true,
        name: 'Fueguitos',
        orderPercentage: 5,
        cashback: 0,
        minRedeemedPoints: 500,
        maxRedeemedPoints: 5000,
        maxRedeemedPercentage: 30,
        supportsDiscounts: true,
        welcomeText: null,
        branchContactIds: [palermo.id, belgrano.id].sort((a, b) => a - b),
      });
    });

    it('answers 404 for a switched-off programme, a branch without one, and an unknown branch', async () => {
      const off = await dinerGet(ctx, `/api/branch/${cafe.branchId}/loyalty-program`);
      expect(off.status).toBe(404);
      expect(off.body.message).toBe(`La marca ${cafe.branchId} no tiene un programa de puntos activo`);
      const unknown = await dinerGet(ctx, '/api/branch/999999/loyalty-program');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('No existe la marca 999999');
      const bad = await dinerGet(ctx, '/api/branch/uno/loyalty-program');
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual({ 'params.id': 'debe ser un número entero' });
    });
  });

  describe('GET /api/branch/{branchId}/loyalty-points/history/{customerPhone}', () => {
    it("lists the signed-in customer's rows newest first: Pedidos / Puntos / Saldo", async () => {
      const { status, body, headers } = await history(palermo.branchId, MARTINA, martina);
      expect(status).toBe(200);
      expect(headers['cache-control']).toBe('no-store');
      expect(body.offset).toBe(0);
      expect(body.limit).toBe(20);
      expect(body.history).toEqual([
        {
          kind: 'ACCRUAL',
          orderCode: delivered.code,
          amount: 282,
          postBalance: 2482,
          createdAt: expect.any(String),
        },
        {
          kind: 'REDEMPTION',
          orderCode: delivered.code,
          amount: -2000,
          postBalance: 2200,
          createdAt: expect.any(String),
        },
        { kind: 'OPENING', orderCode: null, amount: 4200, postBalance: 4200, createdAt: expect.any(String) },
      ]);
      expect(body.history[0].createdAt).toBe(new Date(WEDNESDAY_1300).toISOString());
      // The same wallet as the customer read: the newest row's balance is the balance.
      const profile = await dinerGet(
        ctx,
        `/api/orderingcustomer/${encodeURIComponent(MARTINA)}?branchId=${palermo.branchId}`,
        martina,
      );
      expect(profile.body.loyaltyPointsBalance).toBe(2482);
    });

    it('pages with offset and limit, and the phone may be typed as the diner knows it', async () => {
      const first = await history(palermo.branchId, MARTINA, martina, '?offset=0&limit=2');
      expect(first.body.history.map((row: { kind: string }) => row.kind)).toEqual(['ACCRUAL', 'REDEMPTION']);
      const next = await history(palermo.branchId, MARTINA, martina, '?offset=2&limit=2');
      expect(next.body.history.map((row: { kind: string }) => row.kind)).toEqual(['OPENING']);
      const past = await history(palermo.branchId, MARTINA, martina, '?offset=3');
      expect(past.body.history).toEqual([]);
      const local = await history(palermo.branchId, '011 15 5555-0101', martina, '?limit=1');
      expect(local.status).toBe(200);
      expect(local.body.history).toHaveLength(1);
    });

    it('refuses a bad offset or limit field by field', async () => {
      const over = await history(palermo.branchId, MARTINA, martina, '?limit=21');
      expect(over.status).toBe(400);
      expect(over.body.fields).toEqual({ 'querystring.limit': 'debe ser menor o igual a 20' });
      const under = await history(palermo.branchId, MARTINA, martina, '?offset=-1&limit=0');
      expect(under.body.fields).toEqual({
        'querystring.offset': 'debe ser mayor o igual a 0',
        'querystring.limit': 'debe ser mayor o igual a 1',
      });
      const words = await history(palermo.branchId, MARTINA, martina, '?offset=inicio');
      expect(words.body.fields).toEqual({ 'querystring.offset': 'debe ser un número entero' });
    });

    it('is never readable without the phone’s own session at its company', async () => {
      const anonymous = await history(palermo.branchId, MARTINA);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe('Inicia sesión con tu teléfono');
      expect(anonymous.body).not.toHaveProperty('history');
      const forged = await history(palermo.branchId, MARTINA, { 'x-customer-session': 'x'.repeat(43) });
      expect(forged.status).toBe(401);
      // Another diner, properly signed in, asks for Martina's rows.
      const other = await customerSignIn(ctx, freshPhone(), palermo.id);
      const stranger = await history(palermo.branchId, MARTINA, other);
      expect(stranger.status).toBe(403);
      expect(stranger.body.message).toBe('Esta sesión es de otro teléfono');
      expect(stranger.body).not.toHaveProperty('history');
      // Martina's session is for Fuego: the same phone at another company is another wallet.
      const elsewhere = await history(chispa.branchId, MARTINA, martina);
      expect(elsewhere.status).toBe(403);
      // After signing out the token reads nothing.
      const session = await customerSignIn(ctx, MARTINA, belgrano.id);
      expect((await history(belgrano.branchId, MARTINA, session)).status).toBe(200);
      await request(ctx, 'DELETE', '/api/orderingcustomer/session', { headers: session });
      expect((await history(belgrano.branchId, MARTINA, session)).status).toBe(401);
    });

    it('answers an empty history to a signed-in phone that never earned a point', async () => {
      const phone = freshPhone();
      const session = await customerSignIn(ctx, phone, palermo.id);
      const { status, body } = await history(palermo.branchId, phone, session);
      expect(status).toBe(200);
      expect(body.history).toEqual([]);
    });
  });

  it("shows the points redeemed and gained on the follow-up and in the console's order detail", async () => {
    const expected = {
      programName: 'Fueguitos',
      cashback: false,
      redeemedPoints: 2000,
      gainedPoints: 282,
      gainedCredited: true,
      redeemedReturned: false,
    };
    const followUp = await dinerGet(ctx, `/api/diner/${palermo.id}/order/${delivered.code}`);
    expect(followUp.body.loyalty).toEqual(expected);
    const detail = await request(ctx, 'GET', `/api/console/orders/${delivered.id}`, { token: owner });
    expect(detail.status).toBe(200);
    expect(detail.body.loyalty).toEqual(expected);
  });
});
