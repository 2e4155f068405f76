import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, databaseOpen } from '../src/db/client';
import { outboxMessages } from '../src/db/schema/platform';
import { MessagingError } from '../src/messaging/messaging-adapter';
import { whatsAppCloudAdapter } from '../src/messaging/whatsapp-cloud';
import { rooms } from '../src/plugins/app/realtime';
import { outboxClaim, outboxSettle } from '../src/repositories/outbox-repository';
import { OUTBOX_MAX_ATTEMPTS, outboxDeliverBatch } from '../src/services/outbox-service';
import {
  appListen,
  FUEGO_OWNER,
  orderPlace,
  palermoTakeAway,
  request,
  socketConnect,
  socketJoin,
  staffLogin,
} from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { type CloudServer, cloudApiServer, PHONE_NUMBER_ID, TOKEN } from './support/fake-whatsapp-cloud';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

// Diner messages leave through the outbox. The WhatsApp Business Cloud API
// adapter is tested against a local HTTP server that speaks the Cloud API
// (support/fake-whatsapp-cloud.ts); the local default keeps messages in the outbox. The sender claims rows with
// `for update skip locked` and a lease: two claimers never send one message twice.

const graphError = (status: number, code: number, message = 'error') => ({
  status,
  body: { error: { message, type: 'OAuthException', code, fbtrace_id: 'Ab12' } },
});

describe('WhatsApp Cloud API adapter (against a local server speaking the protocol)', () => {
  let cloud: CloudServer;
  beforeAll(async () => {
    cloud = await cloudApiServer();
  });
  afterAll(() => cloud.close());
  beforeEach(() => {
    cloud.received.length = 0;
    cloud.delayMs = 0;
    cloud.respond = () => cloud.ok();
  });
  const adapter = (overrides: { token?: string; timeoutMs?: number; apiUrl?: string } = {}) =>
    whatsAppCloudAdapter({ token: TOKEN, phoneNumberId: PHONE_NUMBER_ID, apiUrl: cloud.url, ...overrides });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail('expected a MessagingError'),
      (error: unknown) => {
        expect(error).toBeInstanceOf(MessagingError);
        return error as MessagingError;
      },
    );

  it('sends a text message as the Cloud API documents it', async () => {
    const result = await adapter().send({ id: 1, to: '+54 9 11 5555-0001', body: 'Hola\nSigue tu pedido' });
    expect(result).toEqual({ status: 'SENT', providerMessageId: 'wamid.HBgLTEST1' });
    expect(cloud.received).toEqual([
      {
        path: `/v21.0/${PHONE_NUMBER_ID}/messages`,
        authorization: `Bearer ${TOKEN}`,
        contentType: 'application/json',
        body: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: '5491155550001',
          type: 'text',
          text: { preview_url: true, body: 'Hola\nSigue tu pedido' },
        },
      },
    ]);
  });

  it('sends an Argentine mobile stored without its 9 to 549… (WhatsApp knows it only so)', async () => {
    await adapter().send({ id: 1, to: '+541155550101', body: 'Hola' });
    expect(cloud.received.map((request) => request.body.to)).toEqual(['5491155550101']);
  });

  it('cuts a text to the 4096 characters the API accepts', async () => {
    await adapter().send({ id: 1, to: '+5491155550001', body: 'a'.repeat(5000) });
    expect(cloud.received[0]?.body.text.body).toHaveLength(4096);
  });

  it('treats throttling, server trouble, time-outs and network errors as retryable', async () => {
    cloud.respond = () => graphError(429, 130429, 'Rate limit hit');
    expect((await failure(adapter().send({ id: 1, to: '+5491155550001', body: 'x' }))).retryable).toBe(true);
    cloud.respond = () => graphError(400, 131056, '(#131056) Pair rate limit hit');
    expect((await failure(adapter().send({ id: 1, to: '+5491155550001', body: 'x' }))).retryable).toBe(true);
    cloud.respond = () => ({ status: 503, body: 'Service Unavailable' });
    const unavailable = await failure(adapter().send({ id: 1, to: '+5491155550001', body: 'x' }));
    expect(unavailable.retryable).toBe(true);
    expect(unavailable.message).toContain('503');
    cloud.respond = () => cloud.ok();
    cloud.delayMs = 300;
    const slow = await failure(adapter({ timeoutMs: 50 }).send({ id: 1, to: '+5491155550001', body: 'x' }));
    expect(slow.retryable).toBe(true);
    const closed = await failure(
      adapter({ apiUrl: 'http://127.0.0.1:9/v21.0' }).send({ id: 1, to: '+5491155550001', body: 'x' }),
    );
    expect(closed.retryable).toBe(true);
    expect(closed.message).toContain('unreachable');
  });

  it('treats a refusal as final: bad token, bad parameter, outside the 24-hour window', async () => {
    const badToken = await failure(
      adapter({ token: 'wrong' }).send({ id: 1, to: '+5491155550001', body: 'x' }),
    );
    expect(badToken.retryable).toBe(false);
    expect(badToken.message).toBe('WhatsApp Cloud API 401 (code 190): Invalid OAuth access token');
    cloud.respond = () => graphError(400, 100, '(#100) Invalid parameter');
    expect((await failure(adapter().send({ id: 1, to: '+5491155550001', body: 'x' }))).retryable).toBe(false);
    cloud.respond = () => graphError(400, 131047, 'Re-engagement message');
    expect((await failure(adapter().send({ id: 1, to: '+5491155550001', body: 'x' }))).retryable).toBe(false);
    expect((await failure(adapter().send({ id: 1, to: '', body: 'x' }))).retryable).toBe(false);
  });
});

/** The diner messages of one order, oldest first (optionally of one kind). */
const messagesOf = (ctx: TestContext, orderId: number, kind?: string) =>
  ctx.database.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.orderId, orderId),
        kind === undefined ? undefined : eq(outboxMessages.kind, kind),
      ),
    )
    .orderBy(asc(outboxMessages.id));
/** The message of the move to ACCEPTED (the placement's own message is settled before it, see `accepted`). */
const moveMessagesOf = (ctx: TestContext, orderId: number) => messagesOf(ctx, orderId, 'ORDER_ACCEPTED');

describe.each(testDatabaseKinds())('outbox sender with the WhatsApp adapter on %s', (kind) => {
  let cloud: CloudServer;
  // The adapter is chosen at start-up: the server must exist before the app (beforeAll order).
  beforeAll(async () => {
    cloud = await cloudApiServer();
    config.whatsApp.apiUrl = cloud.url;
  });
  const config = { whatsApp: { token: TOKEN, phoneNumberId: PHONE_NUMBER_ID, apiUrl: '' } };
  const ctx = useTestApp(kind, config);
  let palermo: LocationIds;
  let owner = '';

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    owner = await staffLogin(ctx, FUEGO_OWNER);
  });
  afterAll(async () => {
    ctx.app.clock.pin(undefined);
    await cloud.close();
  });
  beforeEach(async () => {
    ctx.app.clock.pin(WEDNESDAY_1300);
    cloud.received.length = 0;
    cloud.respond = () => cloud.ok();
    // Each test starts with nothing due.
    await ctx.database.db
      .update(outboxMessages)
      .set({ status: 'SENT' })
      .where(eq(outboxMessages.status, 'PENDING'));
  });
  /** An order placed and accepted; the message of its placement is settled already, the move's is due. */
  const accepted = async () => {
    const placed = await orderPlace(ctx, palermoTakeAway(palermo));
    await ctx.database.db
      .update(outboxMessages)
      .set({ status: 'SENT' })
      .where(and(eq(outboxMessages.orderId, placed.id), eq(outboxMessages.kind, 'ORDER_GENERATED')));
    const moved = await request(ctx, 'POST', `/api/console/orders/${placed.id}/status`, {
      token: owner,
      payload: { status: 'ACCEPTED' },
    });
    expect(moved.status).toBe(200);
    return placed;
  };

  it('sends the message of a move to the diner and marks it SENT', async () => {
    expect(ctx.app.jobs.adapter.name).toBe('whatsapp-cloud');
    const placed = await accepted();
    const [pending] = await moveMessagesOf(ctx, placed.id);
    expect(pending).toMatchObject({ status: 'PENDING', attempts: 0 });
    ctx.app.clock.pin(WEDNESDAY_1300 + 5000);
    expect(await ctx.app.jobs.outboxRunOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(cloud.received.map((entry) => [entry.body.to, entry.body.text.body])).toEqual([
      [pending?.toPhone.replace(/\D/g, ''), pending?.body],
    ]);
    const [sent] = await moveMessagesOf(ctx, placed.id);
    expect(sent).toMatchObject({
      status: 'SENT',
      attempts: 1,
      sentAt: new Date(WEDNESDAY_1300 + 5000),
      lockedUntil: null,
      lastError: null,
    });
    // Nothing is due any more.
    expect((await ctx.app.jobs.outboxRunOnce()).claimed).toBe(0);
    expect(cloud.received).toHaveLength(1);
  });

  it('retries with backoff after a retryable failure, then sends', async () => {
    const placed = await accepted();
    cloud.respond = () => ({ status: 500, body: { error: { message: 'Internal', code: 1 } } });
    expect(await ctx.app.jobs.outboxRunOnce()).toMatchObject({ claimed: 1, retried: 1 });
    const [waiting] = await moveMessagesOf(ctx, placed.id);
    expect(waiting).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lockedUntil: new Date(WEDNESDAY_1300 + 30_000),
      lastError: 'WhatsApp Cloud API 500 (code 1): Internal',
    });
    // Not before its time.
    ctx.app.clock.pin(WEDNESDAY_1300 + 29_000);
    expect((await ctx.app.jobs.outboxRunOnce()).claimed).toBe(0);
    cloud.respond = () => cloud.ok();
    ctx.app.clock.pin(WEDNESDAY_1300 + 30_000);
    expect(await ctx.app.jobs.outboxRunOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect((await moveMessagesOf(ctx, placed.id))[0]).toMatchObject({
      status: 'SENT',
      attempts: 2,
      lastError: null,
    });
  });

  it(`gives up after a final refusal, or after ${OUTBOX_MAX_ATTEMPTS} attempts`, async () => {
    const refused = await accepted();
    cloud.respond = () => graphError(400, 100, '(#100) Invalid parameter');
    expect(await ctx.app.jobs.outboxRunOnce()).toMatchObject({ failed: 1 });
    expect((await moveMessagesOf(ctx, refused.id))[0]).toMatchObject({
      status: 'FAILED',
      attempts: 1,
      lockedUntil: null,
      lastError: 'WhatsApp Cloud API 400 (code 100): (#100) Invalid parameter',
    });

    const flaky = await accepted();
    cloud.respond = () => ({ status: 503, body: {} });
    let now = WEDNESDAY_1300;
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      ctx.app.clock.pin(now);
      expect((await ctx.app.jobs.outboxRunOnce()).claimed).toBe(1);
      now += 2 * 3_600_000;
    }
    expect((await moveMessagesOf(ctx, flaky.id))[0]).toMatchObject({
      status: 'FAILED',
      attempts: OUTBOX_MAX_ATTEMPTS,
    });
    ctx.app.clock.pin(now);
    expect((await ctx.app.jobs.outboxRunOnce()).claimed).toBe(0);
  });

  it("shows the venue why a message was not sent in Spanish, keeping the provider's raw error", async () => {
    const outside = await accepted();
    cloud.respond = () => graphError(400, 131047, 'Re-engagement message');
    expect(await ctx.app.jobs.outboxRunOnce()).toMatchObject({ failed: 1 });
    const waiting = await accepted();
    cloud.respond = () => graphError(429, 131056, '(#131056) Pair rate limit hit');
    expect(await ctx.app.jobs.outboxRunOnce()).toMatchObject({ retried: 1 });
    const list = await request(ctx, 'GET', `/api/console/outbox?branchContactId=${palermo.id}`, {
      token: owner,
    });
    const of = (code: string) =>
      list.body.messages.find(
        (message: { orderCode: string; kind: string }) =>
          message.orderCode === code && message.kind === 'ORDER_ACCEPTED',
      );
    expect(of(outside.code)).toMatchObject({
      status: 'FAILED',
      lastError: 'WhatsApp Cloud API 400 (code 131047): Re-engagement message',
      errorText:
        'WhatsApp no lo entregó: el cliente no escribió al local en las últimas 24 horas y, fuera de ese plazo, WhatsApp solo admite plantillas aprobadas. Si el aviso es importante, llame al cliente.',
    });
    expect(of(waiting.code)).toMatchObject({
      status: 'PENDING',
      errorText:
        'WhatsApp está limitando los envíos del local por la cantidad de mensajes. Se volverá a intentar automáticamente.',
    });
  });

  it('tells the console when a message changes state', async () => {
    const baseUrl = await appListen(ctx);
    const socket = await socketConnect(baseUrl, owner);
    try {
      expect(await socketJoin(socket, rooms.console(palermo.id))).toBe(true);
      const heard: { orderCode: string; status: string; attempts: number }[] = [];
      socket.on('outbox-updated', (payload) => {
        if (payload.kind === 'ORDER_ACCEPTED') heard.push(payload);
      });
      const placed = await accepted();
      await ctx.app.jobs.outboxRunOnce();
      for (let i = 0; i < 100 && heard.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      // Written with the move (PENDING), then settled by the sender (SENT).
      expect(heard.map(({ orderCode, status, attempts }) => ({ orderCode, status, attempts }))).toEqual([
        { orderCode: placed.code, status: 'PENDING', attempts: 0 },
        { orderCode: placed.code, status: 'SENT', attempts: 1 },
      ]);
    } finally {
      socket.close();
    }
  });

  /** `count` due messages of an accepted order (nothing else due), each to `of(i)`; answers their ids. */
  const messagesDue = async (count: number, of: (i: number) => { toPhone: string; body: string }) => {
    const placed = await accepted();
    const [template] = await moveMessagesOf(ctx, placed.id);
    await ctx.database.db
      .update(outboxMessages)
      .set({ status: 'SENT' })
      .where(eq(outboxMessages.orderId, placed.id));
    return ctx.database.db
      .insert(outboxMessages)
      .values(
        Array.from({ length: count }, (_, i) => ({
          companyId: template?.companyId as number,
          branchContactId: palermo.id,
          orderId: placed.id,
          kind: 'TEST',
          ...of(i),
          createdAt: new Date(WEDNESDAY_1300),
        })),
      )
      .returning({ id: outboxMessages.id });
  };

  it('does not let a claimer that lost its lease settle the message', async () => {
    const placed = await accepted();
    const db = ctx.database.db;
    const at = (ms: number) => new Date(WEDNESDAY_1300 + ms);
    const [first] = await outboxClaim(db, { now: at(0), leaseUntil: at(60_000), limit: 10 });
    expect(first?.orderId).toBe(placed.id);
    // Leased: nobody else gets it until the lease ends.
    expect(await outboxClaim(db, { now: at(59_000), leaseUntil: at(119_000), limit: 10 })).toEqual([]);
    const [second] = await outboxClaim(db, { now: at(60_000), leaseUntil: at(120_000), limit: 10 });
    expect(second).toMatchObject({ id: first?.id, attempts: 2 });
    // The first claimer wakes up late: its settle changes nothing.
    expect(
      await outboxSettle(
        db,
        { id: first?.id as number, leaseUntil: at(60_000) },
        { status: 'SENT', at: at(61_000) },
      ),
    ).toBeUndefined();
    expect(
      await outboxSettle(
        db,
        { id: first?.id as number, leaseUntil: at(120_000) },
        { status: 'SENT', at: at(61_000) },
      ),
    ).toMatchObject({ status: 'SENT' });
  });

  it('sends a batch, caps each phone within it, and settles it at once', async () => {
    const phones = ['+5491155550011', '+5491155550012', '+5491155550013'];
    await messagesDue(12, (i) => ({ toPhone: phones[i % 3] as string, body: `lote ${i}` }));
    const adapter = whatsAppCloudAdapter({ token: TOKEN, phoneNumberId: PHONE_NUMBER_ID, apiUrl: cloud.url });
    const settledPasses: number[][] = [];
    const result = await outboxDeliverBatch(
      {
        db: ctx.database.db,
        adapter,
        now: () => WEDNESDAY_1300,
        log: ctx.app.log,
        // Each phone may receive 3 more today: the 4th message of each phone in the batch is not sent.
        messagesPerPhonePerDay: 3,
        onSettled: (rows) => settledPasses.push(rows.map((row) => row.id)),
      },
      { limit: 20 },
    );
    expect(result).toMatchObject({ claimed: 12, sent: 9, failed: 3, lost: 0 });
    // One settle for the whole batch: the console hears of all twelve together.
    expect(settledPasses.map((ids) => ids.length)).toEqual([12]);
    expect(cloud.received.map((entry) => entry.body.text.body).sort()).toEqual(
      Array.from({ length: 9 }, (_, i) => `lote ${i}`).sort(),
    );
  });

  it('never sends one message twice with two claimers at once', async () => {
    // Two senders with their own connections (PostgreSQL: two pools; PGlite: its one connection).
    const second: Database =
      kind === 'postgres' ? await databaseOpen({ databaseUrl: ctx.config.databaseUrl }) : ctx.database;
    try {
      const count = 300;
      const inserted = await messagesDue(count, (i) => ({ toPhone: '+5491155550001', body: `mensaje ${i}` }));
      cloud.delayMs = 2;
      const claimedBy = [0, 0];
      const sender = async (db: Database, index: number) => {
        const adapter = whatsAppCloudAdapter({
          token: TOKEN,
          phoneNumberId: PHONE_NUMBER_ID,
          apiUrl: cloud.url,
        });
        for (;;) {
          const result = await outboxDeliverBatch(
            { db: db.db, adapter, now: () => WEDNESDAY_1300, log: ctx.app.log },
            { limit: 10, concurrency: 3 },
          );
          claimedBy[index] = (claimedBy[index] ?? 0) + result.claimed;
          if (result.claimed === 0) return;
        }
      };
      await Promise.all([sender(ctx.database, 0), sender(second, 1)]);

      const bodies = cloud.received.map((entry) => entry.body.text.body);
      expect(bodies).toHaveLength(count);
      expect(new Set(bodies).size).toBe(count);
      expect((claimedBy[0] ?? 0) + (claimedBy[1] ?? 0)).toBe(count);
      expect(claimedBy[0]).toBeGreaterThan(0);
      expect(claimedBy[1]).toBeGreaterThan(0);
      const rows = await ctx.database.db
        .select()
        .from(outboxMessages)
        .where(
          inArray(
            outboxMessages.id,
            inserted.map((row) => row.id),
          ),
        );
      expect(rows.every((row) => row.status === 'SENT' && row.attempts === 1)).toBe(true);
    } finally {
      if (second !== ctx.database) await second.close();
    }
  });
});

describe.each(testDatabaseKinds())('outbox without a messaging provider on %s', (kind) => {
  const ctx = useTestApp(kind);

  it('keeps every message in the outbox (KEPT), readable in the console', async () => {
    await tenantLoad(ctx, tenantExample());
    ctx.app.clock.pin(WEDNESDAY_1300);
    const palermo = await locationIds(ctx, 'fuego-palermo');
    const owner = await staffLogin(ctx, FUEGO_OWNER);
    const placed = await orderPlace(ctx, palermoTakeAway(palermo));
    // The placement's message is written settled (ADR 043): no background pass is needed for it.
    expect(await messagesOf(ctx, placed.id)).toEqual([
      expect.objectContaining({
        kind: 'ORDER_GENERATED',
        status: 'KEPT',
        attempts: 1,
        sentAt: new Date(WEDNESDAY_1300),
      }),
    ]);
    await request(ctx, 'POST', `/api/console/orders/${placed.id}/status`, {
      token: owner,
      payload: { status: 'ACCEPTED' },
    });
    expect(ctx.app.jobs.adapter.name).toBe('outbox');
    // The move's message goes through the sender, which keeps it.
    expect(await ctx.app.jobs.outboxRunOnce()).toMatchObject({ claimed: 1, kept: 1 });
    for (const message of await messagesOf(ctx, placed.id)) {
      expect(message).toMatchObject({ status: 'KEPT', attempts: 1, sentAt: new Date(WEDNESDAY_1300) });
    }
    const list = await request(ctx, 'GET', `/api/console/outbox?branchContactId=${palermo.id}&status=KEPT`, {
      token: owner,
    });
    expect(list.body.messages).toEqual([
      expect.objectContaining({
        orderCode: placed.code,
        kind: 'ORDER_ACCEPTED',
        status: 'KEPT',
        body: expect.stringContaining(`aceptó tu pedido ${placed.code}`),
      }),
      expect.objectContaining({
        orderCode: placed.code,
        kind: 'ORDER_GENERATED',
        status: 'KEPT',
        body: expect.stringContaining(`Recibimos tu pedido ${placed.code}`),
      }),
    ]);
    ctx.app.clock.pin(undefined);
  });
});

describe('the jobs loop', () => {
  let cloud: CloudServer;
  beforeAll(async () => {
    cloud = await cloudApiServer();
    config.whatsApp.apiUrl = cloud.url;
  });
  const config = {
    whatsApp: { token: TOKEN, phoneNumberId: PHONE_NUMBER_ID, apiUrl: '' },
    jobs: { enabled: true, intervalMs: 20 },
  };
  const ctx = useTestApp('pglite', config);
  afterEach(() => ctx.app.clock.pin(undefined));
  afterAll(() => cloud.close());

  it('sends a move’s message on its own, shortly after the move', async () => {
    await tenantLoad(ctx, tenantExample());
    ctx.app.clock.pin(WEDNESDAY_1300);
    const palermo = await locationIds(ctx, 'fuego-palermo');
    const owner = await staffLogin(ctx, FUEGO_OWNER);
    const placed = await orderPlace(ctx, palermoTakeAway(palermo));
    await request(ctx, 'POST', `/api/console/orders/${placed.id}/status`, {
      token: owner,
      payload: { status: 'ACCEPTED' },
    });
    const deadline = Date.now() + 10_000;
    while (cloud.received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // The placement's message and the move's (the loop may take them in one batch or two), sorted by text.
    expect(cloud.received.map((entry) => entry.body.text.body).sort()).toEqual([
      expect.stringContaining(`aceptó tu pedido ${placed.code}`),
      expect.stringContaining(`Recibimos tu pedido ${placed.code}`),
    ]);
    const settled = async () => (await messagesOf(ctx, placed.id)).every((row) => row.status === 'SENT');
    for (let i = 0; i < 50 && !(await settled()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await settled()).toBe(true);
  });
});
