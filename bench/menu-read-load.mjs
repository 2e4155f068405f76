#!/usr/bin/env node
// The cached menu read under load, side by side with raw node:http serving
// the same bytes (issue 13's quality bar: ≥ 0.5 × raw node:http at 64
// connections, p99 ≤ 20 ms, for the 200 and the 304).
//
//   node apps/api/build.mjs && node bench/menu-read-load.mjs
//
// Starts the built API (apps/api/dist/server.js, no web app) with the demo
// tenant seeded into a fresh embedded database, and, when BENCH_DATABASE_URL
// names a PostgreSQL server, again on a throwaway database there. For each:
// reads `GET /api/diner/brasa-nunez/menu/{id}?orderModeId={delivery}` with
// `accept-encoding: br` once, then serves exactly those bytes and headers from
// a bare node:http server in this process, and runs `wrk -t1 -c64 --latency`
// against the API and the raw server, alternately, for the 200 and for the 304
// (`If-None-Match` with the menu's ETag). Each measurement is split into
// rounds that alternate the two servers (4 × 5 s each by default), so that a
// burst of the host's other load weighs on both alike: a virtual machine's
// neighbours moved a single 10 s pair's ratio between ×0.33 and ×0.66 here.
//
// Environment (optional): BENCH_DATABASE_URL (postgres://… of a server where
// the bench may create and drop a database), BENCH_LOAD_SECONDS (20, in all,
// of each server), BENCH_LOAD_ROUNDS (4),
// BENCH_LOAD_CONNECTIONS (64), BENCH_MENU_API_SERVER (another built bundle,
// for a before/after) with BENCH_MENU_VARIANT (suffix of the results' name).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { apiServer, environment, resultsWrite, root, serverStart } from './lib/built-app.mjs';

const ROUNDS = Math.max(1, Number(process.env.BENCH_LOAD_ROUNDS ?? 4));
// wrk takes whole seconds.
const SECONDS = Math.max(1, Math.round(Number(process.env.BENCH_LOAD_SECONDS ?? 20) / ROUNDS));
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 64);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? '';
const API_SERVER = process.env.BENCH_MENU_API_SERVER
  ? path.resolve(process.env.BENCH_MENU_API_SERVER)
  : apiServer;
const VARIANT = process.env.BENCH_MENU_VARIANT ?? '';
const ALIAS = 'brasa-nunez';

const log = (message) => console.log(`[menu-read-load] ${message}`);
const load = () => os.loadavg().map((value) => Number(value.toFixed(2)));

/**
 * One `wrk` run: requests per second, latency percentiles (ms), answers that
 * were not 2xx/3xx, socket errors. Spawned asynchronously: the raw server
 * answers from this process's event loop meanwhile.
 */
async function wrk(url, headers) {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', '--timeout', '5s'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  const loadBefore = load();
  const out = await new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.once('error', (error) =>
      reject(new Error(`wrk could not run (${error.message}); install it (apt-get install wrk)`)),
    );
    child.once('exit', () => resolve(stdout));
  });
  const ms = (text) => {
    const match = /^([\d.]+)(us|ms|s)$/.exec(text);
    if (!match) return Number.NaN;
    const value = Number(match[1]);
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
  };
  const percentileOf = (p) => ms(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  const errors = /Socket errors: (.*)$/m.exec(out)?.[1] ?? null;
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
    latencyMs: {
      mean: ms(/Latency\s+(\S+)/.exec(out)?.[1] ?? ''),
      p50: percentileOf(50),
      p90: percentileOf(90),
      p99: percentileOf(99),
      max: ms(/Latency\s+\S+\s+\S+\s+(\S+)/.exec(out)?.[1] ?? ''),
    },
    nonSuccess: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    socketErrors: errors,
    loadBefore,
    raw: out,
  };
}

/**
 * The rounds of one server as one measurement: requests per second over all of
 * them, the worst round's latency percentiles, answers and errors summed.
 */
function roundsCombined(rounds) {
  const requests = rounds.reduce((sum, round) => sum + round.requests, 0);
  const worst = (key) => Math.max(...rounds.map((round) => round.latencyMs[key]));
  const errors = rounds.map((round) => round.socketErrors).filter(Boolean);
  return {
    requestsPerSecond: Number(
      (rounds.reduce((sum, round) => sum + round.requestsPerSecond, 0) / rounds.length).toFixed(2),
    ),
    requests,
    latencyMs: {
      mean: worst('mean'),
      p50: worst('p50'),
      p90: worst('p90'),
      p99: worst('p99'),
      max: worst('max'),
    },
    nonSuccess: rounds.reduce((sum, round) => sum + round.nonSuccess, 0),
    socketErrors: errors.length > 0 ? errors.join('; ') : null,
    loadBefore: rounds[0].loadBefore,
    roundsPerSecond: rounds.map((round) => round.requestsPerSecond),
  };
}

/** A bare node:http server answering every request with one recorded answer (or its 304). */
async function rawServerStart(answer) {
  const server = http.createServer((request, response) => {
    if (request.headers['if-none-match'] === answer.etag) {
      response.writeHead(304, answer.headers304);
      response.end();
      return;
    }
    response.writeHead(200, answer.headers200);
    response.end(answer.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(resolve)) };
}

/** One GET, the raw bytes and headers as the API sends them. */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** A throwaway PostgreSQL database for one run. */
async function postgresDatabase() {
  const { default: pg } = await import('pg');
  const name = `comanda_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function measure(kind) {
  const database = kind === 'postgres' ? await postgresDatabase() : null;
  const server = await serverStart({
    log,
    webDistDir: '',
    apiServerPath: API_SERVER,
    env: {
      LOG_LEVEL: 'error',
      ...(database ? { DATABASE_URL: database.url, SEED_DEMO: 'true' } : {}),
    },
  });
  try {
    const entity = await (await fetch(`${server.url}/api/diner/${ALIAS}`)).json();
    const contact = entity.branchContact;
    const mode = contact.deliveryConfig.orderModes.find((m) => m.type === 'DELIVERY');
    const menuPath = `/api/diner/${ALIAS}/menu/${contact.id}?orderModeId=${mode.id}`;
    const accept = { 'accept-encoding': 'br' };
    const first = await get(server.url + menuPath, accept);
    if (first.status !== 200 || first.headers['content-encoding'] !== 'br') {
      throw new Error(`GET ${menuPath} answered ${first.status} (${first.headers['content-encoding']})`);
    }
    const etag = first.headers.etag;
    const revalidated = await get(server.url + menuPath, { ...accept, 'if-none-match': etag });
    if (revalidated.status !== 304) throw new Error(`the revalidation answered ${revalidated.status}`);
    // The reference answers exactly what the API answered, headers included (the security headers and the
    // policy are part of the answer, and Node checks every header it writes): all but those Node writes
    // itself (date, connection, keep-alive).
    const own = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
    const same = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !own.has(name)));
    const raw = await rawServerStart({
      body: first.body,
      etag,
      headers200: same(first.headers),
      headers304: same(revalidated.headers),
    });
    try {
      // Warm both (and the API's JIT) before measuring.
      for (let i = 0; i < 200; i += 1) await get(server.url + menuPath, accept);
      const runs = {};
      for (const [name, headers] of [
        ['200', accept],
        ['304', { ...accept, 'if-none-match': etag }],
      ]) {
        const comandaRounds = [];
        const bareRounds = [];
        for (let round = 1; round <= ROUNDS; round += 1) {
          comandaRounds.push(await wrk(server.url + menuPath, headers));
          bareRounds.push(await wrk(raw.url + menuPath, headers));
          log(
            `${kind} ${name} round ${round}/${ROUNDS}: Comanda ${comandaRounds.at(-1).requestsPerSecond} req/s, ` +
              `raw node:http ${bareRounds.at(-1).requestsPerSecond} req/s`,
          );
        }
        const comanda = roundsCombined(comandaRounds);
        const bare = roundsCombined(bareRounds);
        runs[name] = {
          comanda,
          rawNodeHttp: bare,
          ratio: Number((comanda.requestsPerSecond / bare.requestsPerSecond).toFixed(2)),
        };
        log(
          `${kind} ${name}: ${comanda.requestsPerSecond} req/s (p99 ${comanda.latencyMs.p99} ms) vs ` +
            `${bare.requestsPerSecond} req/s (p99 ${bare.latencyMs.p99} ms): ×${runs[name].ratio}`,
        );
      }
      return { kind, path: menuPath, bodyBytes: first.body.length, etag, runs };
    } finally {
      await raw.stop();
    }
  } finally {
    await server.stop();
    await database?.drop();
  }
}

async function main() {
  const env = environment();
  const kinds = ['embedded', ...(DATABASE_URL ? ['postgres'] : [])];
  const measured = [];
  for (const kind of kinds) measured.push(await measure(kind));
  const command =
    `${DATABASE_URL ? 'BENCH_DATABASE_URL=postgres://… ' : ''}` +
    `${process.env.BENCH_MENU_API_SERVER ? `BENCH_MENU_API_SERVER=${process.env.BENCH_MENU_API_SERVER} ` : ''}` +
    `${VARIANT ? `BENCH_MENU_VARIANT=${VARIANT} ` : ''}node bench/menu-read-load.mjs`;
  const result = {
    environment: env,
    loadAverageAfter: load(),
    command,
    apiServer: path.relative(root, API_SERVER),
    wrk: `wrk -t1 -c${CONNECTIONS} -d${SECONDS}s --latency`,
    rounds: ROUNDS,
    measured: measured.map((m) => ({
      ...m,
      runs: Object.fromEntries(
        Object.entries(m.runs).map(([name, run]) => [
          name,
          {
            ratio: run.ratio,
            comanda: { ...run.comanda, raw: undefined },
            rawNodeHttp: { ...run.rawNodeHttp, raw: undefined },
          },
        ]),
      ),
    })),
  };
  const line = (who, r) =>
    `| ${who} | ${r.requestsPerSecond.toFixed(0)} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.latencyMs.max} | ` +
    `${r.nonSuccess} | ${r.socketErrors ?? 'none'} | ${r.loadBefore.join(' / ')} | ${r.roundsPerSecond.join(' / ')} |`;
  const md = [
    `# Cached menu read under load${VARIANT ? ` (${VARIANT})` : ''}`,
    '',
    `Measured ${env.measuredAt} at commit ${env.commit}` +
      `${env.appSourcesModified ? ' (with uncommitted changes under apps/ or packages/)' : ''} on ${env.machine}, ` +
      `Node ${env.node}; load average before the run ${env.loadAverage.join(' / ')}, after ${result.loadAverageAfter.join(' / ')}.`,
    '',
    `Command: \`${command}\` (after \`node apps/api/build.mjs\`), API bundle \`${result.apiServer}\`. ` +
      `Each line is ${ROUNDS} rounds of \`${result.wrk}\` with \`accept-encoding: br\`, alternating with the ` +
      'other server’s rounds; the 304 lines add `If-None-Match` with the ' +
      'menu’s ETag. req/s is the mean of the rounds (each round’s figure in the last column), the latencies are ' +
      'the worst round’s. “raw node:http” is a bare `http.createServer` in the bench process answering the ' +
      'same bytes the API sent: the same body and every header (security headers and policy included) but ' +
      'those Node writes itself (date, connection, keep-alive). wrk, the API and the raw server share the ' +
      'machine’s cores.',
    '',
    ...measured.flatMap((m) => [
      `## ${m.kind === 'postgres' ? 'PostgreSQL' : 'Embedded database (PGlite)'}`,
      '',
      `\`GET ${m.path}\`, ${m.bodyBytes} bytes Brotli, ETag ${m.etag}.`,
      '',
      '| Server | req/s | p50 ms | p99 ms | max ms | not 2xx/3xx | socket errors | load before | req/s by round |',
      '|---|---:|---:|---:|---:|---:|---|---|---|',
      ...Object.entries(m.runs).flatMap(([name, run]) => [
        line(`Comanda ${name}`, run.comanda),
        line(`raw node:http ${name}`, run.rawNodeHttp),
        `| **ratio ${name}** | **×${run.ratio}** | | | | | | | |`,
      ]),
      '',
    ]),
  ].join('\n');
  resultsWrite(`menu-read-load${VARIANT ? `-${VARIANT}` : ''}`, result, md);
  log(`written bench/results/menu-read-load${VARIANT ? `-${VARIANT}` : ''}.md`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
