import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { configForTest } from '../src/config';
import { customers } from '../src/db/schema/customers';
import { codeDiscounts } from '../src/db/schema/menu';
import { codeDiscountRedemptions, orders } from '../src/db/schema/orders';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import {
  extraOf,
  type LocationIds,
  locationIds,
  plateOf,
  sizeOf,
  WEDNESDAY_1300,
} from './support/order-fixture';
import { type DatabaseKind, type TestContext, useTestApp } from './support/test-app';

// Nothing lost, nothing doubled (issue 5): 200 orders at once through a real
// listening server, so on PostgreSQL they run on the pool's parallel
// connections and meet at the row locks; PGlite serializes transactions itself.

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const generous = { order: 100_000, codeValidate: 100_000, clientLog: 100_000 };

describe.each(['pglite', 'postgres'] as DatabaseKind[])('concurrent orders on %s', (kind) => {
  const available = kind === 'pglite' || hasPostgres;
  const ctx: TestContext = available
    ? useTestApp(kind, {
        rateLimits: generous,
        abuse: { ...configForTest().abuse, ordersPerPhone: 100_000, ordersPerVenue: 100_000 },
      })
    : ({} as TestContext);
  let fuegoId = 0;
  let palermo: LocationIds;
  let baseUrl = '';

  beforeAll(async () => {
    if (!available) return;
    fuegoId = await tenantLoad(ctx, tenantExample());
    palermo = await locationIds(ctx, 'fuego-palermo');
    ctx.app.clock.pin(WEDNESDAY_1300);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  /** Palermo take-away, one Clásica simple, cash: 7650 without code. */
  const payload = (phone: string, extra: Record<string, unknown> = {}) => {
    const plate = plateOf(palermo, 'TAKE_AWAY', 'Clásica');
    return {
      orderModeId: palermo.modes.TAKE_AWAY,
      branchContact: { id: palermo.id },
      items: [
        {
          referenceId: plate.id,
          sizeId: sizeOf(plate, 'Simple'),
          quantity: 1,
          extras: [extraOf(plate, 'Elegí tu pan', { 'Pan de papa': 1 })],
        },
      ],
      price: 7650,
      paymentType: { id: palermo.paymentTypes.TAKE_AWAY?.CASH },
      paysWith: 10000,
      phone,
      customerName: 'Concurrente',
      ...extra,
    };
  };

  const post = async (body: unknown, key: string) => {
    const response = await fetch(`${baseUrl}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  const phoneOf = (i: number) =>
    `+54911${kind === 'pglite' ? '61' : '62'}${String(100_000 + i).padStart(6, '0')}`;

  it.skipIf(!available)('200 requests with 20 idempotency keys create exactly 20 orders', async () => {
    const keys = Array.from({ length: 20 }, () => randomUUID());
    const bodies = keys.map((_, i) => payload(phoneOf(i)));
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => post(bodies[i % 20], keys[i % 20] as string)),
    );
    expect(results.map((result) => result.status)).toEqual(Array(200).fill(201));
    // Every request of one key got the same answer, and the keys got 20 different orders.
    const codes = new Set<string>();
    for (let k = 0; k < 20; k++) {
      const answers = results.filter((_, i) => i % 20 === k).map((result) => result.body);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      codes.add(String(answers[0]?.code));
    }
    expect(codes.size).toBe(20);
    const stored = await ctx.database.db
      .select({ code: orders.code })
      .from(orders)
      .where(
        inArray(
          orders.phone,
          bodies.map((body) => body.phone),
        ),
      );
    expect(stored).toHaveLength(20);
    expect(new Set(stored.map((row) => row.code))).toEqual(codes);
  });

  it.skipIf(!available)('200 orders with a code limited to 50 uses discount exactly 50', async () => {
    const where = and(eq(codeDiscounts.companyId, fuegoId), eq(codeDiscounts.code, 'BURGER20'));
    const [code] = await ctx.database.db.select().from(codeDiscounts).where(where);
    expect(code).toMatchObject({ limitedUsage: true, usageLimit: 50, usageCount: 0 });
    // 8500 − 20 % (1700) − 10 % por retirar (850) = 5950
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(payload(phoneOf(1000 + i), { codeDiscount: 'BURGER20', price: 5950 }), randomUUID()),
      ),
    );
    const placed = results.filter((result) => result.status === 201);
    const refused = results.filter((result) => result.status !== 201);
    expect(placed).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const result of refused) {
      expect(result.status).toBe(400);
      expect(result.body.fields).toEqual({
        codeDiscount: 'No se encontró ningún descuento con el código ingresado.',
      });
    }
    const [after] = await ctx.database.db.select().from(codeDiscounts).where(where);
    expect(after?.usageCount).toBe(50);
    const discounted = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.codeDiscountId, code?.id ?? 0), isNotNull(orders.codeDiscountId)));
    expect(discounted[0]?.n).toBe(50);
    const redemptions = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(codeDiscountRedemptions)
      .where(eq(codeDiscountRedemptions.codeDiscountId, code?.id ?? 0));
    expect(redemptions[0]?.n).toBe(50);
    for (const result of placed) expect(result.body.price).toBe(5950);
  });
  it.skipIf(!available)(
    '40 first orders of one new phone at once make one customer, linked to every order',
    async () => {
      const phone = phoneOf(5000);
      const results = await Promise.all(Array.from({ length: 40 }, () => post(payload(phone), randomUUID())));
      expect(results.map((result) => result.status)).toEqual(Array(40).fill(201));
      const known = await ctx.database.db
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.companyId, fuegoId), eq(customers.phone, phone)));
      expect(known).toHaveLength(1);
      const placed = await ctx.database.db
        .select({ customerId: orders.customerId })
        .from(orders)
        .where(eq(orders.phone, phone));
      expect(placed.map((row) => row.customerId)).toEqual(Array(40).fill(known[0]?.id));
    },
  );
});
