import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { loginThrottleMemory, loginThrottleRedis } from '../src/services/staff-auth-service';

// The failed-login counters: in Redis with REDIS_URL (shared by every API
// process), in memory otherwise. Both must count, forgive and clear alike.

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
    const throttle = loginThrottleMemory(60_000, () => now);
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
    const throttle = loginThrottleRedis(client, 60_000, prefix);
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
    const other = loginThrottleRedis(client, 60_000, `${prefix}-other`);
    await throttle.hit('ip:1');
    expect((await other.hit('ip:1')).count).toBe(1);
    await client.del(`${prefix}-other:staff-login:ip:1`);
  });

  it.skipIf(!redisUrl)('counts a burst of parallel attempts exactly', async () => {
    const throttle = loginThrottleRedis(redis as Redis, 60_000, prefix);
    const counts = await Promise.all(Array.from({ length: 20 }, () => throttle.hit('email:burst')));
    expect(counts.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });
});
