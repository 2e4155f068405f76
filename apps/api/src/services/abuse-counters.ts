/**
 * Fixed-window counters for the abuse limits (ADR 020): in Redis when
 * REDIS_URL is set, so every API process counts against the same budget, else
 * in this process's memory. A window starts at a key's first hit and lasts
 * `windowMs`; keys expire with their window.
 */
import type { Redis } from 'ioredis';

export interface AbuseCounters {
  /** Adds `amount` (default 1) and answers the count so far in the window and the ms until it resets. */
  hit(key: string, windowMs: number, amount?: number): Promise<{ count: number; resetInMs: number }>;
  /** The count in the current window without adding to it (0 when none). */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  /** Takes back `amount` (a request refused or failed does not use the budget); never below zero. */
  forgive(key: string, amount?: number): Promise<void>;
}

/** In-process counters, for a single API process (no REDIS_URL). */
export function abuseCountersMemory(now: () => number): AbuseCounters {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string, at: number) => {
    const counter = counters.get(key);
    if (counter && counter.resetAt > at) return counter;
    if (counter) counters.delete(key);
    return undefined;
  };
  const prune = (at: number) => {
    if (counters.size < 50_000) return;
    for (const [key, counter] of counters) if (counter.resetAt <= at) counters.delete(key);
  };
  return {
    async hit(key, windowMs, amount = 1) {
      const at = now();
      prune(at);
      let counter = live(key, at);
      if (!counter) {
        counter = { count: 0, resetAt: at + windowMs };
        counters.set(key, counter);
      }
      counter.count += amount;
      return { count: counter.count, resetInMs: counter.resetAt - at };
    },
    async peek(key) {
      const at = now();
      const counter = live(key, at);
      return counter ? { count: counter.count, resetInMs: counter.resetAt - at } : { count: 0, resetInMs: 0 };
    },
    async forgive(key, amount = 1) {
      const counter = live(key, now());
      if (counter) counter.count = Math.max(0, counter.count - amount);
    },
  };
}

// INCRBY and, on the first hit, the window's expiry, in one round trip; answers [count, ms left].
const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return { count, ttl }`;

const FORGIVE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECRBY', KEYS[1], math.min(count, tonumber(ARGV[1]))) end
return 0`;

/** Counters in Redis under `<prefix>:abuse:`, shared by every API process. */
export function abuseCountersRedis(redis: Redis, prefix: string): AbuseCounters {
  const name = (key: string) => `${prefix}:abuse:${key}`;
  return {
    async hit(key, windowMs, amount = 1) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, name(key), String(windowMs), String(amount))) as [
        number,
        number,
      ];
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(name(key)), redis.pttl(name(key))]);
      return { count: Number(count ?? 0), resetInMs: ttl > 0 ? ttl : 0 };
    },
    async forgive(key, amount = 1) {
      await redis.eval(FORGIVE_SCRIPT, 1, name(key), String(amount));
    },
  };
}
