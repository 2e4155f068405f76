import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers, loyaltyLedger } from '../src/db/schema/customers';
import { riders } from '../src/db/schema/logistics';
import { codeDiscounts, garnishItems, plateSizes } from '../src/db/schema/menu';
import { codeDiscountRedemptions, orderItems, orderStatusEvents, orders } from '../src/db/schema/orders';
import { idempotencyKeys } from '../src/db/schema/platform';
import { branchContacts, companies, orderModes } from '../src/db/schema/tenant';
import { rooms } from '../src/plugins/app/realtime';
import { idempotencyPurgeExpired } from '../src/services/idempotency';
import { ORDER_CODE_ALPHABET } from '../src/services/order-placement-common';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import {
  customerAuthForTest,
  customerSignIn,
  extraOf,
  type LocationIds,
  locationIds,
  orderPlaceAtServerPrice,
  orderPost,
  plateOf,
  SUNDAY_1300,
  sizeOf,
  THURSDAY_1300,
  WEDNESDAY_1300,
  WEDNESDAY_1700,
} from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const generous = { order: 100_000, codeValidate: 100_000, clientLog: 100_000 };

let phoneCounter = 0;
/** A valid Buenos Aires mobile never used before in this file. */
function freshPhone(): string {
  phoneCounter += 1;
  return `+549115${String(4_000_000 + phoneCounter + Math.floor(Math.random() * 1000) * 1000).padStart(7, '0')}`;
}

/** Buenos Aires local time → epoch ms (UTC−3, no daylight saving). */
const local = (isoLocal: string) => Date.parse(`${isoLocal}-03:00`);

/** Inside the 'Cercana' zone of Fuego Palermo (about 700 m away). */
const NEAR = {
  fullAddress: 'Honduras 5200, Palermo, CABA',
  lat: -34.585,
  lng: -58.425,
  betweenStreets: 'Thames y Uriarte',
};
/** Inside the 'Ampliada' polygon, beyond the 2.5 km radius. */
const WIDE = {
  fullAddress: 'Av. Córdoba 3000, CABA',
  lat: -34.61,
  lng: -58.4,
  betweenStreets: 'Anchorena y Laprida',
};
/** Far from every zone. */
const FAR = { fullAddress: 'Av. Mitre 500, Avellaneda', lat: -34.5, lng: -58.3, betweenStreets: 'A y B' };

describe.each(testDatabaseKinds())('POST /api/order on %s', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: generous, customerAuth: customerAuthForTest });
  let fuegoId = 0;
  let palermo: LocationIds;
  let belgrano: LocationIds;
  let cafe: LocationIds;
  let chispa: LocationIds;
  let ascua: LocationIds;
  let ascuaBelgrano: LocationIds;

  const db = () => ctx.database.db;
  const orderCount = async () =>
    (await db().select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n ?? 0;
  const ridersOfPalermo = (values: { active: boolean; acceptsCash?: boolean }) =>
    db().update(riders).set(values).where(eq(riders.branchContactId, palermo.id));

  /** Clásica of a mode's menu with the mandatory bread, optionally more garnishes. */
  const clasica = (
    loc: LocationIds,
    mode: string,
    options: {
      size?: string;
      quantity?: number;
      notes?: string;
      extras?: Record<string, Record<string, number>>;
    } = {},
  ) => {
    const plate = plateOf(loc, mode, 'Clásica');
    const groups = { 'Elegí tu pan': { 'Pan de papa': 1 }, ...options.extras };
    return {
      referenceId: plate.id,
      sizeId: sizeOf(plate, options.size ?? 'Simple'),
      quantity: options.quantity ?? 1,
      ...(options.notes !== undefined ? { notes: options.notes } : {}),
      extras: Object.entries(groups).map(([group, items]) => extraOf(plate, group, items)),
    };
  };
  const simple = (loc: LocationIds, mode: string, showName: string, quantity = 1) => ({
    referenceId: plateOf(loc, mode, showName).id,
    quantity,
  });
  const beer = (loc: LocationIds, mode: string, quantity: number, style = 'IPA') => {
    const plate = plateOf(loc, mode, 'Cerveza artesanal pinta');
    return { referenceId: plate.id, quantity, extras: [extraOf(plate, 'Estilo', { [style]: 1 })] };
  };

  /** Palermo take-away, Clásica simple, cash: 8500 − 10 % 'por retirar' = 7650. */
  const takeAway = (overrides: Record<string, unknown> = {}) => ({
    orderModeId: palermo.modes.TAKE_AWAY,
    branchContact: { id: palermo.id },
    type: 'TAKE_AWAY',
    items: [clasica(palermo, 'TAKE_AWAY')],
    price: 7650,
    paymentType: { id: palermo.paymentTypes.TAKE_AWAY?.CASH },
    paysWith: 10000,
    phone: freshPhone(),
    customerName: 'Ana Pérez',
    ...overrides,
  });

  /** Palermo delivery nearby, Clásica simple, transfer: 8500 + 1500 fee + 300 + 2 % service = 10470. */
  const delivery = (overrides: Record<string, unknown> = {}) => ({
    orderModeId: palermo.modes.DELIVERY,
    branchContact: { id: palermo.id },
    type: 'DELIVERY',
    items: [clasica(palermo, 'DELIVERY')],
    price: 10470,
    paymentType: { id: palermo.paymentTypes.DELIVERY?.BANK_TRANSFER },
    destination: NEAR,
    phone: freshPhone(),
    customerName: 'Ana Pérez',
    ...overrides,
  });

  beforeAll(async () => {
    fuegoId = await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    // A third tenant with a blocked location, a manually closed one and an inactive mode.
    type Contact = {
      commercialTermsInfo: { blocked: boolean };
      manualClosing: boolean;
      orderModes: { active: boolean }[];
    };
    const ascuaFile = tenantExampleRenamed('ascua') as { branches: { branchContacts: Contact[] }[] };
    const contactOf = (branch: number, contact: number): Contact => {
      const found = ascuaFile.branches[branch]?.branchContacts[contact];
      if (!found) throw new Error('the example tenant changed shape');
      return found;
    };
    contactOf(0, 0).commercialTermsInfo.blocked = true;
    contactOf(0, 1).manualClosing = true;
    const cafeMode = contactOf(1, 0).orderModes[0];
    if (cafeMode) cafeMode.active = false;
    await tenantLoad(ctx, ascuaFile);
    palermo = await locationIds(ctx, 'fuego-palermo');
    belgrano = await locationIds(ctx, 'fuego-belgrano');
    cafe = await locationIds(ctx, 'fuego-cafe-centro');
    chispa = await locationIds(ctx, 'chispa-palermo');
    ascua = await locationIds(ctx, 'ascua-palermo');
    ascuaBelgrano = await locationIds(ctx, 'ascua-belgrano');
  });

  beforeEach(async () => {
    ctx.app.clock.pin(WEDNESDAY_1300);
    // A rider on shift who takes cash: Palermo's own fleet can deliver.
    await ridersOfPalermo({ active: true, acceptsCash: true });
  });

  afterAll(() => ctx.app.clock.pin(undefined));

  describe('a take-away cash order', () => {
    it('is stored as the server priced it, with lines, event, customer and the venue text', async () => {
      const phone = freshPhone();
      const { status, body, headers } = await orderPost(
        ctx,
        takeAway({ phone: phone.replace('+549', '+54 9 '), notes: 'Sin cebolla' }),
      );
      expect(status).toBe(201);
      expect(headers['idempotent-replayed']).toBe('false');
      expect(body).toEqual({
        code: expect.stringMatching(new RegExp(`^[${ORDER_CODE_ALPHABET}]{12}$`)),
        id: expect.any(Number),
        status: 'GENERATED',
        price: 7650,
        paymentStatus: 'PENDING',
        followUpUrl: `/menu/fuego-palermo/order/${body.code}`,
        handOff: { kind: 'CONSOLE' },
      });
      const [order] = await db().select().from(orders).where(eq(orders.code, body.code));
      expect(order).toMatchObject({
        companyId: fuegoId,
        branchContactId: palermo.id,
        orderModeId: palermo.modes.TAKE_AWAY,
        type: 'TAKE_AWAY',
        source: 'DIRECT',
        phone,
        customerName: 'Ana Pérez',
        paymentMethod: 'CASH',
        paymentStatus: 'PENDING',
        paysWith: 10000,
        itemsPrice: 8500,
        deliveryFee: 0,
        userServiceFee: 0,
        price: 7650,
        notes: 'Sin cebolla',
        scheduled: false,
        minDelayInMinutes: 15,
        maxDelayInMinutes: 25,
      });
      expect(order?.discounts).toEqual([
        expect.objectContaining({ name: '10% por retirar', type: 'PERCENT', value: 10, amount: 850 }),
      ]);
      expect(order?.orderText).toContain(`#${body.code}`);
      expect(order?.orderText).toContain('Clásica (Simple)');
      expect(order?.orderText).toContain('Paga con: $ 10.000 (Vuelto: $ 2.350)');
      // Loyalty accrual: 5 % of 7650, rounded down; credited to the balance only when delivered (console).
      expect(order?.loyaltyGainedPoints).toBe(382);

      const lines = await db()
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order?.id ?? 0));
      expect(lines).toEqual([
        expect.objectContaining({
          position: 0,
          name: 'Clásica (Simple)',
          sizeName: 'Simple',
          categoryShowName: 'Hamburguesas',
          quantity: 1,
          unitPrice: 8500,
          accPrice: 8500,
          extras: [
            expect.objectContaining({
              groupName: 'Elegí tu pan',
              groupItems: [expect.objectContaining({ name: 'Pan de papa', quantity: 1, price: 0 })],
            }),
          ],
        }),
      ]);
      const events = await db()
        .select()
        .from(orderStatusEvents)
        .where(eq(orderStatusEvents.orderId, order?.id ?? 0));
      expect(events).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'GENERATED' })]);
      const [customer] = await db()
        .select()
        .from(customers)
        .where(and(eq(customers.companyId, fuegoId), eq(customers.phone, phone)));
      expect(customer).toMatchObject({ name: 'Ana Pérez', loyaltyPointsBalance: 0 });
      expect(order?.customerId).toBe(customer?.id);
    });

    it('stores a card-through-API order as PROCESSING (the payment follows) and never trusts paymentInfo', async () => {
      const { status, body } = await orderPost(
        ctx,
        takeAway({
          paymentType: { id: palermo.paymentTypes.TAKE_AWAY?.CARD_ONLINE },
          paysWith: null,
          paymentInfo: { status: 'PAID', amount: 7650 },
        }),
      );
      expect(status).toBe(201);
      expect(body.paymentStatus).toBe('PROCESSING');
      const [order] = await db().select().from(orders).where(eq(orders.code, body.code));
      expect(order).toMatchObject({
        paymentMethod: 'CARD_ONLINE',
        paymentUpload: 'API',
        paymentStatus: 'PROCESSING',
        paysWith: null,
      });
    });

    it('announces the order on the console room after commit', async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const address = ctx.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const socket: Socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
      try {
        await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
        // Console rooms need a staff session (issue 6): join the socket from the server side.
        ctx.app.realtime.io.in(socket.id as string).socketsJoin(rooms.console(palermo.id));
        const received = new Promise<Record<string, unknown>>((resolve) =>
          socket.once('order-created', resolve),
        );
        const phone = freshPhone();
        const { status, body } = await orderPost(ctx, takeAway({ phone }));
        expect(status).toBe(201);
        const event = await received;
        expect(event).toMatchObject({
          code: body.code,
          branchContactId: palermo.id,
          status: 'GENERATED',
          price: 7650,
          phone,
          customerName: 'Ana Pérez',
          items: [expect.objectContaining({ name: 'Clásica (Simple)', accPrice: 8500 })],
        });
        const [stored] = await db().select().from(orders).where(eq(orders.code, body.code));
        expect(stored).toBeDefined();
      } finally {
        socket.close();
      }
    });
  });

  describe('hand-off through the messaging app', () => {
    it('answers the wa.me link to the venue with the order text when there is no console', async () => {
      ctx.app.clock.pin(local('2025-06-04T20:00:00'));
      const payload = {
        orderModeId: belgrano.modes.DELIVERY,
        branchContact: { id: belgrano.id },
        items: [clasica(belgrano, 'DELIVERY'), simple(belgrano, 'DELIVERY', 'Papas fritas')],
        // 8500 + 4200 + 1200 delivery (no service fee in Belgrano)
        price: 13900,
        paymentType: { id: belgrano.paymentTypes.DELIVERY?.BANK_TRANSFER },
        destination: { fullAddress: 'Av. Cabildo 2500, CABA', lat: -34.562, lng: -58.45 },
        phone: freshPhone(),
        customerName: 'Bruno',
        customerEmail: 'Bruno@Correo.example',
      };
      const { status, body } = await orderPost(ctx, payload);
      expect(status).toBe(201);
      expect(body.handOff.kind).toBe('MESSAGING');
      const url = new URL(body.handOff.url);
      expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/5491147770002');
      const text = url.searchParams.get('text') ?? '';
      expect(text).toContain(`*Nuevo pedido* #${body.code}`);
      expect(text).toContain('1 × Clásica (Simple) — $ 8.500');
      expect(text).toContain('1 × Papas fritas — $ 4.200');
      expect(text).toContain('Envío: $ 1.200');
      expect(text).toContain('*Total: $ 13.900*');
      expect(text).toContain('Dirección: Av. Cabildo 2500, CABA');
      const [order] = await db().select().from(orders).where(eq(orders.code, body.code));
      expect(order).toMatchObject({ customerEmail: 'bruno@correo.example', deliveryFee: 1200, price: 13900 });
      expect(order?.orderText).toBe(text);
    });
  });

  describe('the price the diner saw', () => {
    it('answers 409 with the server breakdown when the total differs, stores nothing, and the key stays usable', async () => {
      const key = randomUUID();
      const before = await orderCount();
      const payload = delivery();
      const wrong = await orderPost(ctx, { ...payload, price: 9000 }, key);
      expect(wrong.status).toBe(409);
      expect(wrong.body).toEqual({
        error: 'Conflict',
        message: 'El precio del pedido cambió',
        breakdown: {
          items: [
            {
              index: 0,
              referenceId: payload.items[0]?.referenceId,
              quantity: 1,
              price: 8500,
              discount: 0,
              accPrice: 8500,
            },
          ],
          itemsPrice: 8500,
          discounts: [],
          surcharges: [],
          deliveryFee: 1500,
          userServiceFee: 470,
          loyalty: { redeemedPoints: 0, amount: 0, gainedPoints: 523 },
          price: 10470,
        },
      });
      expect(await orderCount()).toBe(before);
      const right = await orderPost(ctx, { ...payload, price: wrong.body.breakdown.price }, key);
      expect(right.status).toBe(201);
      expect(await orderCount()).toBe(before + 1);
    });

    it('prices cash delivery with the cash fee', async () => {
      const { status, body } = await orderPost(
        ctx,
        delivery({ paymentType: { id: palermo.paymentTypes.DELIVERY?.CASH }, paysWith: 20000, price: 10470 }),
      );
      expect(status).toBe(409);
      expect(body.breakdown).toMatchObject({ deliveryFee: 1800, price: 10770 });
    });
  });

  describe('idempotency', () => {
    it('answers a retry with the same key and body with the first answer and creates nothing', async () => {
      const key = randomUUID();
      const payload = takeAway();
      const first = await orderPost(ctx, payload, key);
      expect(first.status).toBe(201);
      const count = await orderCount();
      const retry = await orderPost(ctx, payload, key);
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(first.body);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      // Key order in the JSON does not make another request.
      const reordered = Object.fromEntries(Object.entries(payload).reverse());
      expect((await orderPost(ctx, reordered, key)).body).toEqual(first.body);
      expect(await orderCount()).toBe(count);
    });

    it('replays a stored answer even after what it checked changed (the store closed since)', async () => {
      const key = randomUUID();
      const payload = takeAway();
      const first = await orderPost(ctx, payload, key);
      expect(first.status).toBe(201);
      ctx.app.clock.pin(local('2025-06-04T23:50:00'));
      const retry = await orderPost(ctx, payload, key);
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(first.body);
    });

    it('replays a placed order even when the price changed since, and never re-prices the retry', async () => {
      const key = randomUUID();
      const payload = takeAway();
      const first = await orderPost(ctx, payload, key);
      expect(first.status).toBe(201);
      const sizeId = payload.items[0]?.sizeId ?? 0;
      const raise = (price: number) =>
        db().transaction(async (tx) => {
          await tx.update(plateSizes).set({ price }).where(eq(plateSizes.id, sizeId));
          await tx
            .update(companies)
            .set({ contentVersion: sql`${companies.contentVersion} + 1` })
            .where(eq(companies.id, fuegoId));
        });
      await raise(9000);
      try {
        const retry = await orderPost(ctx, payload, key);
        expect(retry.status).toBe(201);
        expect(retry.body).toEqual(first.body);
        // A new attempt with that body is refused with the new figures…
        const fresh = await orderPost(ctx, payload);
        expect(fresh.status).toBe(409);
        expect(fresh.body.breakdown.price).toBe(8100);
        // …and the same key with another body is still 422.
        expect((await orderPost(ctx, { ...payload, price: 8100 }, key)).status).toBe(422);
      } finally {
        await raise(8500);
      }
    });

    it('refuses the same key with another body (422) and creates nothing', async () => {
      const key = randomUUID();
      const payload = takeAway();
      expect((await orderPost(ctx, payload, key)).status).toBe(201);
      const count = await orderCount();
      const other = await orderPost(ctx, { ...payload, notes: 'otra cosa' }, key);
      expect(other.status).toBe(422);
      expect(other.body.message).toContain('Idempotency-Key');
      expect(await orderCount()).toBe(count);
    });

    it('checks a key that is sent: 8 to 128 visible characters', async () => {
      expect((await orderPost(ctx, takeAway(), 'short')).status).toBe(400);
      expect((await orderPost(ctx, takeAway(), 'x'.repeat(129))).status).toBe(400);
    });

    it('without the header, makes one order of a double submit and a new one two minutes later (ADR 044)', async () => {
      const payload = takeAway();
      const count = await orderCount();
      // A spec client's double tap: both at once, no key of ours.
      const [first, second] = await Promise.all([
        orderPost(ctx, payload, null),
        orderPost(ctx, payload, null),
      ]);
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(second.body.code).toBe(first.body.code);
      expect(await orderCount()).toBe(count + 1);
      // Retyped notes are still the same attempt (same place, phone, items, price, payment).
      const retyped = await orderPost(ctx, { ...payload, notes: 'timbre roto' }, null);
      expect(retyped.status).toBe(201);
      expect(retyped.body.code).toBe(first.body.code);
      expect(retyped.headers['idempotent-replayed']).toBe('true');
      // Another diner's same cart, or the same one ordered again on purpose later, is a new order.
      const other = await orderPost(ctx, takeAway(), null);
      expect(other.status).toBe(201);
      expect(other.body.code).not.toBe(first.body.code);
      ctx.app.clock.pin(WEDNESDAY_1300 + 2 * 60_000 + 1);
      const later = await orderPost(ctx, payload, null);
      expect(later.status).toBe(201);
      expect(later.body.code).not.toBe(first.body.code);
    });

    it('keeps keys 24 hours, then treats them as new and purges them', async () => {
      const key = randomUUID();
      const payload = takeAway();
      const first = await orderPost(ctx, payload, key);
      expect(first.status).toBe(201);
      const [row] = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(row?.expiresAt.getTime()).toBe(WEDNESDAY_1300 + 24 * 3600_000);
      ctx.app.clock.pin(WEDNESDAY_1300 + 23 * 3600_000);
      expect((await orderPost(ctx, payload, key)).headers['idempotent-replayed']).toBe('true');
      // A day later the same key is a new request (and the old answer is gone).
      ctx.app.clock.pin(THURSDAY_1300 + 60_000);
      const later = await orderPost(ctx, { ...payload, phone: freshPhone() }, key);
      expect(later.status).toBe(201);
      expect(later.body.code).not.toBe(first.body.code);
      await db()
        .insert(idempotencyKeys)
        .values({
          scope: 'order',
          key: `old-${randomUUID()}`,
          requestHash: 'x',
          responseStatus: 201,
          responseBody: {},
          expiresAt: new Date(WEDNESDAY_1300 - 1000),
        });
      expect(await idempotencyPurgeExpired(db(), THURSDAY_1300, true)).toBeGreaterThan(0);
      const left = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(idempotencyKeys)
        .where(sql`${idempotencyKeys.expiresAt} < ${new Date(THURSDAY_1300)}`);
      expect(left[0]?.n).toBe(0);
    });
  });

  describe('tampering is refused or recomputed, never stored as sent', () => {
    it('a lowered item price: the total must match the menu, and the menu price is stored', async () => {
      const line = { ...clasica(palermo, 'TAKE_AWAY'), price: 1, originalPrice: 1, priceWithoutModifiers: 1 };
      const cheap = await orderPost(ctx, takeAway({ items: [line], price: 1 }));
      expect(cheap.status).toBe(409);
      expect(cheap.body.breakdown.price).toBe(7650);
      const { status, body } = await orderPost(ctx, takeAway({ items: [line] }));
      expect(status).toBe(201);
      const [order] = await db().select().from(orders).where(eq(orders.code, body.code));
      const [stored] = await db()
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order?.id ?? 0));
      expect(stored).toMatchObject({ unitPrice: 8500, accPrice: 8500 });
    });

    it('a fake discount: refused with the real figures, and only the server’s discounts are stored', async () => {
      const fake = [{ name: 'Regalo', type: 'FIXED', value: 5000, amount: 5000 }];
      const refused = await orderPost(ctx, takeAway({ discounts: fake, price: 2650 }));
      expect(refused.status).toBe(409);
      expect(refused.body.breakdown.discounts).toEqual([
        expect.objectContaining({ name: '10% por retirar', amount: 850 }),
      ]);
      const { status, body } = await orderPost(ctx, takeAway({ discounts: fake }));
      expect(status).toBe(201);
      const [order] = await db().select().from(orders).where(eq(orders.code, body.code));
      expect(order?.discounts).toEqual([expect.objectContaining({ name: '10% por retirar', amount: 850 })]);
      expect(order?.price).toBe(7650);
    });

    it('a removed delivery fee: refused, and the zone’s fee is stored', async () => {
      const refused = await orderPost(ctx, delivery({ deliveryFee: 0, price: 8970 }));
      expect(refused.status).toBe(409);
      expect(refused.body.breakdown.deliveryFee).toBe(1500);
      const { status, body } = await orderPost(ctx, delivery({ deliveryFee: 0 }));
      expect(status).toBe(201);
      const [order] = await db().select().from(orders).where(eq(orders.code, body.code));
      expect(order).toMatchObject({ deliveryFee: 1500, userServiceFee: 470, price: 10470 });
    });

    it('a plate of another tenant: refused by the line', async () => {
      const foreign = plateOf(chispa, 'TAKE_AWAY', 'Papas fritas');
      expect(foreign.id).not.toBe(plateOf(palermo, 'TAKE_AWAY', 'Papas fritas').id);
      const { status, body } = await orderPost(
        ctx,
        takeAway({ items: [{ referenceId: foreign.id, quantity: 1 }], price: 3780 }),
      );
      expect(status).toBe(400);
      expect(body.fields).toEqual({
        'items[0].referenceId': 'El producto no está en el menú de este modo de pedido',
      });
    });

    it('a plate of another menu of the same brand (the dining room’s) is not in the delivery menu', async () => {
      const salon = plateOf(palermo, 'DINE_IN', 'Clásica');
      const line = { ...clasica(palermo, 'DINE_IN'), referenceId: salon.id };
      const { status, body } = await orderPost(ctx, takeAway({ items: [line] }));
      expect(status).toBe(400);
      expect(body.fields).toHaveProperty(['items[0].referenceId']);
    });

    it('a hidden garnish: refused with the domain’s message', async () => {
      const [hidden] = await db()
        .select({ id: garnishItems.id })
        .from(garnishItems)
        .where(and(eq(garnishItems.companyId, fuegoId), eq(garnishItems.name, 'Jalapeños')));
      const plate = plateOf(palermo, 'TAKE_AWAY', 'Clásica');
      const extrasGroup = plate.garnishGroups.find((group) => group.groupName === 'Extras');
      const line = clasica(palermo, 'TAKE_AWAY');
      line.extras.push({
        groupId: extrasGroup?.groupId ?? 0,
        groupItems: [{ referenceId: hidden?.id ?? 0, quantity: 1 }],
      });
      const { status, body } = await orderPost(ctx, takeAway({ items: [line], price: 8100 }));
      expect(status).toBe(400);
      expect(body.fields).toEqual({
        'items[0].extras': 'Revise que haya agregado la cantidad correcta de opcionales',
      });
    });

    it('a quantity over the plate’s maximum, in one line or across lines', async () => {
      const one = await orderPost(ctx, takeAway({ items: [beer(palermo, 'TAKE_AWAY', 7)], price: 28350 }));
      expect(one.status).toBe(400);
      expect(one.body.fields).toEqual({
        'items[0].quantity': 'Has alcanzado el máximo de unidades (6) para este producto',
      });
      const split = await orderPost(
        ctx,
        takeAway({
          items: [beer(palermo, 'TAKE_AWAY', 4), beer(palermo, 'TAKE_AWAY', 3, 'Honey')],
          price: 28350,
        }),
      );
      expect(split.status).toBe(400);
      expect(split.body.fields).toMatchObject({
        'items[0].quantity': 'Has alcanzado el máximo de unidades (6) para este producto',
        'items[1].quantity': 'Has alcanzado el máximo de unidades (6) para este producto',
      });
      const absurd = await orderPost(
        ctx,
        takeAway({ items: [{ ...beer(palermo, 'TAKE_AWAY', 1), quantity: 10_000_000 }] }),
      );
      expect(absurd.status).toBe(400);
      expect(absurd.body.fields).toHaveProperty(['body.items[0].quantity']);
    });

    it('a closed-hours time: ordering now while closed, or a slot outside the hours', async () => {
      ctx.app.clock.pin(WEDNESDAY_1700);
      const before = await orderCount();
      const now = await orderPost(ctx, delivery());
      expect(now.status).toBe(400);
      expect(now.body.fields).toEqual({ scheduledAt: 'Seleccione un horario de programación del pedido' });
      const closedSlot = await orderPost(
        ctx,
        delivery({ scheduled: true, scheduledAt: new Date(local('2025-06-04T17:30:00')).toISOString() }),
      );
      expect(closedSlot.status).toBe(400);
      expect(closedSlot.body.fields).toEqual({
        scheduledAt: 'Seleccione un horario de programación del pedido',
      });
      const offGrid = await orderPost(
        ctx,
        delivery({ scheduled: true, scheduledAt: new Date(local('2025-06-04T19:40:00')).toISOString() }),
      );
      expect(offGrid.status).toBe(400);
      // Nothing was stored by any of them.
      expect(await orderCount()).toBe(before);
    });

    it('a mode with no hours left to schedule answers "Local cerrado"', async () => {
      ctx.app.clock.pin(local('2025-06-04T10:00:00'));
      const { status, body } = await orderPost(ctx, {
        orderModeId: palermo.modes.DINE_IN,
        branchContact: { id: palermo.id },
        items: [clasica(palermo, 'DINE_IN')],
        price: 9800,
        paymentType: { id: palermo.paymentTypes.DINE_IN?.CASH },
        paysWith: 10000,
        tableUid: '12',
        phone: freshPhone(),
        customerName: 'Ana',
      });
      expect(status).toBe(400);
      expect(body.fields).toEqual({ scheduledAt: 'Local cerrado' });
    });
  });

  describe('scheduling', () => {
    it('stores an order for one of the offered slots while closed now', async () => {
      ctx.app.clock.pin(WEDNESDAY_1700);
      const at = new Date(local('2025-06-04T19:30:00')).toISOString();
      const { status, body } = await orderPost(ctx, delivery({ scheduled: true, scheduledAt: at }));
      expect(status).toBe(201);
      const [order] = await db().select().from(orders).where(eq(orders.code, body.code));
      expect(order).toMatchObject({ scheduled: true, scheduledAt: new Date(at) });
      expect(order?.orderText).toContain('Programado para: Miércoles 04/06 19:30');
    });

    it('offers no Sunday delivery: ordering now and a Sunday slot are refused, Monday is fine', async () => {
      ctx.app.clock.pin(SUNDAY_1300);
      expect((await orderPost(ctx, delivery())).status).toBe(400);
      const sunday = await orderPost(
        ctx,
        delivery({ scheduled: true, scheduledAt: new Date(local('2025-06-08T20:00:00')).toISOString() }),
      );
      expect(sunday.body.fields).toEqual({ scheduledAt: 'Seleccione un horario de programación del pedido' });
      const monday = await orderPost(
        ctx,
        delivery({ scheduled: true, scheduledAt: new Date(local('2025-06-09T12:15:00')).toISOString() }),
      );
      expect(monday.status).toBe(201);
    });

    it('refuses a slot sooner than the lead time', async () => {
      // Take-away leads by 15 minutes: at 13:00 the first slot is 13:15.
      const soon = await orderPost(
        ctx,
        takeAway({ scheduledAt: new Date(local('2025-06-04T13:00:00')).toISOString() }),
      );
      expect(soon.status).toBe(400);
      const ok = await orderPost(
        ctx,
        takeAway({ scheduledAt: new Date(local('2025-06-04T13:15:00')).toISOString() }),
      );
      expect(ok.status).toBe(201);
    });

    it('prices menu discounts on the day the order is for (Thursday beer 2x1)', async () => {
      const wednesday = await orderPost(ctx, takeAway({ items: [beer(palermo, 'TAKE_AWAY', 2)], price: 0 }));
      expect(wednesday.body.breakdown.itemsPrice).toBe(9000);
      const thursday = await orderPost(
        ctx,
        takeAway({
          items: [beer(palermo, 'TAKE_AWAY', 2)],
          price: 0,
          scheduledAt: new Date(local('2025-06-05T13:00:00')).toISOString(),
        }),
      );
      expect(thursday.body.breakdown.items[0]).toMatchObject({ price: 4500, discount: 4500, accPrice: 4500 });
    });
  });

  describe('where the order goes', () => {
    it('refuses an unknown location, a mode of another location, and a mode of another tenant', async () => {
      const unknown = await orderPost(ctx, takeAway({ branchContact: { id: 999_999 } }));
      expect(unknown.status).toBe(400);
      expect(unknown.body.fields).toEqual({ 'branchContact.id': 'No existe el local 999999' });
      const otherLocation = await orderPost(ctx, takeAway({ orderModeId: belgrano.modes.DELIVERY }));
      expect(otherLocation.body.fields).toEqual({
        orderModeId: 'El modo de pedido no está disponible en este local',
      });
      const otherTenant = await orderPost(ctx, takeAway({ branchContact: { id: chispa.id } }));
      expect(otherTenant.status).toBe(400);
      expect(otherTenant.body.fields).toEqual({
        orderModeId: 'El modo de pedido no está disponible en este local',
      });
    });

    it('refuses a blocked location, an inactive mode and a mode with ordering disabled', async () => {
      const blocked = await orderPost(ctx, {
        ...takeAway(),
        orderModeId: ascua.modes.TAKE_AWAY,
        branchContact: { id: ascua.id },
      });
      expect(blocked.status).toBe(400);
      expect(blocked.body.fields).toEqual({
        'branchContact.id': 'Este local no está recibiendo pedidos en este momento',
      });
      const [contact] = await db()
        .select({ id: branchContacts.id })
        .from(branchContacts)
        .where(eq(branchContacts.alias, 'ascua-cafe-centro'));
      const [inactive] = await db()
        .select({ id: orderModes.id })
        .from(orderModes)
        .where(and(eq(orderModes.branchContactId, contact?.id ?? 0), eq(orderModes.active, false)));
      expect(inactive).toBeDefined();
      const inactiveMode = await orderPost(ctx, {
        ...takeAway(),
        orderModeId: inactive?.id,
        branchContact: { id: contact?.id },
      });
      expect(inactiveMode.body.fields).toEqual({
        orderModeId: 'El modo de pedido no está disponible en este local',
      });
      const disabled = await orderPost(ctx, {
        ...takeAway(),
        orderModeId: belgrano.modes.TAKE_AWAY,
        branchContact: { id: belgrano.id },
      });
      expect(disabled.body.fields).toEqual({ orderModeId: 'Menú informativo. Pedidos deshabilitados.' });
    });

    it('refuses ordering now from a manually closed location, and takes a scheduled order', async () => {
      ctx.app.clock.pin(local('2025-06-04T20:00:00'));
      const base = {
        orderModeId: ascuaBelgrano.modes.DELIVERY,
        branchContact: { id: ascuaBelgrano.id },
        items: [clasica(ascuaBelgrano, 'DELIVERY'), simple(ascuaBelgrano, 'DELIVERY', 'Papas fritas')],
        price: 13900,
        paymentType: { id: ascuaBelgrano.paymentTypes.DELIVERY?.BANK_TRANSFER },
        destination: { fullAddress: 'Av. Cabildo 2500, CABA', lat: -34.562, lng: -58.45 },
        phone: freshPhone(),
        customerName: 'Bruno',
        customerEmail: 'bruno@correo.example',
      };
      const now = await orderPost(ctx, base);
      expect(now.body.fields).toEqual({ scheduledAt: 'Seleccione un horario de programación del pedido' });
      const later = await orderPost(ctx, {
        ...base,
        scheduledAt: new Date(local('2025-06-04T21:00:00')).toISOString(),
      });
      expect(later.status).toBe(201);
    });

    it('reads what a venue flips during service fresh on every order (no stale cache)', async () => {
      expect((await orderPost(ctx, takeAway())).status).toBe(201);
      const flip = (values: { manualClosing?: boolean; blocked?: boolean }) =>
        db().update(branchContacts).set(values).where(eq(branchContacts.id, palermo.id));
      const mode = (orderEnabled: boolean) =>
        db()
          .update(orderModes)
          .set({ orderEnabled })
          .where(eq(orderModes.id, palermo.modes.TAKE_AWAY ?? 0));
      try {
        await flip({ manualClosing: true });
        expect((await orderPost(ctx, takeAway())).body.fields).toEqual({
          scheduledAt: 'Seleccione un horario de programación del pedido',
        });
        await flip({ manualClosing: false, blocked: true });
        expect((await orderPost(ctx, takeAway())).body.fields).toEqual({
          'branchContact.id': 'Este local no está recibiendo pedidos en este momento',
        });
        await flip({ blocked: false });
        await mode(false);
        expect((await orderPost(ctx, takeAway())).body.fields).toEqual({
          orderModeId: 'Menú informativo. Pedidos deshabilitados.',
        });
      } finally {
        await flip({ manualClosing: false, blocked: false });
        await mode(true);
      }
      expect((await orderPost(ctx, takeAway())).status).toBe(201);
    });

    it('refuses a type that is not the mode’s', async () => {
      const { body } = await orderPost(ctx, takeAway({ type: 'DELIVERY' }));
      expect(body.fields).toEqual({ type: 'El tipo de pedido no coincide con el modo de pedido elegido' });
    });

    it('refuses a payment type of another mode, and an online one without provider', async () => {
      const otherMode = await orderPost(
        ctx,
        takeAway({ paymentType: { id: palermo.paymentTypes.DELIVERY?.BANK_TRANSFER } }),
      );
      expect(otherMode.body.fields).toEqual({
        'paymentType.id': 'El medio de pago elegido no está disponible para este modo de pedido',
      });
      const selfService = {
        orderModeId: cafe.modes.SELF_SERVICE,
        branchContact: { id: cafe.id },
        items: [simple(cafe, 'SELF_SERVICE', 'Espresso')],
        price: 2100,
        paymentType: { id: cafe.paymentTypes.SELF_SERVICE?.CARD_ONLINE },
      };
      const disabled = await orderPost(ctx, selfService);
      expect(disabled.body.fields).toEqual({
        'paymentType.id': 'El medio de pago elegido no está disponible para este modo de pedido',
      });
      const cash = await orderPost(ctx, {
        ...selfService,
        paymentType: { id: cafe.paymentTypes.SELF_SERVICE?.CASH },
        paysWith: 2100,
      });
      expect(cash.status).toBe(201);
    });
  });

  describe('the plate rules', () => {
    it('needs a size for a sized plate and the mandatory garnishes, within each group’s maximum', async () => {
      const line = clasica(palermo, 'TAKE_AWAY');
      const noSize = await orderPost(ctx, takeAway({ items: [{ ...line, sizeId: null }] }));
      expect(noSize.body.fields).toEqual({ 'items[0].sizeId': 'Elija un tamaño válido para este producto' });
      const plate = plateOf(palermo, 'TAKE_AWAY', 'Clásica');
      const noBread = await orderPost(ctx, takeAway({ items: [{ ...line, extras: [] }] }));
      expect(noBread.body.fields).toEqual({
        'items[0].extras': 'Revise que haya agregado la cantidad correcta de opcionales',
      });
      const threeSauces = clasica(palermo, 'TAKE_AWAY', {
        extras: { 'Salsas (hasta 2)': { 'Mayo de ajo': 1, Barbacoa: 1, Picante: 1 } },
      });
      const tooMany = await orderPost(ctx, takeAway({ items: [threeSauces] }));
      expect(tooMany.body.fields).toEqual({
        'items[0].extras': 'Revise que haya agregado la cantidad correcta de opcionales',
      });
      // A size of another plate is no size of this one.
      const bacon = plateOf(palermo, 'TAKE_AWAY', 'Bacon BBQ');
      const wrongSize = await orderPost(
        ctx,
        takeAway({ items: [{ ...line, sizeId: sizeOf(bacon, 'Doble') }] }),
      );
      expect(wrongSize.body.fields).toHaveProperty(['items[0].sizeId']);
      expect(plate.sizes).toHaveLength(3);
    });

    it('prices garnishes and sizes from the menu', async () => {
      const line = clasica(palermo, 'TAKE_AWAY', {
        size: 'Doble',
        quantity: 2,
        extras: { 'Elegí tu pan': { 'Pan sin TACC': 1 }, Extras: { 'Cheddar extra': 2, Panceta: 1 } },
      });
      // (10900 + 900 + 2 × 800 + 1100) × 2 = 29000; − 10 % = 26100
      const { status, body } = await orderPost(
        ctx,
        takeAway({ items: [line], price: 26100, paysWith: 30000 }),
      );
      expect(status).toBe(201);
      const [order] = await db().select().from(orders).where(eq(orders.code, body.code));
      const [stored] = await db()
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, order?.id ?? 0));
      expect(stored).toMatchObject({
        name: 'Clásica (Doble)',
        unitPrice: 14500,
        accPrice: 29000,
        quantity: 2,
      });
    });

    it('limits item notes (120 in this brand) and order notes (250)', async () => {
      const longItem = await orderPost(
        ctx,
        takeAway({ items: [clasica(palermo, 'TAKE_AWAY', { notes: 'x'.repeat(121) })] }),
      );
      expect(longItem.body.fields).toEqual({
        'items[0].notes': 'Las notas no pueden superar los 120 caracteres',
      });
      const okItem = await orderPost(
        ctx,
        takeAway({ items: [clasica(palermo, 'TAKE_AWAY', { notes: 'ñ'.repeat(120) })] }),
      );
      expect(okItem.status).toBe(201);
      const longOrder = await orderPost(ctx, takeAway({ notes: 'y'.repeat(251) }));
      expect(longOrder.body.fields).toEqual({ notes: 'Las notas no pueden superar los 250 caracteres' });
    });

    it('has no notes limit where the brand turned it off', async () => {
      ctx.app.clock.pin(WEDNESDAY_1300);
      const { status } = await orderPost(ctx, {
        orderModeId: cafe.modes.DINE_IN,
        branchContact: { id: cafe.id },
        items: [{ ...simple(cafe, 'DINE_IN', 'Espresso'), notes: 'z'.repeat(900) }],
        notes: 'w'.repeat(1000),
        price: 2100,
        paymentType: { id: cafe.paymentTypes.DINE_IN?.CASH },
        paysWith: 2100,
        tableUid: '4',
      });
      expect(status).toBe(201);
    });
  });

  describe('the checkout checks, with the spec’s messages', () => {
    it('phone and name when the location forces them; a valid phone', async () => {
      const { body } = await orderPost(ctx, takeAway({ phone: null, customerName: '' }));
      expect(body.fields).toEqual({
        phone: 'Debe ingresar su número de teléfono para continuar.',
        customerName: 'Debe ingresar su nombre para poder realizar el pedido.',
      });
      const invalid = await orderPost(ctx, takeAway({ phone: '12' }));
      expect(invalid.body.fields).toEqual({
        phone: 'Debe ingresar un número de teléfono válido para continuar.',
      });
    });

    it('a table number in dining in', async () => {
      const { body } = await orderPost(ctx, {
        orderModeId: palermo.modes.DINE_IN,
        branchContact: { id: palermo.id },
        items: [clasica(palermo, 'DINE_IN')],
        price: 9800,
        paymentType: { id: palermo.paymentTypes.DINE_IN?.CASH },
        paysWith: 10000,
        phone: freshPhone(),
        customerName: 'Ana',
      });
      expect(body.fields).toEqual({
        tableUid: 'Debe ingresar número de mesa para poder realizar el pedido.',
      });
    });

    it('stores a dine-in order with its table and the table surcharge', async () => {
      const { status, body } = await orderPost(ctx, {
        orderModeId: palermo.modes.DINE_IN,
        branchContact: { id: palermo.id },
        items: [clasica(palermo, 'DINE_IN')],
        price: 9800,
        paymentType: { id: palermo.paymentTypes.DINE_IN?.CASH },
        paysWith: 10000,
        tableUid: '12',
        phone: freshPhone(),
        customerName: 'Ana',
      });
      expect(status).toBe(201);
      const [order] = await db().select().from(orders).where(eq(orders.code, body.code));
      expect(order).toMatchObject({ tableNumber: '12', type: 'DINE_IN', itemsPrice: 9000, price: 9800 });
      expect(order?.surcharges).toEqual([
        expect.objectContaining({ name: 'Servicio de mesa', type: 'FIXED', value: 800, amount: 800 }),
      ]);
    });

    it('email when the location demands it, well formed; a document of 7 to 11 characters', async () => {
      ctx.app.clock.pin(local('2025-06-04T20:00:00'));
      const base = {
        orderModeId: belgrano.modes.DELIVERY,
        branchContact: { id: belgrano.id },
        items: [clasica(belgrano, 'DELIVERY'), simple(belgrano, 'DELIVERY', 'Papas fritas')],
        price: 13900,
        paymentType: { id: belgrano.paymentTypes.DELIVERY?.BANK_TRANSFER },
        destination: { fullAddress: 'Av. Cabildo 2500, CABA', lat: -34.562, lng: -58.45 },
        phone: freshPhone(),
        customerName: 'Bruno',
      };
      expect((await orderPost(ctx, base)).body.fields).toEqual({
        customerEmail: 'Debe ingresar su email para poder realizar el pedido',
      });
      expect((await orderPost(ctx, { ...base, customerEmail: 'no-es-un-email' })).body.fields).toEqual({
        customerEmail: 'Ingrese un email valido',
      });
      const badDocument = await orderPost(ctx, {
        ...base,
        customerEmail: 'b@correo.example',
        document: '12.345',
      });
      expect(badDocument.body.fields).toEqual({ document: 'Ingrese un documento valido' });
      const ok = await orderPost(ctx, { ...base, customerEmail: 'b@correo.example', document: '30.123.456' });
      expect(ok.status).toBe(201);
      const [order] = await db().select().from(orders).where(eq(orders.code, ok.body.code));
      expect(order?.customerDocument).toBe('30123456');
    });

    it('an email where the location does not demand it: optional, and checked when sent', async () => {
      const without = await orderPost(ctx, takeAway());
      expect(without.status).toBe(201);
      expect((await orderPost(ctx, takeAway({ customerEmail: 'ana@' }))).body.fields).toEqual({
        customerEmail: 'Ingrese un email valido',
      });
      const withEmail = await orderPost(ctx, takeAway({ customerEmail: ' Ana@Correo.example ' }));
      expect(withEmail.status).toBe(201);
      const stored = await db()
        .select({ code: orders.code, customerEmail: orders.customerEmail })
        .from(orders)
        .where(sql`${orders.code} in (${without.body.code}, ${withEmail.body.code})`);
      expect(Object.fromEntries(stored.map((row) => [row.code, row.customerEmail]))).toEqual({
        [without.body.code]: null,
        [withEmail.body.code]: 'ana@correo.example',
      });
    });

    it('cash: the amount paid with is required and not under the total', async () => {
      expect((await orderPost(ctx, takeAway({ paysWith: null }))).body.fields).toEqual({
        paysWith: 'Debe ingresar con cuanto abona para poder realizar el pedido.',
      });
      expect((await orderPost(ctx, takeAway({ paysWith: 7649 }))).body.fields).toEqual({
        paysWith: 'El monto con el cual abonará no puede ser menor al precio del pedido.',
      });
      expect((await orderPost(ctx, takeAway({ paysWith: 7650 }))).status).toBe(201);
    });

    it('delivery: an address with coordinates, between streets where required', async () => {
      const noAddress = await orderPost(ctx, delivery({ destination: null }));
      expect(noAddress.body.fields).toEqual({
        'destination.fullAddress': 'Debe ingresar dirección para poder realizar el pedido.',
        'destination.betweenStreets': 'Debe ingresar entrecalles para poder realizar el pedido.',
      });
      const noPoint = await orderPost(
        ctx,
        delivery({ destination: { fullAddress: NEAR.fullAddress, betweenStreets: 'A y B' } }),
      );
      expect(noPoint.body.fields).toEqual({
        'destination.lat': 'Indique la ubicación de la dirección en el mapa para calcular el envío',
      });
      const noBetween = await orderPost(ctx, delivery({ destination: { ...NEAR, betweenStreets: '' } }));
      expect(noBetween.body.fields).toEqual({
        'destination.betweenStreets': 'Debe ingresar entrecalles para poder realizar el pedido.',
      });
    });

    it('delivery: inside a zone, its minimum met; outside no order', async () => {
      const far = await orderPost(ctx, delivery({ destination: FAR }));
      expect(far.body.fields).toEqual({
        destination: 'Tu dirección no se encuentra dentro de la zona de entrega.',
      });
      // The wide zone asks 12000 of products: one Clásica is not enough.
      const wide = await orderPost(ctx, delivery({ destination: WIDE }));
      expect(wide.body.fields).toEqual({ items: 'El precio del pedido debe ser mayor a $ 12.000' });
      const enough = await orderPlaceAtServerPrice(
        ctx,
        delivery({
          destination: WIDE,
          items: [clasica(palermo, 'DELIVERY', { size: 'Doble', quantity: 2 })],
        }),
      );
      expect(enough.status).toBe(201);
      const [order] = await db().select().from(orders).where(eq(orders.code, enough.body.code));
      expect(order?.deliveryFee).toBe(2500);
      expect(order?.destination).toMatchObject({
        fullAddress: WIDE.fullAddress,
        lat: WIDE.lat,
        lng: WIDE.lng,
      });
    });

    it('delivery: free from the zone’s free-delivery amount', async () => {
      const items = [clasica(palermo, 'DELIVERY', { size: 'Triple', quantity: 3 })];
      // 3 × 12900 = 38700 ≥ 30000: free; service 300 + 2 % = 1074
      const { status, body } = await orderPost(ctx, delivery({ items, price: 38700 + 1074 }));
      expect(status).toBe(201);
      const [order] = await db().select().from(orders).where(eq(orders.code, body.code));
      expect(order).toMatchObject({ deliveryFee: 0, userServiceFee: 1074, price: 39774 });
    });

    it('delivery with own riders: none on shift, or none taking cash', async () => {
      await ridersOfPalermo({ active: false });
      const none = await orderPost(ctx, delivery());
      expect(none.body.fields).toEqual({
        destination: 'En este momento no contamos con repartidores en la zona. Vuelva a intentar más tarde',
      });
      await ridersOfPalermo({ active: true, acceptsCash: false });
      const cash = await orderPost(
        ctx,
        delivery({ paymentType: { id: palermo.paymentTypes.DELIVERY?.CASH }, paysWith: 20000, price: 10770 }),
      );
      expect(cash.body.fields).toEqual({
        'paymentType.id':
          'En este momento no contamos con repartidores en la zona que acepten efectivo. Vuelva a intentar más tarde',
      });
      expect((await orderPost(ctx, delivery())).status).toBe(201);
    });

    it('reports every failing field at once, the last one as the message', async () => {
      const { status, body } = await orderPost(
        ctx,
        delivery({ phone: '1', customerName: ' ', destination: FAR, items: [beer(palermo, 'DELIVERY', 9)] }),
      );
      expect(status).toBe(400);
      expect(Object.keys(body.fields).sort()).toEqual([
        'customerName',
        'destination',
        'items[0].quantity',
        'phone',
      ]);
      expect(body.message).toBe('Tu dirección no se encuentra dentro de la zona de entrega.');
    });

    it('answers malformed payloads with 400 per field, never 500', async () => {
      const cases: unknown[] = [
        {},
        { ...takeAway(), items: [] },
        { ...takeAway(), items: 'nada' },
        { ...takeAway(), price: -1 },
        { ...takeAway(), price: 'mucho' },
        { ...takeAway(), paymentType: 5 },
        { ...takeAway(), branchContact: { id: 0 } },
        { ...takeAway(), scheduledAt: 'mañana' },
        { ...takeAway(), items: [{ referenceId: 'x', quantity: 1 }] },
        { ...takeAway(), items: [{ referenceId: 1, quantity: 1.5 }] },
        {
          ...takeAway(),
          items: [
            {
              referenceId: 1,
              quantity: 1,
              extras: [{ groupId: 1, groupItems: [{ referenceId: 1, quantity: -1 }] }],
            },
          ],
        },
        { ...takeAway(), destination: { lat: 200, lng: 0 } },
        { ...takeAway(), loyaltyInfo: { redeemedPoints: 1.5 } },
        { ...takeAway(), phone: 'x'.repeat(41) },
        { ...takeAway(), paysWith: 1e20 },
      ];
      for (const payload of cases) {
        const { status, body } = await orderPost(ctx, payload);
        expect(status, JSON.stringify(payload).slice(0, 200)).toBe(400);
        expect(Object.keys(body.fields ?? {}).length, JSON.stringify(body)).toBeGreaterThan(0);
      }
      // PostgreSQL cannot store U+0000: a bad field, never a 500.
      const nul = await orderPost(ctx, takeAway({ customerName: 'Ana\u0000', notes: 'x\ud800y' }));
      expect(nul.status).toBe(400);
      expect(Object.keys(nul.body.fields).sort()).toEqual(['body.customerName', 'body.notes']);
      // A proper pair (an emoji) is fine.
      expect((await orderPost(ctx, takeAway({ notes: 'Gracias 🔥' }))).status).toBe(201);
      const notJson = await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
        payload: '{"items": [',
      });
      expect(notJson.statusCode).toBe(400);
    });
  });

  describe('discount codes at order time', () => {
    const withCode = (code: string, overrides: Record<string, unknown> = {}) =>
      takeAway({ codeDiscount: code, ...overrides });

    it('takes the code from `discounts[].code`, as the spec’s clients send it', async () => {
      const items = [clasica(palermo, 'TAKE_AWAY', { size: 'Triple', quantity: 3 })];
      const placed = await orderPost(
        ctx,
        takeAway({
          items,
          price: 31830,
          paysWith: 40000,
          discounts: [{ name: 'BIENVENIDA', type: 'PERCENT', value: 10, amount: 3000, code: 'bienvenida' }],
        }),
      );
      expect(placed.status).toBe(201);
      const [order] = await db().select().from(orders).where(eq(orders.code, placed.body.code));
      expect(order?.codeDiscountId).not.toBeNull();
      expect(order?.discounts).toEqual([
        expect.objectContaining({ code: 'BIENVENIDA', amount: 3000 }),
        expect.objectContaining({ name: '10% por retirar', amount: 3870 }),
      ]);
      // An unknown coupon is refused on the same field as ours.
      const unknown = await orderPost(ctx, takeAway({ discounts: [{ name: 'X', code: 'NOEXISTE' }] }));
      expect(unknown.status).toBe(400);
      expect(unknown.body.fields).toEqual({
        codeDiscount: 'No se encontró ningún descuento con el código ingresado.',
      });
    });

    it('BIENVENIDA: 10 % capped at 3000, first purchase only, minimum 10000 of products', async () => {
      const phone = freshPhone();
      const items = [clasica(palermo, 'TAKE_AWAY', { size: 'Triple', quantity: 3 })];
      // 38700 products: code 10 % = 3870 → cap 3000; then 10 % por retirar = 3870: 38700 − 6870 = 31830
      const first = await orderPost(
        ctx,
        withCode('bienvenida', { items, phone, price: 31830, paysWith: 40000 }),
      );
      expect(first.status).toBe(201);
      const [order] = await db().select().from(orders).where(eq(orders.code, first.body.code));
      expect(order?.discounts).toEqual([
        expect.objectContaining({ name: 'BIENVENIDA', code: 'BIENVENIDA', amount: 3000 }),
        expect.objectContaining({ name: '10% por retirar', amount: 3870 }),
      ]);
      const [redemption] = await db()
        .select()
        .from(codeDiscountRedemptions)
        .where(eq(codeDiscountRedemptions.orderId, order?.id ?? 0));
      expect(redemption).toMatchObject({ amount: 3000, phone });
      const again = await orderPost(
        ctx,
        withCode('BIENVENIDA', { items, phone, price: 31830, paysWith: 40000 }),
      );
      expect(again.body.fields).toEqual({
        codeDiscount: 'Este descuento solo es válido para primera compra',
      });
      const small = await orderPost(ctx, withCode('BIENVENIDA'));
      expect(small.body.fields).toEqual({ codeDiscount: 'Monto mínimo en productos: $ 10.000' });
    });

    it('PAPAS needs fries in the cart; BURGER20 a burger; VIEJO and unknown codes are not found', async () => {
      expect((await orderPost(ctx, withCode('PAPAS'))).body.fields).toEqual({
        codeDiscount: 'Descuento válido teniendo Papas fritas en el carrito',
      });
      const withFries = await orderPost(
        ctx,
        withCode('PAPAS', {
          items: [clasica(palermo, 'TAKE_AWAY'), simple(palermo, 'TAKE_AWAY', 'Papas fritas')],
          price: 0,
          paysWith: 20000,
        }),
      );
      // 12700 − 1000 − 10 % of 12700 (1270) = 10430
      expect(withFries.body.breakdown.price).toBe(10430);
      expect(
        (
          await orderPost(
            ctx,
            withCode('BURGER20', { items: [simple(palermo, 'TAKE_AWAY', 'Papas fritas')], price: 3780 }),
          )
        ).body.fields,
      ).toEqual({
        codeDiscount: 'Descuento válido teniendo un ítem de la categoría Hamburguesas en el carrito',
      });
      expect((await orderPost(ctx, withCode('VIEJO'))).body.fields).toEqual({
        codeDiscount: 'No se encontró ningún descuento con el código ingresado.',
      });
      expect((await orderPost(ctx, withCode('NOEXISTE'))).body.fields).toEqual({
        codeDiscount: 'No se encontró ningún descuento con el código ingresado.',
      });
    });

    it('ENVIOGRATIS waives the fee, unless delivery is already free', async () => {
      const { status, body } = await orderPost(ctx, delivery({ codeDiscount: 'ENVIOGRATIS', price: 8970 }));
      expect(status).toBe(201);
      const [order] = await db().select().from(orders).where(eq(orders.code, body.code));
      expect(order).toMatchObject({ deliveryFee: 0, price: 8970 });
      const [redemption] = await db()
        .select()
        .from(codeDiscountRedemptions)
        .where(eq(codeDiscountRedemptions.orderId, order?.id ?? 0));
      expect(redemption?.amount).toBe(1500);
      const items = [clasica(palermo, 'DELIVERY', { size: 'Triple', quantity: 3 })];
      expect(
        (await orderPost(ctx, delivery({ items, codeDiscount: 'ENVIOGRATIS', price: 39774 }))).body.fields,
      ).toEqual({
        codeDiscount: 'Ya tiene envío gratis',
      });
    });

    it('counts every use and stops a limited code at its limit', async () => {
      const [code] = await db()
        .select()
        .from(codeDiscounts)
        .where(and(eq(codeDiscounts.companyId, fuegoId), eq(codeDiscounts.code, 'BURGER20')));
      await db()
        .update(codeDiscounts)
        .set({ usageCount: 49 })
        .where(eq(codeDiscounts.id, code?.id ?? 0));
      // 8500 − 20 % (1700) − 10 % (850) = 5950
      const last = await orderPost(ctx, withCode('BURGER20', { price: 5950 }));
      expect(last.status).toBe(201);
      const [after] = await db()
        .select()
        .from(codeDiscounts)
        .where(eq(codeDiscounts.id, code?.id ?? 0));
      expect(after?.usageCount).toBe(50);
      const over = await orderPost(ctx, withCode('BURGER20', { price: 5950 }));
      expect(over.status).toBe(400);
      expect(over.body.fields).toEqual({
        codeDiscount: 'No se encontró ningún descuento con el código ingresado.',
      });
      await db()
        .update(codeDiscounts)
        .set({ usageCount: 0 })
        .where(eq(codeDiscounts.id, code?.id ?? 0));
    });

    it('a first-purchase code needs a valid phone to check it', async () => {
      const items = [clasica(palermo, 'TAKE_AWAY', { size: 'Triple', quantity: 3 })];
      const { body } = await orderPost(
        ctx,
        withCode('BIENVENIDA', { items, phone: '12', price: 31830, paysWith: 40000 }),
      );
      expect(body.fields).toEqual({
        phone: 'Debe ingresar un número de teléfono válido para continuar.',
        codeDiscount:
          'Asegúrese de haber ingresado sus datos correctamente para validar el código de descuento.',
      });
    });

    it('codes belong to their brand: the café has none of the burgers’ codes', async () => {
      const cafeOrder = await orderPost(ctx, {
        orderModeId: cafe.modes.DINE_IN,
        branchContact: { id: cafe.id },
        items: [simple(cafe, 'DINE_IN', 'Espresso')],
        price: 2100,
        paymentType: { id: cafe.paymentTypes.DINE_IN?.CASH },
        paysWith: 2100,
        tableUid: '3',
        codeDiscount: 'PAPAS',
      });
      expect(cafeOrder.body.fields).toEqual({
        codeDiscount: 'No se encontró ningún descuento con el código ingresado.',
      });
    });
  });

  describe('loyalty points', () => {
    const martina = '+5491155550101';

    it('redeems points under a lock, writes the ledger and never goes negative', async () => {
      const [before] = await db()
        .select()
        .from(customers)
        .where(and(eq(customers.companyId, fuegoId), eq(customers.phone, martina)));
      expect(before?.loyaltyPointsBalance).toBe(4200);
      // The limits that tell the balance are for the phone's proven holder only (issue 16).
      const signedIn = await customerSignIn(ctx, martina, palermo.id);
      const as = (payload: unknown) => orderPost(ctx, payload, randomUUID(), signedIn);
      const over = await as(takeAway({ phone: martina, loyaltyInfo: { redeemedPoints: 4300 }, price: 3350 }));
      expect(over.body.fields).toEqual({
        'loyaltyInfo.redeemedPoints': 'El máximo de Fueguitos acumulados es: 4200',
      });
      const under = await as(takeAway({ phone: martina, loyaltyInfo: { redeemedPoints: 100 }, price: 7550 }));
      expect(under.body.fields).toEqual({
        'loyaltyInfo.redeemedPoints': 'El mínimo de Fueguitos canjeable es: 500',
      });
      // 30 % of 7650 = 2295 points at most on this order.
      const tooMuch = await as(
        takeAway({ phone: martina, loyaltyInfo: { redeemedPoints: 3000 }, price: 4650 }),
      );
      expect(tooMuch.body.fields).toEqual({
        'loyaltyInfo.redeemedPoints': 'El máximo de Fueguitos utilizable para este pedido es: 2295',
      });
      const { status, body } = await as(
        takeAway({ phone: martina, loyaltyInfo: { redeemedPoints: 1000 }, price: 6650, paysWith: 6650 }),
      );
      expect(status).toBe(201);
      const [order] = await db().select().from(orders).where(eq(orders.code, body.code));
      expect(order).toMatchObject({ loyaltyRedeemedPoints: 1000, price: 6650 });
      const [after] = await db()
        .select()
        .from(customers)
        .where(and(eq(customers.companyId, fuegoId), eq(customers.phone, martina)));
      expect(after?.loyaltyPointsBalance).toBe(3200);
      const ledger = await db()
        .select()
        .from(loyaltyLedger)
        .where(eq(loyaltyLedger.customerId, after?.id ?? 0))
        .orderBy(asc(loyaltyLedger.id));
      expect(ledger.at(-1)).toMatchObject({
        kind: 'REDEMPTION',
        amount: -1000,
        postBalance: 3200,
        orderCode: body.code,
      });
    });

    it('needs an active programme here and a phone', async () => {
      const cafeOrder = await orderPost(ctx, {
        orderModeId: cafe.modes.DINE_IN,
        branchContact: { id: cafe.id },
        items: [simple(cafe, 'DINE_IN', 'Espresso')],
        price: 1100,
        paymentType: { id: cafe.paymentTypes.DINE_IN?.CASH },
        paysWith: 2100,
        tableUid: '3',
        loyaltyInfo: { redeemedPoints: 1000 },
      });
      expect(cafeOrder.body.fields).toEqual({
        'loyaltyInfo.redeemedPoints': 'El programa de puntos no está disponible en este local',
      });
    });
  });

  describe('codes of orders', () => {
    it('are unique and unguessable across many orders', async () => {
      const codes = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const { body } = await orderPost(ctx, takeAway());
        codes.add(body.code);
      }
      expect(codes.size).toBe(20);
    });
  });
});
