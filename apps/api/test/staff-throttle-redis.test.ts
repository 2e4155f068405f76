import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type LoginBackoffPolicy,
  type LoginThrottle,
  loginBackoffDelayMs,
  loginThrottleMemory,
  loginThrottleRedis,
} from '../src/services/staff-login-throttle';

// The failed-login counters: in Redis with REDIS_URL (shared by every API
// process), in memory otherwise. Both must count, forgive, clear and back off alike.

const policy = (windowMs: number): LoginBackoffPolicy => ({
  windowMs,
  freeFailures: 3,
  delayBaseMs: 30_000,
  delayMaxMs: 15 * 60_000,
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('staff-throttle-redis.test.ts: Redis cases skipped (set TEST_REDIS_URL)');

describe('login throttle counters', () => {
  const redis = redisUrl ? new Redis(redisUrl) : undefined;
  const prefix = `comanda-test-${randomBytes(6).toString('hex')}`;
  afterAll(async () => {
    if (!redis) return;
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts within the window in memory, and starts again after it', async () => {
    let now = 1_000_000;
    const throttle = loginThrottleMemory(policy(60_000), () => now);
    expect(await throttle.hit('email:a')).toEqual({ count: 1, resetInMs: 60_000 });
    now += 10_000;
    expect(await throttle.hit('email:a')).toEqual({ count: 2, resetInMs: 50_000 });
    expect((await throttle.hit('email:b')).count).toBe(1);
    await throttle.forgive('email:a');
    expect((await throttle.hit('email:a')).count).toBe(2);
    await throttle.clear('email:a');
    expect((await throttle.hit('email:a')).count).toBe(1);
    now += 60_000;
    expect(await throttle.hit('email:a')).toEqual({ count: 1, resetInMs: 60_000 });
  });

  it.skipIf(!redisUrl)('counts in Redis under the deployment prefix, with the window as expiry', async () => {
    const client = redis as Redis;
    const throttle = loginThrottleRedis(client, policy(60_000), prefix);
    const first = await throttle.hit('email:a');
    expect(first.count).toBe(1);
    expect(first.resetInMs).toBeGreaterThan(59_000);
    expect(first.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await throttle.hit('email:a')).count).toBe(2);
    expect(await client.get(`${prefix}:staff-login:email:a`)).toBe('2');
    const ttl = await client.pttl(`${prefix}:staff-login:email:a`);
    expect(ttl).toBeGreaterThan(59_000);
    await throttle.forgive('email:a');
    expect(await client.get(`${prefix}:staff-login:email:a`)).toBe('1');
    await throttle.clear('email:a');
    expect(await client.exists(`${prefix}:staff-login:email:a`)).toBe(0);
    // Forgiving an unknown key never goes below zero.
    await throttle.forgive('email:never');
    expect(await client.get(`${prefix}:staff-login:email:never`)).toBeNull();
    // Another deployment (prefix) counts apart.
    const other = loginThrottleRedis(client, policy(60_000), `${prefix}-other`);
    await throttle.hit('ip:1');
    expect((await other.hit('ip:1')).count).toBe(1);
    await client.del(`${prefix}-other:staff-login:ip:1`);
  });

  it.skipIf(!redisUrl)('counts a burst of parallel attempts exactly', async () => {
    const throttle = loginThrottleRedis(redis as Redis, policy(60_000), prefix);
    const counts = await Promise.all(Array.from({ length: 20 }, () => throttle.hit('email:burst')));
    expect(counts.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('doubles the delay after the free failures, up to the ceiling', () => {
    const delays = [1, 2, 3, 4, 5, 6, 9, 10, 40].map((n) => loginBackoffDelayMs(policy(60_000), n));
    expect(delays).toEqual([0, 0, 0, 30_000, 60_000, 120_000, 900_000, 900_000, 900_000]);
  });

  const backoffCases: [string, () => LoginThrottle | undefined][] = [
    ['memory', () => loginThrottleMemory(policy(60_000), () => 0)],
    ['Redis', () => (redis ? loginThrottleRedis(redis, policy(60_000), prefix) : undefined)],
  ];
  describe.each(backoffCases)('backoff per pair in %s', (store, make) => {
    it.skipIf(store === 'Redis' && !redisUrl)(
      'locks after the free failures, never counting a locked attempt',
      async () => {
        const throttle = make() as LoginThrottle;
        const key = `pair:${store}-${randomBytes(4).toString('hex')}`;
        let at = 5_000_000;
        for (let i = 0; i < 4; i++) expect(await throttle.attempt(key, at)).toEqual({ retryInMs: 0 });
        // Locked for 30 s; attempts while locked are refused and change nothing.
        for (let i = 0; i < 5; i++) {
          expect(await throttle.attempt(key, at + 10_000)).toEqual({ retryInMs: 20_000 });
        }
        at += 30_000;
        expect(await throttle.attempt(key, at)).toEqual({ retryInMs: 0 });
        // The fifth counted failure: 60 s, not more (the refused ones were not counted).
        expect(await throttle.attempt(key, at)).toEqual({ retryInMs: 60_000 });
        await throttle.clear(key);
        for (let i = 0; i < 4; i++) expect(await throttle.attempt(key, at)).toEqual({ retryInMs: 0 });
        // Another pair is not affected.
        expect(await throttle.attempt(`${key}-other`, at)).toEqual({ retryInMs: 0 });
      },
    );

    it.skipIf(store === 'Redis' && !redisUrl)(
      'lets exactly the free failures and one more through a parallel burst',
      async () => {
        const throttle = make() as LoginThrottle;
        const key = `pair:burst-${store}-${randomBytes(4).toString('hex')}`;
        const answers = await Promise.all(Array.from({ length: 30 }, () => throttle.attempt(key, 9_000_000)));
        expect(answers.filter((answer) => answer.retryInMs === 0)).toHaveLength(4);
      },
    );
  });

  it('forgets a pair after a window of silence (plus its delay), in memory', async () => {
    let now = 0;
    const throttle = loginThrottleMemory(policy(60_000), () => now);
    for (let i = 0; i < 4; i++) await throttle.attempt('pair:x', now);
    now += 60_000 + 30_000;
    for (let i = 0; i < 4; i++) expect(await throttle.attempt('pair:x', now)).toEqual({ retryInMs: 0 });
  });
});
