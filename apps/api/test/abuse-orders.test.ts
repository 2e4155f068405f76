import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configForTest } from '../src/config';
import { abuseTrips } from '../src/db/schema/abuse';
import { orders } from '../src/db/schema/orders';
import { outboxMessages } from '../src/db/schema/platform';
import { OUTBOX_DAILY_CAP_ERROR } from '../src/messaging/messaging-error-text';
import {
  FUEGO_PALERMO_STAFF,
  freshPhone,
  palermoTakeAway,
  request,
  staffLogin,
} from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { type CloudServer, cloudApiServer, PHONE_NUMBER_ID, TOKEN } from './support/fake-whatsapp-cloud';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// Issue 16 items 4 and 7: order spam is cut off per client address, per phone
// and per location while a normal diner still orders; the address is the one
// the trusted proxy saw, so a rotated X-Forwarded-For does not reset it; the
// messages to one phone stop at a daily cap; and the location's console sees
// every trip.

const LIMITS = { perIp: 5, perPhone: 3, perVenue: 8, messagesPerDay: 2 };

describe.each(testDatabaseKinds())('order and message spam on %s', (kind) => {
  // Messages are sent through a provider (a local server speaking the Cloud API): without one they are
  // only kept for the console and no phone can be spammed (ADR 043), so the daily cap has nothing to cap.
  let cloud: CloudServer;
  const whatsApp = { token: TOKEN, phoneNumberId: PHONE_NUMBER_ID, apiUrl: '' };
  beforeAll(async () => {
    cloud = await cloudApiServer();
    whatsApp.apiUrl = cloud.url;
  });
  afterAll(async () => cloud.close());
  const ctx = useTestApp(kind, {
    whatsApp,
    // One proxy in front: the client is the address it appended to X-Forwarded-For.
    trustProxy: 1,
    rateLimits: { order: LIMITS.perIp, codeValidate: 1000, clientLog: 1000 },
    abuse: {
      ...configForTest().abuse,
      ordersPerPhone: LIMITS.perPhone,
      ordersPerVenue: LIMITS.perVenue,
      messagesPerPhonePerDay: LIMITS.messagesPerDay,
    },
  });
  let palermo: LocationIds;
  let belgrano: LocationIds;
  let window = 0;
  let addressCounter = 0;
  const db = () => ctx.database.db;
  /** A client address never used before in this file. */
  const freshAddress = () => {
    addressCounter += 1;
    return `203.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  };

  /** Each test starts in its own window: 15 minutes after the previous one, inside opening hours. */
  const nextWindow = () => {
    window += 1;
    ctx.app.clock.pin(WEDNESDAY_1300 + window * 15 * 60_000);
  };

  /** POST /api/order as a client at `address` (behind the proxy when `forwardedFor` is given). */
  const place = async (
    payload: Record<string, unknown>,
    client: { address?: string; forwardedFor?: string } = {},
  ) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      remoteAddress: client.address ?? freshAddress(),
      headers: {
        'idempotency-key': randomUUID(),
        ...(client.forwardedFor ? { 'x-forwarded-for': client.forwardedFor } : {}),
      },
      payload,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const orderCount = async () =>
    (await db().select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n ?? 0;

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    palermo = await locationIds(ctx, 'fuego-palermo');
    belgrano = await locationIds(ctx, 'fuego-belgrano');
  });
  afterAll(() => ctx.app.clock.pin(undefined));

  it('cuts off a burst from one address at the per-minute limit; another address still orders', async () => {
    nextWindow();
    const address = freshAddress();
    const statuses: number[] = [];
    let refusal: { message?: string; retryAfterSeconds?: number } = {};
    for (let i = 0; i < LIMITS.perIp + 2; i++) {
      const answer = await place(palermoTakeAway(palermo), { address });
      statuses.push(answer.status);
      if (answer.status === 429) refusal = answer.body;
    }
    expect(statuses).toEqual([...Array(LIMITS.perIp).fill(201), 429, 429]);
    expect(refusal.message).toBe(
      'Recibimos demasiados pedidos desde tu conexión. Espera 1 minuto y vuelve a intentarlo.',
    );
    expect((await place(palermoTakeAway(palermo))).status).toBe(201);
  });

  it('keys the limit on the address the trusted proxy saw, whatever X-Forwarded-For the client wrote', async () => {
    nextWindow();
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.perIp + 3; i++) {
      // The client rotates the first value; the proxy (10.0.0.1) appends the address it saw.
      const answer = await place(palermoTakeAway(palermo), {
        address: '10.0.0.1',
        forwardedFor: `198.51.100.${i + 1}, 203.0.113.200`,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(LIMITS.perIp).fill(201), 429, 429, 429]);
    // Another client behind the same proxy is another address.
    expect(
      (await place(palermoTakeAway(palermo), { address: '10.0.0.1', forwardedFor: '203.0.113.201' })).status,
    ).toBe(201);
  });

  it('stops orders for one phone, however it is written, while another phone still orders', async () => {
    nextWindow();
    const local = '11 5777 4567';
    const spellings = ['+54 9 11 5777-4567', '011 15 5777 4567', '+5491157774567', '11 5777 4567'];
    const statuses: number[] = [];
    let refusal: { message?: string } = {};
    for (const phone of [...spellings, local]) {
      const answer = await place(palermoTakeAway(palermo, { phone }));
      statuses.push(answer.status);
      if (answer.status === 429) refusal = answer.body;
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(refusal.message).toMatch(/^Ya recibimos varios pedidos con este teléfono hace muy poco\./);
    expect((await place(palermoTakeAway(palermo))).status).toBe(201);
  });

  it('lets exactly the phone’s allowance through when a burst for it arrives at once', async () => {
    nextWindow();
    const phone = freshPhone();
    const before = await orderCount();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => place(palermoTakeAway(palermo, { phone }))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(LIMITS.perPhone).fill(201), ...Array(12 - LIMITS.perPhone).fill(429)]);
    expect((await orderCount()) - before).toBe(LIMITS.perPhone);
  });

  it('does not count refused orders against the phone', async () => {
    nextWindow();
    const phone = freshPhone();
    // A wrong price is refused (409) and creates nothing: it uses none of the phone's allowance.
    for (let i = 0; i < 4; i++)
      expect((await place(palermoTakeAway(palermo, { phone, price: 1 }))).status).toBe(409);
    for (let i = 0; i < LIMITS.perPhone; i++) {
      expect((await place(palermoTakeAway(palermo, { phone }))).status).toBe(201);
    }
  });

  it('stops a location flooded from many addresses and phones; another location still takes orders', async () => {
    nextWindow();
    const statuses: number[] = [];
    let refusal: { message?: string } = {};
    for (let i = 0; i < LIMITS.perVenue + 2; i++) {
      const answer = await place(palermoTakeAway(palermo));
      statuses.push(answer.status);
      if (answer.status === 429) refusal = answer.body;
    }
    expect(statuses).toEqual([...Array(LIMITS.perVenue).fill(201), 429, 429]);
    expect(refusal.message).toMatch(/^El local está recibiendo demasiados pedidos en este momento\./);
    // Belgrano's take-away is informative only: the service's own refusal shows the order got past the limits.
    const other = await place(palermoTakeAway(belgrano));
    expect(other.status).toBe(400);
    expect(other.body.fields).toEqual({ orderModeId: 'Menú informativo. Pedidos deshabilitados.' });
  });

  it('shows the location’s console what tripped, with the phone masked, and no other location', async () => {
    const token = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const { status, body } = await request(
      ctx,
      'GET',
      `/api/console/abuse-trips?branchContactId=${palermo.id}&minutes=1440`,
      { token },
    );
    expect(status).toBe(200);
    const messages = (body.trips as { message: string }[]).map((trip) => trip.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Se bloquearon 2 pedidos sospechosos del teléfono ···4567 en los últimos \d+ minutos$/,
        ),
        expect.stringMatching(/^Se bloquearon \d+ pedidos sospechosos enviados desde una misma conexión/),
        expect.stringMatching(/el local superó el máximo de pedidos permitido/),
      ]),
    );
    expect(body.trips).toContainEqual(
      expect.objectContaining({ kind: 'ORDER_PHONE', phoneMasked: '···4567', count: 2 }),
    );
    expect(JSON.stringify(body)).not.toContain('57774567');
    // Belgrano tripped nothing; a staff member of Palermo only may not read it at all.
    const other = await request(ctx, 'GET', `/api/console/abuse-trips?branchContactId=${belgrano.id}`, {
      token,
    });
    expect(other.status).toBe(403);
    const anonymous = await request(ctx, 'GET', `/api/console/abuse-trips?branchContactId=${palermo.id}`);
    expect(anonymous.status).toBe(401);
  });

  it('sends one phone at most its daily cap of messages; the rest are recorded as not sent', async () => {
    nextWindow();
    // Earlier tests left messages waiting; send them first so this test counts its own.
    while ((await ctx.app.jobs.outboxRunOnce()).claimed > 0) {}
    const phone = freshPhone();
    const other = freshPhone();
    for (let i = 0; i < LIMITS.perPhone; i++)
      expect((await place(palermoTakeAway(palermo, { phone }))).status).toBe(201);
    expect((await place(palermoTakeAway(palermo, { phone: other }))).status).toBe(201);
    while ((await ctx.app.jobs.outboxRunOnce()).claimed > 0) {}
    const rows = await db()
      .select({
        toPhone: outboxMessages.toPhone,
        status: outboxMessages.status,
        lastError: outboxMessages.lastError,
      })
      .from(outboxMessages)
      .where(eq(outboxMessages.branchContactId, palermo.id));
    const mine = rows.filter((row) => row.toPhone === phone);
    expect(mine.filter((row) => row.status === 'SENT')).toHaveLength(LIMITS.messagesPerDay);
    expect(mine.filter((row) => row.status === 'FAILED')).toEqual([
      { toPhone: phone, status: 'FAILED', lastError: OUTBOX_DAILY_CAP_ERROR },
    ]);
    expect(rows.filter((row) => row.toPhone === other).map((row) => row.status)).toEqual(['SENT']);
    expect(cloud.received.filter((sent) => sent.body.to === phone.replace('+', ''))).toHaveLength(
      LIMITS.messagesPerDay,
    );
    const trips = await db().select().from(abuseTrips).where(eq(abuseTrips.kind, 'MESSAGE_CAP'));
    expect(trips.filter((trip) => trip.phoneMasked === `···${phone.slice(-4)}`)).toEqual([
      expect.objectContaining({ branchContactId: palermo.id, count: 1 }),
    ]);
  });
});
