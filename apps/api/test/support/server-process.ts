import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './payments-fixture';
import type { DatabaseKind } from './test-app';

/**
 * The real server (`src/server.ts` under tsx) as a child process, for the
 * tests about what only a process shows: signals, exit codes, connections.
 */

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(apiRoot, '../..');

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  /** Everything written so far to stdout and stderr (pino's JSON lines go to stdout). */
  output(): string;
  /** Settles when the process has exited, with its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** Starts the server with `env` on a free port and waits until `/api/health` answers 200. */
export async function serverProcessStart(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok)
        return { child, baseUrl, port, output: () => output, exited };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${output}`);
}

/**
 * A database of its own for a child server: a fresh PostgreSQL database
 * created from TEST_DATABASE_URL, or a fresh PGlite folder. Returns the
 * server's environment for it; `cleanups` gets what removes it.
 */
export async function serverDatabaseCreate(
  kind: DatabaseKind,
  cleanups: (() => Promise<void>)[],
): Promise<{ DATABASE_URL: string; DATA_DIR: string }> {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-process-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    return { DATABASE_URL: '', DATA_DIR: dataDir };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `comanda_process_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), DATA_DIR: '' };
}
