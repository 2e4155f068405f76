import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../../config';
import { cardTokenizationOrigins } from '../../payments/card-tokenization';

/**
 * The vendors of the venues' own marketing tags (ordering §1: Meta pixel, Google
 * Tag Manager, Google Analytics), which the storefront loads by host, never
 * inline, when a branch has their ids (apps/web/src/lib/marketing-tags.ts).
 */
const MARKETING_TAGS = {
  script: [
    'https://connect.facebook.net',
    'https://www.googletagmanager.com',
    'https://www.google-analytics.com',
  ],
  img: ['https://www.facebook.com', 'https://www.google-analytics.com', 'https://www.googletagmanager.com'],
  connect: [
    'https://www.facebook.com',
    'https://connect.facebook.net',
    'https://www.google-analytics.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googletagmanager.com',
  ],
};

/**
 * Safe defaults for every route: security headers with a content security
 * policy limited to our origin plus the configured map-tile and geocoder hosts,
 * the marketing-tag vendors and, in live payments mode, the card provider's API
 * the browser tokenizes cards at (payments/card-tokenization.ts),
 * CORS closed unless origins are configured, and a rate limiter that routes opt
 * into with `config.rateLimit` (counters in Redis when REDIS_URL is set).
 */
export default fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const tileOrigin = originOf(config.mapTileUrl.replace(/\{s\}/g, 'a'));
    const geocoderOrigin = config.geocoderUrl ? originOf(config.geocoderUrl) : undefined;
    const tileHosts = tileOrigin ? [...new Set([tileOrigin, tileOrigin.replace('://a.', '://*.')])] : [];
    const cardTokenHosts = await cardTokenizationOrigins({ db: app.db, config });
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...tileHosts, ...MARKETING_TAGS.img],
          connectSrc: [
            "'self'",
            ...(geocoderOrigin ? [geocoderOrigin] : []),
            ...MARKETING_TAGS.connect,
            ...cardTokenHosts,
          ],
          scriptSrc: ["'self'", ...MARKETING_TAGS.script],
          styleSrc: ["'self'", "'unsafe-inline'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: config.publicUrl.startsWith('https://'),
    });

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

function originOf(url: string): string | undefined {
  try {
    return new URL(url.replace(/\{[^}]+\}/g, '0')).origin;
  } catch {
    return undefined;
  }
}
