import { Redis } from 'ioredis';

/**
 * Counters shared through Redis (rate limits, abuse limits, the staff login
 * throttle) keep working when Redis does not (ADR: shutdown and outages):
 * while it is unreachable each process counts in its own memory — every
 * process then allows the limit on its own, never an error — and it goes
 * back to the shared counters as soon as Redis is back.
 */

/** A Redis command that has not answered in this time counts as failed (a frozen Redis must not hold requests). */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * A Redis client for counters: commands fail at once while it is not
 * connected (no offline queue waiting for a reconnect) and after a short time
 * when Redis stops answering; it reconnects on its own.
 */
export function redisCountersClient(url: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    lazyConnect: false,
  });
  // Without a listener a refused reconnect would be an unhandled 'error' event; the fallback covers it.
  redis.on('error', () => {});
  return redis;
}

// biome-ignore lint/suspicious/noExplicitAny: any async method signature of the wrapped interface
type AsyncMethods = Record<string, (...args: any[]) => Promise<unknown>>;

/**
 * `shared` (in Redis) while Redis is connected and answers, `local` (in this
 * process's memory) when it is not: the same interface, method by method.
 */
export function redisOrMemory<T extends object>(redis: Redis, sharedOf: T, localOf: T): T {
  const shared = sharedOf as unknown as AsyncMethods;
  const local = localOf as unknown as AsyncMethods;
  const wrapped: AsyncMethods = {};
  for (const name of Object.keys(shared)) {
    wrapped[name] = async (...args: unknown[]) => {
      if (redis.status !== 'ready') return local[name]?.(...args);
      try {
        return await shared[name]?.(...args);
      } catch {
        return local[name]?.(...args);
      }
    };
  }
  return wrapped as unknown as T;
}
