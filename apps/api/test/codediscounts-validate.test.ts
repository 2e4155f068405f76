import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeDiscounts } from '../src/db/schema/menu';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import {
  extraOf,
  type LocationIds,
  locationIds,
  orderPost,
  plateOf,
  postJson,
  sizeOf,
  WEDNESDAY_1300,
} from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const generous = { order: 100_000, codeValidate: 100_000, clientLog: 100_000 };
const NOT_FOUND = 'No se encontró ningún descuento con el código ingresado.';

describe.each(testDatabaseKinds())('POST /api/codediscounts/validate on %s', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: generous });
  let fuegoId = 0;
  let palermo: LocationIds;
  let belgrano: LocationIds;
  let cafe: LocationIds;

  const clasica = (loc: LocationIds, mode: string, size = 'Simple', quantity = 1) => {
    const plate = plateOf(loc, mode, 'Clásica');
    return {
      referenceId: plate.id,
      sizeId: sizeOf(plate, size),
      quantity,
      extras: [extraOf(plate, 'Elegí tu pan', { 'Pan de papa': 1 })],
    };
  };
  const fries = (loc: LocationIds, mode: string) => ({
    referenceId: plateOf(loc, mode, 'Papas fritas').id,
    quantity: 1,
  });

  /** A validation request for Palermo take-away, cash. */
  const request = (code: string, extra: Record<string, unknown> = {}) => ({
    code,
    branchId: palermo.branchId,
    paymentId: palermo.paymentTypes.TAKE_AWAY?.CASH,
    orderModeId: palermo.modes.TAKE_AWAY,
    branchContactId: palermo.id,
    orderDate: new Date(WEDNESDAY_1300).toISOString(),
    ...extra,
  });
  const validate = (body: unknown) => postJson(ctx, '/api/codediscounts/validate', body);

  beforeAll(async () => {
    fuegoId = await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    palermo = await locationIds(ctx, 'fuego-palermo');
    belgrano = await locationIds(ctx, 'fuego-belgrano');
    cafe = await locationIds(ctx, 'fuego-cafe-centro');
  });

  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));

  it('answers the code’s info in the spec’s shape, with its terms, case-insensitively', async () => {
    const { status, body } = await validate(
      request('bienvenida', { phone: '+5491166660001', items: [clasica(palermo, 'TAKE_AWAY', 'Doble')] }),
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      code: 'BIENVENIDA',
      id: expect.any(Number),
      type: 'PERCENT',
      value: 10,
      active: true,
      minimumOrderAmount: 10000,
      plate: null,
      category: null,
      firstTimeOnly: true,
      maximumDiscountAmount: 3000,
      freeDelivery: false,
      limitedUsage: false,
      terms: ['Este descuento solo es válido para primera compra', 'Tope de descuento: $ 3.000'],
      expiresInMs: null,
    });
  });

  it('needs a payment method first, then valid data', async () => {
    const noPayment = await validate(request('PAPAS', { paymentId: null }));
    expect(noPayment.status).toBe(400);
    expect(noPayment.body).toMatchObject({
      message: 'Asegurese de haber elegido un medio de pago primero',
      fields: { paymentId: 'Asegurese de haber elegido un medio de pago primero' },
    });
    // A payment type of another brand is no payment method here.
    const foreign = await validate(request('PAPAS', { paymentId: cafe.paymentTypes.DINE_IN?.CASH }));
    expect(foreign.body.message).toBe('Asegurese de haber elegido un medio de pago primero');
    const badPhone = await validate(request('PAPAS', { phone: '123' }));
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.message).toBe(
      'Asegúrese de haber ingresado sus datos correctamente para validar el código de descuento.',
    );
  });

  it('does not find unknown, inactive and other brands’ codes (404)', async () => {
    for (const body of [
      request('NOEXISTE'),
      request('VIEJO'),
      {
        ...request('PAPAS'),
        branchId: cafe.branchId,
        paymentId: cafe.paymentTypes.DINE_IN?.CASH,
        orderModeId: cafe.modes.DINE_IN,
        branchContactId: cafe.id,
      },
      { ...request('PAPAS'), branchId: 999_999 },
    ]) {
      const { status, body: answer } = await validate(body);
      expect(status).toBe(404);
      expect(answer).toEqual({ error: 'Not Found', message: NOT_FOUND });
    }
  });

  it('checks the minimum products amount with the cart', async () => {
    const { status, body } = await validate(
      request('BIENVENIDA', { phone: '+5491166660002', items: [clasica(palermo, 'TAKE_AWAY')] }),
    );
    expect(status).toBe(400);
    expect(body.message).toBe('Monto mínimo en productos: $ 10.000');
  });

  it('checks the first purchase by phone', async () => {
    const phone = '+5491166660003';
    const order = await orderPost(ctx, {
      orderModeId: palermo.modes.TAKE_AWAY,
      branchContact: { id: palermo.id },
      items: [clasica(palermo, 'TAKE_AWAY')],
      price: 7650,
      paymentType: { id: palermo.paymentTypes.TAKE_AWAY?.CASH },
      paysWith: 7650,
      phone,
      customerName: 'Eva',
    });
    expect(order.status).toBe(201);
    const { status, body } = await validate(
      request('BIENVENIDA', { phone, items: [clasica(palermo, 'TAKE_AWAY', 'Triple')] }),
    );
    expect(status).toBe(400);
    expect(body.message).toBe('Este descuento solo es válido para primera compra');
    // Without a phone a first-purchase code cannot be checked.
    const noPhone = await validate(
      request('BIENVENIDA', { items: [clasica(palermo, 'TAKE_AWAY', 'Triple')] }),
    );
    expect(noPhone.body.message).toBe(
      'Asegúrese de haber ingresado sus datos correctamente para validar el código de descuento.',
    );
  });

  it('names the required plate, and checks it when the cart is given', async () => {
    const info = await validate(request('PAPAS'));
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      type: 'FIXED',
      value: 1000,
      plate: { id: plateOf(palermo, 'TAKE_AWAY', 'Papas fritas').id, showName: 'Papas fritas' },
    });
    const without = await validate(request('PAPAS', { items: [clasica(palermo, 'TAKE_AWAY')] }));
    expect(without.status).toBe(400);
    expect(without.body.message).toBe('Descuento válido teniendo Papas fritas en el carrito');
    const withFries = await validate(
      request('PAPAS', { items: [clasica(palermo, 'TAKE_AWAY'), fries(palermo, 'TAKE_AWAY')] }),
    );
    expect(withFries.status).toBe(200);
  });

  it('gives a limited-usage code its time-out, checks its category, and refuses it once used up', async () => {
    const info = await validate(request('BURGER20', { items: [clasica(palermo, 'TAKE_AWAY')] }));
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      limitedUsage: true,
      expiresInMs: 180000,
      category: { showName: 'Hamburguesas' },
    });
    const onlyFries = await validate(request('BURGER20', { items: [fries(palermo, 'TAKE_AWAY')] }));
    expect(onlyFries.body.message).toBe(
      'Descuento válido teniendo un ítem de la categoría Hamburguesas en el carrito',
    );
    const where = and(eq(codeDiscounts.companyId, fuegoId), eq(codeDiscounts.code, 'BURGER20'));
    await ctx.database.db.update(codeDiscounts).set({ usageCount: 50 }).where(where);
    try {
      const usedUp = await validate(request('BURGER20'));
      expect(usedUp.status).toBe(404);
      expect(usedUp.body.message).toBe(NOT_FOUND);
    } finally {
      await ctx.database.db.update(codeDiscounts).set({ usageCount: 0 }).where(where);
    }
  });

  it('refuses free delivery when the address already has it', async () => {
    const base = request('ENVIOGRATIS', {
      paymentId: palermo.paymentTypes.DELIVERY?.BANK_TRANSFER,
      orderModeId: palermo.modes.DELIVERY,
      destination: { lat: -34.585, lng: -58.425 },
    });
    const small = await validate({ ...base, items: [clasica(palermo, 'DELIVERY')] });
    expect(small.status).toBe(200);
    expect(small.body).toMatchObject({ type: 'FREE_DELIVERY', freeDelivery: true });
    const big = await validate({ ...base, items: [clasica(palermo, 'DELIVERY', 'Triple', 3)] });
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('Ya tiene envío gratis');
  });

  it('refuses an order mode of another branch', async () => {
    const { status, body } = await validate(request('PAPAS', { orderModeId: cafe.modes.DINE_IN }));
    expect(status).toBe(400);
    expect(body.fields).toHaveProperty('orderModeId');
    const otherContact = await validate(request('PAPAS', { branchContactId: belgrano.id }));
    expect(otherContact.status).toBe(400);
    expect(otherContact.body.fields).toHaveProperty('branchContactId');
  });

  it('answers malformed requests with 400 per field', async () => {
    const nul = await validate(request('PAP\u0000AS'));
    expect(nul.status).toBe(400);
    expect(nul.body.fields).toHaveProperty(['body.code']);
    for (const body of [
      {},
      { code: '', branchId: 1 },
      { code: 'X', branchId: 'uno' },
      { ...request('X'), items: 'nada' },
    ]) {
      const { status, body: answer } = await validate(body);
      expect(status).toBe(400);
      expect(Object.keys(answer.fields ?? {}).length).toBeGreaterThan(0);
    }
  });
});
