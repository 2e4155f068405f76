import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseOpen } from '../src/db/client';
import { tenantImport } from '../src/tenant/tenant-import';
import { FUEGO_OWNER, FUEGO_PALERMO_STAFF } from './support/console-fixture';
import { tenantExample } from './support/diner-fixture';

// Scale-out (design brief, ADR 005): two API processes on one PostgreSQL and
// one Redis. A follow-up page connected to process B hears an order accepted
// through process A's console API, and so does a console connected to B. The
// processes are the real server (`src/server.ts` under tsx) as children; the
// Socket.IO adapter's channels carry a prefix of this run only.

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(apiRoot, '../..');
const redisUrl = process.env.TEST_REDIS_URL;
const adminUrl = process.env.TEST_DATABASE_URL;
const available = Boolean(redisUrl && adminUrl);
if (!available) {
  console.warn('realtime-redis.test.ts skipped: set TEST_REDIS_URL and TEST_DATABASE_URL to run it');
}

/** The example tenant with Palermo's take-away open around the clock (the children run on the real clock). */
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

/** Starts `src/server.ts` under tsx and waits for its health check. */
async function serverStart(env: Record<string, string>): Promise<{ child: ChildProcess; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/server.ts')], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${stderr}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { child, baseUrl };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${stderr}`);
}

async function serverStop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function json(baseUrl: string, method: string, url: string, body?: unknown, headers = {}) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: checked field by field
  return { status: response.status, body: (await response.json()) as any };
}

function socketOpen(baseUrl: string, auth?: { token: string }): Promise<Socket> {
  const socket = connect(baseUrl, { transports: ['websocket'], reconnection: false, forceNew: true, auth });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const join = (socket: Socket, room: string) =>
  new Promise<boolean>((resolve) =>
    socket.emit('join', room, (result: { ok: boolean }) => resolve(result.ok)),
  );

describe('realtime across two API processes through Redis', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it.skipIf(!available)(
    'an order accepted through process A reaches a follow-up page and a console connected to process B',
    async () => {
      // A throwaway database with the tenant, before the servers start.
      const name = `comanda_rt_${randomBytes(5).toString('hex')}`;
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
      const url = new URL(adminUrl as string);
      url.pathname = `/${name}`;
      const databaseUrl = url.toString();
      const database = await databaseOpen({ databaseUrl });
      const imported = await tenantImport(database.db, alwaysOpenTenant());
      await database.close();
      if (!imported.ok) expect.fail(imported.errors.join('\n'));

      // Two processes; channels under a prefix of this run only, so parallel runs never cross.
      const prefix = `comanda-test-${randomBytes(6).toString('hex')}`;
      const env = {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl as string,
        REDIS_KEY_PREFIX: prefix,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: '',
        JOBS_ENABLED: 'false',
        ADMIN_TOKEN: 'realtime-redis-admin',
        // No periodic pass during the test: what B's consoles lose, they lose through A's message.
        STAFF_SOCKET_RECHECK_SECONDS: '3600',
      };
      const [a, b] = await Promise.all([serverStart(env), serverStart(env)]);
      cleanups.push(
        () => serverStop(a.child),
        () => serverStop(b.child),
      );

      // An order, placed through A at the server's price.
      const palermo = (await json(a.baseUrl, 'GET', '/api/diner/fuego-palermo')).body.branchContact;
      const takeAway = palermo.deliveryConfig.orderModes.find(
        (mode: { type: string }) => mode.type === 'TAKE_AWAY',
      );
      const menu = (
        await json(a.baseUrl, 'GET', `/api/diner/fuego-palermo/menu/${palermo.id}?orderModeId=${takeAway.id}`)
      ).body;
      const plates = menu.categories.flatMap((category: { plates: unknown[] }) => category.plates);
      const clasica = plates.find((plate: { showName: string }) => plate.showName === 'Clásica');
      const bread = clasica.garnishGroups.find(
        (group: { groupName: string }) => group.groupName === 'Elegí tu pan',
      );
      const payload = {
        orderModeId: takeAway.id,
        branchContact: { id: palermo.id },
        type: 'TAKE_AWAY',
        items: [
          {
            referenceId: clasica.id,
            sizeId: clasica.sizes.find((size: { name: string }) => size.name === 'Simple').id,
            quantity: 1,
            extras: [
              { groupId: bread.groupId, groupItems: [{ referenceId: bread.groupItems[0].id, quantity: 1 }] },
            ],
          },
        ],
        price: 0,
        paymentType: {
          id: takeAway.paymentTypes.find((type: { paymentMethod: string }) => type.paymentMethod === 'CASH')
            .id,
        },
        paysWith: 20000,
        phone: '+5491155550123',
        customerName: 'Ana Pérez',
      };
      const priced = await json(a.baseUrl, 'POST', '/api/order', payload, {
        'idempotency-key': randomUUID(),
      });
      expect(priced.status).toBe(409);
      const placed = await json(
        a.baseUrl,
        'POST',
        '/api/order',
        { ...payload, price: priced.body.breakdown.price },
        { 'idempotency-key': randomUUID() },
      );
      expect(placed.status).toBe(201);
      const { code, id } = placed.body;

      // Staff log in on A; the follow-up page and a console connect to B.
      const login = await json(a.baseUrl, 'POST', '/api/staff/login', FUEGO_OWNER);
      expect(login.status).toBe(200);
      const diner = await socketOpen(b.baseUrl);
      const consoleSocket = await socketOpen(b.baseUrl, { token: login.body.token });
      cleanups.push(async () => {
        diner.close();
        consoleSocket.close();
      });
      expect(await join(diner, `order-${code}`)).toBe(true);
      expect(await join(consoleSocket, `console-${palermo.id}`)).toBe(true);

      // The adapter's channels in Redis carry this run's prefix.
      const redis = new Redis(redisUrl as string);
      const channels = (await redis.pubsub('CHANNELS', `${prefix}:socket.io*`)) as string[];
      redis.disconnect();
      expect(channels.length).toBeGreaterThan(0);

      const heardByDiner = new Promise<{ status: string; at: number }>((resolve) =>
        diner.once('order-updated', (view: { status: string }) => resolve({ ...view, at: Date.now() })),
      );
      const heardByConsole = new Promise<{ id: number; status: string }>((resolve) =>
        consoleSocket.once('order-updated', resolve),
      );
      const sentAt = Date.now();
      const moved = await json(
        a.baseUrl,
        'POST',
        `/api/console/orders/${id}/status`,
        { status: 'ACCEPTED' },
        { authorization: `Bearer ${login.body.token}` },
      );
      expect(moved.status).toBe(200);
      const timeout = (ms: number) =>
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms));
      const view = await Promise.race([heardByDiner, timeout(5000)]);
      expect(view).toMatchObject({ code, status: 'ACCEPTED' });
      // The quality bar: a console move reaches an open follow-up page in under a second.
      expect(view.at - sentAt).toBeLessThan(1000);
      await expect(Promise.race([heardByConsole, timeout(5000)])).resolves.toMatchObject({
        id,
        status: 'ACCEPTED',
      });

      // A staff member removed by an import through A loses the console on B at once (issue 16, item 6).
      const counter = await json(a.baseUrl, 'POST', '/api/staff/login', FUEGO_PALERMO_STAFF);
      expect(counter.status).toBe(200);
      const counterSocket = await socketOpen(b.baseUrl, { token: counter.body.token });
      cleanups.push(async () => void counterSocket.close());
      expect(await join(counterSocket, `console-${palermo.id}`)).toBe(true);
      const gone = new Promise<string>((resolve) => counterSocket.once('disconnect', resolve));
      const withoutCounter = alwaysOpenTenant() as { staff: { email: string }[] };
      withoutCounter.staff = withoutCounter.staff.filter(
        (member) => member.email !== FUEGO_PALERMO_STAFF.email,
      );
      const reimported = await json(a.baseUrl, 'POST', '/api/admin/tenants', withoutCounter, {
        authorization: 'Bearer realtime-redis-admin',
      });
      expect(reimported.status).toBe(200);
      await expect(Promise.race([gone, timeout(3000)])).resolves.toBe('io server disconnect');
      expect(consoleSocket.connected).toBe(true);
    },
    120_000,
  );
});
