#!/usr/bin/env node
// Soak (issue 13, "Faults"): a steady mix of menu reads, orders and follow-up
// connections for ten minutes; the API's memory (RSS) must stay flat within
// 10 % and nothing may fail.
//
//   node bench/soak.mjs                        (BENCH_SOAK_SECONDS=90 for a short check)
//
// Needs PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres: a throwaway database is created
// next to it and dropped at the end) and nothing else: it builds the API bundle
// itself (`node apps/api/build.mjs`) and serves no web app. Linux only (RSS is
// read from /proc).
//
// The API runs as in production (`node apps/api/dist/server.js`, LOG_LEVEL=warn,
// background jobs on, abuse limits raised for one load generator), with the demo
// tenant imported and Núñez take-away open around the clock. A fixed offered
// load — not maximum throughput — is sent from this process, each kind on its
// own clock (a request that is due is sent even if earlier ones are still out):
//   menu       GET the Núñez take-away menu (Brotli); every other one with
//              If-None-Match (a 304 expected)                       200/s
//   order      POST /api/order, a fresh Idempotency-Key each          20/s
//   followUp   GET /api/diner/order/{code} of a recently placed order 20/s
//   churn      a follow-up page that connects, joins an order's room,
//              stays 2 s and leaves                                   5/s
//   follow     ten of the 100 follow-up clients kept open join the room of the
//              latest order; the owner moves it ACCEPTED → READY → DELIVERED in
//              the console API and each of the ten must get every order-updated 1/s
// Errors: any answer but 2xx/304, a request whose connection stays silent 10 s, a socket
// that fails to connect, is refused a room or drops, an event that does not
// arrive in 10 s, an order refused, and orders in the database ≠ 201s answered.
// The API's VmRSS is read from /proc/<pid>/status every 5 s; after the warm-up
// (first 60 s), the mean of the first minute is compared with the mean of the
// last one. Exit 1 if RSS grew more than 10 % or any error occurred.
//
// Environment (optional): BENCH_SOAK_SECONDS (600), BENCH_SOAK_MENU_PER_SECOND,
// BENCH_SOAK_ORDERS_PER_SECOND, BENCH_SOAK_FOLLOW_UP_PER_SECOND,
// BENCH_SOAK_CHURN_PER_SECOND, BENCH_SOAK_FOLLOWS_PER_SECOND, BENCH_SOAK_SOCKETS
// (100), BENCH_API_NODE_ARGS (e.g. --heapsnapshot-signal=SIGUSR2 to investigate).
// Shorter runs scale the warm-up and the compared windows to a third each.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as fleet from './lib/fleet.mjs';
import { nunezTakeAwayOrder } from './lib/order-payload.mjs';

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const SECONDS = env('BENCH_SOAK_SECONDS', 600);
const RATES = {
  menu: env('BENCH_SOAK_MENU_PER_SECOND', 200),
  order: env('BENCH_SOAK_ORDERS_PER_SECOND', 20),
  followUp: env('BENCH_SOAK_FOLLOW_UP_PER_SECOND', 20),
  churn: env('BENCH_SOAK_CHURN_PER_SECOND', 5),
  follow: env('BENCH_SOAK_FOLLOWS_PER_SECOND', 1),
};
const SOCKETS = env('BENCH_SOAK_SOCKETS', 100);
const GROUPS = 10;
const GROUP_SIZE = Math.max(1, Math.floor(SOCKETS / GROUPS));
const WARMUP_S = Math.round(Math.min(60, SECONDS / 3));
const WINDOW_S = Math.round(Math.min(60, (SECONDS - WARMUP_S) / 2));
const SAMPLE_MS = 5000;
const TIMEOUT_MS = 10_000;
const CHURN_HOLD_MS = 2000;
const RSS_BOUND = 0.1;
const log = (message) => console.log(`[soak] ${new Date().toISOString().slice(11, 19)} ${message}`);

const kinds = Object.fromEntries(
  ['menu', 'order', 'followUp', 'churn', 'follow', 'move', 'event'].map((name) => [
    name,
    { sent: 0, ok: 0, latencies: [], errors: {} },
  ]),
);
let errorCount = 0;
let inFlight = 0;
function fail(kind, reason) {
  kinds[kind].errors[reason] = (kinds[kind].errors[reason] ?? 0) + 1;
  errorCount++;
}
/** Times one task of a kind: it answers null when all went well, else why not (or throws). */
async function timed(kind, task) {
  kinds[kind].sent++;
  inFlight++;
  const t0 = performance.now();
  try {
    const reason = await task();
    if (reason) return fail(kind, reason);
    kinds[kind].ok++;
    kinds[kind].latencies.push(performance.now() - t0);
  } catch (error) {
    fail(kind, error.message);
  } finally {
    inFlight--;
  }
}

/** Calls `fire` `rate` times a second, evenly, on its own clock; answers a stop function. */
function steady(rate, fire) {
  if (!(rate > 0)) return () => {};
  const started = performance.now();
  let fired = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    while (fired < due) fire(fired++);
  }, 10);
  return () => clearInterval(timer);
}

/** VmRSS and RssAnon of a process (MiB), and the CPU time it has used (s). */
function processState(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // utime and stime, fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    rssMb: fleet.round2(kib('VmRSS') / 1024),
    anonMb: fleet.round2(kib('RssAnon') / 1024),
    cpuS: (Number(ticks[11]) + Number(ticks[12])) / 100,
  };
}

/** A drop the client did not ask for is an error (a failed connect is its connect's). */
function watched(socket, kind) {
  socket.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') fail(kind, `socket dropped: ${reason}`);
  });
  return socket;
}

const joined = (socket, room) =>
  new Promise((resolve, reject) => {
    socket.timeout(TIMEOUT_MS).emit('join', room, (error, answer) => {
      if (error) reject(new Error('join unanswered'));
      else if (!answer?.ok) reject(new Error('join refused'));
      else resolve();
    });
  });

/** Resolves once `socket` hears `order-updated` with `status` for `code` (or rejects after the timeout). */
const updated = (socket, code, status, sentAt) =>
  new Promise((resolve, reject) => {
    const heard = (view) => {
      if (view?.code !== code || view?.status !== status) return;
      clearTimeout(timer);
      socket.off('order-updated', heard);
      kinds.event.latencies.push(performance.now() - sentAt);
      resolve();
    };
    const timer = setTimeout(() => {
      socket.off('order-updated', heard);
      reject(new Error(`no order-updated ${status} within ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
    socket.on('order-updated', heard);
  });

async function soak(base, adminToken) {
  const { contact, mode, template } = await nunezTakeAwayOrder(base, adminToken);
  const menuPath = `${base}/api/diner/brasa-nunez/menu/${contact.id}?orderModeId=${mode.id}`;
  const menu = await fetch(menuPath, { headers: { 'accept-encoding': 'br' } });
  const etag = menu.headers.get('etag');
  await menu.arrayBuffer();
  const login = await fetch(`${base}/api/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'martin@brasa.example', password: 'brasa-demo-dueno' }),
  });
  const { token: ownerToken } = await login.json();
  if (!ownerToken) throw new Error(`owner login failed: ${login.status}`);

  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const request = (url, options) => fleet.timedRequest(agent, url, { timeoutMs: TIMEOUT_MS, ...options });
  const unexpected = (answer, ...wanted) => (wanted.includes(answer.status) ? null : `HTTP ${answer.status}`);
  const recent = []; // the last 200 orders placed: { id, code }
  const recentOne = () => recent[Math.floor(Math.random() * recent.length)];
  let conditional200 = 0;

  const held = (await fleet.socketClientsConnect(base, SOCKETS)).map((socket) => watched(socket, 'follow'));
  const groups = Array.from({ length: GROUPS }, (_, g) => ({
    sockets: held.slice(g * GROUP_SIZE, (g + 1) * GROUP_SIZE),
    room: null,
    busy: false,
  }));
  const churning = new Set();

  const fire = {
    menu: (n) =>
      timed('menu', async () => {
        const revalidate = n % 2 === 1;
        const headers = { 'accept-encoding': 'br', ...(revalidate ? { 'if-none-match': etag } : {}) };
        const answer = await request(menuPath, { headers });
        if (revalidate && answer.status === 200) conditional200++;
        return unexpected(answer, 200, 304);
      }),
    order: (n) =>
      timed('order', async () => {
        const phone = `+54911${String(50_000_000 + (n % 10_000)).padStart(8, '0')}`;
        const answer = await request(`${base}/api/order`, {
          method: 'POST',
          body: { ...template, phone },
          headers: { 'idempotency-key': randomUUID() },
          keepBody: true,
        });
        if (answer.status !== 201) return `HTTP ${answer.status} ${answer.body.slice(0, 120)}`;
        const { id, code } = JSON.parse(answer.body);
        recent.push({ id, code });
        if (recent.length > 200) recent.shift();
        return null;
      }),
    followUp: () => {
      if (recent.length === 0) return;
      timed('followUp', async () =>
        unexpected(await request(`${base}/api/diner/order/${recentOne().code}`), 200),
      );
    },
    churn: () => {
      if (recent.length === 0) return;
      timed('churn', async () => {
        const [socket] = await fleet.socketClientsConnect(base, 1);
        churning.add(watched(socket, 'churn'));
        try {
          await joined(socket, `order-${recentOne().code}`);
        } finally {
          setTimeout(() => {
            socket.close();
            churning.delete(socket);
          }, CHURN_HOLD_MS);
        }
        return null;
      });
    },
    follow: (n) => {
      const group = groups[n % GROUPS];
      const order = recent.at(-1);
      if (group.busy || !order || order.followed) return;
      group.busy = true;
      order.followed = true;
      timed('follow', async () => {
        const room = `order-${order.code}`;
        for (const socket of group.sockets) if (group.room) socket.emit('leave', group.room);
        group.room = room;
        await Promise.all(group.sockets.map((socket) => joined(socket, room)));
        for (const status of ['ACCEPTED', 'READY', 'DELIVERED']) {
          const sentAt = performance.now();
          const heard = Promise.allSettled(
            group.sockets.map((socket) => updated(socket, order.code, status, sentAt)),
          );
          await timed('move', async () =>
            unexpected(
              await request(`${base}/api/console/orders/${order.id}/status`, {
                method: 'POST',
                token: ownerToken,
                body: { status },
              }),
              200,
            ),
          );
          for (const result of await heard) {
            kinds.event.sent++;
            if (result.status === 'fulfilled') kinds.event.ok++;
            else fail('event', result.reason.message);
          }
        }
        return null;
      }).finally(() => {
        group.busy = false;
      });
    },
  };

  // Besides memory, what tells a stall of the API from a starved machine: the API's CPU share, the
  // menu's p99 in the window, this generator's own event-loop lag, and the machine's load.
  const samples = [];
  const started = performance.now();
  const lag = monitorEventLoopDelay({ resolution: 20 });
  lag.enable();
  let menuSeen = 0;
  const sample = () => {
    const t = fleet.round2((performance.now() - started) / 1000);
    const state = processState(apiPid);
    const previous = samples.at(-1);
    const cpu = previous ? ((state.cpuS - previous.cpuS) / (t - previous.t)) * 100 : null;
    const menuWindow = kinds.menu.latencies.slice(menuSeen);
    menuSeen = kinds.menu.latencies.length;
    const menuP99Ms = fleet.round2(fleet.percentile(menuWindow, 99));
    const generatorLagMaxMs = fleet.round2(lag.max / 1e6);
    const load1 = fleet.round2(os.loadavg()[0]);
    samples.push({
      t,
      ...state,
      apiCpuPercent: fleet.round2(cpu),
      menuP99Ms,
      errors: errorCount,
      generatorLagMaxMs,
      load1,
    });
    lag.reset();
  };
  sample();
  const sampler = setInterval(sample, SAMPLE_MS);
  const progress = setInterval(() => {
    const { t, rssMb } = samples.at(-1);
    log(`${Math.round(t)} s: RSS ${rssMb} MiB, ${kinds.order.ok} orders, ${errorCount} errors`);
  }, 60_000);
  log(
    `soaking for ${SECONDS} s: ${JSON.stringify(RATES)} per second, ${SOCKETS} follow-up clients kept open`,
  );
  const stops = Object.entries(RATES).map(([kind, rate]) => steady(rate, fire[kind]));
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  for (const stop of stops) stop();
  clearInterval(sampler);
  clearInterval(progress);
  sample();
  // What is still out finishes (or times out) before the sockets close.
  const drainUntil = Date.now() + 3 * TIMEOUT_MS + CHURN_HOLD_MS;
  const busy = () => inFlight > 0 || churning.size > 0;
  while (busy() && Date.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const socket of held) socket.close();
  agent.destroy();
  return { samples, conditional200, etag, menuPath: menuPath.slice(base.length) };
}

let apiPid;
const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN);
const signed = (value) => `${value >= 0 ? '+' : ''}${value}`;

/** The RSS verdict: mean of the first window after the warm-up against the last window, and per minute. */
function rssSummary(samples) {
  const after = samples.filter((s) => s.t >= WARMUP_S);
  const first = mean(after.filter((s) => s.t < WARMUP_S + WINDOW_S).map((s) => s.rssMb));
  const last = mean(after.filter((s) => s.t >= SECONDS - WINDOW_S).map((s) => s.rssMb));
  const perMinute = Array.from({ length: Math.ceil(SECONDS / 60) }, (_, m) => {
    const inMinute = samples.filter((s) => s.t >= m * 60 && s.t < (m + 1) * 60);
    const of = (field) => fleet.round2(mean(inMinute.map((s) => s[field]).filter((v) => v !== null)));
    const most = (field) => Math.max(...inMinute.map((s) => s[field] ?? 0));
    const errorsBefore = samples.filter((s) => s.t < m * 60).at(-1)?.errors ?? 0;
    return {
      ...{ minute: m + 1, rssMb: of('rssMb'), anonMb: of('anonMb'), apiCpuPercent: of('apiCpuPercent') },
      ...{
        menuP99MaxMs: most('menuP99Ms'),
        generatorLagMaxMs: most('generatorLagMaxMs'),
        load1: of('load1'),
      },
      errors: (inMinute.at(-1)?.errors ?? errorsBefore) - errorsBefore,
    };
  });
  return {
    warmupSeconds: WARMUP_S,
    windowSeconds: WINDOW_S,
    firstWindowMeanMb: fleet.round2(first),
    lastWindowMeanMb: fleet.round2(last),
    growthPercent: fleet.round2((last / first - 1) * 100),
    flat: last / first - 1 <= RSS_BOUND,
    minAfterWarmupMb: Math.min(...after.map((s) => s.rssMb)),
    maxAfterWarmupMb: Math.max(...after.map((s) => s.rssMb)),
    perMinute,
    samples,
  };
}

async function main() {
  const machine = fleet.machine();
  const postgres = `PostgreSQL ${(await fleet.adminQuery('show server_version')).rows[0].server_version}`;
  fleet.buildApi(log);
  const database = await fleet.throwawayDatabase('comanda_bench_soak');
  const adminToken = randomBytes(16).toString('hex');
  let api;
  let run;
  let ordersInDatabase;
  let stopSeconds;
  try {
    api = await fleet.apiStart(database.url, adminToken, {
      CODE_FAILURES_PER_CLIENT: '100000000',
      CODE_FAILURES_PER_BRAND: '100000000',
      RATE_LIMIT_ORDER_DETAILS_PER_MINUTE: '100000000',
    });
    apiPid = api.child.pid;
    run = await soak(api.base, adminToken);
    const counted = await fleet.databaseQuery(database.url, 'select count(*) from orders');
    ordersInDatabase = Number(counted.rows[0].count);
  } finally {
    const t0 = performance.now();
    await api?.stop();
    stopSeconds = fleet.round2((performance.now() - t0) / 1000);
    await database.drop();
  }
  if (ordersInDatabase !== kinds.order.ok)
    fail('order', `${ordersInDatabase} orders in the database for ${kinds.order.ok} 201s`);

  const rss = rssSummary(run.samples);
  const errors = Object.fromEntries(
    Object.entries(kinds)
      .filter(([, k]) => Object.keys(k.errors).length)
      .map(([name, k]) => [name, k.errors]),
  );
  const rows = Object.entries(kinds).map(([name, k]) => ({
    kind: name,
    offeredPerSecond: RATES[name] ?? '—',
    sent: k.sent,
    ok: k.ok,
    achievedPerSecond: fleet.round2(k.ok / SECONDS),
    p50Ms: fleet.round2(fleet.percentile(k.latencies, 50)),
    p99Ms: fleet.round2(fleet.percentile(k.latencies, 99)),
    maxMs: fleet.round2(fleet.percentile(k.latencies, 100)),
  }));
  const verdict = rss.flat && errorCount === 0 ? 'PASS' : 'FAIL';
  const command = `${SECONDS === 600 ? '' : `BENCH_SOAK_SECONDS=${SECONDS} `}node bench/soak.mjs`;
  const headline =
    `${SECONDS} s steady mix: RSS ${rss.firstWindowMeanMb} → ${rss.lastWindowMeanMb} MiB ` +
    `(${signed(rss.growthPercent)} %, bound +10 %), ${errorCount} errors, ${kinds.order.ok} orders: ${verdict}`;
  const result = {
    ...{ headline, verdict, command, measuredAt: new Date().toISOString(), commit: fleet.gitCommit() },
    ...{ machine, loadAverageAfter: fleet.machine().loadAverage, postgres, seconds: SECONDS, rates: RATES },
    ...{ socketsKeptOpen: SOCKETS, menuPath: run.menuPath, kinds: rows, errors, errorCount },
    ...{ conditionalAnswered200: run.conditional200, ordersInDatabase, apiStopSeconds: stopSeconds, rss },
  };
  const md = `# Soak: ${SECONDS} s of a steady mix

${headline}.

Measured ${result.measuredAt} at commit ${result.commit} by \`${command}\` on ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, ${postgres}; load average before ${machine.loadAverage.join(' / ')}, after ${result.loadAverageAfter.join(' / ')}. The API (\`node apps/api/dist/server.js\`, LOG_LEVEL=warn, jobs on, one process, no Redis), PostgreSQL and this load generator share the machine's two cores, and the machine is shared with other work: **latency figures are noisy; RSS and errors are what this bench judges.**

Offered load (fixed rates, each kind on its own clock, not maximum throughput): menu \`GET ${run.menuPath}\` (Brotli; every other request with \`If-None-Match\`), \`POST /api/order\` at Núñez take-away (fresh Idempotency-Key), followUp \`GET /api/diner/order/{code}\` of a recent order, churn: follow-up pages that connect, join a room, stay ${CHURN_HOLD_MS / 1000} s and leave, and ${SOCKETS} follow-up clients kept open: each follow, ${GROUP_SIZE} of them join the latest order's room and the owner moves it ACCEPTED → READY → DELIVERED (move: \`POST /api/console/orders/{id}/status\`); each client must hear every \`order-updated\` (event: one client hearing one move, timed from the move's request).

| kind | offered /s | sent | ok | achieved /s | p50 ms | p99 ms | max ms |
|---|---:|---:|---:|---:|---:|---:|---:|
${rows.map((r) => `| ${Object.values(r).join(' | ')} |`).join('\n')}

**Errors: ${errorCount === 0 ? 'none' : JSON.stringify(errors)}.** Conditional menu reads answered 200 instead of 304: ${run.conditional200}. Orders in the database at the end: ${ordersInDatabase} for ${kinds.order.ok} answered 201. The API exited ${stopSeconds} s after SIGTERM.

## API memory (VmRSS of the API process, sampled every ${SAMPLE_MS / 1000} s)

After a ${WARMUP_S} s warm-up: mean of the first ${WINDOW_S} s **${rss.firstWindowMeanMb} MiB**, of the last ${WINDOW_S} s **${rss.lastWindowMeanMb} MiB** (**${signed(rss.growthPercent)} %**, bound +10 %); min ${rss.minAfterWarmupMb}, max ${rss.maxAfterWarmupMb} MiB. Every sample is in soak.json.

| minute | mean RSS MiB | mean anonymous RSS MiB | API CPU % | menu p99 ms (worst 5 s) | generator lag max ms | load average 1 min | errors |
|---:|---:|---:|---:|---:|---:|---:|---:|
${rss.perMinute.map((m) => `| ${Object.values(m).join(' | ')} |`).join('\n')}

(API CPU %: the API process's CPU time over the wall time, 100 % = one core. Generator lag: this load generator's own event-loop delay; a large one means the figures of that minute are late on its side too.)

**Verdict: ${verdict}** (RSS ${rss.flat ? 'did not grow beyond 10 %' : 'grew beyond 10 %'}, ${errorCount} errors).
`;
  fleet.resultsWrite('soak', result, md);
  log(`${headline}; written bench/results/soak.{json,md}`);
  process.exit(verdict === 'PASS' ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
