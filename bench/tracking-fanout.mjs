#!/usr/bin/env node
// Tracking fan-out (issue 10, ADR 025): 1,000 tracking pages (Socket.IO
// clients joined to `tracking-{id}` with their order's code) and 200 rider
// positions per second over the riders holding those orders; the time from
// sending a position report until each subscribed page has its
// `rider-position` (with the arrival window). Bars: p99 ≤ 500 ms with one API
// process; p99 ≤ 1 s with two API processes behind Redis (pages spread over
// both, reports sent to either).
//
//   node bench/tracking-fanout.mjs       (or: npm run bench -- tracking-fanout)
//
// Setup: the API as in production (esbuild bundle, LOG_LEVEL=warn) on a
// throwaway PostgreSQL database (bench/lib/fleet.mjs); BENCH_TRACKING_ORDERS
// deliveries placed and accepted through the API, one rider on shift taking
// each (ON_ROUTE_TO_PICK_UP: the window goes through the store); pages spread
// evenly over the orders (2 pages an order by default: a diner and a family
// member). Every rider reports every ORDERS / RATE seconds (2.5 s by default:
// above the 2 s a position is kept for), spread evenly, so each report is kept
// and published. Each report's coordinates are unique: a page matches what it
// receives with what was sent, on the same clock (one process).
//
// Same-run reference: a bare Socket.IO server (same library, websocket only,
// no code of ours) that emits the same payload to the same rooms on an HTTP
// request, at the same rate to the same number of clients; for the two-process
// case, two of them behind the same Redis adapter. Rounds alternate ours and
// the reference so both see the same machine load.
//
// Environment: BENCH_TRACKING_PAGES (1000), BENCH_TRACKING_ORDERS (500),
// BENCH_TRACKING_RATE (200 reports/s), BENCH_TRACKING_ROUND_S (15),
// BENCH_TRACKING_ROUNDS (2 of each per setup), BENCH_REDIS_URL (else
// TEST_REDIS_URL, else redis://127.0.0.1:6379), BENCH_DATABASE_URL.
// A run with other than the default settings is kept beside the default one
// in the results (label `short` when rounds are shorter, else `custom`).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  adminQuery,
  apiStart,
  buildApi,
  childStop,
  databaseQuery,
  deliveriesAccepted,
  freePort,
  fuegoPalermo,
  gitCommit,
  machine,
  percentile,
  resultsDir,
  resultsWrite,
  ridersOnShift,
  root,
  round2,
  socketClientsConnect,
  throwawayDatabase,
  timedRequest,
} from './lib/fleet.mjs';

const DEFAULTS = { pages: 1000, orders: 500, rate: 200, roundSeconds: 15, rounds: 2 };
const settings = {
  pages: Number(process.env.BENCH_TRACKING_PAGES ?? DEFAULTS.pages),
  orders: Number(process.env.BENCH_TRACKING_ORDERS ?? DEFAULTS.orders),
  rate: Number(process.env.BENCH_TRACKING_RATE ?? DEFAULTS.rate),
  roundSeconds: Number(process.env.BENCH_TRACKING_ROUND_S ?? DEFAULTS.roundSeconds),
  rounds: Number(process.env.BENCH_TRACKING_ROUNDS ?? DEFAULTS.rounds),
};
const label = Object.entries(DEFAULTS).every(([key, value]) => settings[key] === value)
  ? 'default'
  : settings.roundSeconds < DEFAULTS.roundSeconds || settings.rounds < DEFAULTS.rounds
    ? 'short'
    : 'custom';
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const intervalMs = (settings.orders / settings.rate) * 1000;
const BARS = { one: 500, two: 1000 };
const GRACE_MS = 3000;
const log = (message) => console.log(`[tracking-fanout] ${message}`);

// A bare Socket.IO server; POST /emit {room, event, payload} emits it to the room. With REDIS_URL the
// Redis adapter carries it to the clients of every such server (as ours does across API processes).
const REFERENCE_SERVER = `
import http from 'node:http';
import { Server } from 'socket.io';
const server = http.createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  if (req.url === '/emit' && req.method === 'POST') {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const { room, event, payload } = JSON.parse(Buffer.concat(chunks).toString());
      io.to(room).emit(event, payload);
      res.statusCode = 204;
      res.end();
    });
    return;
  }
  res.statusCode = 404;
  res.end();
});
const io = new Server(server, { transports: ['websocket'], serveClient: false });
if (process.env.REDIS_URL) {
  const { createAdapter } = await import('@socket.io/redis-adapter');
  const { Redis } = await import('ioredis');
  const pub = new Redis(process.env.REDIS_URL);
  io.adapter(createAdapter(pub, pub.duplicate(), { key: process.env.REDIS_KEY }));
}
io.on('connection', (socket) => {
  socket.on('join', (request, ack) => { socket.join(request.room); if (typeof ack === 'function') ack({ ok: true }); });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => { io.close(); process.exit(0); });
`;

async function referenceStart(env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', REFERENCE_SERVER], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`the reference exited with ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, stop: () => childStop(child) };
}

/**
 * Pages: page i follows order i % orders, connected to server i % bases; each
 * records when a `rider-position` arrives, matched to its send by the
 * room and the unique coordinates.
 */
async function pagesOpen(bases, orders, holder, join) {
  const perBase = bases.map((_, b) => Math.ceil((settings.pages - b) / bases.length));
  const sockets = (await Promise.all(bases.map((base, b) => socketClientsConnect(base, perBase[b])))).flat();
  const pages = [];
  for (let i = 0; i < settings.pages; i++) {
    const b = i % bases.length;
    const socket = sockets[perBase.slice(0, b).reduce((sum, n) => sum + n, 0) + Math.floor(i / bases.length)];
    const order = orders[i % orders.length];
    const ok = await new Promise((resolve) =>
      socket.emit('join', join(order), (answer) => resolve(answer?.ok === true)),
    );
    if (!ok) throw new Error(`page ${i} could not join tracking-${order.trackingId}`);
    socket.on('rider-position', (payload) => {
      const receivedAt = performance.now();
      const state = holder.state;
      if (!state) return;
      const t0 = state.times.get(`${order.trackingId}|${payload.lat}|${payload.lng}`);
      if (t0 !== undefined) state.latencies.push(receivedAt - t0);
      else state.unmatched += 1;
      if (!holder.sample && payload.eta) holder.sample = payload;
    });
    pages.push(socket);
  }
  return pages;
}

/**
 * Every rider reports every `intervalMs` (rider i at phase i/orders) for
 * `seconds`; report k goes to `targets[k % targets.length]`. Answers the
 * latencies of the deliveries matched, how many were expected, and failures.
 */
async function load(targets, orders, seconds, send, holder) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const sent = { times: new Map(), latencies: [], unmatched: 0 };
  holder.state = sent;
  const failures = {};
  const pending = [];
  let expected = 0;
  let reports = 0;
  const pagesPerOrder = orders.map(
    (_, o) => Math.floor(settings.pages / orders.length) + (o < settings.pages % orders.length ? 1 : 0),
  );
  const start = performance.now();
  const end = start + seconds * 1000;
  const next = orders.map((_, i) => start + (i / orders.length) * intervalMs);
  const walk = orders.map((_, i) => ({
    lat: -34.6 + (i % 40) * 0.0005,
    lng: -58.44 + Math.floor(i / 40) * 0.0005,
  }));
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (now >= end) return resolve();
      for (let i = 0; i < orders.length; i++) {
        if (next[i] > now) continue;
        next[i] += intervalMs;
        walk[i].lat = round7(walk[i].lat + (Math.random() - 0.5) * 0.0002);
        walk[i].lng = round7(walk[i].lng + (Math.random() - 0.5) * 0.0002);
        const position = { lat: walk[i].lat, lng: walk[i].lng };
        const target = targets[reports % targets.length];
        reports += 1;
        // The clock starts as the report is handed to the HTTP client.
        sent.times.set(`${orders[i].trackingId}|${position.lat}|${position.lng}`, performance.now());
        expected += pagesPerOrder[i];
        pending.push(
          send(agent, target, orders[i], position).then(
            (status) => {
              if (status !== 204) failures[`HTTP ${status}`] = (failures[`HTTP ${status}`] ?? 0) + 1;
            },
            (error) => {
              failures[error.message] = (failures[error.message] ?? 0) + 1;
            },
          ),
        );
      }
      setTimeout(tick, 2);
    };
    tick();
  });
  await Promise.all(pending);
  await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
  holder.state = null;
  agent.destroy();
  return { sent, expected, reports, failures, seconds };
}

const round7 = (value) => Math.round(value * 1e7) / 1e7;

function summary(runs) {
  const latencies = runs.flatMap((run) => run.sent.latencies);
  const expected = runs.reduce((sum, run) => sum + run.expected, 0);
  const reports = runs.reduce((sum, run) => sum + run.reports, 0);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const failures = {};
  for (const run of runs)
    for (const [why, n] of Object.entries(run.failures)) failures[why] = (failures[why] ?? 0) + n;
  return {
    reports,
    reportsPerSecond: round2(reports / seconds),
    deliveries: latencies.length,
    expectedDeliveries: expected,
    missing: expected - latencies.length,
    latencyMs: {
      p50: round2(percentile(latencies, 50)),
      p95: round2(percentile(latencies, 95)),
      p99: round2(percentile(latencies, 99)),
      max: round2(latencies.reduce((max, value) => Math.max(max, value), 0)),
    },
    roundsP99: runs.map((run) => round2(percentile(run.sent.latencies, 99))),
    failures,
  };
}

/** Warm-up, then `rounds` alternating rounds of ours and the reference. */
async function measure(name, ours, reference) {
  log(`${name}: warm-up 5 s of each`);
  await ours(5);
  await reference(5);
  const mine = [];
  const theirs = [];
  for (let round = 1; round <= settings.rounds; round++) {
    mine.push(await ours(settings.roundSeconds));
    theirs.push(await reference(settings.roundSeconds));
    log(
      `${name} round ${round}/${settings.rounds}: p99 ours ${round2(percentile(mine.at(-1).sent.latencies, 99))} ms, ` +
        `reference ${round2(percentile(theirs.at(-1).sent.latencies, 99))} ms`,
    );
  }
  return { ours: summary(mine), reference: summary(theirs) };
}

const apiSend = (tokenOf) => async (agent, base, order, position) =>
  (
    await timedRequest(agent, `${base}/api/rider/position`, {
      method: 'POST',
      token: tokenOf(order),
      body: position,
    })
  ).status;

const referenceSend = (holder) => async (agent, base, order, position) =>
  (
    await timedRequest(agent, `${base}/emit`, {
      method: 'POST',
      body: {
        room: `tracking-${order.trackingId}`,
        event: 'rider-position',
        payload: { ...position, at: new Date().toISOString(), eta: holder.sample?.eta ?? null },
      },
    })
  ).status;

function setupResult(measured, bar) {
  return {
    ...measured,
    barP99Ms: bar,
    ratioP99: round2(measured.ours.latencyMs.p99 / measured.reference.latencyMs.p99),
    passed:
      measured.ours.latencyMs.p99 !== null &&
      measured.ours.latencyMs.p99 <= bar &&
      Object.keys(measured.ours.failures).length === 0,
  };
}

function markdown(all) {
  const lines = [
    '# Tracking fan-out (1,000 tracking pages, 200 rider positions per second)',
    '',
    'Time from sending `POST /api/rider/position` until each tracking page subscribed to that order',
    '(`tracking-{id}`, joined with its order code) has the `rider-position` event with the arrival window.',
    'The API as in production (esbuild bundle, LOG_LEVEL=warn) on PostgreSQL; the pages (socket.io-client,',
    'websocket) and the load generator in one Node.js process; everything on one machine, loopback only.',
    'Reference in the same run: a bare Socket.IO server emitting the same payload to the same rooms on an HTTP',
    'request, at the same rate to the same clients (two of them through the same Redis adapter for the',
    'two-process case). Rounds alternate ours and the reference.',
    '',
  ];
  for (const [name, run] of Object.entries(all.runs)) {
    const m = run.machine;
    lines.push(
      `## Run \`${name}\`: ${run.settings.pages} pages, ${run.settings.orders} orders, ${run.settings.rate} reports/s, ${run.settings.rounds} × ${run.settings.roundSeconds} s rounds`,
      '',
      `Measured ${run.measuredAt} at commit ${run.commit} by \`${run.command}\` on ${m.cpus} × ${m.cpuModel},`,
      `Node ${m.node}, ${run.postgres}, ${run.redis}. Load average (1/5/15 min) at the start`,
      `${run.loadAverageAtStart.join(' / ')}, at the end ${run.loadAverageAtEnd.join(' / ')}.` +
        (run.loadAverageAtStart[0] > 3
          ? ` **The machine is shared and was busy (load above 3 on 2 cores) during this run: both figures include waiting for the CPU; the ratio to the reference is the fairer reading.**`
          : ''),
      '',
      '| Setup | Reports | Deliveries (missing) | p50 | p95 | p99 | max | p99 per round | Bar | Failures |',
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const [setup, title, referenceTitle] of [
      ['one', 'one API process', 'one Socket.IO server'],
      ['two', 'two API processes + Redis', 'two Socket.IO servers + Redis'],
    ]) {
      const s = run[setup];
      if (!s) continue;
      const row = (who, x, bar) =>
        `| ${who} | ${x.reports} (${x.reportsPerSecond}/s) | ${x.deliveries} (${x.missing}) | ${x.latencyMs.p50} ms | ${x.latencyMs.p95} ms | ${bar ? `**${x.latencyMs.p99} ms**` : `${x.latencyMs.p99} ms`} | ${x.latencyMs.max} ms | ${x.roundsP99.join(' / ')} | ${bar ? `≤ ${s.barP99Ms} ms: ${s.passed ? 'met' : 'MISSED'}` : '—'} | ${Object.keys(x.failures).length ? JSON.stringify(x.failures) : 'none'} |`;
      lines.push(
        row(`**Comanda, ${title}**`, s.ours, true),
        row(`Reference, ${referenceTitle}`, s.reference, false),
      );
    }
    lines.push(
      '',
      `Ratio of the p99s (ours / reference): one process **${run.one?.ratioP99}**, two processes **${run.two?.ratioP99}**. Payload ${run.payloadBytes} bytes.`,
      '',
    );
  }
  lines.push(
    'What ours adds over the reference: Fastify and the body schema, the rider session and the position kept in',
    'one statement (which also returns the shipments on their way and what their windows need), the arrival',
    'window per order (straight-line estimate: no router configured here), and the publish to the console and',
    'tracking rooms. "Missing" counts deliveries expected (pages × reports sent) that did not arrive within 3 s',
    "after the round: a report the server gets to less than 2 s after the same rider's previous one is dropped",
    'by the keep rule (ADR 023) and publishes nothing, so when reports queue up some go missing.',
    '',
  );
  return lines.join('\n');
}

async function main() {
  const loadAverageAtStart = os.loadavg().map(round2);
  const database = await throwawayDatabase();
  const adminToken = randomBytes(16).toString('hex');
  const running = [];
  const keyPrefix = `bench-tracking-${randomBytes(4).toString('hex')}`;
  try {
    buildApi(log);
    const single = await apiStart(database.url, adminToken, { REDIS_URL: '', JOBS_ENABLED: 'false' });
    running.push(single);
    const fuego = await fuegoPalermo(single.base, adminToken);
    const riders = await ridersOnShift(database.url, fuego.contact.id, settings.orders);
    log(`${riders.length} riders on shift; placing and accepting ${settings.orders} deliveries`);
    const workers = 4;
    const orderIds = (
      await Promise.all(
        Array.from({ length: workers }, (_, w) =>
          deliveriesAccepted(
            single.base,
            fuego,
            Math.floor(settings.orders / workers) + (w < settings.orders % workers ? 1 : 0),
          ),
        ),
      )
    ).flat();
    const { rows } = await databaseQuery(
      database.url,
      `select s.id as shipment_id, lo.id as tracking_id, o.code from shipments s
         join logistics_orders lo on lo.id = s.logistics_order_id join orders o on o.id = lo.order_id
        where o.id = any($1::int[]) order by o.id`,
      [orderIds],
    );
    const orders = rows.map((row, i) => ({
      shipmentId: row.shipment_id,
      trackingId: row.tracking_id,
      code: row.code,
      rider: riders[i],
    }));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    for (let i = 0; i < orders.length; i += 16) {
      await Promise.all(
        orders.slice(i, i + 16).map(async (order) => {
          const taken = await timedRequest(agent, `${single.base}/api/shipments/${order.shipmentId}`, {
            method: 'PUT',
            token: order.rider.token,
            body: { status: 'ON_ROUTE_TO_PICK_UP', id: order.shipmentId },
          });
          if (taken.status !== 200)
            throw new Error(`shipment ${order.shipmentId} not taken: ${taken.status}`);
        }),
      );
    }
    agent.destroy();
    const joinOurs = (order) => ({ room: `tracking-${order.trackingId}`, orderCode: order.code });
    const joinReference = (order) => ({ room: `tracking-${order.trackingId}` });
    const ourSend = apiSend((order) => order.rider.token);

    // ---------------------------------------------------------------- one process
    const reference = await referenceStart();
    running.push(reference);
    const holder = { state: null, sample: null };
    const oneSetup = async (bases, refBases) => {
      log(`connecting ${settings.pages} pages to ours and ${settings.pages} to the reference`);
      const ourPages = await pagesOpen(bases, orders, holder, joinOurs);
      const refPages = await pagesOpen(refBases, orders, holder, joinReference);
      const measured = await measure(
        bases.length === 1 ? 'one process' : 'two processes',
        (seconds) => load(bases, orders, seconds, ourSend, holder),
        (seconds) => load(refBases, orders, seconds, referenceSend(holder), holder),
      );
      for (const socket of [...ourPages, ...refPages]) socket.close();
      return measured;
    };
    const one = setupResult(await oneSetup([single.base], [reference.base]), BARS.one);
    const payloadBytes = holder.sample ? Buffer.byteLength(JSON.stringify(holder.sample)) : null;
    await single.stop();
    await reference.stop();

    // ---------------------------------------------------------------- two processes + Redis
    const redisEnv = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: keyPrefix, JOBS_ENABLED: 'false' };
    const apis = [
      await apiStart(database.url, adminToken, redisEnv),
      await apiStart(database.url, adminToken, redisEnv),
    ];
    running.push(...apis);
    const references = [
      await referenceStart({ REDIS_URL: redisUrl, REDIS_KEY: `${keyPrefix}-reference` }),
      await referenceStart({ REDIS_URL: redisUrl, REDIS_KEY: `${keyPrefix}-reference` }),
    ];
    running.push(...references);
    const two = setupResult(
      await oneSetup(
        apis.map((api) => api.base),
        references.map((server) => server.base),
      ),
      BARS.two,
    );

    const run = {
      headline:
        `p99 ${one.ours.latencyMs.p99} ms one process (bar ≤ ${BARS.one}), ${two.ours.latencyMs.p99} ms two processes + Redis (bar ≤ ${BARS.two}); ` +
        `reference p99 ${one.reference.latencyMs.p99} / ${two.reference.latencyMs.p99} ms, ratios ${one.ratioP99} / ${two.ratioP99}`,
      measuredAt: new Date().toISOString(),
      commit: gitCommit(),
      command:
        label === 'default'
          ? 'node bench/tracking-fanout.mjs'
          : `${Object.entries(settings)
              .filter(([key, value]) => DEFAULTS[key] !== value)
              .map(
                ([key, value]) =>
                  `BENCH_TRACKING_${{ pages: 'PAGES', orders: 'ORDERS', rate: 'RATE', roundSeconds: 'ROUND_S', rounds: 'ROUNDS' }[key]}=${value}`,
              )
              .join(' ')} node bench/tracking-fanout.mjs`,
      machine: machine(),
      loadAverageAtStart,
      loadAverageAtEnd: os.loadavg().map(round2),
      postgres: `PostgreSQL ${(await adminQuery('show server_version')).rows[0].server_version}`,
      redis: `Redis at ${new URL(redisUrl).host}`,
      settings: { ...settings, intervalMs },
      payloadBytes,
      one,
      two,
    };
    const file = path.join(resultsDir, 'tracking-fanout.json');
    const previous = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { runs: {} };
    const all = {
      headline: (label === 'default' ? run : (previous.runs?.default ?? run)).headline,
      runs: { ...(previous.runs ?? {}), [label]: run },
    };
    resultsWrite('tracking-fanout', all, markdown(all));
    log(run.headline);
    log(`→ bench/results/tracking-fanout.{json,md} (run '${label}')`);
    if (!one.passed || !two.passed) process.exitCode = 1;
  } finally {
    for (const server of running.reverse()) await server.stop().catch(() => {});
    await database.drop();
  }
}

const watchdog = setTimeout(() => {
  console.error('[tracking-fanout] took longer than 20 minutes; giving up');
  process.exit(1);
}, 20 * 60_000);
watchdog.unref();

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
