// Shared by the own-fleet benches (shipment-accept-race, rider-positions):
// the API bundle built and started as in production on a throwaway
// PostgreSQL database, the example tenant with Fuego Palermo's delivery open
// around the clock, riders put on shift, delivery orders placed and accepted
// through the real API, and small statistics.
//
// Riders' shift sessions are written straight into the database, as the
// server's `riderSessionOpen` writes them (a random token, its sha256 stored):
// the shift routes limit code attempts per client address, which a load
// generator on one address would trip, and they are not what these benches
// measure.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { plateLine } from './order-payload.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const resultsDir = path.join(root, 'bench', 'results');
export const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** One query on a given database. */
export async function databaseQuery(url, text, values = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** A throwaway database; `drop()` removes it. */
export async function throwawayDatabase(prefix) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  return {
    name,
    url: databaseUrl(name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export function buildApi(log) {
  log('building the API bundle');
  const build = spawnSync(process.execPath, ['apps/api/build.mjs'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`API build failed:\n${build.stderr}`);
}

/**
 * `node apps/api/dist/server.js` on PostgreSQL, loopback only, abuse limits raised for one load generator.
 * `extraEnv` adds to (or overrides) its environment, e.g. `REDIS_URL` for several processes.
 */
export async function apiStart(databaseUrlValue, adminToken, extraEnv = {}) {
  const port = await freePort();
  // BENCH_API_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the API during the run.
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrlValue,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ADMIN_TOKEN: adminToken,
      WEB_DIST_DIR: '',
      RATE_LIMIT_ORDER_PER_MINUTE: '100000000',
      ORDER_LIMIT_PER_PHONE: '100000000',
      ORDER_LIMIT_PER_VENUE: '100000000',
      MESSAGES_PER_PHONE_PER_DAY: '100000000',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, stop: () => childStop(child) };
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the API did not become healthy');
}

export async function childStop(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function json(response) {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/** The example tenant with Fuego Palermo's delivery open around the clock. */
export function exampleTenantDeliveryOpen() {
  const tenant = JSON.parse(fs.readFileSync(path.join(root, 'fixtures/tenant-example.json'), 'utf8'));
  const days = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
  for (const branch of tenant.branches) {
    for (const contact of branch.branchContacts) {
      for (const mode of contact.orderModes) {
        if (mode.key !== 'palermo-delivery') continue;
        mode.schedules = [
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
      }
    }
  }
  return tenant;
}

/** Imports the tenant through the admin API; answers Fuego Palermo's ids and an owner session. */
export async function fuegoPalermo(base, adminToken) {
  const imported = await fetch(`${base}/api/admin/tenants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(exampleTenantDeliveryOpen()),
  });
  if (!imported.ok) throw new Error(`tenant import failed: ${imported.status} ${await imported.text()}`);
  const contact = (await json(await fetch(`${base}/api/diner/fuego-palermo`))).branchContact;
  const mode = contact.deliveryConfig.orderModes.find((candidate) => candidate.type === 'DELIVERY');
  const login = await fetch(`${base}/api/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'lucia@fuego.example', password: 'cambiar-esta-clave' }),
  });
  if (!login.ok) throw new Error(`staff login failed: ${login.status} ${await login.text()}`);
  return { contact, mode, ownerToken: (await json(login)).token };
}

/**
 * `count` riders at the location, approved and on shift, each with a session
 * token (see the module comment). Answers `{ id, token }[]`.
 */
export async function ridersOnShift(dbUrl, branchContactId, count, shiftHours = 16) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows: contact } = await client.query('select company_id from branch_contacts where id = $1', [
      branchContactId,
    ]);
    const companyId = contact[0].company_id;
    const riders = [];
    for (let i = 0; i < count; i++) {
      const token = randomBytes(32).toString('base64url');
      const { rows } = await client.query(
        `insert into riders (company_id, branch_contact_id, name, phone, security_code_hash, active, approved, shift_started_at)
         values ($1, $2, $3, $4, 'bench-no-code', true, true, now()) returning id`,
        [companyId, branchContactId, `Bench ${i + 1}`, `+54911699${String(i).padStart(5, '0')}`],
      );
      const id = rows[0].id;
      await client.query(
        `insert into rider_sessions (token_hash, rider_id, company_id, branch_contact_id, expires_at)
         values ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
        [createHash('sha256').update(token).digest('hex'), id, companyId, branchContactId, shiftHours],
      );
      riders.push({ id, token });
    }
    return riders;
  } finally {
    await client.end();
  }
}

/** Places delivery orders at Fuego Palermo (cash) and has the owner accept them; answers the orders' ids. */
export async function deliveriesAccepted(base, fuego, count) {
  const plate = (
    await json(
      await fetch(`${base}/api/diner/fuego-palermo/menu/${fuego.contact.id}?orderModeId=${fuego.mode.id}`),
    )
  ).categories
    .flatMap((category) => category.plates)
    .find((candidate) => candidate.showName === 'Clásica');
  const cash = fuego.mode.paymentTypes.find((type) => type.paymentMethod === 'CASH');
  const payload = {
    orderModeId: fuego.mode.id,
    branchContact: { id: fuego.contact.id },
    type: 'DELIVERY',
    items: [plateLine(plate, 2)],
    price: 0,
    paymentType: { id: cash.id },
    paysWith: 100_000,
    destination: {
      fullAddress: 'Honduras 5200, Palermo, CABA',
      lat: -34.585,
      lng: -58.425,
      betweenStreets: 'Thames y Uriarte',
    },
    customerName: 'Cliente de prueba',
  };
  const post = (body) =>
    fetch(`${base}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    });
  const probe = await json(await post({ ...payload, phone: '+5491140000000' }));
  if (!probe?.breakdown) throw new Error(`could not price the delivery: ${JSON.stringify(probe)}`);
  payload.price = probe.breakdown.price;
  const orderIds = [];
  for (let i = 0; i < count; i++) {
    const placed = await post({ ...payload, phone: `+54911${String(41_000_000 + i).padStart(8, '0')}` });
    const order = await json(placed);
    if (placed.status !== 201) throw new Error(`order refused: ${placed.status} ${JSON.stringify(order)}`);
    const moved = await fetch(`${base}/api/console/orders/${order.id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${fuego.ownerToken}` },
      body: JSON.stringify({ status: 'ACCEPTED' }),
    });
    if (!moved.ok) throw new Error(`accept failed: ${moved.status} ${await moved.text()}`);
    orderIds.push(order.id);
  }
  return orderIds;
}

/** The shipment of each order (one each right after acceptance), from the database. */
export async function shipmentsOfOrders(dbUrl, orderIds) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select s.id, lo.order_id from shipments s join logistics_orders lo on lo.id = s.logistics_order_id
        where lo.order_id = any($1::int[]) order by lo.order_id`,
      [orderIds],
    );
    return rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

/**
 * One request with node:http (keep-alive agent); answers the status and the time until the body was read.
 * `headers` adds request headers; `keepBody` also answers the body as text; `timeoutMs` fails a request
 * that has not answered by then.
 */
export function timedRequest(
  agent,
  url,
  { method = 'GET', token, body, headers = {}, keepBody = false, timeoutMs } = {},
) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const request = http.request(
      url,
      {
        method,
        agent,
        timeout: timeoutMs,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (response) => {
        const chunks = [];
        if (keepBody) response.on('data', (chunk) => chunks.push(chunk));
        else response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - t0,
            ...(keepBody ? { body: Buffer.concat(chunks).toString('utf8') } : {}),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

export const round2 = (value) =>
  value === null || Number.isNaN(value) ? null : Math.round(value * 100) / 100;

/** Nearest-rank percentile. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function median(values) {
  return percentile(values, 50);
}

export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    loadAverage: os.loadavg().map((value) => round2(value)),
  };
}

export function gitCommit() {
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return git.stdout.trim() || 'unknown';
}

export function resultsWrite(name, result, markdown) {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  fs.writeFileSync(path.join(resultsDir, `${name}.md`), markdown);
}

/** `count` Socket.IO clients (websocket only, no reconnection) connected to `url`, in batches of 50. */
export async function socketClientsConnect(url, count) {
  const { io: connect } = await import('socket.io-client');
  const clients = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, () => {
      const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true });
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('client connect timed out')), 15_000);
        socket.once('connect', () => {
          clearTimeout(timer);
          resolve(socket);
        });
        socket.once('connect_error', reject);
      });
    });
    clients.push(...(await Promise.all(batch)));
  }
  return clients;
}
