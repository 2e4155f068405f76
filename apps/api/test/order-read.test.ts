import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers, loyaltyLedger } from '../src/db/schema/customers';
import { logisticsOrders, riders } from '../src/db/schema/logistics';
import { orders } from '../src/db/schema/orders';
import { clientLogs } from '../src/db/schema/platform';
import { rooms } from '../src/plugins/app/realtime';
import {
  orderFindByCode,
  orderLoyaltyCredit,
  orderPaymentStatusSet,
  orderUpdatedPublish,
} from '../src/services/order-service';
import { dinerGet, tenantExample, tenantLoad } from './support/diner-fixture';
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

describe.each(testDatabaseKinds())('order follow-up and client logs on %s', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: generous });
  let fuegoId = 0;
  let palermo: LocationIds;
  let belgrano: LocationIds;
  let deliveryCode = '';

  const clasica = (mode: string) => {
    const plate = plateOf(palermo, mode, 'Clásica');
    return {
      referenceId: plate.id,
      sizeId: sizeOf(plate, 'Doble'),
      quantity: 2,
      notes: 'Bien cocida',
      extras: [
        extraOf(plate, 'Elegí tu pan', { 'Pan sin TACC': 1 }),
        extraOf(plate, 'Extras', { 'Cheddar extra': 2 }),
      ],
    };
  };

  /** Palermo take-away paid by card through the API: 8500 − 10 % = 7650, PROCESSING. */
  const cardOrder = () =>
    orderPost(ctx, {
      orderModeId: palermo.modes.TAKE_AWAY,
      branchContact: { id: palermo.id },
      items: [
        {
          referenceId: plateOf(palermo, 'TAKE_AWAY', 'Clásica').id,
          sizeId: sizeOf(plateOf(palermo, 'TAKE_AWAY', 'Clásica'), 'Simple'),
          quantity: 1,
          extras: [extraOf(plateOf(palermo, 'TAKE_AWAY', 'Clásica'), 'Elegí tu pan', { 'Pan de papa': 1 })],
        },
      ],
      price: 7650,
      paymentType: { id: palermo.paymentTypes.TAKE_AWAY?.CARD_ONLINE },
      phone: '+5491177770002',
      customerName: 'Carla',
    });

  beforeAll(async () => {
    fuegoId = await tenantLoad(ctx, tenantExample());
    palermo = await locationIds(ctx, 'fuego-palermo');
    belgrano = await locationIds(ctx, 'fuego-belgrano');
    ctx.app.clock.pin(WEDNESDAY_1300);
    // A rider on shift, so that Palermo's own fleet delivers.
    await ctx.database.db.update(riders).set({ active: true }).where(eq(riders.branchContactId, palermo.id));
    // (10900 + 900 + 2 × 800) × 2 = 26800 products, cash fee 1800, service 300 + 2 % (536): 29436
    const placed = await orderPost(ctx, {
      orderModeId: palermo.modes.DELIVERY,
      branchContact: { id: palermo.id },
      items: [clasica('DELIVERY')],
      price: 29436,
      paymentType: { id: palermo.paymentTypes.DELIVERY?.CASH },
      paysWith: 30000,
      destination: {
        fullAddress: 'Honduras 5200, Palermo, CABA',
        street: 'Honduras',
        number: '5200',
        zone: 'Palermo',
        city: 'Buenos Aires',
        lat: -34.585,
        lng: -58.425,
        betweenStreets: 'Thames y Uriarte',
        details: 'Piso 3 B',
      },
      phone: '+5491177770001',
      customerName: 'Diego Ruiz',
      customerEmail: 'diego@correo.example',
      document: '30.123.456',
      notes: 'Tocar timbre',
    });
    if (placed.status !== 201) throw new Error(JSON.stringify(placed.body));
    deliveryCode = placed.body.code;
  });

  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));

  describe('GET /api/diner/order/{code}', () => {
    it('shows the order as the follow-up page needs it, in major units', async () => {
      const { status, body, headers } = await dinerGet(ctx, `/api/diner/order/${deliveryCode}`);
      expect(status).toBe(200);
      expect(headers['cache-control']).toBe('no-store');
      expect(body).toEqual({
        id: expect.any(Number),
        code: deliveryCode,
        type: 'DELIVERY',
        orderModeId: palermo.modes.DELIVERY,
        status: 'GENERATED',
        cancelReason: null,
        orderedAt: new Date(WEDNESDAY_1300).toISOString(),
        scheduled: false,
        scheduledAt: null,
        paymentType: { id: palermo.paymentTypes.DELIVERY?.CASH, showName: 'Efectivo', paymentMethod: 'CASH' },
        paymentStatus: 'PENDING',
        paymentState: 'NOT_REQUIRED',
        paysWith: 30000,
        items: [
          {
            quantity: 2,
            name: 'Clásica (Doble)',
            extras: [
              {
                groupId: expect.any(Number),
                groupName: 'Elegí tu pan',
                groupItems: [{ referenceId: expect.any(Number), name: 'Pan sin TACC', quantity: 1 }],
              },
              {
                groupId: expect.any(Number),
                groupName: 'Extras',
                groupItems: [{ referenceId: expect.any(Number), name: 'Cheddar extra', quantity: 2 }],
              },
            ],
            notes: 'Bien cocida',
            accPrice: 26800,
          },
        ],
        itemsPrice: 26800,
        surcharges: [],
        discounts: [],
        generalCodeDiscount: null,
        deliveryFee: 1800,
        userServiceFee: 836,
        price: 29436,
        notes: 'Tocar timbre',
        destination: {
          street: 'Honduras',
          number: '5200',
          zone: 'Palermo',
          locality: null,
          city: 'Buenos Aires',
          fullAddress: 'Honduras 5200, Palermo, CABA',
          betweenStreets: 'Thames y Uriarte',
          details: 'Piso 3 B',
        },
        customerId: expect.any(Number),
        customerName: 'Diego Ruiz',
        table: null,
        trackingUrl: null,
        shipment: null,
        shipmentSecurityCode: null,
        loyalty: {
          programName: 'Fueguitos',
          cashback: false,
          redeemedPoints: 0,
          gainedPoints: 1471,
          gainedCredited: false,
          redeemedReturned: false,
        },
        // A new order: nothing to rate yet (apps/api/test/survey-follow-up.test.ts).
        survey: { orderHasResponse: false, generalNPSAnswer: null, canRate: false },
        errorType: null,
        branchContact: {
          id: palermo.id,
          alias: 'fuego-palermo',
          name: 'Fuego Palermo',
          whatsAppPhone: '+5491147770001',
        },
        country: { code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 },
      });
      // Whoever holds the code reads this: no contact data of the diner.
      const raw = JSON.stringify(body);
      expect(raw).not.toContain('+5491177770001');
      expect(raw).not.toContain('diego@correo.example');
      expect(raw).not.toContain('30123456');
    });

    it('answers the branch contact variant, and 404 when the code is another location’s', async () => {
      const mine = await dinerGet(ctx, `/api/diner/${palermo.id}/order/${deliveryCode}`);
      expect(mine.status).toBe(200);
      expect(mine.body.code).toBe(deliveryCode);
      const other = await dinerGet(ctx, `/api/diner/${belgrano.id}/order/${deliveryCode}`);
      expect(other.status).toBe(404);
      expect(other.body.message).toBe(`No existe el pedido ${deliveryCode}`);
    });

    it('reads codes in any case; unknown codes are 404, malformed ones 400', async () => {
      expect((await dinerGet(ctx, `/api/diner/order/${deliveryCode.toLowerCase()}`)).status).toBe(200);
      expect((await dinerGet(ctx, '/api/diner/order/ZZZZZZZZZZZZ')).status).toBe(404);
      expect((await dinerGet(ctx, '/api/diner/order/abc')).status).toBe(400);
      expect((await dinerGet(ctx, '/api/diner/order/abc%00def')).status).toBe(400);
    });

    it('shows the tracking page and the delivery code once logistics exists', async () => {
      const order = await orderFindByCode(ctx.database.db, deliveryCode);
      await ctx.database.db.insert(logisticsOrders).values({
        companyId: fuegoId,
        orderId: order?.id ?? 0,
        branchContactId: palermo.id,
        securityCode: '4821',
      });
      const { body } = await dinerGet(ctx, `/api/diner/order/${deliveryCode}`);
      expect(body.trackingUrl).toBe(`/logistics/tracking/order/fuego-palermo/${deliveryCode}`);
      expect(body.shipmentSecurityCode).toBe('4821');
    });

    it('leaves the other diner routes as they were', async () => {
      expect((await dinerGet(ctx, '/api/diner/fuego-palermo')).body.type).toBe('BRANCH_CONTACT');
      expect((await dinerGet(ctx, `/api/diner/${palermo.branchId}/discounts`)).status).toBe(200);
      const menu = await dinerGet(
        ctx,
        `/api/diner/fuego-palermo/menu/${palermo.id}?orderModeId=${palermo.modes.DELIVERY}`,
      );
      expect(menu.status).toBe(200);
      // 'order' as an alias still goes to the alias routes.
      expect((await dinerGet(ctx, '/api/diner/order')).body.message).toBe("No existe el alias 'order'");
      const aliasMenu = await dinerGet(
        ctx,
        `/api/diner/order/menu/${palermo.id}?orderModeId=${palermo.modes.DELIVERY}`,
      );
      expect(aliasMenu.status).toBe(404);
      expect(aliasMenu.body.message).toBe("No existe el local 'order'");
    });
  });

  describe('the payments contract', () => {
    it('stores a card order unpaid, expires it after the payment window, and publishes payment changes', async () => {
      const placed = await cardOrder();
      expect(placed.status).toBe(201);
      expect(placed.body.paymentStatus).toBe('PROCESSING');
      const code = placed.body.code;
      const order = await orderFindByCode(ctx.database.db, code.toLowerCase());
      expect(order).toMatchObject({ paymentMethod: 'CARD_ONLINE', paymentUpload: 'API', price: 7650 });

      await ctx.database.db.update(orders).set({ paymentStatus: 'PENDING' }).where(eq(orders.code, code));
      expect((await dinerGet(ctx, `/api/diner/order/${code}`)).body.paymentState).toBe('UNPAID');
      ctx.app.clock.pin(WEDNESDAY_1300 + 2 * 3600_000 + 1);
      expect((await dinerGet(ctx, `/api/diner/order/${code}`)).body.paymentState).toBe('EXPIRED');

      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const address = ctx.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const socket: Socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
      try {
        await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
        const joined = await new Promise<{ ok: boolean }>((resolve) =>
          socket.emit('join', rooms.order(code), resolve),
        );
        expect(joined.ok).toBe(true);
        const received = new Promise<Record<string, unknown>>((resolve) =>
          socket.once('order-updated', resolve),
        );
        const updated = await ctx.database.db.transaction((tx) =>
          orderPaymentStatusSet(tx, order?.id ?? 0, 'PAID', ctx.app.clock.now()),
        );
        expect(updated?.paymentStatus).toBe('PAID');
        await orderUpdatedPublish(
          { db: ctx.database.db, realtime: ctx.app.realtime, now: ctx.app.clock.now() },
          code,
        );
        expect(await received).toMatchObject({ code, paymentStatus: 'PAID', paymentState: 'PAID' });
      } finally {
        socket.close();
      }
    });
  });

  describe('loyalty points earned', () => {
    it('are credited once, when the console calls it (at delivery)', async () => {
      const order = await orderFindByCode(ctx.database.db, deliveryCode);
      expect(order?.loyaltyGainedPoints).toBe(1471);
      const credit = () =>
        ctx.database.db.transaction((tx) => orderLoyaltyCredit(tx, order?.id ?? 0, ctx.app.clock.now()));
      expect(await credit()).toBe(1471);
      expect(await credit()).toBe(0);
      const [customer] = await ctx.database.db
        .select()
        .from(customers)
        .where(eq(customers.id, order?.customerId ?? 0));
      expect(customer?.loyaltyPointsBalance).toBe(1471);
      const ledger = await ctx.database.db
        .select()
        .from(loyaltyLedger)
        .where(eq(loyaltyLedger.orderId, order?.id ?? 0));
      expect(ledger).toEqual([
        expect.objectContaining({
          kind: 'ACCRUAL',
          amount: 1471,
          postBalance: 1471,
          orderCode: deliveryCode,
        }),
      ]);
    });
  });

  describe('POST /api/diner/log', () => {
    const latestLog = async () =>
      (await ctx.database.db.select().from(clientLogs).orderBy(desc(clientLogs.id)).limit(1))[0];

    it('stores the error context, attributed to the location’s company', async () => {
      const { status } = await postJson(ctx, '/api/diner/log', {
        bcId: palermo.id,
        branchId: palermo.branchId,
        url: 'https://pedidos.example/menu/fuego-palermo/checkout',
        coordinates: { lat: -34.58, lng: -58.42 },
        address: 'Honduras 5200',
        component: 'Checkout',
        payload: { step: 'send', error: 'timeout' },
        stack: 'Error: timeout\n    at send (checkout.tsx:10)',
      });
      expect(status).toBe(204);
      const log = await latestLog();
      expect(log).toMatchObject({
        companyId: fuegoId,
        payload: expect.objectContaining({
          bcId: palermo.id,
          component: 'Checkout',
          payload: { step: 'send', error: 'timeout' },
          coordinates: { lat: -34.58, lng: -58.42 },
        }),
      });
    });

    it('truncates long strings and big payloads, keeps unknown locations unattributed', async () => {
      const { status } = await postJson(ctx, '/api/diner/log', {
        bcId: 999_999,
        url: 'u'.repeat(2500),
        payload: { blob: 'p'.repeat(6000) },
        stack: 's'.repeat(5000),
      });
      expect(status).toBe(204);
      const log = await latestLog();
      expect(log?.companyId).toBeNull();
      const payload = log?.payload as Record<string, string>;
      expect(payload.url?.length).toBeLessThan(2100);
      expect(typeof payload.payload).toBe('string');
      expect(payload.payload?.length).toBeLessThan(4100);
      expect(payload.stack?.length).toBeLessThan(4100);
      expect(JSON.stringify(log?.payload).length).toBeLessThan(16 * 1024);
    });

    it('cuts a long string of emoji between characters, never inside one (a lone half cannot be stored)', async () => {
      const { status } = await postJson(ctx, '/api/diner/log', { url: `u${'😀'.repeat(1500)}` });
      expect(status).toBe(204);
      const payload = (await latestLog())?.payload as Record<string, string> | undefined;
      const url = payload?.url ?? '';
      expect(url.startsWith(`u${'😀'.repeat(999)}…[truncated`)).toBe(true);
    });

    it('keeps what PostgreSQL cannot store (U+0000, a lone surrogate) as a replacement character', async () => {
      const { status } = await postJson(ctx, '/api/diner/log', {
        component: 'Check\u0000out\udc00',
        payload: { 'k\u0000': ['v\u0000'] },
      });
      expect(status).toBe(204);
      const log = await latestLog();
      expect(log?.payload).toMatchObject({
        component: 'Check\uFFFDout\uFFFD',
        payload: { 'k\uFFFD': ['v\uFFFD'] },
      });
    });

    it('refuses bodies over 16 KB (413) and malformed ones (400)', async () => {
      const big = await postJson(ctx, '/api/diner/log', {
        stack: 'x'.repeat(15_000),
        payload: 'y'.repeat(3000),
      });
      expect(big.status).toBe(413);
      const bad = await postJson(ctx, '/api/diner/log', { bcId: 'abc' });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toHaveProperty(['body.bcId']);
    });
  });
});

describe.each(testDatabaseKinds())('rate limits of the order routes on %s', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: { order: 3, codeValidate: 2, clientLog: 2 } });

  it('answers 429 in Spanish past the limit per minute and IP', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await orderPost(ctx, {}, randomUUID())).status).toBe(400);
    }
    const limited = await orderPost(ctx, {}, randomUUID());
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Recibimos demasiados pedidos desde tu conexión/);
    for (let i = 0; i < 2; i++) expect((await postJson(ctx, '/api/diner/log', {})).status).toBe(204);
    expect((await postJson(ctx, '/api/diner/log', {})).status).toBe(429);
    for (let i = 0; i < 2; i++)
      expect((await postJson(ctx, '/api/codediscounts/validate', {})).status).toBe(400);
    expect((await postJson(ctx, '/api/codediscounts/validate', {})).status).toBe(429);
  });
});
