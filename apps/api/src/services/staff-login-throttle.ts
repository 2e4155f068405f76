/**
 * Counters of the staff login throttle, in Redis when REDIS_URL is set (shared
 * by every API process) or in memory. Two kinds:
 *
 * - a fixed window per client IP (`hit`): every attempt of an address counts
 *   and a success forgives one, so an address spraying many emails runs out;
 * - a growing delay per (email, address) pair (`attempt`): the first
 *   `freeFailures` attempts pass, then each one locks the pair for
 *   `delayBaseMs`, doubling up to `delayMaxMs`. A locked pair is refused
 *   without counting, and a pair forgets its failures after `windowMs` of
 *   silence (plus the delay it was given).
 *
 * There is deliberately no counter per email alone: whatever its ceiling, an
 * attacker reaching it from anywhere would lock the real staff member out (see
 * docs/decisions/019-staff-access-revocation.md).
 */
import type { Redis } from 'ioredis';

/** How the per-pair delay grows. */
export interface LoginBackoffPolicy {
  /** Failures forgotten after this much silence (ms). */
  windowMs: number;
  /** Attempts of a pair that pass before any delay. */
  freeFailures: number;
  /** The first delay (ms); each further failure doubles it. */
  delayBaseMs: number;
  /** The longest delay (ms). */
  delayMaxMs: number;
}

export interface LoginThrottle {
  /** Counts one attempt of a fixed-window key and answers the count so far and the ms until it resets. */
  hit(key: string): Promise<{ count: number; resetInMs: number }>;
  /** Takes one attempt back (a success from an IP that also failed is not held against it). */
  forgive(key: string): Promise<void>;
  /** Forgets a key (a successful login clears its pair's failures). */
  clear(key: string): Promise<void>;
  /**
   * One attempt of a backoff key at `now` (epoch ms): answers the ms still to
   * wait when the key is locked (nothing is counted then), else 0 after
   * counting the attempt and locking the key for the next one as the policy says.
   */
  attempt(key: string, now: number): Promise<{ retryInMs: number }>;
}

/** The delay an attempt sets when it is the `failures`-th of its pair (0 while still free). */
export function loginBackoffDelayMs(policy: LoginBackoffPolicy, failures: number): number {
  if (failures <= policy.freeFailures) return 0;
  const doublings = Math.min(30, failures - policy.freeFailures - 1);
  return Math.min(policy.delayMaxMs, policy.delayBaseMs * 2 ** doublings);
}

/** In-process counters, for a single API process (no REDIS_URL). */
export function loginThrottleMemory(policy: LoginBackoffPolicy, now: () => number): LoginThrottle {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const pairs = new Map<string, { failures: number; lockedUntil: number; forgetAt: number }>();
  const prune = (at: number) => {
    if (windows.size >= 10_000)
      for (const [key, value] of windows) if (value.resetAt <= at) windows.delete(key);
    if (pairs.size >= 10_000) for (const [key, value] of pairs) if (value.forgetAt <= at) pairs.delete(key);
  };
  return {
    async hit(key) {
      const at = now();
      prune(at);
      let counter = windows.get(key);
      if (!counter || counter.resetAt <= at) {
        counter = { count: 0, resetAt: at + policy.windowMs };
        windows.set(key, counter);
      }
      counter.count += 1;
      return { count: counter.count, resetInMs: counter.resetAt - at };
    },
    async forgive(key) {
      const counter = windows.get(key);
      if (counter && counter.count > 0) counter.count -= 1;
    },
    async clear(key) {
      windows.delete(key);
      pairs.delete(key);
    },
    async attempt(key, at) {
      prune(at);
      let pair = pairs.get(key);
      if (!pair || pair.forgetAt <= at) pair = { failures: 0, lockedUntil: 0, forgetAt: 0 };
      if (pair.lockedUntil > at) return { retryInMs: pair.lockedUntil - at };
      pair.failures += 1;
      const delay = loginBackoffDelayMs(policy, pair.failures);
      pair.lockedUntil = at + delay;
      pair.forgetAt = at + policy.windowMs + delay;
      pairs.set(key, pair);
      return { retryInMs: 0 };
    },
  };
}

// INCR and, on the first hit, the window's expiry, in one round trip; answers [count, ms left].
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

// The backoff step, atomic so that a burst cannot slip between the lock check
// and the count. ARGV: now, windowMs, freeFailures, delayBaseMs, delayMaxMs.
// Numbers are written with %.0f: Lua's tostring would turn epoch ms into 1.7e+12.
const ATTEMPT_SCRIPT = `
local now = tonumber(ARGV[1])
local state = redis.call('HMGET', KEYS[1], 'failures', 'lockedUntil')
local failures = tonumber(state[1] or '0') or 0
local lockedUntil = tonumber(state[2] or '0') or 0
if lockedUntil > now then return lockedUntil - now end
failures = failures + 1
local free = tonumber(ARGV[3])
local delay = 0
if failures > free then
  delay = math.min(tonumber(ARGV[5]), tonumber(ARGV[4]) * 2 ^ math.min(30, failures - free - 1))
end
redis.call('HSET', KEYS[1], 'failures', string.format('%.0f', failures), 'lockedUntil', string.format('%.0f', now + delay))
redis.call('PEXPIRE', KEYS[1], string.format('%.0f', tonumber(ARGV[2]) + delay))
return 0`;

/** Counters in Redis, shared by every API process. */
export function loginThrottleRedis(redis: Redis, policy: LoginBackoffPolicy, prefix: string): LoginThrottle {
  const name = (key: string) => `${prefix}:staff-login:${key}`;
  return {
    async hit(key) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, name(key), String(policy.windowMs))) as [
        number,
        number,
      ];
      return { count, resetInMs: ttl > 0 ? ttl : policy.windowMs };
    },
    async forgive(key) {
      await redis.eval(
        "if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end",
        1,
        name(key),
      );
    },
    async clear(key) {
      await redis.del(name(key));
    },
    async attempt(key, now) {
      const retryInMs = (await redis.eval(
        ATTEMPT_SCRIPT,
        1,
        name(key),
        String(Math.floor(now)),
        String(policy.windowMs),
        String(policy.freeFailures),
        String(policy.delayBaseMs),
        String(policy.delayMaxMs),
      )) as number;
      return { retryInMs: Math.max(0, Math.ceil(retryInMs)) };
    },
  };
}
