import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../../config';
import { cardTokenizationOrigins } from '../../payments/card-tokenization';
import { cspRegisterVariants, cspStorefrontDirectives } from './content-security';

/**
 * Safe defaults for every route: security headers with a content security
 * policy per kind of response (content-security.ts: the storefront's allows its
 * map, geocoder, marketing-tag and card-tokenization hosts; the console's and
 * the API's allow none),
 * CORS closed unless origins are configured, and a rate limiter that routes opt
 * into with `config.rateLimit` (counters in Redis when REDIS_URL is set).
 */
export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const cardTokenHosts = await cardTokenizationOrigins({ db: app.db, config });
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: cspStorefrontDirectives(config, cardTokenHosts),
      },
      crossOriginEmbedderPolicy: false,
      hsts: config.publicUrl.startsWith('https://'),
    });
    cspRegisterVariants(app, config);

    await app.register(cors, {
      origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
      credentials: false,
    });

    const redis = config.redisUrl
      ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) app.addHook('onClose', async () => void redis.disconnect());
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}:rate-limit:` } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        error: 'Too Many Requests',
        message: `Demasiadas solicitudes; vuelva a intentar en ${Math.ceil(context.ttl / 1000)} s`,
      }),
    });
  },
  { name: 'security' },
);
