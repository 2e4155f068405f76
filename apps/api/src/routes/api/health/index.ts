import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';

/** Liveness and database reachability, for load balancers and the start script. */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['platform'],
        response: { 200: Type.Object({ status: Type.Literal('ok'), database: Type.String() }) },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};

export default healthRoutes;
