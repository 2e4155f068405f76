import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/**
 * The one database type the code is written against. PGlite and node-postgres
 * both implement it; a transaction (`db.transaction(async (tx) => …)`) is one too.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that can run queries: the database or an open transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Statements sent through `db` since the database was opened: a diagnostic
   * counter (drizzle's query logger), so a test can prove a cached read sends none.
   */
  queryCount(): number;
  /**
   * Runs `onMessage` for every `NOTIFY` on `channel` (from any process on this
   * database) until the returned function is called. On PostgreSQL a dedicated
   * connection outside the pool listens and reconnects after a failure (messages
   * sent while it was down are lost: listeners keep a safety net); PGlite
   * delivers its own notifications in-process.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

const migrationsFolder = findMigrationsFolder();

/**
 * PostgreSQL time limits (ADR: shutdown and outages). While the database is
 * down or unreachable a request waits at most this long for a connection —
 * new, or free in the pool — and then answers 503.
 */
const DATABASE_CONNECT_TIMEOUT_MS = 3000;
/** The server cancels a statement running longer (57014): a request never holds a connection for minutes. */
const DATABASE_STATEMENT_TIMEOUT_MS = 30_000;
/** The client gives up on a server that stopped answering without closing the connection (a frozen host). */
const DATABASE_QUERY_TIMEOUT_MS = DATABASE_STATEMENT_TIMEOUT_MS + 5000;

/**
 * Opens the configured database and applies pending migrations.
 *
 * PGlite has a single connection, and runs every statement through its own
 * transaction mutex: while a transaction is open, other requests' statements
 * wait, so two requests never interleave inside one transaction. Code inside
 * `db.transaction` must use `tx`, never `db` (that would wait on itself).
 */
export async function databaseOpen(options: {
  databaseUrl?: string | undefined;
  /** PostgreSQL connections kept at most (config DATABASE_POOL_SIZE); 20 when not given. */
  poolSize?: number | undefined;
  dataDir?: string | undefined;
  /** An embedded database's files to start from (`PGlite.dumpDataDir`): tests skip initdb and the migrations run so far. */
  loadDataDir?: Blob | undefined;
}): Promise<Database> {
  let queries = 0;
  const logger = { logQuery: () => void queries++ };
  const queryCount = () => queries;
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: options.poolSize ?? 20,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      statement_timeout: DATABASE_STATEMENT_TIMEOUT_MS,
      query_timeout: DATABASE_QUERY_TIMEOUT_MS,
    });
    // An idle connection the server closed (restart, failover) is dropped by the pool and the next
    // query opens a new one; without a listener its 'error' event would end the whole process.
    pool.on('error', (error: Error & { code?: string }) => {
      console.error(
        `PostgreSQL closed an idle connection (${error.code ?? error.message}); it will be reopened`,
      );
    });
    // bigint columns are read in `number` mode by drizzle; counts come back as strings otherwise.
    pg.types.setTypeParser(20, (v) => Number(v));
    const db = drizzleNodePg(pool, { casing: 'snake_case', logger }) as unknown as Db;
    await migrateWithLock(databaseUrl);
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      queryCount,
      listen: (channel, onMessage) => postgresListen(databaseUrl, channel, onMessage),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir
    ? await PGlite.create(options.dataDir)
    : await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const pgliteDb = drizzlePglite(client, { casing: 'snake_case', logger });
  await migratePglite(pgliteDb, { migrationsFolder });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    queryCount,
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}

/** How long a lost listening connection waits before it connects again. */
const LISTEN_RECONNECT_MS = 1000;
/** The most closing the listening connection may take. */
const LISTEN_CLOSE_MS = 1000;

/**
 * `LISTEN` on a connection of its own (a pooled one would be handed to other
 * queries). When it fails — PostgreSQL restarted, the network dropped — it
 * connects again every LISTEN_RECONNECT_MS until it is stopped; errors never
 * reach the process as unhandled.
 */
async function postgresListen(
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    const again = () => {
      if (stopped || client !== next || retry) return;
      client = undefined;
      next.end().catch(() => {});
      retry = setTimeout(() => {
        retry = undefined;
        if (!stopped) connect().catch(() => {});
      }, LISTEN_RECONNECT_MS);
      retry.unref();
    };
    next.on('error', again);
    next.on('end', again);
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      again();
      throw error;
    }
  };
  // The first connection must work (the database was just opened); later ones retry quietly.
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    // A connection stuck on an unreachable server must not hold a shutdown up.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      client?.end().catch(() => {}),
      new Promise((resolve) => {
        timer = setTimeout(resolve, LISTEN_CLOSE_MS);
      }),
    ]);
    clearTimeout(timer);
  };
}

/**
 * Several API processes may start at once on one PostgreSQL: one migrates, the others wait. On a
 * connection of its own, without the pool's time limits: waiting for another process's migration,
 * or building an index on a large table, may take longer than any request should.
 */
async function migrateWithLock(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migrateNodePg(drizzleNodePg(client, { casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    await client.end();
  }
}

/** The migrations sit next to the source (`apps/api/drizzle`) and next to the bundle (`dist/../drizzle`). */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Migrations folder (apps/api/drizzle) not found');
}

/** True when the database holds no company yet (a fresh install). */
export async function databaseIsEmpty(db: Queryable): Promise<boolean> {
  const result = await db.execute(sql`select not exists (select 1 from companies) as empty`);
  const rows = (result as unknown as { rows: { empty: boolean }[] }).rows;
  return rows[0]?.empty === true;
}

/** Sends `payload` to every listener of `channel` on this database (delivered when the sender's transaction, if any, commits). */
export async function databaseNotify(db: Queryable, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
