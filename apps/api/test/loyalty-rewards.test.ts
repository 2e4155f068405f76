/**
 * Loyalty rewards (issue 11, ADR 027): `GET /api/loyalty-reward/{id}` answers
 * the public reward (one 404 for unknown, inactive and programme-off), and the
 * sign-up `POST /api/diner/customer/{phone}/loyalty-reward/{rewardId}` names
 * each bad field with the spec's texts, credits a reward once per customer even
 * under 30 concurrent sign-ups, keeps the balance equal to the ledger, and never
 * changes a stored customer's data without that phone's session.
 */
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers, loyaltyLedger, loyaltyRewards } from '../src/db/schema/customers';
import { freshPhone } from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { customerAuthForTest, customerSignIn, type LocationIds, locationIds } from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

/** The example tenant with more rewards: any location's, an inactive one, and one of the café (programme off). */
function tenantWithRewards(): Record<string, unknown> {
  const tenant = tenantExample() as { branches: { name: string; loyaltyRewards?: unknown[] }[] };
  const [burgers, cafe] = tenant.branches;
  if (!burgers || !cafe) throw new Error('The example tenant has two branches');
  burgers.loyaltyRewards = [
    ...(burgers.loyaltyRewards ?? []),
    { key: 'cumpleanos', active: true, reward: 500 },
    { key: 'invierno', active: false, reward: 700 },
  ];
  cafe.loyaltyRewards = [{ key: 'cafe', active: true, reward: 300 }];
  return tenant as unknown as Record<string, unknown>;
}

describe.each(testDatabaseKinds())('loyalty rewards on %s', (kind) => {
  const ctx = useTestApp(kind, { customerAuth: customerAuthForTest });
  const db = () => ctx.database.db;
  let companyId = 0;
  let palermo: LocationIds;
  let belgrano: LocationIds;
  const rewardIds: Record<string, number> = {};

  const signUp = async (
    phone: string,
    rewardKey: string,
    form: Record<string, unknown> = {},
    options: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) => {
    const rewardId = rewardIds[rewardKey] ?? 0;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/diner/customer/${encodeURIComponent(phone)}/loyalty-reward/${rewardId}`,
      headers: options.headers ?? {},
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
      payload: {
        name: 'Lucía Fernández',
        phone,
        email: 'lucia@correo.example',
        branchId: palermo.branchId,
        branchContactId: palermo.id,
        loyaltyRewardId: rewardId,
        acquisitionChannel: 'INSTAGRAM',
        ...form,
      },
    });
    return { status: response.statusCode, body: response.json(), text: response.body };
  };
  const customerOf = async (phone: string) =>
    (
      await db()
        .select()
        .from(customers)
        .where(and(eq(customers.companyId, companyId), eq(customers.phone, phone)))
    )[0];
  const ledgerOf = async (customerId: number) =>
    db()
      .select()
      .from(loyaltyLedger)
      .where(eq(loyaltyLedger.customerId, customerId))
      .orderBy(asc(loyaltyLedger.id));

  beforeAll(async () => {
    companyId = await tenantLoad(ctx, tenantWithRewards());
    palermo = await locationIds(ctx, 'fuego-palermo');
    belgrano = await locationIds(ctx, 'fuego-belgrano');
    for (const row of await db().select().from(loyaltyRewards)) rewardIds[row.key] = row.id;
  });

  describe('GET /api/loyalty-reward/{id}', () => {
    it('answers the reward’s public fields', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/loyalty-reward/${rewardIds.bienvenida}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: rewardIds.bienvenida,
        active: true,
        reward: 1000,
        branchId: palermo.branchId,
        branchContactId: palermo.id,
      });
      const anywhere = await ctx.app.inject({
        method: 'GET',
        url: `/api/loyalty-reward/${rewardIds.cumpleanos}`,
      });
      expect(anywhere.json()).toMatchObject({ reward: 500, branchContactId: null });
    });

    it('answers one 404 for an unknown reward, an inactive one and one whose programme is off', async () => {
      for (const id of [rewardIds.invierno, rewardIds.cafe, 999_999]) {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/loyalty-reward/${id}` });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Not Found', message: `No existe el premio ${id}` });
      }
      const bad = await ctx.app.inject({ method: 'GET', url: '/api/loyalty-reward/abc' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty(['params.id']);
    });
  });

  describe('the sign-up', () => {
    it('names each bad field with the spec’s texts and credits nothing', async () => {
      const phone = freshPhone();
      const empty = await signUp(phone, 'bienvenida', { name: ' ', phone: '123', email: 'lucia' });
      expect(empty.status).toBe(400);
      expect(empty.body.fields).toEqual({
        name: 'Debe completar todos los campos para continuar',
        phone: 'El número de teléfono es invalido',
        email: 'Debe completar todos los campos para continuar',
      });
      const missing = await signUp(phone, 'bienvenida', { name: undefined, email: undefined });
      expect(missing.body.fields).toEqual({
        name: 'Debe completar todos los campos para continuar',
        email: 'Debe completar todos los campos para continuar',
      });
      // The reward is Palermo's: Belgrano is another location; the ids must agree with the path.
      const elsewhere = await signUp(phone, 'bienvenida', {
        branchContactId: belgrano.id,
        loyaltyRewardId: rewardIds.cumpleanos,
        phone: freshPhone(),
      });
      expect(elsewhere.body.fields).toEqual({
        branchContactId: 'Este premio no se ofrece en este local',
        loyaltyRewardId: `Debe ser el premio de la dirección (${rewardIds.bienvenida})`,
        phone: 'No coincide con el teléfono de la dirección',
      });
      const schema = await signUp(phone, 'bienvenida', { branchId: 'x', extra: 1 });
      expect(Object.keys(schema.body.fields).sort()).toEqual(['body.branchId', 'body.extra']);
      expect(await customerOf(phone)).toBeUndefined();
      expect((await signUp(phone, 'invierno')).status).toBe(404);
    });

    it('credits a new phone once, even when 30 sign-ups arrive at once', async () => {
      const phone = freshPhone();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          signUp(phone, 'bienvenida', {}, { remoteAddress: `198.51.100.${(i % 3) + 1}` }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
      const refused = answers.filter((answer) => answer.status === 409);
      expect(refused).toHaveLength(29);
      for (const answer of refused) {
        expect(answer.body.message).toBe('Ya ha canjeado este premio');
        expect(answer.text).toContain('already exists');
      }
      expect(answers.find((answer) => answer.status === 201)?.body).toEqual({
        loyaltyRewardId: rewardIds.bienvenida,
        phone,
        reward: 1000,
      });
      const customer = await customerOf(phone);
      expect(customer).toMatchObject({
        name: 'Lucía Fernández',
        email: 'lucia@correo.example',
        optIn: false,
        loyaltyPointsBalance: 1000,
      });
      const ledger = await ledgerOf(customer?.id ?? 0);
      expect(ledger.map((row) => [row.kind, row.amount, row.postBalance, row.loyaltyRewardId])).toEqual([
        ['REWARD', 1000, 1000, rewardIds.bienvenida],
      ]);
    });

    it('credits another reward separately, and the balance stays the sum of the ledger', async () => {
      const phone = freshPhone();
      expect((await signUp(phone, 'bienvenida')).status).toBe(201);
      const answers = await Promise.all(Array.from({ length: 10 }, () => signUp(phone, 'cumpleanos')));
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
      expect((await signUp(phone, 'bienvenida')).status).toBe(409);
      const customer = await customerOf(phone);
      expect(customer?.loyaltyPointsBalance).toBe(1500);
      const ledger = await ledgerOf(customer?.id ?? 0);
      expect(ledger.map((row) => [row.amount, row.postBalance])).toEqual([
        [1000, 1000],
        [500, 1500],
      ]);
      expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(customer?.loyaltyPointsBalance);
    });

    it("adds to a known customer's points without changing their data or telling they were known", async () => {
      // Martina comes with the tenant: 4200 points.
      const known = '+5491155550101';
      const before = await customerOf(known);
      const stranger = await signUp(freshPhone(), 'bienvenida');
      const answer = await signUp(known, 'bienvenida', {
        name: 'Impostor',
        email: 'impostor@correo.example',
      });
      expect(answer.status).toBe(201);
      expect(Object.keys(answer.body)).toEqual(Object.keys(stranger.body));
      expect(answer.text).not.toContain('4200');
      expect(answer.text).not.toContain('5200');
      expect(await customerOf(known)).toMatchObject({
        name: before?.name,
        email: before?.email,
        optIn: before?.optIn,
        loyaltyPointsBalance: (before?.loyaltyPointsBalance ?? 0) + 1000,
      });
      // A session of another phone changes nothing either.
      const otherSession = await customerSignIn(ctx, freshPhone(), palermo.id);
      const withOther = await signUp(
        known,
        'cumpleanos',
        { name: 'Impostor', email: 'impostor@correo.example' },
        { headers: otherSession },
      );
      expect(withOther.status).toBe(201);
      expect(await customerOf(known)).toMatchObject({ name: before?.name, email: before?.email });
    });

    it('refreshes the name and email with the session of that phone', async () => {
      const phone = freshPhone();
      expect((await signUp(phone, 'bienvenida', { name: 'Caro', email: 'caro@correo.example' })).status).toBe(
        201,
      );
      const session = await customerSignIn(ctx, phone, palermo.id);
      const answer = await signUp(
        phone,
        'cumpleanos',
        { name: 'Carolina Ruiz', email: 'Carolina@Correo.example' },
        { headers: session },
      );
      expect(answer.status).toBe(201);
      expect(await customerOf(phone)).toMatchObject({
        name: 'Carolina Ruiz',
        email: 'carolina@correo.example',
        loyaltyPointsBalance: 1500,
      });
    });
  });
});
