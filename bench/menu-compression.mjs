#!/usr/bin/env node
// The 2,000-plate menu over the wire: what JSON compression
// (apps/api/src/plugins/external/compression.ts) saves and what it costs.
//
//   npm run build && node bench/menu-compression.mjs
//
// Imports the tenant of bench/menu-2000.mjs (bench/lib/menu-tenant.mjs: 40
// categories × 50 plates) into the built server's fresh embedded database,
// then, loopback only:
//   1. the menu as served: bytes as identity, Brotli and gzip, and the time
//      each would take on Lighthouse's mobile network (1.6 Mbps down);
//   2. the CPU cost of compressing it, in this process, with the plugin's
//      settings (Brotli quality 5 text mode, gzip level 6), median of runs;
//      Brotli quality 11 once, for reference;
//   3. the served timings: the first Brotli and gzip answers (compressed on
//      that request) and then, interleaved, identity, Brotli and gzip answers
//      (the compressed ones from the plugin's cache, keyed by the menu's ETag).
//
// Environment (optional): BENCH_MENU_CATEGORIES (40), BENCH_MENU_PLATES (50),
// BENCH_COMPRESSION_RUNS (15), BENCH_COMPRESSION_REQUESTS (40).
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { environment, kb, median, percentile, resultsWrite, serverStart } from './lib/built-app.mjs';
import { benchTenant } from './lib/menu-tenant.mjs';

const CATEGORIES = Number(process.env.BENCH_MENU_CATEGORIES ?? 40);
const PLATES = Number(process.env.BENCH_MENU_PLATES ?? 50);
const RUNS = Math.min(100, Number(process.env.BENCH_COMPRESSION_RUNS ?? 15));
const REQUESTS = Math.min(500, Number(process.env.BENCH_COMPRESSION_REQUESTS ?? 40));
const ADMIN_TOKEN = `bench-${process.pid}-${Date.now()}`;
const ALIAS = 'bench-grande';
/** Lighthouse's mobile network (DevTools throttling), as menu-2000 uses it. */
const MOBILE_BPS = 1.6e6;

const log = (message) => console.log(`[menu-compression] ${message}`);

/** One GET over a fresh connection: time to first byte and to the last byte, raw bytes. */
function timedGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    let firstByte = null;
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => {
        if (firstByte === null) firstByte = process.hrtime.bigint();
        chunks.push(chunk);
      });
      response.on('end', () => {
        const ended = process.hrtime.bigint();
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.concat(chunks),
          ttfbMs: Number((firstByte ?? ended) - started) / 1e6,
          totalMs: Number(ended - started) / 1e6,
        });
      });
      response.on('error', reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

function timeMs(run, times) {
  const samples = [];
  let output = null;
  for (let i = 0; i < times; i += 1) {
    const t0 = performance.now();
    output = run();
    samples.push(performance.now() - t0);
  }
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples), output };
}

const round = (value, digits = 2) => Number(value.toFixed(digits));
const mobileMs = (bytes) => (bytes * 8 * 1000) / MOBILE_BPS;

async function main() {
  const tenant = benchTenant({ categories: CATEGORIES, platesPerCategory: PLATES });
  const server = await serverStart({ log, env: { ADMIN_TOKEN } });
  try {
    const imported = await fetch(`${server.url}/api/admin/tenants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(tenant),
      signal: AbortSignal.timeout(180_000),
    });
    if (!imported.ok)
      throw new Error(`the import was refused (${imported.status}): ${await imported.text()}`);
    const entity = await (await fetch(`${server.url}/api/diner/${ALIAS}`)).json();
    const contact = entity.branchContact;
    const mode = contact.deliveryConfig.orderModes.find((m) => m.type === 'DELIVERY');
    const path = `/api/diner/${ALIAS}/menu/${contact.id}?orderModeId=${mode.id}`;
    const url = server.url + path;

    // 1 + 3a: identity, then the first compressed answers (compressed on that request, then cached).
    const identity = await timedGet(url);
    if (identity.status !== 200) throw new Error(`GET ${path} answered ${identity.status}`);
    const plates = JSON.parse(identity.body).categories.reduce((sum, c) => sum + c.plates.length, 0);
    const firstBr = await timedGet(url, { 'accept-encoding': 'br' });
    const firstGzip = await timedGet(url, { 'accept-encoding': 'gzip' });
    if (firstBr.headers['content-encoding'] !== 'br' || firstGzip.headers['content-encoding'] !== 'gzip') {
      throw new Error(
        `the menu was not compressed (br: ${firstBr.headers['content-encoding']}, gzip: ${firstGzip.headers['content-encoding']})`,
      );
    }
    if (!zlib.brotliDecompressSync(firstBr.body).equals(identity.body))
      throw new Error('Brotli body differs');
    if (!zlib.gunzipSync(firstGzip.body).equals(identity.body)) throw new Error('gzip body differs');

    // 2: the CPU cost, with the plugin's settings.
    log(`compressing ${kb(identity.body.length)} KiB ${RUNS} times each`);
    const brParams = (quality) => ({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.body.length,
      },
    });
    const br5 = timeMs(() => zlib.brotliCompressSync(identity.body, brParams(5)), RUNS);
    const gz6 = timeMs(() => zlib.gzipSync(identity.body, { level: 6 }), RUNS);
    const br11 = timeMs(() => zlib.brotliCompressSync(identity.body, brParams(11)), 1);

    // 3b: served, interleaved; the compressed answers come from the plugin's cache.
    log(`${REQUESTS} requests of each kind, interleaved`);
    const served = { identity: [], br: [], gzip: [] };
    for (let i = 0; i < REQUESTS; i += 1) {
      served.identity.push(await timedGet(url));
      served.br.push(await timedGet(url, { 'accept-encoding': 'br' }));
      served.gzip.push(await timedGet(url, { 'accept-encoding': 'gzip' }));
    }
    const stats = (list, key) => ({
      p50: round(median(list.map((x) => x[key]))),
      p95: round(
        percentile(
          list.map((x) => x[key]),
          95,
        ),
      ),
    });
    const kinds = {
      identity: { bytes: identity.body.length, first: identity },
      br: { bytes: firstBr.body.length, first: firstBr },
      gzip: { bytes: firstGzip.body.length, first: firstGzip },
    };
    const result = {
      environment: environment(),
      command: 'node bench/menu-compression.mjs',
      path,
      plates,
      settings: { brotliQuality: 5, brotliMode: 'text', gzipLevel: 6, minBytes: 1024 },
      sizes: Object.fromEntries(
        Object.entries(kinds).map(([name, k]) => [
          name,
          {
            bytes: k.bytes,
            ratio: round(identity.body.length / k.bytes, 1),
            mobileMs: round(mobileMs(k.bytes), 0),
          },
        ]),
      ),
      compressMs: {
        brotli5: {
          median: round(br5.median),
          min: round(br5.min),
          max: round(br5.max),
          bytes: br5.output.length,
        },
        gzip6: {
          median: round(gz6.median),
          min: round(gz6.min),
          max: round(gz6.max),
          bytes: gz6.output.length,
        },
        brotli11Once: { ms: round(br11.median), bytes: br11.output.length },
      },
      firstCompressed: {
        br: { ttfbMs: round(firstBr.ttfbMs), totalMs: round(firstBr.totalMs) },
        gzip: { ttfbMs: round(firstGzip.ttfbMs), totalMs: round(firstGzip.totalMs) },
        identityBefore: { ttfbMs: round(identity.ttfbMs), totalMs: round(identity.totalMs) },
      },
      requests: REQUESTS,
      served: Object.fromEntries(
        Object.entries(served).map(([name, list]) => [
          name,
          { ttfb: stats(list, 'ttfbMs'), total: stats(list, 'totalMs') },
        ]),
      ),
    };
    result.headline =
      `2000-plate menu JSON ${kb(kinds.identity.bytes)} KiB → Brotli ${kb(kinds.br.bytes)} KiB ` +
      `(×${result.sizes.br.ratio}), gzip ${kb(kinds.gzip.bytes)} KiB; at 1.6 Mbps ` +
      `${(result.sizes.identity.mobileMs / 1000).toFixed(1)} s → ${(result.sizes.br.mobileMs / 1000).toFixed(2)} s; ` +
      `compressing it costs ${result.compressMs.brotli5.median} ms (Brotli 5) once per menu version, then cached`;

    const s = result.served;
    const md = [
      '# The 2,000-plate menu over the wire: JSON compression',
      '',
      `Measured ${result.environment.measuredAt} at commit ${result.environment.commit}` +
        `${result.environment.appSourcesModified ? ' (with uncommitted changes under apps/ or packages/)' : ''} on ` +
        `${result.environment.machine}, Node ${result.environment.node}; load average before the run ` +
        `${result.environment.loadAverage.join(' / ')}.`,
      '',
      `Command: \`${result.command}\` (after \`npm run build\`). Tenant of \`bench/menu-2000.mjs\` (${CATEGORIES} ` +
        `categories × ${PLATES} plates), imported into the built server's fresh embedded database; ` +
        `\`GET ${path}\`, ${plates} plates, loopback only. The API compresses JSON over 1 KB with Brotli quality 5 ` +
        '(text mode) or gzip level 6 by `accept-encoding`, and keeps the compressed bytes per (ETag, encoding).',
      '',
      '## Transfer size',
      '',
      '| Served as | Bytes | KiB | Smaller by | At 1.6 Mbps (mobile) |',
      '|---|---:|---:|---:|---:|',
      ...Object.entries(result.sizes).map(
        ([name, size]) =>
          `| ${name} | ${name === 'br' ? `**${size.bytes}**` : size.bytes} | ${kb(size.bytes)} | ×${size.ratio} | ${(size.mobileMs / 1000).toFixed(2)} s |`,
      ),
      '',
      '## The cost of compressing it (this process, the plugin’s settings)',
      '',
      `| | Median of ${RUNS} | Min | Max | Bytes |`,
      '|---|---:|---:|---:|---:|',
      `| Brotli quality 5 (text) | **${result.compressMs.brotli5.median} ms** | ${result.compressMs.brotli5.min} ms | ${result.compressMs.brotli5.max} ms | ${result.compressMs.brotli5.bytes} |`,
      `| gzip level 6 | **${result.compressMs.gzip6.median} ms** | ${result.compressMs.gzip6.min} ms | ${result.compressMs.gzip6.max} ms | ${result.compressMs.gzip6.bytes} |`,
      `| Brotli quality 11 (once, for reference) | ${result.compressMs.brotli11Once.ms} ms | | | ${result.compressMs.brotli11Once.bytes} |`,
      '',
      'The plugin compresses on libuv’s thread pool (async zlib), so this time does not block the event loop, ' +
        'and only once per menu version and encoding: later answers come from its cache.',
      '',
      '## Served timings (loopback, new connection each)',
      '',
      `First answers after start-up: identity ${result.firstCompressed.identityBefore.totalMs} ms; first Brotli ` +
        `(compressed on that request) ${result.firstCompressed.br.totalMs} ms; first gzip ${result.firstCompressed.gzip.totalMs} ms.`,
      '',
      `${REQUESTS} requests each, interleaved (compressed answers from the cache):`,
      '',
      '| | TTFB p50 | TTFB p95 | Complete p50 | Complete p95 |',
      '|---|---:|---:|---:|---:|',
      ...['identity', 'br', 'gzip'].map(
        (name) =>
          `| ${name} | ${s[name].ttfb.p50} ms | ${s[name].ttfb.p95} ms | ${s[name].total.p50} ms | ${s[name].total.p95} ms |`,
      ),
      '',
    ].join('\n');
    resultsWrite('menu-compression', result, md);
    log(result.headline);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
