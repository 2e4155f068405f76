import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { databaseOpen } from '../../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty embedded database's files (`PGlite.dumpDataDir`), gzipped tar. */
    pgliteSnapshotPath: string;
    /** A migrated, empty PostgreSQL database to clone (`create database … template …`), when TEST_DATABASE_URL is set. */
    postgresTemplate: string | null;
  }
}

const migrationsFolder = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../drizzle');

/**
 * The API project's global setup: one migrated empty database of each kind,
 * made once per run, that every `useTestApp` block starts from. Starting
 * PGlite from files skips its initdb and the migrations (about 1 s instead
 * of 3 on these machines, ~170 times a run); cloning a PostgreSQL template is
 * one statement instead of every migration. Same schema, same migrations:
 * the template is made by the code that migrates production.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const client = await PGlite.create();
  await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const snapshotPath = path.join(os.tmpdir(), `comanda-pglite-${randomBytes(6).toString('hex')}.tar.gz`);
  fs.writeFileSync(snapshotPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshotPath', snapshotPath);

  let template: string | null = null;
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    template = `comanda_tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(baseUrl, `create database ${template}`);
    const url = new URL(baseUrl);
    url.pathname = `/${template}`;
    const database = await databaseOpen({ databaseUrl: url.toString() });
    await database.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    fs.rmSync(snapshotPath, { force: true });
    if (baseUrl && template) await adminQuery(baseUrl, `drop database if exists ${template} with (force)`);
  };
}

async function adminQuery(baseUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
