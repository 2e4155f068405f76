import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, appBuild } from '../src/app';
import { configForTest } from '../src/config';
import { abuseCountersMemory, abuseCountersRedis } from '../src/services/abuse-counters';
import { freshPhone, palermoTakeAway } from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { useTestApp } from './support/test-app';

// The abuse limits hold across API processes: with REDIS_URL their counters
// live in Redis, so two app instances share one budget (issue 16 item 7).

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('abuse-redis.test.ts: Redis cases skipped (set TEST_REDIS_URL)');

describe('abuse counters', () => {
  it('count within a window in memory, forgive never below zero, and start again after it', async () => {
    let now = 1_000_000;
    const counters = abuseCountersMemory(() => now);
    expect(await counters.hit('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    expect(await counters.hit('a', 60_000, 3)).toEqual({ count: 4, resetInMs: 60_000 });
    now += 10_000;
    expect(await counters.peek('a')).toEqual({ count: 4, resetInMs: 50_000 });
    await counters.forgive('a', 10);
    expect((await counters.peek('a')).count).toBe(0);
    now += 60_000;
    expect(await counters.peek('a')).toEqual({ count: 0, resetInMs: 0 });
  });

  it.skipIf(!redisUrl)(
    'count in Redis under the deployment prefix, exactly under a parallel burst',
    async () => {
      const redis = new Redis(redisUrl as string);
      const prefix = `comanda-test-${randomBytes(6).toString('hex')}`;
      try {
        const counters = abuseCountersRedis(redis, prefix);
        const hits = await Promise.all(Array.from({ length: 20 }, () => counters.hit('burst', 60_000)));
        expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 20 }, (_, i) => i + 1),
        );
        expect(await redis.get(`${prefix}:abuse:burst`)).toBe('20');
        expect(await redis.pttl(`${prefix}:abuse:burst`)).toBeGreaterThan(59_000);
        await counters.forgive('burst', 25);
        expect((await counters.peek('burst')).count).toBe(0);
        await counters.forgive('never');
        expect(await redis.get(`${prefix}:abuse:never`)).toBeNull();
      } finally {
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length > 0) await redis.del(...keys);
        redis.disconnect();
      }
    },
  );
});

describe.skipIf(!redisUrl)('order limits shared by two app instances through Redis', () => {
  const prefix = `comanda-test-${randomBytes(6).toString('hex')}`;
  const ctx = useTestApp('pglite', {
    redisUrl,
    redisKeyPrefix: prefix,
    abuse: { ...configForTest().abuse, ordersPerPhone: 2 },
  });
  let second: App;
  let palermo: LocationIds;

  beforeAll(async () => {
    second = await appBuild(ctx.config, ctx.database);
    await second.ready();
    await tenantLoad(ctx, tenantExample());
    palermo = await locationIds(ctx, 'fuego-palermo');
    ctx.app.clock.pin(WEDNESDAY_1300);
    second.clock.pin(WEDNESDAY_1300);
  });
  afterAll(async () => {
    await second?.close();
    const redis = new Redis(redisUrl as string);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  const place = async (app: App, payload: Record<string, unknown>) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { 'idempotency-key': randomUUID() },
        payload,
      })
    ).statusCode;

  it('refuses on one instance the phone’s order beyond what the other already took', async () => {
    const phone = freshPhone();
    expect(await place(ctx.app, palermoTakeAway(palermo, { phone }))).toBe(201);
    expect(await place(second, palermoTakeAway(palermo, { phone }))).toBe(201);
    expect(await place(ctx.app, palermoTakeAway(palermo, { phone }))).toBe(429);
    expect(await place(second, palermoTakeAway(palermo, { phone }))).toBe(429);
    expect(await place(second, palermoTakeAway(palermo))).toBe(201);
  });
});
