import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The instant the server's clock starts at (CLOCK_START): Friday 20 November
 * 2026, 21:00 in Buenos Aires, when every demo location and mode takes orders.
 * The server checks opening hours against its own clock, so without this an
 * order test would pass or fail with the hour CI runs at. Every page's clock
 * starts at the same instant (support/fixtures.ts), so browser and server agree.
 */
export const E2E_CLOCK_START = '2026-11-20T21:00:00-03:00';

/** Sign-in codes one phone may be sent in the window (ADR 018 ships 3): the demo customer signs in in several specs. */
export const E2E_CUSTOMER_CODES_PER_PHONE = 12;

/**
 * How many servers (and Playwright workers) a run uses: E2E_WORKERS, default 2.
 * Files run in parallel, each worker on its own server: on 2 cores the whole
 * suite passed this way in 12 minutes against 14–18 on one worker, one spec
 * needing its retry (the tracking page's reconnection, since given the time
 * Socket.IO's backoff takes). E2E_WORKERS=1 runs the files one after another.
 */
export function e2eWorkers(): number {
  const wanted = Number(process.env.E2E_WORKERS ?? 2);
  return Number.isInteger(wanted) && wanted >= 1 ? wanted : 1;
}

/**
 * Starts the built app (`apps/api/dist/server.js` serving `apps/web/dist`)
 * once per Playwright worker, each on a free port with a fresh data folder, so
 * every worker begins from the demo tenant and never sees another worker's
 * orders, riders or clock. Tests find their worker's server with
 * `e2eServer()` (support/fixtures.ts), from E2E_SERVERS.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const built of ['apps/api/dist/server.js', 'apps/web/dist/index.html']) {
    if (!fs.existsSync(path.join(root, built)))
      throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const started = await Promise.all(Array.from({ length: e2eWorkers() }, () => serverStart()));
  process.env.E2E_SERVERS = JSON.stringify(
    started.map(({ baseUrl, clockOffsetMs }) => ({ baseUrl, clockOffsetMs })),
  );
  process.env.E2E_ADMIN_TOKEN = 'e2e-admin-token';
  return async () => {
    await Promise.all(started.map((server) => server.stop()));
  };
}

/** A started e2e server: its address, its clock's offset from real time, and how to stop it. */
export interface E2EStartedServer {
  baseUrl: string;
  /** CLOCK_START minus the instant the server was spawned: `Date.now()` plus this is the server's now, within its start-up time. */
  clockOffsetMs: number;
  stop: () => Promise<void>;
}

/**
 * Starts one built app on a free port with a fresh data folder (the demo
 * tenant), the settings every e2e server shares and `extraEnv` over them. A
 * spec that needs other settings (e.g. ABANDONED_CART_DELAY_SECONDS) starts
 * its own this way and stops it after; the workers' servers get none.
 */
export async function serverStart(extraEnv: NodeJS.ProcessEnv = {}): Promise<E2EStartedServer> {
  const port = await freePort();
  const clockSetAt = Date.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-e2e-'));
  const database = throwawayDatabase();
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      // PostgreSQL gets the demo only when asked; the embedded database seeds it on its own.
      SEED_DEMO: 'true',
      REDIS_URL: '',
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN: 'e2e-admin-token',
      CLOCK_START: E2E_CLOCK_START,
      // The demo's sign-in: the one-time code comes back in the answer (refused in production).
      CUSTOMER_CODE_IN_ANSWER: 'true',
      // The suite orders again and again for one phone from one address: what the abuse limits stop.
      RATE_LIMIT_ORDER_PER_MINUTE: '100000',
      ORDER_LIMIT_PER_PHONE: '100000',
      ORDER_LIMIT_PER_VENUE: '100000',
      MESSAGES_PER_PHONE_PER_DAY: '100000',
      CODE_FAILURES_PER_CLIENT: '100000',
      // Every diner of every spec asks for sign-in codes from 127.0.0.1, and several specs sign the demo
      // customer in on one server within the limit's window: account-sign-in.spec.ts spends the rest.
      CUSTOMER_CODES_PER_IP: '100000',
      CUSTOMER_CODES_PER_PHONE: String(E2E_CUSTOMER_CODES_PER_PHONE),
      // Every rider of every spec signs in from 127.0.0.1; the per-rider code limit stays as shipped.
      RIDER_LOOKUPS_PER_IP: '100000',
      RIDER_REGISTRATIONS_PER_IP: '100000',
      RIDER_CODE_FAILURES_PER_IP: '100000',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server);
  return {
    baseUrl,
    clockOffsetMs: Date.parse(E2E_CLOCK_START) - clockSetAt,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
      database?.drop();
    },
  };
}

/**
 * With TEST_DATABASE_URL (`.ci/run` sets it), each server runs on a throwaway
 * PostgreSQL database of its own, as production does: the embedded database
 * runs PostgreSQL compiled to WebAssembly inside the server's process, and on
 * two cores its CPU is the suite's. Without it, the embedded database in the
 * server's data folder (nothing to install).
 */
function throwawayDatabase(): { url: string; drop: () => void } | undefined {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return undefined;
  const name = `comanda_e2e_${randomBytes(6).toString('hex')}`;
  const psql = (sql: string) => execFileSync('psql', [baseUrl, '-v', 'ON_ERROR_STOP=1', '-qc', sql]);
  psql(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => psql(`drop database if exists ${name} with (force)`) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('Server did not become healthy within 180 s');
}
