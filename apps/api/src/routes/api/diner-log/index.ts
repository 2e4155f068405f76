/** `POST /api/diner/log` (ordering §7): a browser's error context, size-capped and rate-limited. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorSchema } from '../../../schemas/diner';
import { CLIENT_LOG_BODY_LIMIT_BYTES, ClientLogSchema } from '../../../schemas/order';
import { abuseDailyTake } from '../../../services/abuse-service';
import { clientLogStore } from '../../../services/client-log-service';

const dinerLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/log',
    {
      bodyLimit: CLIENT_LOG_BODY_LIMIT_BYTES,
      config: {
        rateLimit: { max: app.config.rateLimits.clientLog, timeWindow: '1 minute' },
        // A report is best effort: what PostgreSQL cannot store is replaced rather than the report lost.
        inputHygiene: 'replace',
      },
      schema: {
        tags: ['diner'],
        summary: 'Store a client error report (16 KB at most; long strings are truncated)',
        description:
          'Beyond a client’s daily allowance of reports the answer is still 204 but nothing is stored: a ' +
          'browser that reports in a loop is not told to retry, and the table does not grow without bound.',
        body: ClientLogSchema,
        response: {
          204: Type.Null({ description: 'Stored' }),
          400: ErrorSchema,
          413: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const perDay = app.config.abuse.clientLogsPerClientPerDay;
      if ((await abuseDailyTake(app.abuse.deps, 'client-log', request.ip, 1, perDay)) === 0) {
        return reply.code(204).send(null);
      }
      await clientLogStore(app.db, request.body, {
        now: app.clock.now(),
        userAgent: request.headers['user-agent'],
      });
      return reply.code(204).send(null);
    },
  );
};

export default dinerLogRoutes;
