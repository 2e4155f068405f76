import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configForTest } from '../src/config';
import { FUEGO_PALERMO_STAFF, palermoTakeAway, request, staffLogin } from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// Issue 16 item 9: discount codes cannot be guessed. A failed lookup (unknown,
// inactive or used-up code, all answered alike) counts against the client's
// and the brand's budget, whether it came from the validate route or from an
// order; once spent, code requests are refused (429) before any lookup, while
// another client still uses a valid code.

const NOT_FOUND = 'No se encontró ningún descuento con el código ingresado.';
const PER_CLIENT = 3;
const PER_BRAND = 7;

describe.each(testDatabaseKinds())('discount-code guessing on %s', (kind) => {
  const ctx = useTestApp(kind, {
    abuse: { ...configForTest().abuse, codeFailuresPerClient: PER_CLIENT, codeFailuresPerBrand: PER_BRAND },
  });
  let palermo: LocationIds;
  let window = 0;
  let addressCounter = 0;
  const freshAddress = () => {
    addressCounter += 1;
    return `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  };
  /** Each test in its own budget window (20 minutes on; the window is 15). */
  const nextWindow = () => {
    window += 1;
    ctx.app.clock.pin(WEDNESDAY_1300 + window * 20 * 60_000);
  };

  const validate = async (code: string, address: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/codediscounts/validate',
      remoteAddress: address,
      payload: {
        code,
        branchId: palermo.branchId,
        paymentId: palermo.paymentTypes.TAKE_AWAY?.CASH,
        orderModeId: palermo.modes.TAKE_AWAY,
        branchContactId: palermo.id,
      },
    });
    return { status: response.statusCode, body: response.json() };
  };
  const order = async (address: string, codeDiscount?: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      remoteAddress: address,
      headers: { 'idempotency-key': randomUUID() },
      payload: palermoTakeAway(palermo, codeDiscount ? { codeDiscount, price: 0 } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    palermo = await locationIds(ctx, 'fuego-palermo');
  });
  afterAll(() => ctx.app.clock.pin(undefined));

  it('answers unknown and inactive codes alike, on both routes', async () => {
    nextWindow();
    const [unknown, inactive] = [
      await validate('NOEXISTE', freshAddress()),
      await validate('VIEJO', freshAddress()),
    ];
    expect(unknown).toEqual({ status: 404, body: { error: 'Not Found', message: NOT_FOUND } });
    expect(inactive).toEqual(unknown);
    const [unknownOrder, inactiveOrder] = [
      await order(freshAddress(), 'NOEXISTE'),
      await order(freshAddress(), 'VIEJO'),
    ];
    expect(unknownOrder.status).toBe(400);
    expect(unknownOrder.body.fields.codeDiscount).toBe(NOT_FOUND);
    expect(inactiveOrder).toEqual(unknownOrder);
  });

  it('refuses a client’s guesses beyond its budget, counted across validation and orders', async () => {
    nextWindow();
    const guesser = freshAddress();
    expect((await validate('AAAA1', guesser)).status).toBe(404);
    expect((await order(guesser, 'AAAA2')).status).toBe(400);
    expect((await validate('AAAA3', guesser)).status).toBe(404);
    // Budget spent: even a real code is refused, on both routes, before any lookup.
    const refused = await validate('PAPAS', guesser);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Probaste demasiados códigos de descuento que no existen. Vuelve a intentarlo en 15 minutos.',
    );
    expect((await order(guesser, 'PAPAS')).status).toBe(429);
    // An order without a code is not about codes: it still goes through.
    expect((await order(guesser)).status).toBe(201);
    // Another diner of the brand still uses a valid code.
    expect((await validate('PAPAS', freshAddress())).status).toBe(200);
  });

  it('refuses every client of a brand once the brand’s ceiling of failures is spent', async () => {
    nextWindow();
    // Many addresses, each within its own budget, together reach the brand's ceiling.
    for (let i = 0; i < PER_BRAND; i++) expect((await validate(`ZZ${i}`, freshAddress())).status).toBe(404);
    expect((await validate('PAPAS', freshAddress())).status).toBe(429);
    nextWindow();
    expect((await validate('PAPAS', freshAddress())).status).toBe(200);
  });

  it('tells the location’s console about the guessing', async () => {
    const token = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const { status, body } = await request(
      ctx,
      'GET',
      `/api/console/abuse-trips?branchContactId=${palermo.id}&minutes=1440`,
      { token },
    );
    expect(status).toBe(200);
    expect(body.trips).toContainEqual(
      expect.objectContaining({
        kind: 'CODE_GUESS',
        phoneMasked: '',
        message: expect.stringMatching(/^Se bloquearon \d+ intentos de adivinar códigos de descuento/),
      }),
    );
  });
});
