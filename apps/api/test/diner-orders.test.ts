/**
 * 'Mis pedidos' (issue 11, ADR 027): `GET /api/orders` answers the signed-in
 * customer's orders at one location, newest first, a page of 10 at a time,
 * each with its follow-up page and the lines 'Repetir pedido' puts back in the
 * cart. Another phone's orders are never readable, nor another company's
 * location with this company's session.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { clasicaLine, freshPhone, orderPlace, palermoTakeAway } from './support/console-fixture';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import {
  customerAuthForTest,
  customerSignIn,
  type LocationIds,
  locationIds,
  orderPost,
  WEDNESDAY_1300,
} from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const generous = { order: 100_000, codeValidate: 100_000, clientLog: 100_000 };
const MINUTE = 60_000;

describe.each(testDatabaseKinds())("'Mis pedidos' on %s", (kind) => {
  const ctx = useTestApp(kind, { rateLimits: generous, customerAuth: customerAuthForTest });
  let palermo: LocationIds;
  let belgrano: LocationIds;
  let brasa: LocationIds;
  const phone = freshPhone();
  /** Codes of the phone's Palermo orders, oldest first. */
  const placed: string[] = [];
  let otherPhoneCode = '';
  let belgranoCode = '';

  const list = async (query: Record<string, string | number>, headers: Record<string, string> = {}) => {
    const search = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
    );
    const response = await ctx.app.inject({ method: 'GET', url: `/api/orders?${search}`, headers });
    return { status: response.statusCode, body: response.json(), text: response.body };
  };

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('brasa'));
    palermo = await locationIds(ctx, 'fuego-palermo');
    belgrano = await locationIds(ctx, 'fuego-belgrano');
    brasa = await locationIds(ctx, 'brasa-palermo');
    // 12 orders a minute apart, so "newest first" is the order they were placed in, reversed.
    for (let i = 0; i < 12; i++) {
      ctx.app.clock.pin(WEDNESDAY_1300 + i * MINUTE);
      placed.push((await orderPlace(ctx, palermoTakeAway(palermo, { phone }))).code);
    }
    ctx.app.clock.pin(WEDNESDAY_1300 + 20 * MINUTE);
    otherPhoneCode = (await orderPlace(ctx, palermoTakeAway(palermo))).code;
    // Belgrano delivers in the evening (20:00 local), by bank transfer.
    ctx.app.clock.pin(Date.parse('2025-06-04T23:00:00Z'));
    belgranoCode = (
      await orderPlace(ctx, {
        orderModeId: belgrano.modes.DELIVERY,
        branchContact: { id: belgrano.id },
        // Over Belgrano's 9000 minimum.
        items: [{ ...clasicaLine(belgrano, 'DELIVERY'), quantity: 2 }],
        price: 0,
        paymentType: { id: belgrano.paymentTypes.DELIVERY?.BANK_TRANSFER },
        destination: { fullAddress: 'Av. Cabildo 2500, CABA', lat: -34.562, lng: -58.45 },
        phone,
        customerName: 'Ana Pérez',
        customerEmail: 'ana@correo.example',
      })
    ).code;
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300 + 30 * MINUTE));
  afterAll(() => ctx.app.clock.pin(undefined));

  it('answers nothing without a session', async () => {
    const anonymous = await list({ phone, branchContactId: palermo.id });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe('Inicia sesión con tu teléfono');
    for (const code of placed) expect(anonymous.text).not.toContain(code);
    const forged = await list(
      { phone, branchContactId: palermo.id },
      { 'x-customer-session': 'x'.repeat(43) },
    );
    expect(forged.status).toBe(401);
  });

  it("never answers another phone's orders, nor with a session of another company", async () => {
    const intruderPhone = freshPhone();
    const intruder = await customerSignIn(ctx, intruderPhone, palermo.id);
    const otherPhone = await list({ phone, branchContactId: palermo.id }, intruder);
    expect(otherPhone.status).toBe(403);
    expect(otherPhone.body.message).toBe('Esta sesión es de otro teléfono');
    for (const code of placed) expect(otherPhone.text).not.toContain(code);
    // The intruder's own list at Palermo holds none of them either.
    const own = await list({ phone: intruderPhone, branchContactId: palermo.id }, intruder);
    expect(own.status).toBe(200);
    expect(own.body.orders).toEqual([]);
    // The same phone proven at another company reads nothing of this one, and this company's
    // session reads nothing at the other company's location.
    const elsewhere = await customerSignIn(ctx, phone, brasa.id);
    expect((await list({ phone, branchContactId: palermo.id }, elsewhere)).status).toBe(403);
    const signedIn = await customerSignIn(ctx, phone, palermo.id);
    expect((await list({ phone, branchContactId: brasa.id }, signedIn)).status).toBe(403);
  });

  it('pages the holder’s orders at this location, newest first, each opening its follow-up page', async () => {
    const signedIn = await customerSignIn(ctx, phone, palermo.id);
    // As the diner typed it, in national format: read in the venue's country.
    const typed = `011 15 ${phone.slice(-8, -4)}-${phone.slice(-4)}`;
    const first = await list({ phone: typed, branchContactId: palermo.id }, signedIn);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ offset: 0, pageSize: 10, nextOffset: 10 });
    expect(first.body.orders.map((order: { code: string }) => order.code)).toEqual(
      [...placed].reverse().slice(0, 10),
    );
    const second = await list({ phone, branchContactId: palermo.id, offset: 10 }, signedIn);
    expect(second.body).toMatchObject({ offset: 10, pageSize: 10, nextOffset: null });
    expect(second.body.orders.map((order: { code: string }) => order.code)).toEqual([placed[1], placed[0]]);
    const all = [...first.body.orders, ...second.body.orders].map((order: { code: string }) => order.code);
    expect(all).not.toContain(otherPhoneCode);
    expect(all).not.toContain(belgranoCode);

    const newest = first.body.orders[0];
    expect(newest).toMatchObject({
      code: placed[11],
      type: 'TAKE_AWAY',
      orderModeId: palermo.modes.TAKE_AWAY,
      status: 'GENERATED',
      orderedAt: new Date(WEDNESDAY_1300 + 11 * MINUTE).toISOString(),
      scheduled: false,
      scheduledAt: null,
      inProgress: true,
      price: 7650,
      branchContact: { id: palermo.id, alias: 'fuego-palermo', name: expect.any(String) },
      followUpUrl: `/menu/fuego-palermo/order/${placed[11]}`,
    });
    const followUp = await ctx.app.inject({ method: 'GET', url: `/api/diner/order/${newest.code}` });
    expect(followUp.statusCode).toBe(200);
    expect(followUp.json().code).toBe(newest.code);

    // Belgrano's list holds Belgrano's order only.
    const atBelgrano = await list({ phone, branchContactId: belgrano.id }, signedIn);
    expect(atBelgrano.body.orders.map((order: { code: string }) => order.code)).toEqual([belgranoCode]);
    expect(atBelgrano.body.orders[0].followUpUrl).toBe(`/menu/fuego-belgrano/order/${belgranoCode}`);
  });

  it('says an order is no longer in progress once delivered', async () => {
    const signedIn = await customerSignIn(ctx, phone, palermo.id);
    await ctx.database.db
      .update(orders)
      .set({ status: 'DELIVERED' })
      .where(eq(orders.code, placed[11] ?? ''));
    const { body } = await list({ phone, branchContactId: palermo.id }, signedIn);
    expect(body.orders[0]).toMatchObject({ code: placed[11], status: 'DELIVERED', inProgress: false });
    expect(body.orders[1]).toMatchObject({ code: placed[10], inProgress: true });
  });

  it("gives each order's lines as ordered, which place the same order again", async () => {
    const signedIn = await customerSignIn(ctx, phone, palermo.id);
    const { body } = await list({ phone, branchContactId: palermo.id }, signedIn);
    const line = clasicaLine(palermo, 'TAKE_AWAY');
    const [item] = body.orders[0].items;
    expect(body.orders[0].items).toHaveLength(1);
    expect(item).toMatchObject({
      referenceId: line.referenceId,
      sizeId: line.sizeId,
      name: 'Clásica (Simple)',
      quantity: 1,
      notes: null,
      extras: [
        {
          groupId: line.extras[0]?.groupId,
          groupName: 'Elegí tu pan',
          groupItems: [
            { referenceId: line.extras[0]?.groupItems[0]?.referenceId, name: 'Pan de papa', quantity: 1 },
          ],
        },
      ],
    });
    // The lines are an order's items as they stand: the server prices them again at checkout.
    const again = await orderPost(ctx, palermoTakeAway(palermo, { phone, items: body.orders[0].items }));
    expect(again.status).toBe(201);
    expect(again.body.price).toBe(7650);
  });

  it('names each bad query field', async () => {
    const signedIn = await customerSignIn(ctx, phone, palermo.id);
    const bad = async (query: Record<string, string | number>) => (await list(query, signedIn)).body.fields;
    expect(await bad({ phone, branchContactId: 'abc' })).toHaveProperty(['querystring.branchContactId']);
    expect(await bad({ phone, branchContactId: palermo.id, offset: -10 })).toHaveProperty([
      'querystring.offset',
    ]);
    expect(await bad({ phone, branchContactId: palermo.id, offset: 'x' })).toHaveProperty([
      'querystring.offset',
    ]);
    expect(await bad({ branchContactId: palermo.id })).toEqual({ 'querystring.phone': 'es obligatorio' });
    expect(await bad({ phone: '123', branchContactId: palermo.id })).toEqual({
      phone: 'Debe ingresar un número válido',
    });
    expect(await bad({ phone, branchContactId: 999_999 })).toEqual({
      branchContactId: 'No existe el local 999999',
    });
  });
});
