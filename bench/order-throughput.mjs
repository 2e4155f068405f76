#!/usr/bin/env node
// POST /api/order throughput and latency at 16 connections on PostgreSQL,
// measured in the same run as pgbench's TPC-B on the same server, and reported
// as a ratio (issue 5: aim for orders/s ≥ 0.5 × TPC-B tps).
//
//   node bench/order-throughput.mjs            (or: npm run bench)
//
// Environment (all optional):
//   BENCH_DATABASE_URL  an existing database on the server to use as the admin
//                       connection (default TEST_DATABASE_URL, else
//                       postgres://postgres@127.0.0.1:5432/postgres). Two throwaway
//                       databases are created next to it and dropped at the end.
//   BENCH_DURATION_S    seconds of each measurement (default 20)
//   BENCH_ROUNDS        the 20 s are split into this many alternating rounds of
//                       TPC-B and orders (default 4 × 5 s each), so that the rest
//                       of the machine's load weighs on both measurements alike
//   BENCH_CONNECTIONS   concurrent clients (default 16)
//   BENCH_WARMUP_S      seconds of orders before measuring (default 10)
//   BENCH_API_NODE_ARGS extra node flags for the API process (e.g. --cpu-prof)
//   DATABASE_POOL_SIZE  the API's PostgreSQL connections (default here: 3 per core of
//                       this machine, where the database runs too, as README advises;
//                       the API's own default is 20)
//   BENCH_CLIENT        the order load generator: wrk (default; Debian's package:
//                       apt-get install -y wrk), http (node:http in this process)
//                       or fetch
//
// The API runs as in production (esbuild bundle, `node apps/api/dist/server.js`,
// LOG_LEVEL=warn so that request logging is not what is measured), loopback only.
// Orders are real: Núñez take-away of the demo tenant (made open around the
// clock), two lines with garnishes, cash, a customer phone out of 10 000, one
// fresh Idempotency-Key per order.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { nunezTakeAwayOrder } from './lib/order-payload.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench', 'results');
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const durationS = Number(process.env.BENCH_DURATION_S ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
// Long enough for the young tables' first automatic analyses (and the replanning they cause in every pooled
// connection) to pass before measuring: with 3 s the first round was the slowest of every run.
// The database is on this machine: a few busy connections per core serve it best (ADR 058: at 16 clients on two
// cores, 20 connections gave a worst-round p99 of 63 ms, 6 gave 47 ms and more orders a second).
const apiPoolSize = process.env.DATABASE_POOL_SIZE ?? String(3 * os.cpus().length);
const warmupS = Number(process.env.BENCH_WARMUP_S ?? 10);

function log(message) {
  console.log(`[order-throughput] ${message}`);
}

function databaseUrl(name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

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

function pgbenchVersion() {
  const version = spawnSync('pgbench', ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) throw new Error('pgbench is not installed');
  return version.stdout.trim();
}

function pgbenchInit(url) {
  const init = spawnSync('pgbench', ['-i', '-q', '-s', '1', url], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed:\n${init.stderr}`);
}

const pgbenchArgs = (seconds) => [
  '-c',
  String(connections),
  '-j',
  String(Math.min(connections, os.cpus().length)),
  '-T',
  String(seconds),
  '-n',
];

/** One TPC-B run; tps without connection time, and the average latency. */
function pgbench(url, seconds) {
  const run = spawnSync('pgbench', [...pgbenchArgs(seconds), url], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pgbench failed:\n${run.stderr}`);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
  const latency = /latency average = ([\d.]+) ms/.exec(run.stdout);
  if (!tps) throw new Error(`could not read pgbench's tps:\n${run.stdout}`);
  return { tps: Number(tps[1]), latencyAverageMs: latency ? Number(latency[1]) : null };
}

function buildApi() {
  log('building the API bundle');
  const build = spawnSync(process.execPath, ['apps/api/build.mjs'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`API build failed:\n${build.stderr}`);
}

async function startApi(url, port, adminToken) {
  // BENCH_API_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the API during the run.
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, 'apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: apiPoolSize,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ADMIN_TOKEN: adminToken,
      WEB_DIST_DIR: '',
      RATE_LIMIT_ORDER_PER_MINUTE: '100000000',
      // The bench is one client placing orders for few phones at one location as fast as it can:
      // exactly what the abuse limits stop (ADR 020), so it raises them all.
      ORDER_LIMIT_PER_PHONE: '100000000',
      ORDER_LIMIT_PER_VENUE: '100000000',
      MESSAGES_PER_PHONE_PER_DAY: '100000000',
      CODE_FAILURES_PER_CLIENT: '100000000',
      CODE_FAILURES_PER_BRAND: '100000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the API did not become healthy');
}

/** Imports the tenant through the admin API and builds a valid order from the diner API. */
async function orderTemplate(base, adminToken) {
  return (await nunezTakeAwayOrder(base, adminToken)).template;
}

// wrk by default, as pgbench is for TPC-B: a C client whose own CPU takes little from the API and
// PostgreSQL on a small machine where all three share the cores. BENCH_CLIENT=http uses node:http with a
// keep-alive agent in this process (about a tenth fewer orders measured here, the client's CPU taken
// from the server's), BENCH_CLIENT=fetch uses fetch (about four times node:http's CPU per request).
const client = ['http', 'fetch'].includes(process.env.BENCH_CLIENT) ? process.env.BENCH_CLIENT : 'wrk';
const wrkScript = path.join(root, 'bench', 'lib', 'order-load.lua');
const wrkThreads = Math.min(connections, os.cpus().length);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

/** POSTs one order and answers the status once the body has been read. */
async function post(base, body) {
  const headers = { 'content-type': 'application/json', 'idempotency-key': randomUUID() };
  if (client === 'fetch') {
    const response = await fetch(`${base}/api/order`, { method: 'POST', headers, body });
    await response.arrayBuffer();
    return response.status;
  }
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/api/order`, { method: 'POST', headers, agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * `connections` clients sending orders back to back for `seconds`: the 201s
 * and their latency percentiles, and the failures by reason.
 */
async function load(base, template, seconds, counter) {
  return client === 'wrk'
    ? wrkLoad(base, template, seconds, counter)
    : nodeLoad(base, template, seconds, counter);
}

/** One wrk run of bench/lib/order-load.lua (a new Idempotency-Key per order, phones out of 10 000). */
async function wrkLoad(base, template, seconds, counter) {
  const templateFile = path.join(os.tmpdir(), `comanda-order-template-${process.pid}.json`);
  fs.writeFileSync(templateFile, JSON.stringify({ ...template, phone: 'PHONE' }));
  const run = `${randomBytes(4).toString('hex')}r${counter.next++}`;
  const args = [
    '-t',
    String(wrkThreads),
    '-c',
    String(connections),
    '-d',
    `${seconds}s`,
    '-s',
    wrkScript,
    base,
  ];
  const output = await new Promise((resolve, reject) => {
    const child = spawn('wrk', args, {
      env: { ...process.env, ORDER_TEMPLATE: templateFile, ORDER_RUN: run },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.once('error', (error) =>
      reject(
        new Error(
          `wrk could not run (${error.message}); install it (apt-get install wrk) or set BENCH_CLIENT=http`,
        ),
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`)),
    );
  });
  const line = output.split('\n').find((candidate) => candidate.startsWith('ORDER-LOAD '));
  if (!line) throw new Error(`wrk printed no ORDER-LOAD line:\n${output}`);
  const figures = JSON.parse(line.slice('ORDER-LOAD '.length));
  const failures = new Map();
  for (const [status, count] of Object.entries(figures.statuses)) {
    if (status !== '201') failures.set(`HTTP ${status}`, count);
  }
  if (figures.errors > 0) failures.set('socket errors', figures.errors);
  const ms = (us) => us / 1000;
  return {
    created: figures.statuses['201'] ?? 0,
    seconds: figures.durationUs / 1e6,
    percentiles: {
      p50: ms(figures.p50Us),
      p95: ms(figures.p95Us),
      p99: ms(figures.p99Us),
      max: ms(figures.maxUs),
    },
    failures,
  };
}

/**
 * Orders from this process with node:http or fetch. Answers that start and end
 * inside the window count: latencies of the 201s, and failures.
 */
async function nodeLoad(base, template, seconds, counter) {
  const latencies = [];
  const failures = new Map();
  const start = performance.now();
  const end = start + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const n = counter.next++;
      const body = JSON.stringify({
        ...template,
        phone: `+54911${String(50_000_000 + (n % 10_000)).padStart(8, '0')}`,
      });
      const t0 = performance.now();
      let status = 0;
      try {
        status = await post(base, body);
      } catch (error) {
        failures.set(error.message, (failures.get(error.message) ?? 0) + 1);
        continue;
      }
      const t1 = performance.now();
      if (t1 > end) continue;
      if (status === 201) latencies.push(t1 - t0);
      else failures.set(`HTTP ${status}`, (failures.get(`HTTP ${status}`) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  latencies.sort((a, b) => a - b);
  return {
    created: latencies.length,
    seconds,
    percentiles: {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? null,
    },
    failures,
  };
}

const round2 = (value) => (value === null ? null : Math.round(value * 100) / 100);

/** Orders figures over every round: throughput, the worst round's latency percentiles, failures. */
function ordersSummary(rounds) {
  const created = rounds.reduce((sum, round) => sum + round.created, 0);
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  const worst = (key) => round2(Math.max(...rounds.map((round) => round.percentiles[key] ?? 0)));
  const failures = {};
  for (const result of rounds) {
    for (const [reason, count] of result.failures) failures[reason] = (failures[reason] ?? 0) + count;
  }
  return {
    orders: created,
    ordersPerSecond: round2(created / seconds),
    latencyMs: { p50: worst('p50'), p95: worst('p95'), p99: worst('p99'), max: worst('max') },
    failures,
  };
}

function markdown(result) {
  const o = result.orders;
  const p = result.pgbench;
  return `# POST /api/order throughput vs pgbench TPC-B

Measured ${result.measuredAt} by \`node bench/order-throughput.mjs\` on ${result.machine.cpus} × ${result.machine.cpuModel},
Node ${result.machine.node}, ${result.postgres.version}; load average before the run
${result.machine.loadAverage.join(' / ')} (the machine is shared). API, PostgreSQL and both load generators run
on it, loopback only; the order load generator is ${result.client}; the API keeps at most
${result.apiDatabasePoolSize} PostgreSQL connections (DATABASE_POOL_SIZE). ${result.durationSeconds} s of each, in
${result.rounds} alternating rounds, after a ${result.warmupSeconds} s warm-up of orders.

| Measurement (${result.connections} connections) | Figure | Per round |
|---|---|---|
| pgbench TPC-B (\`${p.command}\`) | **${p.tps} tps** (latency avg ${p.latencyAverageMs} ms) | ${p.roundsTps.join(' / ')} |
| \`POST /api/order\` (201s) | **${o.ordersPerSecond} orders/s** | ${o.roundsPerSecond.join(' / ')} |
| Order latency p50 / p95 / p99 / max (the worst round's) | ${o.latencyMs.p50} / ${o.latencyMs.p95} / ${o.latencyMs.p99} / ${o.latencyMs.max} ms (aim p99 ≤ 50) | p99 ${o.roundsP99Ms.join(' / ')} |
| Orders that failed | ${Object.keys(o.failures).length === 0 ? 'none' : JSON.stringify(o.failures)} | |
| **Ratio orders/s ÷ TPC-B tps** | **${result.ratio}** (aim ≥ 0.5) | |

An order: one HTTP request (Fastify, schema validation of the payload and of the Idempotency-Key), the
placement's reads from the content-versioned caches (location and mode, menu, payment types, discounts,
loyalty), pricing and the checkout checks with packages/domain, and one SQL statement that checks the
venue's switches, claims the key with its answer, upserts the customer and inserts the order, its two
lines and its status event. A TPC-B transaction is five statements on four small tables.
`;
}

async function main() {
  const suffix = randomBytes(4).toString('hex');
  const pgbenchDb = `comanda_bench_pgbench_${suffix}`;
  const apiDb = `comanda_bench_api_${suffix}`;
  const adminToken = randomBytes(16).toString('hex');
  const loadAverage = os.loadavg().map((value) => Math.round(value * 100) / 100);
  // pgbench takes whole seconds.
  const slice = Math.max(1, Math.round(durationS / rounds));
  await adminQuery(`create database ${pgbenchDb}`);
  await adminQuery(`create database ${apiDb}`);
  let api;
  try {
    const version = (await adminQuery('show server_version')).rows[0].server_version;
    pgbenchInit(databaseUrl(pgbenchDb));
    buildApi();
    api = await startApi(databaseUrl(apiDb), await freePort(), adminToken);
    const template = await orderTemplate(api.base, adminToken);
    const counter = { next: 0 };
    log(`warm-up: ${warmupS} s of orders`);
    await load(api.base, template, warmupS, counter);

    // Rounds alternate the two measurements, so that whatever else the machine does weighs on both alike.
    const pgbenchRounds = [];
    const orderRounds = [];
    for (let r = 1; r <= rounds; r++) {
      const tpcb = pgbench(databaseUrl(pgbenchDb), slice);
      pgbenchRounds.push(tpcb);
      const orders = await load(api.base, template, slice, counter);
      orderRounds.push(orders);
      log(
        `round ${r}/${rounds}: TPC-B ${tpcb.tps.toFixed(1)} tps, orders ${(orders.created / orders.seconds).toFixed(1)}/s (p99 ${orders.percentiles.p99?.toFixed(1)} ms)`,
      );
    }
    const tps = pgbenchRounds.reduce((sum, run) => sum + run.tps, 0) / rounds;
    const latencies = pgbenchRounds.map((run) => run.latencyAverageMs).filter((value) => value !== null);
    const orders = ordersSummary(orderRounds);
    const result = {
      measuredAt: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        loadAverage,
      },
      postgres: { version: `PostgreSQL ${version}` },
      connections,
      apiDatabasePoolSize: Number(apiPoolSize),
      client: {
        wrk: `wrk -t${wrkThreads} -c${connections} with bench/lib/order-load.lua`,
        http: 'node:http, keep-alive agent',
        fetch: 'fetch (undici)',
      }[client],
      durationSeconds: slice * rounds,
      rounds,
      warmupSeconds: warmupS,
      pgbench: {
        version: pgbenchVersion(),
        command: `pgbench -i -s 1; ${rounds} × pgbench ${pgbenchArgs(slice).join(' ')}`,
        tps: round2(tps),
        latencyAverageMs: round2(latencies.reduce((sum, value) => sum + value, 0) / (latencies.length || 1)),
        roundsTps: pgbenchRounds.map((run) => round2(run.tps)),
      },
      orders: {
        ...orders,
        roundsPerSecond: orderRounds.map((run) => round2(run.created / run.seconds)),
        roundsP99Ms: orderRounds.map((run) => round2(run.percentiles.p99)),
      },
      ratio: Math.round((orders.ordersPerSecond / tps) * 1000) / 1000,
    };
    fs.mkdirSync(resultsDir, { recursive: true });
    fs.writeFileSync(path.join(resultsDir, 'order-throughput.json'), `${JSON.stringify(result, null, 2)}\n`);
    fs.writeFileSync(path.join(resultsDir, 'order-throughput.md'), markdown(result));
    log(
      `TPC-B ${result.pgbench.tps} tps, orders ${orders.ordersPerSecond}/s (p99 ${orders.latencyMs.p99} ms)`,
    );
    log(`ratio ${result.ratio} → bench/results/order-throughput.{json,md}`);
  } finally {
    if (api) {
      api.child.kill('SIGTERM');
      await new Promise((resolve) => api.child.once('exit', resolve));
    }
    await adminQuery(`drop database if exists ${pgbenchDb} with (force)`);
    await adminQuery(`drop database if exists ${apiDb} with (force)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
