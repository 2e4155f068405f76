/**
 * Loyalty points over an order's life: redeemed points leave the wallet at
 * placement; the points an order earns reach it when the order is DELIVERED,
 * exactly once (a repeated move, concurrent moves, a retried credit); a
 * canceled order earns nothing and gets its redeemed points back, once. The
 * follow-up view shows both, and whether they were credited / given back.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers, loyaltyLedger } from '../src/db/schema/customers';
import { orders } from '../src/db/schema/orders';
import { orderLoyaltyCredit, orderLoyaltyReverse } from '../src/services/order-service';
import {
  FUEGO_OWNER,
  freshPhone,
  orderPlace,
  palermoTakeAway,
  request,
  staffLogin,
} from './support/console-fixture';
import { dinerGet, tenantExample, tenantLoad } from './support/diner-fixture';
import {
  customerAuthForTest,
  customerSignIn,
  type LocationIds,
  locationIds,
  orderPost,
  WEDNESDAY_1300,
} from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

describe.each(testDatabaseKinds())('loyalty points of an order on %s', (kind) => {
  const ctx = useTestApp(kind, {
    rateLimits: { order: 100_000, codeValidate: 100_000, clientLog: 100_000 },
    customerAuth: customerAuthForTest,
  });
  let companyId = 0;
  let palermo: LocationIds;
  let owner = '';
  const db = () => ctx.database.db;

  const move = (orderId: number, status: string, reason?: string) =>
    request(ctx, 'POST', `/api/console/orders/${orderId}/status`, {
      token: owner,
      payload: reason === undefined ? { status } : { status, reason },
    });
  const deliver = async (orderId: number) => {
    for (const status of ['ACCEPTED', 'READY', 'DELIVERED']) {
      expect((await move(orderId, status)).status).toBe(200);
    }
  };
  /** A customer with `points` in the wallet, new to the brand. */
  const customerWith = async (points: number) => {
    const phone = freshPhone();
    await db().insert(customers).values({
      companyId,
      phone,
      loyaltyPointsBalance: points,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    return phone;
  };
  const balanceOf = async (phone: string) =>
    (
      await db()
        .select()
        .from(customers)
        .where(and(eq(customers.companyId, companyId), eq(customers.phone, phone)))
    )[0]?.loyaltyPointsBalance;
  const ledgerOf = (orderId: number) =>
    db()
      .select({
        kind: loyaltyLedger.kind,
        amount: loyaltyLedger.amount,
        postBalance: loyaltyLedger.postBalance,
      })
      .from(loyaltyLedger)
      .where(eq(loyaltyLedger.orderId, orderId))
      .orderBy(asc(loyaltyLedger.id));
  /** Places an order redeeming points as the phone's signed-in holder (an anonymous redemption is refused). */
  const placeSignedIn = async (payload: { phone: string } & Record<string, unknown>) => {
    const answer = await orderPost(
      ctx,
      payload,
      randomUUID(),
      await customerSignIn(ctx, payload.phone, palermo.id),
    );
    if (answer.status !== 201) expect.fail(`order refused: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { id: number; code: string; price: number };
  };
  const followUp = async (code: string) =>
    (await dinerGet(ctx, `/api/diner/${palermo.id}/order/${code}`)).body;

  beforeAll(async () => {
    companyId = await tenantLoad(ctx, tenantExample());
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    owner = await staffLogin(ctx, FUEGO_OWNER);
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  it('debits redeemed points at placement and credits gained points once, on delivery', async () => {
    const phone = await customerWith(5000);
    // Fueguitos: 2000 points pay 2000 of 7650; the order earns 5 % of the 5650 left.
    const placed = await placeSignedIn(
      palermoTakeAway(palermo, { phone, loyaltyInfo: { redeemedPoints: 2000 }, price: 5650 }),
    );
    expect(placed.price).toBe(5650);
    expect(await balanceOf(phone)).toBe(3000);
    expect(await ledgerOf(placed.id)).toEqual([{ kind: 'REDEMPTION', amount: -2000, postBalance: 3000 }]);
    expect((await followUp(placed.code)).loyalty).toEqual({
      programName: 'Fueguitos',
      cashback: false,
      redeemedPoints: 2000,
      gainedPoints: 282,
      gainedCredited: false,
      redeemedReturned: false,
    });

    await move(placed.id, 'ACCEPTED');
    await move(placed.id, 'READY');
    // Not before it is delivered.
    expect(await balanceOf(phone)).toBe(3000);
    expect((await move(placed.id, 'DELIVERED')).body.changed).toBe(true);
    expect(await balanceOf(phone)).toBe(3282);
    // A repeated move changes nothing.
    expect((await move(placed.id, 'DELIVERED')).body.changed).toBe(false);
    expect(await balanceOf(phone)).toBe(3282);
    expect(await ledgerOf(placed.id)).toEqual([
      { kind: 'REDEMPTION', amount: -2000, postBalance: 3000 },
      { kind: 'ACCRUAL', amount: 282, postBalance: 3282 },
    ]);
    expect((await followUp(placed.code)).loyalty).toMatchObject({
      redeemedPoints: 2000,
      gainedPoints: 282,
      gainedCredited: true,
      redeemedReturned: false,
    });
  });

  it('credits once under concurrent deliveries and retried credits', async () => {
    const phone = freshPhone();
    const placed = await orderPlace(ctx, palermoTakeAway(palermo, { phone }));
    await move(placed.id, 'ACCEPTED');
    await move(placed.id, 'READY');
    const answers = await Promise.all(Array.from({ length: 6 }, () => move(placed.id, 'DELIVERED')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(answers.filter((answer) => answer.body.changed)).toHaveLength(1);
    // 5 % of 7650.
    expect(await balanceOf(phone)).toBe(382);
    // A retry of the credit itself (a job, a second process) finds it done.
    const again = await db().transaction((tx) => orderLoyaltyCredit(tx, placed.id, WEDNESDAY_1300));
    expect(again).toBe(0);
    expect(await balanceOf(phone)).toBe(382);
    expect((await ledgerOf(placed.id)).map((row) => row.kind)).toEqual(['ACCRUAL']);
    // And the database itself refuses a second credit of the order.
    const [customer] = await db().select().from(customers).where(eq(customers.phone, phone));
    await expect(
      db()
        .insert(loyaltyLedger)
        .values({
          companyId,
          customerId: customer?.id as number,
          kind: 'ACCRUAL',
          orderId: placed.id,
          orderCode: placed.code,
          amount: 382,
          postBalance: 764,
          createdAt: new Date(),
        }),
    ).rejects.toThrow();
  });

  it('a canceled order earns nothing and gives its redeemed points back, once', async () => {
    const phone = await customerWith(1000);
    const placed = await placeSignedIn(
      palermoTakeAway(palermo, { phone, loyaltyInfo: { redeemedPoints: 600 }, price: 7050 }),
    );
    expect(await balanceOf(phone)).toBe(400);
    expect((await move(placed.id, 'CANCELED', 'Sin stock')).status).toBe(200);
    expect(await balanceOf(phone)).toBe(1000);
    expect((await move(placed.id, 'CANCELED', 'Sin stock')).body.changed).toBe(false);
    const retried = await db().transaction((tx) => orderLoyaltyReverse(tx, placed.id, WEDNESDAY_1300));
    expect(retried).toBe(0);
    expect(await balanceOf(phone)).toBe(1000);
    expect(await ledgerOf(placed.id)).toEqual([
      { kind: 'REDEMPTION', amount: -600, postBalance: 400 },
      { kind: 'REVERSAL', amount: 600, postBalance: 1000 },
    ]);
    expect((await followUp(placed.code)).loyalty).toMatchObject({
      redeemedPoints: 600,
      gainedCredited: false,
      redeemedReturned: true,
    });
  });

  it('credits nothing to an order without a customer', async () => {
    const placed = await orderPlace(ctx, palermoTakeAway(palermo));
    await db().update(orders).set({ customerId: null }).where(eq(orders.id, placed.id));
    await deliver(placed.id);
    expect(await ledgerOf(placed.id)).toEqual([]);
    expect((await followUp(placed.code)).loyalty.gainedCredited).toBe(false);
  });
});
