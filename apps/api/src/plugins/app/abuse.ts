import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { redisCountersClient, redisOrMemory } from '../../lib/redis-fallback';
import { type AbuseCounters, abuseCountersMemory, abuseCountersRedis } from '../../services/abuse-counters';
import type { AbuseDeps } from '../../services/abuse-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The abuse limits' counters and what their checks need (ADR 020). */
    abuse: { counters: AbuseCounters; deps: AbuseDeps };
  }
}

/**
 * The counters behind the order, discount-code and anonymous-write limits: in
 * Redis when REDIS_URL is set, so every API process shares one budget, else in
 * this process's memory.
 */
export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const memory = abuseCountersMemory(() => app.clock.now());
    let counters: AbuseCounters = memory;
    if (config.redisUrl) {
      const redis = redisCountersClient(config.redisUrl);
      app.addHook('onClose', async () => void redis.disconnect());
      counters = redisOrMemory(redis, abuseCountersRedis(redis, config.redisKeyPrefix), memory);
    }
    const deps: AbuseDeps = {
      db: app.db,
      counters,
      now: () => app.clock.now(),
      limits: config.abuse,
      orderPerMinute: config.rateLimits.order,
    };
    app.decorate('abuse', { counters, deps });
  },
  { name: 'abuse', dependencies: ['database', 'clock'] },
);
