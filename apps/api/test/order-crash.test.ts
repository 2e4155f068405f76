import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { like, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseOpen } from '../src/db/client';
import { orders } from '../src/db/schema/orders';
import { tenantImport } from '../src/tenant/tenant-import';
import { tenantExample } from './support/diner-fixture';
import type { DatabaseKind } from './support/test-app';

// Nothing lost (issue 5): the real server runs as a child process, orders
// stream in from several clients, the server is killed with SIGKILL mid-stream
// and started again on the same database. Every order that was answered 2xx
// must be there; every request left without an answer, retried with its key,
// is placed exactly once.

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(apiRoot, '../..');
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The example tenant with Palermo's take-away open around the clock (the child runs on the real clock). */
function alwaysOpenTenant(): Record<string, unknown> {
  const tenant = tenantExample() as {
    branches: { branchContacts: { alias: string; orderModes: { key: string; schedules: unknown }[] }[] }[];
  };
  const palermo = tenant.branches[0]?.branchContacts.find((contact) => contact.alias === 'fuego-palermo');
  const takeAway = palermo?.orderModes.find((mode) => mode.key === 'palermo-takeaway');
  if (!takeAway) throw new Error('the example tenant changed shape');
  const days = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
  takeAway.schedules = [
    {
      scheduleConfigs: [
        {
          workingDays: days.map((dayOfWeek) => ({
            dayOfWeek,
            workingHours: [
              { startAt: '00:00', endAt: '12:00' },
              { startAt: '12:00', endAt: '00:00' },
            ],
          })),
        },
      ],
    },
  ];
  return tenant as unknown as Record<string, unknown>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  exited: Promise<void>;
}

/** Starts `src/server.ts` under tsx in its own node process (so SIGKILL hits the server itself). */
async function serverStart(env: Record<string, string>, baseUrl: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/server.ts')], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${stderr}`);
    try {
      const health = await fetch(`${baseUrl}/api/health`);
      if (health.ok) return { child, exited };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${stderr}`);
}

describe.each(['pglite', 'postgres'] as DatabaseKind[])('orders survive SIGKILL on %s', (kind) => {
  const available = kind === 'pglite' || hasPostgres;
  const cleanups: (() => Promise<void>)[] = [];

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it.skipIf(!available)(
    'finds every order answered 2xx after a kill and restart, and retried keys place once',
    async () => {
      // The database, with the tenant, before the server ever starts.
      let env: Record<string, string>;
      if (kind === 'postgres') {
        const name = `comanda_crash_${randomBytes(5).toString('hex')}`;
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        cleanups.push(async () => {
          const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
          await client.connect();
          await client.query(`drop database if exists ${name} with (force)`);
          await client.end();
        });
        const url = new URL(process.env.TEST_DATABASE_URL as string);
        url.pathname = `/${name}`;
        env = { DATABASE_URL: url.toString() };
      } else {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-crash-'));
        cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
        env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      }
      const setup = await databaseOpen({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR });
      const imported = await tenantImport(setup.db, alwaysOpenTenant());
      await setup.close();
      expect(imported.ok ? [] : imported.errors).toEqual([]);

      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      Object.assign(env, {
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'error',
        RATE_LIMIT_ORDER_PER_MINUTE: '1000000',
        // The test places many orders for one phone at one location: what the abuse limits stop.
        ORDER_LIMIT_PER_PHONE: '1000000',
        ORDER_LIMIT_PER_VENUE: '1000000',
        WEB_DIST_DIR: '',
      });
      let server = await serverStart(env, baseUrl);
      cleanups.push(async () => {
        server.child.kill('SIGKILL');
        await server.exited;
      });

      // What an order looks like, from the diner API of the running server.
      const entity = (await (await fetch(`${baseUrl}/api/diner/fuego-palermo`)).json()) as {
        branchContact: {
          id: number;
          deliveryConfig: {
            orderModes: { id: number; type: string; paymentTypes: { id: number; paymentMethod: string }[] }[];
          };
        };
      };
      const contact = entity.branchContact;
      const takeAway = contact.deliveryConfig.orderModes.find((mode) => mode.type === 'TAKE_AWAY');
      const cash = takeAway?.paymentTypes.find((type) => type.paymentMethod === 'CASH');
      const menu = (await (
        await fetch(`${baseUrl}/api/diner/fuego-palermo/menu/${contact.id}?orderModeId=${takeAway?.id}`)
      ).json()) as { categories: { plates: { id: number; showName: string; price: number | null }[] }[] };
      const fries = menu.categories
        .flatMap((category) => category.plates)
        .find((plate) => plate.showName === 'Papas fritas');
      // 4200 − 10 % por retirar = 3780
      const payload = (i: number) => ({
        orderModeId: takeAway?.id,
        branchContact: { id: contact.id },
        items: [{ referenceId: fries?.id, quantity: 1 }],
        price: 3780,
        paymentType: { id: cash?.id },
        paysWith: 5000,
        phone: `+5491163${String(100_000 + i).padStart(6, '0')}`,
        customerName: `Cliente ${i}`,
      });

      const answered: { code: string; key: string; i: number }[] = [];
      const unanswered: { key: string; i: number }[] = [];
      let next = 0;
      let killed = false;
      const send = (key: string, i: number) =>
        fetch(`${baseUrl}/api/order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(payload(i)),
        });
      const worker = async () => {
        while (!killed) {
          const i = next++;
          const key = randomUUID();
          try {
            const response = await send(key, i);
            const body = (await response.json()) as { code?: string };
            if (response.status === 201 && body.code) answered.push({ code: body.code, key, i });
            else throw new Error(`unexpected ${response.status}: ${JSON.stringify(body)}`);
          } catch (error) {
            if (!killed) throw error;
            unanswered.push({ key, i });
          }
        }
      };
      const workers = Array.from({ length: 8 }, worker);
      // Kill once a good number of orders went through, while the workers keep sending.
      while (answered.length < 150) await new Promise((resolve) => setTimeout(resolve, 5));
      killed = true;
      server.child.kill('SIGKILL');
      await server.exited;
      await Promise.all(workers);
      expect(server.child.signalCode).toBe('SIGKILL');
      expect(answered.length).toBeGreaterThanOrEqual(150);
      // Eight clients were sending: the kill caught some requests in flight.
      expect(unanswered.length).toBeGreaterThan(0);

      server = await serverStart(env, baseUrl);
      // Every order answered 2xx is there.
      for (const { code } of answered) {
        const response = await fetch(`${baseUrl}/api/diner/order/${code}`);
        expect(response.status, code).toBe(200);
      }
      // A request the kill left without an answer, retried with its key, is placed exactly once —
      // whether it had committed before the kill (replayed) or not (placed now).
      const retried = await Promise.all(
        unanswered.map(async ({ key, i }) => {
          const first = await send(key, i);
          const again = await send(key, i);
          expect(first.status).toBe(201);
          expect(again.status).toBe(201);
          const [a, b] = [(await first.json()) as { code: string }, (await again.json()) as { code: string }];
          expect(b.code).toBe(a.code);
          return a.code;
        }),
      );
      expect(new Set(retried).size).toBe(unanswered.length);
      for (const code of retried)
        expect((await fetch(`${baseUrl}/api/diner/order/${code}`)).status).toBe(200);
      // And nothing was doubled: one order per request sent, read straight from the database.
      server.child.kill('SIGTERM');
      await server.exited;
      const database = await databaseOpen({
        databaseUrl: env.DATABASE_URL || undefined,
        dataDir: env.DATA_DIR,
      });
      const perPhone = await database.db
        .select({ phone: orders.phone, n: sql<number>`count(*)::int` })
        .from(orders)
        .where(like(orders.phone, '+5491163%'))
        .groupBy(orders.phone);
      await database.close();
      expect(perPhone.filter((row) => row.n !== 1)).toEqual([]);
      expect(perPhone).toHaveLength(answered.length + unanswered.length);
    },
    180_000,
  );
});
