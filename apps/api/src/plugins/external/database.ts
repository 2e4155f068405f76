import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
}

/** Makes the configuration and the opened database available to every plugin and route. */
export default fp(
  async (app: FastifyInstance, { config, database }: { config: Config; database: Database }) => {
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
  },
  { name: 'database' },
);
