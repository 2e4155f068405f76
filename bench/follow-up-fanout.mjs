#!/usr/bin/env node
// Follow-up fan-out (issue 6): 500 follow-up pages connected to one API
// process receive a state change; how long until the last of them has it?
//
//   node bench/follow-up-fanout.mjs            (or: npm run bench -- follow-up-fanout)
//
// The API runs as in production (esbuild bundle, `node apps/api/dist/server.js`,
// LOG_LEVEL=warn, background jobs off so they do not interleave) on a throwaway
// database: an embedded PGlite in a temporary folder, or a throwaway PostgreSQL
// database next to BENCH_DATABASE_URL when that is set. Loopback only.
//
// Each round places a real order (demo tenant, Núñez take-away made open around
// the clock), joins all clients to `order-{code}`, and then an OWNER moves it to
// ACCEPTED through `POST /api/console/orders/{id}/status`. The clock starts just
// before that request is sent; every client notes when its `order-updated`
// arrives. Reported: the time until the last client had it, p50 and p99, per
// round and as the median of the measured rounds (the first round is warm-up).
//
// Same-run reference: a bare Socket.IO server (same library, websocket only, no
// code of ours) in its own process; an HTTP request makes it emit a payload of
// the same size to a room of another 500 clients of the same kind. Rounds
// alternate ours and the reference, so both see the same machine load. Its last-client time is
// the floor for "HTTP request in, 500 websocket frames out" on this machine;
// the ratio says what our route (auth, row lock, transaction, outbox write,
// follow-up view read, console detail) adds on top.
//
// Environment (all optional):
//   BENCH_FANOUT_CLIENTS  connected follow-up pages (default 500)
//   BENCH_FANOUT_ROUNDS   rounds including the warm-up (default 11)
//   BENCH_DATABASE_URL    use a throwaway PostgreSQL database on this server instead of PGlite
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { demoTenantOpenAroundTheClock, tenantImport } from './lib/built-app.mjs';
import { plateLine } from './lib/order-payload.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench', 'results');
const clientsCount = Number(process.env.BENCH_FANOUT_CLIENTS ?? 500);
const rounds = Number(process.env.BENCH_FANOUT_ROUNDS ?? 11);
const adminUrl = process.env.BENCH_DATABASE_URL;
const ROUND_TIMEOUT_MS = 20_000;

const log = (message) => console.log(`[follow-up-fanout] ${message}`);

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitHealthy(child, url, name) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not become healthy`);
}

async function stop(child) {
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

/** Imports the tenant and answers a function that places one Núñez take-away order. */
async function orderPlacer(base, adminToken) {
  await tenantImport(base, adminToken, demoTenantOpenAroundTheClock(['nunez-takeaway']));
  const contact = (await json(await fetch(`${base}/api/diner/brasa-nunez`))).branchContact;
  const mode = contact.deliveryConfig.orderModes.find((candidate) => candidate.type === 'TAKE_AWAY');
  const cash = mode.paymentTypes.find((type) => type.paymentMethod === 'CASH');
  const menu = await json(
    await fetch(`${base}/api/diner/brasa-nunez/menu/${contact.id}?orderModeId=${mode.id}`),
  );
  const plate = menu.categories.flatMap((category) => category.plates)[0];
  const payload = {
    orderModeId: mode.id,
    branchContact: { id: contact.id },
    type: 'TAKE_AWAY',
    items: [plateLine(plate, 1)],
    price: 0,
    paymentType: { id: cash.id },
    paysWith: 1_000_000,
    phone: '+5491155550123',
    customerName: 'Bench',
  };
  const post = (body) =>
    fetch(`${base}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    });
  const priced = await json(await post(payload));
  if (!priced?.breakdown) throw new Error(`could not price the order: ${JSON.stringify(priced)}`);
  payload.price = priced.breakdown.price;
  return async () => {
    const response = await post(payload);
    const body = await json(response);
    if (response.status !== 201) throw new Error(`order refused: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
}

/** `count` websocket clients, connected in batches; each keeps its own event times. */
async function clientsConnect(url, count) {
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

function joinAll(clients, room, previous) {
  return Promise.all(
    clients.map(
      (socket) =>
        new Promise((resolve, reject) => {
          if (previous) socket.emit('leave', previous);
          socket.emit('join', room, (result) =>
            result?.ok ? resolve() : reject(new Error(`join ${room} refused`)),
          );
        }),
    ),
  );
}

/** Waits for `event` on every client; answers each client's arrival time (performance.now()). */
function arrivals(clients, event) {
  return Promise.all(
    clients.map(
      (socket) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`no ${event} within ${ROUND_TIMEOUT_MS} ms`)),
            ROUND_TIMEOUT_MS,
          );
          socket.once(event, () => {
            clearTimeout(timer);
            resolve(performance.now());
          });
        }),
    ),
  );
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summarize(startedAt, times, extra = {}) {
  const latencies = times.map((time) => time - startedAt).sort((a, b) => a - b);
  const round2 = (value) => Math.round(value * 100) / 100;
  return {
    lastMs: round2(latencies.at(-1)),
    p50Ms: round2(percentile(latencies, 50)),
    p99Ms: round2(percentile(latencies, 99)),
    firstMs: round2(latencies[0]),
    ...extra,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// The reference server: the same Socket.IO, no code of ours. GET /emit?room=&bytes= emits a payload
// of that size to the room and answers once the emit call returned (as our route answers after publishing).
const REFERENCE_SERVER = `
import http from 'node:http';
import { Server } from 'socket.io';
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname === '/health') return res.end('ok');
  if (url.pathname === '/emit') {
    const payload = { status: 'ACCEPTED', padding: 'x'.repeat(Number(url.searchParams.get('bytes') ?? 0)) };
    io.to(url.searchParams.get('room')).emit('order-updated', payload);
    res.setHeader('content-type', 'application/json');
    return res.end('{"ok":true}');
  }
  res.statusCode = 404;
  res.end();
});
const io = new Server(server, { transports: ['websocket'], serveClient: false });
io.on('connection', (socket) => {
  socket.on('join', (room, ack) => { socket.join(room); if (typeof ack === 'function') ack({ ok: true }); });
  socket.on('leave', (room) => socket.leave(room));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => { io.close(); process.exit(0); });
`;

async function main() {
  const cleanups = [];
  const loadAtStart = Math.round(os.loadavg()[0] * 100) / 100;
  const run = async () => {
    // ---------------------------------------------------------------- our API
    log('building the API bundle');
    const build = spawnSync(process.execPath, ['apps/api/build.mjs'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`API build failed:\n${build.stderr}`);

    const env = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: '',
      JOBS_ENABLED: 'false',
      RATE_LIMIT_ORDER_PER_MINUTE: '100000000',
      // The bench is one client placing orders for few phones at one location as fast as it can:
      // exactly what the abuse limits stop (ADR 020), so it raises them all.
      ORDER_LIMIT_PER_PHONE: '100000000',
      ORDER_LIMIT_PER_VENUE: '100000000',
      MESSAGES_PER_PHONE_PER_DAY: '100000000',
      CODE_FAILURES_PER_CLIENT: '100000000',
      CODE_FAILURES_PER_BRAND: '100000000',
    };
    delete env.REDIS_URL;
    let database;
    if (adminUrl) {
      const name = `comanda_bench_fanout_${randomBytes(4).toString('hex')}`;
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
      env.DATABASE_URL = url.toString();
      database = 'PostgreSQL (throwaway database)';
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comanda-fanout-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      delete env.DATABASE_URL;
      env.DATA_DIR = dataDir;
      database = 'PGlite (temporary folder)';
    }
    const adminToken = randomBytes(24).toString('hex');
    const apiPort = await freePort();
    const api = spawn(process.execPath, ['apps/api/dist/server.js'], {
      cwd: root,
      env: { ...env, PORT: String(apiPort), HOST: '127.0.0.1', ADMIN_TOKEN: adminToken },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    cleanups.push(() => stop(api));
    const base = `http://127.0.0.1:${apiPort}`;
    await waitHealthy(api, `${base}/api/health`, 'the API');
    log(`API on ${base}, ${database}`);

    const placeOrder = await orderPlacer(base, adminToken);
    const login = await json(
      await fetch(`${base}/api/staff/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'martin@brasa.example', password: 'brasa-demo-dueno' }),
      }),
    );
    if (!login?.token) throw new Error(`staff login failed: ${JSON.stringify(login)}`);

    // ---------------------------------------------------------------- reference
    const refPort = await freePort();
    const reference = spawn(process.execPath, ['--input-type=module', '-e', REFERENCE_SERVER], {
      cwd: root,
      env: { ...process.env, PORT: String(refPort) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    cleanups.push(() => stop(reference));
    const refBase = `http://127.0.0.1:${refPort}`;
    await waitHealthy(reference, `${refBase}/health`, 'the reference server');

    log(`connecting ${clientsCount} follow-up clients to the API and ${clientsCount} to the reference`);
    const clients = await clientsConnect(base, clientsCount);
    const refClients = await clientsConnect(refBase, clientsCount);
    cleanups.push(async () => {
      for (const socket of [...clients, ...refClients]) socket.close();
    });

    // Rounds alternate ours and the reference, so both see the same machine load.
    const ours = [];
    const refRounds = [];
    const httpRoundTrips = [];
    let payloadBytes = 0;
    let room;
    let refRoom;
    for (let round = 0; round < rounds; round++) {
      const order = await placeOrder();
      const next = `order-${order.code}`;
      await joinAll(clients, next, room);
      room = next;
      const arrived = arrivals(clients, 'order-updated');
      clients[0].once('order-updated', (view) => {
        payloadBytes = Buffer.byteLength(JSON.stringify(view));
      });
      const startedAt = performance.now();
      const response = await fetch(`${base}/api/console/orders/${order.id}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
        body: JSON.stringify({ status: 'ACCEPTED' }),
      });
      const answeredAt = performance.now();
      if (response.status !== 200)
        throw new Error(`move refused: ${response.status} ${await response.text()}`);
      const times = await arrived;
      ours.push(
        summarize(startedAt, times, { moveAnswerMs: Math.round((answeredAt - startedAt) * 100) / 100 }),
      );

      const refNext = `order-REF${round}`;
      await joinAll(refClients, refNext, refRoom);
      refRoom = refNext;
      const pinged = performance.now();
      await (await fetch(`${refBase}/health`)).text();
      httpRoundTrips.push(performance.now() - pinged);
      const refArrived = arrivals(refClients, 'order-updated');
      const refStartedAt = performance.now();
      await (await fetch(`${refBase}/emit?room=${encodeURIComponent(refNext)}&bytes=${payloadBytes}`)).text();
      refRounds.push(summarize(refStartedAt, await refArrived));
      log(
        `round ${round + 1}: ours last ${ours.at(-1).lastMs} ms (p50 ${ours.at(-1).p50Ms}), ` +
          `reference last ${refRounds.at(-1).lastMs} ms (p50 ${refRounds.at(-1).p50Ms})`,
      );
    }

    // ---------------------------------------------------------------- results
    const measured = ours.slice(1);
    const refMeasured = refRounds.slice(1);
    const result = {
      benchmark: 'follow-up-fanout',
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? null,
        node: process.version,
        // Other work on the machine shows in both figures alike (alternating rounds); recorded for context.
        loadAverage1mAtStart: loadAtStart,
        loadAverage1mAtEnd: Math.round(os.loadavg()[0] * 100) / 100,
      },
      setup: {
        clients: clientsCount,
        rounds,
        warmupRounds: 1,
        database,
        api: 'apps/api/dist/server.js (esbuild bundle), one process, LOG_LEVEL=warn, jobs off, no Redis',
        event: 'order-updated (follow-up view) after POST /api/console/orders/{id}/status {status: ACCEPTED}',
        payloadBytes,
        clientsIn: 'one Node.js process (socket.io-client, websocket transport), loopback',
      },
      ours: {
        lastMsMedian: median(measured.map((r) => r.lastMs)),
        p50MsMedian: median(measured.map((r) => r.p50Ms)),
        p99MsMedian: median(measured.map((r) => r.p99Ms)),
        moveAnswerMsMedian: median(measured.map((r) => r.moveAnswerMs)),
        rounds: ours,
      },
      reference: {
        what: 'bare Socket.IO server process: HTTP GET → io.to(room).emit of the same payload size → same clients',
        lastMsMedian: median(refMeasured.map((r) => r.lastMs)),
        p50MsMedian: median(refMeasured.map((r) => r.p50Ms)),
        p99MsMedian: median(refMeasured.map((r) => r.p99Ms)),
        httpRoundTripMsMedian: Math.round(median(httpRoundTrips.slice(1)) * 100) / 100,
        rounds: refRounds,
      },
    };
    result.ratioLastToReference =
      Math.round((result.ours.lastMsMedian / result.reference.lastMsMedian) * 100) / 100;

    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(path.join(resultsDir, 'follow-up-fanout.json'), `${JSON.stringify(result, null, 2)}\n`);
    const md = [
      '# Follow-up fan-out',
      '',
      `${clientsCount} follow-up pages (Socket.IO clients in \`order-{code}\`) on one API process; an OWNER moves`,
      'the order to ACCEPTED through the console API; time from sending that request until each client has',
      `\`order-updated\`. Median of ${rounds - 1} rounds after one warm-up, alternating with the reference. ${result.date.slice(0, 10)}, ${result.machine.cpus} CPUs`,
      `(${result.machine.cpuModel}), Node ${result.machine.node}, ${database}, load average ${loadAtStart} at start.`,
      'Command: `node bench/follow-up-fanout.mjs`.',
      '',
      '| | last client | p50 | p99 | HTTP answer |',
      '|---|---|---|---|---|',
      `| Comanda (console move → order-updated) | ${result.ours.lastMsMedian} ms | ${result.ours.p50MsMedian} ms | ${result.ours.p99MsMedian} ms | ${result.ours.moveAnswerMsMedian} ms |`,
      `| Reference (bare Socket.IO emit on an HTTP request) | ${result.reference.lastMsMedian} ms | ${result.reference.p50MsMedian} ms | ${result.reference.p99MsMedian} ms | — |`,
      '',
      `Ratio (last client, ours / reference): **${result.ratioLastToReference}**. Payload ${payloadBytes} bytes.`,
      `Plain node:http round trip to the reference server: ${result.reference.httpRoundTripMsMedian} ms.`,
      '',
      'The reference is the floor of "one HTTP request in, 500 websocket frames out" on this machine with the',
      'same library and clients; the difference is our route: session check, row lock and transaction, outbox',
      'write, the follow-up view read for the event, the console detail. The clients share one Node.js process',
      'with each other (not with the server), so both figures include the clients’ own event-loop time.',
      '',
    ].join('\n');
    fs.writeFileSync(path.join(resultsDir, 'follow-up-fanout.md'), md);
    log(
      `last client: ours ${result.ours.lastMsMedian} ms, reference ${result.reference.lastMsMedian} ms, ratio ${result.ratioLastToReference}`,
    );
  };
  try {
    await run();
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }
}

const watchdog = setTimeout(() => {
  console.error('[follow-up-fanout] took longer than 5 minutes; giving up');
  process.exit(1);
}, 5 * 60_000);
watchdog.unref();

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
