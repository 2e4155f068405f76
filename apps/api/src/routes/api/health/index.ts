import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE,
  databaseUnavailable,
} from '../../../plugins/external/errors';

/**
 * Liveness and database reachability, for load balancers and the start script:
 * 200 while the database answers, 503 `database: 'unreachable'` while it does
 * not (the process itself is alive and serves again when the database is back).
 */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        response: {
          200: Type.Object({ status: Type.Literal('ok'), database: Type.String() }),
          503: Type.Object({
            status: Type.Literal('unavailable'),
            database: Type.String(),
            databaseReachable: Type.Literal(false),
            message: Type.String(),
          }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        if (!databaseUnavailable(error)) throw error;
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({
            status: 'unavailable' as const,
            database: app.database.kind,
            databaseReachable: false as const,
            message: DATABASE_UNAVAILABLE,
          });
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};

export default healthRoutes;
