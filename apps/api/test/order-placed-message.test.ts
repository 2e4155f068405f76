import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema/orders';
import { outboxMessages } from '../src/db/schema/platform';
import { branchContacts, companies } from '../src/db/schema/tenant';
import { rooms } from '../src/plugins/app/realtime';
import {
  appListen,
  FUEGO_PALERMO_STAFF,
  freshPhone,
  orderPlace,
  palermoTakeAway,
  socketConnect,
  socketJoin,
  socketNext,
  staffLogin,
} from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, orderPost, WEDNESDAY_1300 } from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// The diner's message when an order is placed: written in the order's own
// statement (fast path) or transaction (slow path), so it exists exactly when
// the order does; never twice for a retried placement; only where a console
// moves the order on; and the console's outbox hears of it after commit.

const PUBLIC_URL = 'https://pedidos.example';

describe.each(testDatabaseKinds())('the diner message of a placed order on %s', (kind) => {
  const ctx = useTestApp(kind, {
    publicUrl: PUBLIC_URL,
    rateLimits: { order: 100_000, codeValidate: 100_000, clientLog: 100_000 },
  });
  let palermo: LocationIds;
  let companyId = 0;
  const db = () => ctx.database.db;
  const messagesOf = (orderId: number) =>
    db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.orderId, orderId))
      .orderBy(asc(outboxMessages.id));
  const messageCount = async () =>
    (await db().select({ n: sql<number>`count(*)::int` }).from(outboxMessages))[0]?.n ?? 0;

  beforeAll(async () => {
    companyId = await tenantLoad(ctx, tenantExample());
    palermo = await locationIds(ctx, 'fuego-palermo');
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  it('writes one message to the diner’s phone with the order (fast path), KEPT when no provider sends it', async () => {
    const phone = freshPhone();
    const placed = await orderPlace(ctx, palermoTakeAway(palermo, { phone }));
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.id));
    const messages = await messagesOf(placed.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      companyId: order?.companyId,
      branchContactId: palermo.id,
      orderId: placed.id,
      channel: 'WHATSAPP',
      kind: 'ORDER_GENERATED',
      toPhone: order?.phone,
      // No messaging provider in the tests' configuration: written settled, no pass needed (ADR 043).
      status: 'KEPT',
      attempts: 1,
      sentAt: new Date(WEDNESDAY_1300),
      createdAt: new Date(WEDNESDAY_1300),
      body:
        `Recibimos tu pedido ${placed.code} en Fuego Palermo. Te avisaremos cuando el local lo acepte.\n` +
        `Sigue tu pedido en ${PUBLIC_URL}/menu/fuego-palermo/order/${placed.code}`,
    });
    expect(order?.phone).toBe(phone);
  });

  it('writes it on the locked path too (a discount code)', async () => {
    const placed = await orderPlace(ctx, palermoTakeAway(palermo, { codeDiscount: 'BURGER20' }));
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.id));
    expect(order?.codeDiscountId).not.toBeNull();
    expect((await messagesOf(placed.id)).map((message) => message.kind)).toEqual(['ORDER_GENERATED']);
  });

  it('does not write a second message for a retried placement', async () => {
    const key = randomUUID();
    const payload = palermoTakeAway(palermo);
    const first = await orderPost(ctx, payload, key);
    expect(first.status).toBe(201);
    const before = await messageCount();
    const again = await orderPost(ctx, payload, key);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await messageCount()).toBe(before);
    expect(await messagesOf(first.body.id)).toHaveLength(1);
  });

  it('writes nothing for a refused order', async () => {
    const before = await messageCount();
    const refused = await orderPost(ctx, palermoTakeAway(palermo, { price: 1 }));
    expect(refused.status).toBe(409);
    const invalid = await orderPost(ctx, palermoTakeAway(palermo, { phone: '123' }));
    expect(invalid.status).toBe(400);
    expect(await messageCount()).toBe(before);
  });

  it('writes nothing without a phone, nor where the order is handed off by messaging', async () => {
    // Palermo asks for a phone and has a console; for this test it does neither, in turn.
    const palermoSet = async (values: { forceCustomerPhone?: boolean; ordersConsoleActive?: boolean }) => {
      await db().update(branchContacts).set(values).where(eq(branchContacts.id, palermo.id));
      // A new content version, as an import would write.
      await db()
        .update(companies)
        .set({ contentVersion: sql`${companies.contentVersion} + 1` })
        .where(eq(companies.id, companyId));
    };
    await palermoSet({ forceCustomerPhone: false });
    try {
      const anonymous = await orderPlace(ctx, palermoTakeAway(palermo, { phone: undefined }));
      expect(await messagesOf(anonymous.id)).toEqual([]);
    } finally {
      await palermoSet({ forceCustomerPhone: true });
    }
    await palermoSet({ ordersConsoleActive: false });
    try {
      const handedOff = await orderPost(ctx, palermoTakeAway(palermo));
      expect(handedOff.status).toBe(201);
      expect(handedOff.body.handOff.kind).toBe('MESSAGING');
      expect(await messagesOf(handedOff.body.id)).toEqual([]);
    } finally {
      await palermoSet({ ordersConsoleActive: true });
    }
  });

  it('tells the console about the order and its message after commit', async () => {
    const baseUrl = await appListen(ctx);
    const token = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const socket = await socketConnect(baseUrl, token);
    try {
      expect(await socketJoin(socket, rooms.console(palermo.id))).toBe(true);
      const created = socketNext<{ code: string }>(socket, 'order-created');
      const outbox = socketNext<{ orderCode: string; kind: string; status: string }>(
        socket,
        'outbox-updated',
      );
      const placed = await orderPlace(ctx, palermoTakeAway(palermo));
      expect((await created).code).toBe(placed.code);
      expect(await outbox).toMatchObject({
        orderCode: placed.code,
        kind: 'ORDER_GENERATED',
        status: 'KEPT',
        attempts: 1,
      });
    } finally {
      socket.close();
    }
  });
});

describe.each(testDatabaseKinds())(
  'the diner message of a placed order with a messaging provider on %s',
  (kind) => {
    // Only configured: nothing is sent here (the outbox pass is not run), so no server is needed.
    const ctx = useTestApp(kind, {
      whatsApp: {
        token: 'EAAG-test-token',
        phoneNumberId: '106540352242922',
        apiUrl: 'http://127.0.0.1:9/v21.0',
      },
    });
    let palermo: LocationIds;
    beforeAll(async () => {
      await tenantLoad(ctx, tenantExample());
      palermo = await locationIds(ctx, 'fuego-palermo');
    });
    beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
    afterAll(() => ctx.app.clock.pin(undefined));

    it('writes it PENDING, for the outbox pass to send', async () => {
      const placed = await orderPlace(ctx, palermoTakeAway(palermo));
      const messages = await ctx.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.orderId, placed.id));
      expect(messages).toEqual([
        expect.objectContaining({ kind: 'ORDER_GENERATED', status: 'PENDING', attempts: 0, sentAt: null }),
      ]);
    });
  },
);
