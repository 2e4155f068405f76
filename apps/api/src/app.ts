import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Config, trustProxyOption } from './config';
import type { Database } from './db/client';
import { errorLogSerializer } from './lib/error-log';
import abuse from './plugins/app/abuse';
import clock from './plugins/app/clock';
import contentCache from './plugins/app/content-cache';
import contentEvents from './plugins/app/content-events';
import jobs from './plugins/app/jobs';
import realtime from './plugins/app/realtime';
import riderAuth from './plugins/app/rider-auth';
import routePlanner from './plugins/app/route-planner';
import staffAuth from './plugins/app/staff-auth';
import compression from './plugins/external/compression';
import database from './plugins/external/database';
import errors, { frameworkErrorAnswer } from './plugins/external/errors';
import inputGuard from './plugins/external/input-guard';
import openapi from './plugins/external/openapi';
import security from './plugins/external/security';
import siteHosts from './plugins/external/site-hosts';
import webApp from './plugins/external/web-app';
import { registerRoutes } from './routes';

export type App = FastifyInstance;

export interface AppOptions {
  /** Where log lines go (one JSON line per write) instead of stdout: tests read them. */
  logStream?: { write(line: string): void };
}

/**
 * Builds the whole application around an opened database. Tests call this with
 * an in-memory PGlite and drive it with `app.inject`; `server.ts` adds listening,
 * realtime and the demo seed.
 */
export async function appBuild(config: Config, db: Database, options: AppOptions = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // A failed query's parameters and row values are personal data: logged errors never carry them.
      serializers: { err: errorLogSerializer },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-admin-token"]',
          'body.password',
          'body.securityCode',
          'body.token',
          'body.cardNumber',
          'body.cardSecurityCode',
        ],
        censor: '[redacted]',
      },
    },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    requestIdHeader: false,
    frameworkErrors: frameworkErrorAnswer,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // The hooks every request runs take a callback rather than being async: no promise and no extra
  // microtask per request on the hot reads (issue 13).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  // An empty query parameter (`?offset=&pageSize=99`, as the spec writes its calls) counts as absent:
  // its default applies, or 'es obligatorio' when it is required, never a type error about ''.
  app.addHook('preValidation', (request, _reply, done) => {
    const query = request.query as Record<string, unknown> | null;
    if (query && typeof query === 'object') {
      for (const name in query) {
        const value = query[name];
        const kept = Array.isArray(value) ? value.filter((item) => item !== '') : value;
        if (kept === '' || (Array.isArray(kept) && kept.length === 0)) delete query[name];
        else if (kept !== value) query[name] = kept;
      }
    }
    done();
  });

  await app.register(errors);
  await app.register(inputGuard);
  // Before every route: JSON answers over 1 KB compressed when accepted (never what is encoded already).
  await app.register(compression);
  await app.register(database, { config, database: db });
  await app.register(security, { config });
  await app.register(siteHosts, { config });
  await app.register(openapi);
  await app.register(clock, { config });
  await app.register(contentCache, { config });
  await app.register(contentEvents);
  await app.register(staffAuth, { config });
  await app.register(riderAuth);
  await app.register(abuse, { config });
  await app.register(realtime, { config });
  await app.register(routePlanner, { config });
  await app.register(registerRoutes);
  await app.register(jobs, { config });
  if (config.webDistDir) await app.register(webApp, { distDir: config.webDistDir });
  return app as unknown as App;
}
