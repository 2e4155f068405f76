import cors from '@fastify/cors';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { redisCountersClient, redisOrMemory } from '../../lib/redis-fallback';
import { cardTokenizationOrigins } from '../../payments/card-tokenization';
import { supportChatOrigins } from '../../repositories/tenant-repository';
import { type AbuseCounters, abuseCountersMemory, abuseCountersRedis } from '../../services/abuse-counters';
import { contentChangeListen } from '../../services/content-cache';
import { securityHeadersRegister } from './content-security';

/**
 * Safe defaults for every route: security headers with a content security
 * policy per kind of response (content-security.ts: the storefront's allows its
 * map, geocoder, marketing-tag and card-tokenization hosts and the configured
 * chat servers; the console's and the API's allow none),
 * CORS closed unless origins are configured, and a rate limiter that routes opt
 * into with `config.rateLimit` (counters in Redis when REDIS_URL is set, in
 * this process's memory without it or while Redis is unreachable).
 */
export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const cardTokenHosts = await cardTokenizationOrigins({ db: app.db, config });
    const headers = securityHeadersRegister(app, config, cardTokenHosts, await supportChatOrigins(app.db));
    supportChatOriginsFollow(app, headers.chatOriginsSet);

    await app.register(cors, {
      origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
      credentials: false,
    });

    const memory = abuseCountersMemory(() => Date.now());
    let counters: AbuseCounters = memory;
    if (config.redisUrl) {
      const redis = redisCountersClient(config.redisUrl);
      app.addHook('onClose', async () => void redis.disconnect());
      counters = redisOrMemory(
        redis,
        abuseCountersRedis(redis, `${config.redisKeyPrefix}:rate-limit`),
        memory,
      );
    }
    await app.register(rateLimit, {
      global: false,
      store: rateLimitStoreOf(counters, ''),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        error: 'Too Many Requests',
        message: `Demasiadas solicitudes; vuelva a intentar en ${Math.ceil(context.ttl / 1000)} s`,
      }),
    });
  },
  { name: 'security' },
);

/**
 * ADR 040: the chat servers the storefront's policy allows are read again
 * whenever a company's content changes (a tenant import is the only writer of
 * `branches.supportChat`, and it bumps the version), never per request. Reads
 * that overlap coalesce into one more; a failing read keeps the last policy.
 */
function supportChatOriginsFollow(app: FastifyInstance, apply: (origins: string[]) => void): void {
  let running: Promise<void> | undefined;
  let again = false;
  const read = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = supportChatOrigins(app.db)
      .then(apply, (error: unknown) => app.log.warn({ err: error }, 'support chat origins not re-read'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          read();
        }
      });
  };
  const stop = contentChangeListen(app.db, read);
  app.addHook('onClose', async () => {
    stop();
    await running;
  });
}

/**
 * @fastify/rate-limit's store over our fixed-window counters (the abuse
 * limits' own, with their Redis-or-memory fallback): one window per route
 * (`child`) and client key. The plugin's Redis store would turn an unreachable
 * Redis into a 500 on every limited route.
 */
function rateLimitStoreOf(counters: AbuseCounters, prefix: string): FastifyRateLimitStoreCtor {
  class CountersStore implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number): void {
      counters.hit(`${prefix}${key}`, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = routeOptions as unknown as { routeInfo: { method: string; url: string } };
      return new (rateLimitStoreOf(counters, `${prefix}${route.routeInfo.method}${route.routeInfo.url}-`))(
        {},
      );
    }
  }
  return CountersStore;
}
