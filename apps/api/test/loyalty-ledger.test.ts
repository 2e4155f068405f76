/**
 * The points ledger under concurrency (ADR 026): every change of a wallet is
 * exactly one ledger row, whatever fires at once — repeated and racing
 * deliveries and cancels, from the console and from the rider's delivery —
 * and under random concurrent orders, redemptions, deliveries and cancels the
 * balance is always the sum of the ledger and never below zero.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers, loyaltyLedger } from '../src/db/schema/customers';
import { orders } from '../src/db/schema/orders';
import { FUEGO_OWNER, freshPhone, palermoTakeAway, request, staffLogin } from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import {
  customerAuthForTest,
  customerSignIn,
  type LocationIds,
  locationIds,
  orderPost,
  WEDNESDAY_1300,
} from './support/order-fixture';
import { DIEGO, riderOnShift } from './support/rider-fixture';
import { palermoDelivery, shipmentOfOrder, shipmentPut } from './support/shipment-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

/** Palermo take-away, Clásica: 7650; Fueguitos redeem at least 500 and at most 30 % (2295). */
const TAKE_AWAY_PRICE = 7650;
const MAX_POINTS_TAKE_AWAY = 2295;

describe.each(testDatabaseKinds())('loyalty ledger under concurrency on %s', (kind) => {
  const ctx = useTestApp(kind, {
    rateLimits: { order: 100_000, codeValidate: 100_000, clientLog: 100_000 },
    customerAuth: customerAuthForTest,
  });
  let companyId = 0;
  let palermo: LocationIds;
  let owner = '';
  const db = () => ctx.database.db;

  const move = (orderId: number, status: string) =>
    request(ctx, 'POST', `/api/console/orders/${orderId}/status`, {
      token: owner,
      payload: status === 'CANCELED' ? { status, reason: 'Sin stock' } : { status },
    });
  const moveOk = async (orderId: number, status: string) => {
    const answer = await move(orderId, status);
    if (answer.status !== 200)
      expect.fail(`move to ${status}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };

  /** A signed-in customer whose wallet opened with `points`, as a venue's import opens it (an OPENING row). */
  const walletWith = async (points: number) => {
    const phone = freshPhone();
    await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(customers)
        .values({
          companyId,
          phone,
          loyaltyPointsBalance: points,
          createdAt: new Date(),
          updatedAt: new Date(),
        })
        .returning();
      if (points > 0) {
        await tx.insert(loyaltyLedger).values({
          companyId,
          customerId: row?.id as number,
          kind: 'OPENING',
          amount: points,
          postBalance: points,
        });
      }
    });
    return { phone, session: await customerSignIn(ctx, phone, palermo.id) };
  };

  /** A take-away of the wallet's holder redeeming `points`; answers the raw answer (a 400 is a refused redemption). */
  const placeRedeeming = (wallet: { phone: string; session: Record<string, string> }, points: number) =>
    orderPost(
      ctx,
      palermoTakeAway(palermo, {
        phone: wallet.phone,
        price: TAKE_AWAY_PRICE - points,
        ...(points > 0 ? { loyaltyInfo: { redeemedPoints: points } } : {}),
      }),
      randomUUID(),
      wallet.session,
    );

  /**
   * The wallet's invariants: the balance is the sum of its ledger and never
   * negative, each row's balance follows from the one before, every order has
   * at most one row of each kind, and each row matches the order's fate.
   * Answers the balance.
   */
  const walletChecked = async (phone: string) => {
    const [customer] = await db()
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.phone, phone)));
    if (!customer) return expect.fail(`no customer ${phone}`);
    const rows = await db()
      .select()
      .from(loyaltyLedger)
      .where(eq(loyaltyLedger.customerId, customer.id))
      .orderBy(asc(loyaltyLedger.id));
    let running = 0;
    for (const row of rows) {
      running += row.amount;
      expect(row.postBalance).toBe(running);
      expect(row.postBalance).toBeGreaterThanOrEqual(0);
    }
    expect(customer.loyaltyPointsBalance).toBe(running);
    expect(customer.loyaltyPointsBalance).toBeGreaterThanOrEqual(0);

    const orderIds = [...new Set(rows.flatMap((row) => (row.orderId === null ? [] : [row.orderId])))];
    const placed = orderIds.length
      ? await db().select().from(orders).where(inArray(orders.id, orderIds))
      : [];
    for (const order of placed) {
      const kinds = rows.filter((row) => row.orderId === order.id).map((row) => row.kind);
      expect(new Set(kinds).size).toBe(kinds.length);
      const expected = [
        ...(order.loyaltyRedeemedPoints > 0 ? ['REDEMPTION'] : []),
        ...(order.status === 'DELIVERED' && order.loyaltyGainedPoints > 0 ? ['ACCRUAL'] : []),
        ...(order.status === 'CANCELED' && order.loyaltyRedeemedPoints > 0 ? ['REVERSAL'] : []),
      ];
      expect(kinds.sort()).toEqual(expected.sort());
    }
    return customer.loyaltyPointsBalance;
  };

  beforeAll(async () => {
    companyId = await tenantLoad(ctx, tenantExample());
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    owner = await staffLogin(ctx, FUEGO_OWNER);
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  it('a delivery and a cancel fired together: one wins, and only its points move, once', async () => {
    const wallet = await walletWith(5000);
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const placed = await placeRedeeming(wallet, 1000);
      expect(placed.status).toBe(201);
      await moveOk(placed.body.id, 'ACCEPTED');
      await moveOk(placed.body.id, 'READY');
      // Interleaved: half the consoles deliver, half cancel, at once.
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          move(placed.body.id, i % 2 === round % 2 ? 'DELIVERED' : 'CANCELED'),
        ),
      );
      expect(answers.filter((answer) => answer.body.changed === true)).toHaveLength(1);
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      const [order] = await db().select().from(orders).where(eq(orders.id, placed.body.id));
      outcomes.push(order?.status as string);
      const kinds = (
        await db().select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, placed.body.id))
      ).map((row) => row.kind);
      expect(kinds.sort()).toEqual(
        order?.status === 'DELIVERED' ? ['ACCRUAL', 'REDEMPTION'] : ['REDEMPTION', 'REVERSAL'],
      );
    }
    expect(outcomes.every((status) => status === 'DELIVERED' || status === 'CANCELED')).toBe(true);
    await walletChecked(wallet.phone);
  });

  it('spends a wallet once however many orders redeem it at once, and gives back only what was taken', async () => {
    const wallet = await walletWith(3000);
    const answers = await Promise.all(Array.from({ length: 8 }, () => placeRedeeming(wallet, 1000)));
    const placed = answers.filter((answer) => answer.status === 201).map((answer) => answer.body);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(placed).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body.fields).toHaveProperty('loyaltyInfo.redeemedPoints');
    }
    expect(await walletChecked(wallet.phone)).toBe(0);
    // Cancel every placed order from several consoles at once: each gives its 1000 back once.
    await Promise.all(placed.flatMap((order) => [move(order.id, 'CANCELED'), move(order.id, 'CANCELED')]));
    expect(await walletChecked(wallet.phone)).toBe(3000);
  });

  it("credits once when the rider's delivery and the venue's cancel race, and never both", async () => {
    const rider = await riderOnShift(ctx, palermo.id, DIEGO.phone);
    for (let round = 0; round < 2; round++) {
      const wallet = await walletWith(2000);
      let placed = await orderPost(
        ctx,
        { ...palermoDelivery(palermo, { phone: wallet.phone }), loyaltyInfo: { redeemedPoints: 1000 } },
        randomUUID(),
        wallet.session,
      );
      if (placed.status === 409) {
        placed = await orderPost(
          ctx,
          {
            ...palermoDelivery(palermo, { phone: wallet.phone }),
            loyaltyInfo: { redeemedPoints: 1000 },
            price: placed.body.breakdown.price,
          },
          randomUUID(),
          wallet.session,
        );
      }
      expect(placed.status).toBe(201);
      await moveOk(placed.body.id, 'ACCEPTED');
      const found = await shipmentOfOrder(ctx, placed.body.id);
      if (!found) return expect.fail('no shipment');
      const { id } = found.shipment;
      for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF']) {
        const extra =
          status === 'ON_ROUTE_TO_PICK_UP'
            ? { rider_id: rider.riderId, rider_name: DIEGO.name, rider_phone: DIEGO.phone }
            : {};
        expect((await shipmentPut(ctx, rider.token, id, status, extra)).status).toBe(200);
      }
      const deliver = () =>
        shipmentPut(ctx, rider.token, id, 'DELIVERED', { securityCode: found.securityCode });
      const cancel = () => move(placed.body.id, 'CANCELED');
      await Promise.all(
        round === 0 ? [deliver(), cancel(), deliver(), cancel()] : [cancel(), deliver(), cancel(), deliver()],
      );
      const [order] = await db().select().from(orders).where(eq(orders.id, placed.body.id));
      expect(['DELIVERED', 'CANCELED']).toContain(order?.status);
      const balance = await walletChecked(wallet.phone);
      expect(balance).toBe(order?.status === 'DELIVERED' ? 1000 + (order.loyaltyGainedPoints ?? 0) : 2000);
    }
  });

  it('keeps balance = sum of the ledger, never negative, under random concurrent orders and fates', async () => {
    type Fate = 'DELIVERED' | 'CANCELED' | 'CANCELED_EARLY' | 'RACE' | 'OPEN';
    const scenario = fc.record({
      opening: fc.integer({ min: 0, max: 4000 }),
      orders: fc.array(
        fc.record({
          points: fc.oneof(fc.constant(0), fc.integer({ min: 500, max: MAX_POINTS_TAKE_AWAY })),
          fate: fc.constantFrom<Fate>('DELIVERED', 'CANCELED', 'CANCELED_EARLY', 'RACE', 'OPEN'),
          repeats: fc.integer({ min: 1, max: 3 }),
        }),
        { minLength: 1, maxLength: 5 },
      ),
    });
    await fc.assert(
      fc.asyncProperty(scenario, async ({ opening, orders: planned }) => {
        const wallet = await walletWith(opening);
        // Every order placed at once: redemptions compete for the same wallet.
        const answers = await Promise.all(planned.map((plan) => placeRedeeming(wallet, plan.points)));
        for (const answer of answers) {
          if (answer.status !== 201) expect(answer.body.fields).toHaveProperty('loyaltyInfo.redeemedPoints');
        }
        // Every fate at once, each final move fired `repeats` times.
        const burst = (id: number, status: string, times: number) =>
          Promise.all(Array.from({ length: times }, () => move(id, status)));
        await Promise.all(
          planned.map(async (plan, i) => {
            const answer = answers[i];
            if (answer?.status !== 201) return;
            const id = answer.body.id as number;
            if (plan.fate === 'OPEN') return;
            if (plan.fate === 'CANCELED_EARLY') return void (await burst(id, 'CANCELED', plan.repeats));
            await moveOk(id, 'ACCEPTED');
            if (plan.fate === 'CANCELED') return void (await burst(id, 'CANCELED', plan.repeats));
            await moveOk(id, 'READY');
            if (plan.fate === 'DELIVERED') return void (await burst(id, 'DELIVERED', plan.repeats));
            await Promise.all([burst(id, 'DELIVERED', plan.repeats), burst(id, 'CANCELED', plan.repeats)]);
          }),
        );
        const balance = await walletChecked(wallet.phone);
        // And the balance is what the orders' fates say it must be.
        const ids = answers
          .filter((answer) => answer.status === 201)
          .map((answer) => answer.body.id as number);
        const placed = ids.length ? await db().select().from(orders).where(inArray(orders.id, ids)) : [];
        const expected = placed.reduce(
          (sum, order) =>
            sum -
            order.loyaltyRedeemedPoints +
            (order.status === 'DELIVERED' ? order.loyaltyGainedPoints : 0) +
            (order.status === 'CANCELED' ? order.loyaltyRedeemedPoints : 0),
          opening,
        );
        expect(balance).toBe(expected);
      }),
      {
        numRuns: kind === 'pglite' ? 12 : 20,
        // Edges always tried: an empty wallet asked for points; one wallet racing itself.
        examples: [
          [{ opening: 0, orders: [{ points: 500, fate: 'DELIVERED', repeats: 1 }] }],
          [
            {
              opening: 1000,
              orders: [
                { points: 1000, fate: 'RACE', repeats: 3 },
                { points: 1000, fate: 'CANCELED', repeats: 2 },
              ],
            },
          ],
        ],
      },
    );
  }, 600_000);
});
