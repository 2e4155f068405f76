import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './payments-fixture';

/**
 * A PostgreSQL cluster of the test's own, on a port of its own, that the test
 * may stop and start (outage tests) without touching the machine's shared
 * server. Needs the PostgreSQL server binaries (Debian: `postgresql-15`, as
 * CI's machine has; found under /usr/lib/postgresql/<version>/bin or with
 * `POSTGRES_BIN_DIR`). initdb refuses to run as root: as root the binaries run
 * as the `postgres` user (runuser), on a folder it owns.
 */

const run = promisify(execFile);

export interface ThrowawayPostgres {
  url: string;
  port: number;
  /** Stops it at once, as a crash or a failover does (`pg_ctl stop -m immediate`). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it if running and deletes its files. */
  remove(): Promise<void>;
}

/** The server binaries' folder, or undefined when this machine has none. */
export function postgresBinDir(): string | undefined {
  const candidates = process.env.POSTGRES_BIN_DIR
    ? [process.env.POSTGRES_BIN_DIR]
    : fs.existsSync('/usr/lib/postgresql')
      ? fs
          .readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => path.join('/usr/lib/postgresql', version, 'bin'))
      : [];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')));
}

export async function throwawayPostgresStart(): Promise<ThrowawayPostgres> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('no PostgreSQL server binaries (set POSTGRES_BIN_DIR)');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres', root]);
  const pgRun = (binary: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(binDir, binary), ...args])
      : run(path.join(binDir, binary), args);
  const dataDir = path.join(root, 'data');
  await pgRun('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;
  const cluster: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pgRun('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(root, 'log'), '-w', 'start']);
      running = true;
    },
    async stop() {
      await pgRun('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      running = false;
    },
    async remove() {
      if (running) await cluster.stop().catch(() => {});
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
