import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { configForTest } from '../src/config';
import { abuseTrips } from '../src/db/schema/abuse';
import { customerCodeCounters, customerPhoneCodes, customerSessions } from '../src/db/schema/customers';
import { analyticsEvents, clientLogs } from '../src/db/schema/platform';
import { retentionRunOnce } from '../src/services/retention-service';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// Issue 16 item 10: anonymous writes stop growing without bound. Each client
// has a daily allowance of analytics events and browser logs (beyond it the
// answer is still a success and nothing is stored), and the jobs delete rows
// older than their retention, in batches.

const DAY = 86_400_000;
const NOW = Date.parse('2025-06-04T16:00:00Z');
const SESSION = 'd6f1c0de-4b1e-4a53-9c55-0123456789ab';

describe.each(testDatabaseKinds())('anonymous writes on %s', (kind) => {
  const ctx = useTestApp(kind, {
    abuse: { ...configForTest().abuse, analyticsEventsPerClientPerDay: 5, clientLogsPerClientPerDay: 2 },
    retention: { analyticsDays: 90, clientLogDays: 30, abuseTripDays: 30 },
  });
  const db = () => ctx.database.db;
  const countOf = async (table: typeof analyticsEvents | typeof clientLogs) =>
    (await db().select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;
  afterAll(() => ctx.app.clock.pin(undefined));

  const events = (address: string, n: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      remoteAddress: address,
      headers: { 'x-session-id': SESSION },
      payload: { events: Array.from({ length: n }, () => ({ type: 'ITEM_VIEW' })) },
    });
  const log = (address: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/diner/log',
      remoteAddress: address,
      payload: { component: 'checkout', url: 'https://example.test/menu' },
    });

  it('stores a client’s analytics events up to its daily allowance, then accepts and drops the rest', async () => {
    ctx.app.clock.pin(NOW);
    const before = await countOf(analyticsEvents);
    const first = await events('192.0.2.10', 3);
    expect([first.statusCode, first.json()]).toEqual([202, { accepted: 3 }]);
    const second = await events('192.0.2.10', 3);
    expect([second.statusCode, second.json()]).toEqual([202, { accepted: 2 }]);
    const third = await events('192.0.2.10', 4);
    expect([third.statusCode, third.json()]).toEqual([202, { accepted: 0 }]);
    expect((await countOf(analyticsEvents)) - before).toBe(5);
    // Another client is not held back; the next day the allowance is back.
    expect((await events('192.0.2.11', 1)).json()).toEqual({ accepted: 1 });
    ctx.app.clock.pin(NOW + DAY + 1);
    expect((await events('192.0.2.10', 1)).json()).toEqual({ accepted: 1 });
  });

  it('stores a client’s browser logs up to its daily allowance, then answers 204 storing nothing', async () => {
    ctx.app.clock.pin(NOW);
    const before = await countOf(clientLogs);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await log('192.0.2.20')).statusCode);
    expect(statuses).toEqual([204, 204, 204, 204]);
    expect((await countOf(clientLogs)) - before).toBe(2);
    expect((await log('192.0.2.21')).statusCode).toBe(204);
    expect((await countOf(clientLogs)) - before).toBe(3);
  });

  it('deletes rows older than their retention in batches, and keeps the recent ones', async () => {
    const companyId = await tenantLoad(ctx, tenantExample());
    await db().delete(analyticsEvents);
    await db().delete(clientLogs);
    const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY);
    await db()
      .insert(analyticsEvents)
      .values([
        ...Array.from({ length: 5 }, () => ({ sessionId: SESSION, type: 'OLD', createdAt: at(91) })),
        { sessionId: SESSION, type: 'RECENT', createdAt: at(89) },
      ]);
    await db()
      .insert(clientLogs)
      .values([
        { payload: { kept: false }, createdAt: at(31) },
        { payload: { kept: true }, createdAt: at(29) },
      ]);
    await db()
      .insert(abuseTrips)
      .values([
        {
          companyId,
          branchContactId: 1,
          kind: 'ORDER_PHONE' as const,
          phoneMasked: '···0001',
          windowStart: at(40),
          createdAt: at(40),
          lastAt: at(40),
        },
        {
          companyId,
          branchContactId: 1,
          kind: 'ORDER_PHONE' as const,
          phoneMasked: '···0002',
          windowStart: at(1),
          createdAt: at(1),
          lastAt: at(1),
        },
      ]);
    const deleted = await retentionRunOnce(db(), ctx.config.retention, NOW, { batch: 2 });
    expect(deleted).toMatchObject({ analyticsEvents: 5, clientLogs: 1, abuseTrips: 1 });
    expect(
      (await db().select({ type: analyticsEvents.type }).from(analyticsEvents)).map((r) => r.type),
    ).toEqual(['RECENT']);
    expect(
      (await db().select({ payload: clientLogs.payload }).from(clientLogs)).map((r) => r.payload),
    ).toEqual([{ kept: true }]);
    expect(
      (
        await db()
          .select({ phone: abuseTrips.phoneMasked })
          .from(abuseTrips)
          .where(eq(abuseTrips.companyId, companyId))
      ).map((r) => r.phone),
    ).toEqual(['···0002']);
    // A pass with nothing left to delete deletes nothing.
    expect(await retentionRunOnce(db(), ctx.config.retention, NOW)).toEqual({
      analyticsEvents: 0,
      clientLogs: 0,
      abuseTrips: 0,
      customerCodes: 0,
      customerSessions: 0,
      customerCounters: 0,
    });
  });

  it('deletes sign-in codes, diner sessions and code counters once expired, and keeps the live ones', async () => {
    const companyId = await tenantLoad(ctx, tenantExample());
    const at = (ms: number) => new Date(NOW + ms);
    await db()
      .insert(customerPhoneCodes)
      .values([
        { companyId, phone: '+5491155550001', codeHash: 'x', expiresAt: at(-60_000) },
        { companyId, phone: '+5491155550002', codeHash: 'y', expiresAt: at(60_000) },
      ]);
    await db()
      .insert(customerSessions)
      .values([
        { companyId, phone: '+5491155550001', tokenHash: 'expired-session', expiresAt: at(-DAY) },
        { companyId, phone: '+5491155550002', tokenHash: 'live-session', expiresAt: at(DAY) },
      ]);
    await db()
      .insert(customerCodeCounters)
      .values([
        { key: 'closed-window', count: 3, resetAt: at(-1000) },
        { key: 'open-window', count: 1, resetAt: at(60_000) },
      ]);
    const deleted = await retentionRunOnce(db(), ctx.config.retention, NOW, { batch: 1 });
    expect(deleted).toMatchObject({ customerCodes: 1, customerSessions: 1, customerCounters: 1 });
    expect(
      (await db().select({ phone: customerPhoneCodes.phone }).from(customerPhoneCodes)).map((r) => r.phone),
    ).toEqual(['+5491155550002']);
    expect(
      (await db().select({ token: customerSessions.tokenHash }).from(customerSessions)).map((r) => r.token),
    ).toEqual(['live-session']);
    expect(
      (await db().select({ key: customerCodeCounters.key }).from(customerCodeCounters)).map((r) => r.key),
    ).toEqual(['open-window']);
  });

  it('runs the retention pass from the background jobs', async () => {
    ctx.app.clock.pin(NOW);
    await db()
      .insert(clientLogs)
      .values({ payload: { old: true }, createdAt: new Date(NOW - 40 * DAY) });
    ctx.app.jobs.start();
    try {
      for (let i = 0; i < 100 && (await countOf(clientLogs)) > 1; i++)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      await ctx.app.jobs.stop();
    }
    expect(await db().select({ payload: clientLogs.payload }).from(clientLogs)).toEqual([
      { payload: { kept: true } },
    ]);
  });
});
