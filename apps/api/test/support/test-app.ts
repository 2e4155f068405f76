import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { type App, type AppOptions, appBuild } from '../../src/app';
import { type Config, configForTest } from '../../src/config';
import { type Database, databaseOpen } from '../../src/db/client';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * The databases integration tests run on: PGlite always, PostgreSQL too when
 * TEST_DATABASE_URL is set (`.ci/run` sets it). Use with `describe.each`.
 */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
}

let pgliteSnapshot: Blob | undefined;

/** The migrated, empty embedded database the project's global setup dumped (support/database-templates.ts). */
function pgliteSnapshotGet(): Blob {
  pgliteSnapshot ??= new Blob([fs.readFileSync(inject('pgliteSnapshotPath'))]);
  return pgliteSnapshot;
}

/**
 * Opens a fresh, migrated database of the given kind and builds the app on it,
 * once per `describe` block: PGlite from the migrated files the global setup
 * made, PostgreSQL as a throwaway clone of its migrated template, dropped
 * afterwards. Migrations still run on open, finding nothing to do.
 */
export function useTestApp(
  kind: DatabaseKind,
  overrides: Partial<Config> = {},
  appOptions: AppOptions = {},
): TestContext {
  const context = {} as TestContext;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      const created = await postgresThrowawayDatabase();
      databaseUrl = created.url;
      dropDatabase = created.drop;
    }
    const config = configForTest({ databaseUrl, ...overrides });
    const database = await databaseOpen(databaseUrl ? { databaseUrl } : { loadDataDir: pgliteSnapshotGet() });
    const app = await appBuild(config, database, appOptions);
    await app.ready();
    Object.assign(context, { app, database, config });
  });

  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    await dropDatabase?.();
  });

  return context;
}

async function postgresThrowawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `comanda_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const template = inject('postgresTemplate');
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      // pool.end() resolves before its sockets have closed; forcing the drop while the
      // backends still run would send them FATAL 57P01, an unhandled error in the test.
      for (let i = 0; i < 50; i++) {
        const { rows } = await client.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
