/**
 * A cashback programme (ADR 033): the tenant file's `cashback` percent reaches
 * the programme read; an order earns that percent of its total (not
 * `orderPercentage`), credited to the same wallet on delivery; a redemption over
 * the balance is refused with the balance in money; the follow-up and the
 * console say the order's figures are money.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUEGO_OWNER, palermoTakeAway, request, staffLogin } from './support/console-fixture';
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

/** The example tenant's customer: 4200 opened by the import. */
const MARTINA = '+5491155550101';

/** The example tenant whose Fuego programme returns 10 % as money instead of 5 % in points. */
function cashbackTenant() {
  const tenant = tenantExample() as { branches: { loyaltyProgram?: Record<string, unknown> }[] };
  const program = tenant.branches[0]?.loyaltyProgram;
  if (!program) throw new Error('the example has no programme');
  Object.assign(program, { name: 'Vuelto Fuego', orderPercentage: 0, cashback: 10 });
  return tenant;
}

describe.each(testDatabaseKinds())('a cashback programme on %s', (kind) => {
  const ctx = useTestApp(kind, {
    rateLimits: { order: 100_000, codeValidate: 100_000, clientLog: 100_000 },
    customerAuth: customerAuthForTest,
  });
  let palermo: LocationIds;
  let owner = '';
  let martina: Record<string, string>;

  const balance = async () =>
    (
      await dinerGet(
        ctx,
        `/api/orderingcustomer/${encodeURIComponent(MARTINA)}?branchId=${palermo.branchId}`,
        martina,
      )
    ).body.loyaltyPointsBalance as number;

  beforeAll(async () => {
    await tenantLoad(ctx, cashbackTenant());
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    owner = await staffLogin(ctx, FUEGO_OWNER);
    martina = await customerSignIn(ctx, MARTINA, palermo.id);
  });
  afterAll(() => ctx.app.clock.pin(undefined));

  it('answers the programme with its cashback percent', async () => {
    const { status, body } = await dinerGet(ctx, `/api/branch/${palermo.branchId}/loyalty-program`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: 'Vuelto Fuego', orderPercentage: 0, cashback: 10 });
  });

  it('refuses a redemption over the balance, saying the balance in money', async () => {
    const { status, body } = await orderPost(
      ctx,
      palermoTakeAway(palermo, { phone: MARTINA, loyaltyInfo: { redeemedPoints: 4300 }, price: 3350 }),
      randomUUID(),
      martina,
    );
    expect(status).toBe(400);
    expect(body.fields['loyaltyInfo.redeemedPoints']).toBe(
      'El máximo de Vuelto Fuego acumulados es: $ 4.200',
    );
  });

  it('earns 10 % of the total back, credited on delivery, and reads as money on the follow-up and console', async () => {
    expect(await balance()).toBe(4200);
    // 7650 less 2000 redeemed: 5650 paid, 565 back (at 5 % in points it would have been 282).
    const placed = await orderPost(
      ctx,
      palermoTakeAway(palermo, { phone: MARTINA, loyaltyInfo: { redeemedPoints: 2000 }, price: 5650 }),
      randomUUID(),
      martina,
    );
    expect(placed.status).toBe(201);
    expect(await balance()).toBe(2200);
    const view = (await dinerGet(ctx, `/api/diner/${palermo.id}/order/${placed.body.code}`)).body;
    expect(view.loyalty).toEqual({
      programName: 'Vuelto Fuego',
      cashback: true,
      redeemedPoints: 2000,
      gainedPoints: 565,
      gainedCredited: false,
      redeemedReturned: false,
    });
    for (const status of ['ACCEPTED', 'READY', 'DELIVERED']) {
      const moved = await request(ctx, 'POST', `/api/console/orders/${placed.body.id}/status`, {
        token: owner,
        payload: { status },
      });
      expect(moved.status).toBe(200);
    }
    expect(await balance()).toBe(2765);
    const detail = await request(ctx, 'GET', `/api/console/orders/${placed.body.id}`, { token: owner });
    expect(detail.body.loyalty).toMatchObject({ cashback: true, gainedPoints: 565, gainedCredited: true });
  });
});
