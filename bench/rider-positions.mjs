#!/usr/bin/env node
// Rider position reports (issue 9, ADR 023): one API process on PostgreSQL,
// 500 riders on shift each reporting its position every 5 s (100 reports per
// second, spread evenly), 50 of them holding a shipment (so their reports are
// also published to a tracking room). The bar: p99 ≤ 50 ms per report.
//
//   node bench/rider-positions.mjs       (or: npm run bench -- rider-positions)
//
// Reference in the same run: bench/lib/position-reference.mjs, a bare
// node:http server answering the same request with the same database
// statement (see there). Rounds alternate ours and the reference under the
// same load, so both see the same machine; reported: latency percentiles of
// each and the ratio of the p99s.
//
// The API runs as in production (esbuild bundle, LOG_LEVEL=warn) on a
// throwaway PostgreSQL database next to BENCH_DATABASE_URL (default
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres).
//
// Environment: BENCH_POSITION_RIDERS (500), BENCH_POSITION_INTERVAL_MS (5000),
// BENCH_POSITION_ROUND_S (30), BENCH_POSITION_ROUNDS (2 of each).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
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
  resultsWrite,
  ridersOnShift,
  root,
  round2,
  shipmentsOfOrders,
  throwawayDatabase,
  timedRequest,
} from './lib/fleet.mjs';

const riderCount = Number(process.env.BENCH_POSITION_RIDERS ?? 500);
const intervalMs = Number(process.env.BENCH_POSITION_INTERVAL_MS ?? 5000);
const roundSeconds = Number(process.env.BENCH_POSITION_ROUND_S ?? 30);
const rounds = Number(process.env.BENCH_POSITION_ROUNDS ?? 2);
const holding = Math.min(50, riderCount);
const BAR_P99_MS = 50;
const log = (message) => console.log(`[rider-positions] ${message}`);

async function referenceStart(databaseUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'bench/lib/position-reference.mjs')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`the reference exited with ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

/**
 * Every rider reports every `intervalMs`, rider i at phase i/riderCount of
 * the interval, for `seconds`. Answers the latencies of the reports that
 * started in the window, and the failures.
 */
async function load(base, riders, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: riders.length });
  const latencies = [];
  const failures = {};
  const pending = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  const next = riders.map((_, i) => start + (i / riders.length) * intervalMs);
  const walk = riders.map((_, i) => ({
    lat: -34.58 - (i % 50) * 0.001,
    lng: -58.42 - Math.floor(i / 50) * 0.001,
  }));
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      if (now >= end) return resolve();
      for (let i = 0; i < riders.length; i++) {
        if (next[i] > now) continue;
        next[i] += intervalMs;
        walk[i].lat += (Math.random() - 0.5) * 0.0002;
        walk[i].lng += (Math.random() - 0.5) * 0.0002;
        const body = { lat: walk[i].lat, lng: walk[i].lng, accuracy: 8 + (i % 20) };
        pending.push(
          timedRequest(agent, `${base}/api/rider/position`, {
            method: 'POST',
            token: riders[i].token,
            body,
          }).then(
            (answer) => {
              if (answer.status === 204) latencies.push(answer.ms);
              else failures[`HTTP ${answer.status}`] = (failures[`HTTP ${answer.status}`] ?? 0) + 1;
            },
            (error) => {
              failures[error.message] = (failures[error.message] ?? 0) + 1;
            },
          ),
        );
      }
      setTimeout(tick, 5);
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  return { latencies, failures, seconds };
}

function summary(runs) {
  const latencies = runs.flatMap((run) => run.latencies);
  const failures = {};
  for (const run of runs)
    for (const [why, n] of Object.entries(run.failures)) failures[why] = (failures[why] ?? 0) + n;
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return {
    reports: latencies.length,
    reportsPerSecond: round2(latencies.length / seconds),
    latencyMs: {
      p50: round2(percentile(latencies, 50)),
      p95: round2(percentile(latencies, 95)),
      p99: round2(percentile(latencies, 99)),
      max: round2(Math.max(...latencies)),
    },
    failures,
    roundsP99: runs.map((run) => round2(percentile(run.latencies, 99))),
  };
}

function markdown(result) {
  const a = result.api;
  const r = result.reference;
  return `# Rider position reports (500 riders every 5 s)

Measured ${result.measuredAt} at commit ${result.commit} by \`node bench/rider-positions.mjs\` on
${result.machine.cpus} × ${result.machine.cpuModel}, Node ${result.machine.node}, ${result.postgres}; load average
before the run ${result.machine.loadAverage.join(' / ')} (the machine is shared). One API process (production
bundle), PostgreSQL, the reference server and the load generator (node:http, keep-alive) on one machine,
loopback only.

${result.riders} riders on shift each send \`POST /api/rider/position\` every ${result.intervalMs / 1000} s, spread
evenly (${round2((result.riders * 1000) / result.intervalMs)} reports/s); ${result.holding} of them hold a shipment, so their
reports are also published to its tracking room. ${result.rounds} rounds of ${result.roundSeconds} s for each server,
alternating.

| ${result.riders} riders, every ${result.intervalMs / 1000} s | Reports | p50 | p95 | p99 | max | p99 per round | Failures |
|---|---|---|---|---|---|---|---|
| **Comanda API** | ${a.reports} (${a.reportsPerSecond}/s) | ${a.latencyMs.p50} ms | ${a.latencyMs.p95} ms | **${a.latencyMs.p99} ms** | ${a.latencyMs.max} ms | ${a.roundsP99.join(' / ')} | ${Object.keys(a.failures).length ? JSON.stringify(a.failures) : 'none'} |
| Reference (bare node:http, same statement) | ${r.reports} (${r.reportsPerSecond}/s) | ${r.latencyMs.p50} ms | ${r.latencyMs.p95} ms | ${r.latencyMs.p99} ms | ${r.latencyMs.max} ms | ${r.roundsP99.join(' / ')} | ${Object.keys(r.failures).length ? JSON.stringify(r.failures) : 'none'} |

**Bar p99 ≤ ${result.barP99Ms} ms: ${result.passed ? 'met' : 'MISSED'}.** Ratio of the p99s (ours / reference): **${result.ratioP99}**;
of the p50s: ${result.ratioP50}. Positions kept at the end: ${result.positionsKept} of ${result.riders} riders.

A report to the API: Fastify, the body's schema, the rider session (one query: token hash → session → rider
on shift), one statement that keeps the position only if the last is 2 s old and answers the rider's
shipments on route, and the publishes to the console room and the tracking rooms. The reference does the same
statement behind a bare HTTP server with the session in memory: the difference is the framework, the
validation, the session query and the publishes.
`;
}

async function main() {
  const database = await throwawayDatabase('comanda_bench_positions');
  const adminToken = randomBytes(16).toString('hex');
  let api;
  let reference;
  try {
    buildApi(log);
    api = await apiStart(database.url, adminToken);
    const fuego = await fuegoPalermo(api.base, adminToken);
    const riders = await ridersOnShift(database.url, fuego.contact.id, riderCount);
    log(`${riders.length} riders on shift; ${holding} of them take a delivery`);
    const shipmentIds = await shipmentsOfOrders(
      database.url,
      await deliveriesAccepted(api.base, fuego, holding),
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    for (const [i, id] of shipmentIds.entries()) {
      const taken = await timedRequest(agent, `${api.base}/api/shipments/${id}`, {
        method: 'PUT',
        token: riders[i].token,
        body: { status: 'ON_ROUTE_TO_PICK_UP', id },
      });
      if (taken.status !== 200)
        throw new Error(`rider ${riders[i].id} could not take shipment ${id}: ${taken.status}`);
    }
    agent.destroy();
    reference = await referenceStart(database.url);

    log('warm-up: 5 s of each');
    await load(api.base, riders, 5);
    await load(reference.base, riders, 5);
    const ours = [];
    const theirs = [];
    for (let round = 1; round <= rounds; round++) {
      ours.push(await load(api.base, riders, roundSeconds));
      theirs.push(await load(reference.base, riders, roundSeconds));
      log(
        `round ${round}/${rounds}: p99 ours ${round2(percentile(ours.at(-1).latencies, 99))} ms, reference ${round2(percentile(theirs.at(-1).latencies, 99))} ms`,
      );
    }
    const kept = await databaseQuery(
      database.url,
      `select count(*)::int as n from riders where position_at > now() - interval '1 minute'`,
    );
    const apiSummary = summary(ours);
    const referenceSummary = summary(theirs);
    const passed = apiSummary.latencyMs.p99 <= BAR_P99_MS && Object.keys(apiSummary.failures).length === 0;
    const result = {
      headline: `p99 ${apiSummary.latencyMs.p99} ms per report (bar ≤ ${BAR_P99_MS}) at ${apiSummary.reportsPerSecond}/s from ${riderCount} riders; reference p99 ${referenceSummary.latencyMs.p99} ms, ratio ${round2(apiSummary.latencyMs.p99 / referenceSummary.latencyMs.p99)}`,
      measuredAt: new Date().toISOString(),
      commit: gitCommit(),
      machine: machine(),
      postgres: `PostgreSQL ${(await adminQuery('show server_version')).rows[0].server_version}`,
      riders: riderCount,
      intervalMs,
      holding,
      rounds,
      roundSeconds,
      barP99Ms: BAR_P99_MS,
      api: apiSummary,
      reference: referenceSummary,
      ratioP99: round2(apiSummary.latencyMs.p99 / referenceSummary.latencyMs.p99),
      ratioP50: round2(apiSummary.latencyMs.p50 / referenceSummary.latencyMs.p50),
      positionsKept: kept.rows[0].n,
      passed,
    };
    resultsWrite('rider-positions', result, markdown(result));
    log(result.headline);
    log(`→ bench/results/rider-positions.{json,md}${passed ? '' : ' — BAR MISSED'}`);
    if (!passed) process.exitCode = 1;
  } finally {
    await childStop(reference?.child);
    await api?.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
