#!/usr/bin/env node
// JavaScript of the storefront's first load, as a phone downloads it (issue 4,
// "Quality bars → Speed": the first load of /menu/{alias}/{mode} ships at most
// 100 KB of JavaScript gzipped, React and the router included; maps, console,
// rider and payment code are separate chunks).
//
//   npm run build && node bench/bundle-size.mjs
//
// Builds nothing: it measures apps/web/dist as served by the built server
// (`node apps/api/dist/server.js`, fresh embedded database so the demo tenant
// seeds, loopback only). Each page is opened in Debian Chromium with an empty
// cache and no service worker, until the network has been idle for 2 s; every
// script response is recorded through the DevTools protocol with
//   - its body as served (content-length; the server sends precompressed .br/.gz),
//   - its bytes on the wire (Network.loadingFinished encodedDataLength, headers included),
//   - its decoded size, and its gzip -9 size computed here from the decoded body
//     (the bar is "100 KB gzipped", whatever the server chose to send).
// Then two on-demand steps on the menu (the address modal with its map, a
// plate's detail) show which chunks arrive only when asked for, and the whole
// dist/assets listing gives every chunk's weight.
//
// The customer tracking page (issue 10) has a bar of its own: its first load,
// before the map chunk (Leaflet and the map component, loaded lazily once the
// page is up), at most 100 KB of JavaScript gzipped. It is measured on a real
// delivery (placed and accepted through the API: bench/lib/tracked-order.mjs).
//
// Environment (optional): BENCH_BUNDLE_LIMIT_BYTES (default 100000).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  BENCH_CLOCK_START,
  buildSnapshot,
  chromiumLaunch,
  environment,
  environmentLine,
  kb,
  loopbackOnly,
  resultsWrite,
  serverStart,
} from './lib/built-app.mjs';
import { trackedOrderPath } from './lib/tracked-order.mjs';

const LIMIT = Number(process.env.BENCH_BUNDLE_LIMIT_BYTES ?? 100_000);
const QUIET_MS = 2000;
const PAGE_TIMEOUT_MS = 45_000;

/** The pages measured; the first is the one the bar is about. Mode segment: the demo's show name "Delivery". */
const PAGES = [
  {
    id: 'mode-menu',
    path: '/menu/brasa-nunez/delivery',
    what: 'menu of a mode (the bar)',
    expect: 'Lo más destacado',
  },
  {
    id: 'branch-entry',
    path: '/menu/brasa-nunez',
    what: 'branch entry (mode selector)',
    expect: 'Brasa Núñez',
  },
  {
    id: 'category',
    path: '/menu/brasa-nunez/delivery/entradas',
    what: 'category page',
    expect: 'Provoleta',
  },
  { id: 'company', path: '/menu/brasa', what: 'company (branch cards)', expect: 'Brasa' },
  {
    id: 'rider',
    path: '/logistics/brasa-nunez/rider/phoneIntake',
    what: "rider app's first page (issue 9: within the storefront's budget)",
    expect: 'Ingresa con tu teléfono',
  },
  {
    id: 'tracking',
    path: null,
    resolvePath: trackedOrderPath,
    what: 'customer live tracking (its own bar, before the map chunk)',
    expect: 'Clave de entrega',
    // Loaded lazily after the page is up: not part of its bar.
    mapChunk: /^\/assets\/(tracking-map|leaflet)-/,
  },
];

/** The tracking page's bar: its first-load scripts but the map chunk. */
function trackingBar(pageResult, spec) {
  const rows = pageResult.scripts.filter((row) => !spec.mapChunk.test(row.file));
  const map = pageResult.scripts.filter((row) => spec.mapChunk.test(row.file));
  return { beforeMap: totals(rows), map: totals(map), mapFiles: map.map((row) => row.file) };
}

function log(message) {
  console.log(`[bundle-size] ${message}`);
}

const gzip9 = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const brotli11 = (buffer) =>
  zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * Records every response of a page through CDP: type, headers, wire bytes and
 * (for scripts) the decoded body.
 */
async function networkRecorder(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  /** @type {Map<string, any>} */
  const requests = new Map();
  let lastActivity = performance.now();
  const pending = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    lastActivity = performance.now();
    requests.set(event.requestId, { url: event.request.url, type: event.type, phase: null });
  });
  cdp.on('Network.responseReceived', (event) => {
    lastActivity = performance.now();
    const entry = requests.get(event.requestId) ?? { url: event.response.url };
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    Object.assign(entry, {
      type: event.type,
      status: event.response.status,
      mimeType: event.response.mimeType,
      contentEncoding: headers['content-encoding'] ?? 'identity',
      contentLength: headers['content-length'] === undefined ? null : Number(headers['content-length']),
      fromCache: Boolean(event.response.fromDiskCache || event.response.fromServiceWorker),
    });
    requests.set(event.requestId, entry);
  });
  cdp.on('Network.loadingFinished', (event) => {
    lastActivity = performance.now();
    const entry = requests.get(event.requestId);
    if (!entry) return;
    entry.encodedDataLength = event.encodedDataLength;
    entry.finished = true;
    if (entry.type === 'Script') {
      pending.push(
        cdp
          .send('Network.getResponseBody', { requestId: event.requestId })
          .then(({ body, base64Encoded }) => {
            entry.body = Buffer.from(body, base64Encoded ? 'base64' : 'utf8');
          })
          .catch((error) => {
            entry.bodyError = String(error.message ?? error);
          }),
      );
    }
  });
  cdp.on('Network.loadingFailed', (event) => {
    lastActivity = performance.now();
    const entry = requests.get(event.requestId);
    if (entry) entry.failed = event.errorText;
  });
  return {
    requests,
    /** Resolves once nothing happened on the network for `quietMs` (bounded by `maxMs`). */
    async quiet(quietMs, maxMs) {
      const start = performance.now();
      while (performance.now() - lastActivity < quietMs && performance.now() - start < maxMs) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await Promise.all(pending);
    },
    mark(phase) {
      for (const entry of requests.values()) if (entry.phase === null) entry.phase = phase;
    },
    async close() {
      await cdp.detach().catch(() => {});
    },
  };
}

/** One script response as reported. */
function scriptRow(entry) {
  const decoded = entry.body?.length ?? null;
  return {
    file: new URL(entry.url).pathname,
    status: entry.status,
    servedEncoding: entry.contentEncoding,
    servedBytes: entry.contentLength,
    wireBytes: entry.encodedDataLength ?? null,
    decodedBytes: decoded,
    gzip9Bytes: entry.body ? gzip9(entry.body) : null,
    ...(entry.bodyError ? { bodyError: entry.bodyError } : {}),
  };
}

function totals(rows) {
  const sum = (key) => rows.reduce((total, row) => total + (row[key] ?? 0), 0);
  return {
    files: rows.length,
    servedBytes: sum('servedBytes'),
    wireBytes: sum('wireBytes'),
    decodedBytes: sum('decodedBytes'),
    gzip9Bytes: sum('gzip9Bytes'),
  };
}

async function pageMeasure(browser, baseUrl, spec, onDemand) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
    locale: 'es-AR',
  });
  const blocked = await loopbackOnly(context);
  const page = await context.newPage();
  await page.clock.setSystemTime(new Date(BENCH_CLOCK_START));
  const recorder = await networkRecorder(page);
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error.message ?? error)));
  try {
    await page.goto(baseUrl + spec.path, { waitUntil: 'networkidle', timeout: PAGE_TIMEOUT_MS });
    await page.waitForFunction((text) => document.body.innerText.includes(text), spec.expect, {
      timeout: PAGE_TIMEOUT_MS,
    });
    await recorder.quiet(QUIET_MS, 15_000);
    recorder.mark('first-load');
    const heading = await page
      .locator('h1')
      .first()
      .textContent({ timeout: 2000 })
      .catch(() => null);

    const steps = [];
    if (onDemand) {
      for (const step of onDemand) {
        await step.run(page);
        await recorder.quiet(QUIET_MS, 15_000);
        recorder.mark(step.id);
        steps.push(step);
      }
    }
    const all = [...recorder.requests.values()];
    const scripts = (phase) =>
      all.filter((entry) => entry.type === 'Script' && entry.phase === phase && !entry.failed).map(scriptRow);
    const firstLoad = scripts('first-load');
    return {
      id: spec.id,
      path: spec.path,
      what: spec.what,
      heading,
      pageErrors: errors,
      blockedRequests: [...blocked],
      requests: all.filter((entry) => entry.phase === 'first-load').length,
      otherResources: all
        .filter((entry) => entry.phase === 'first-load' && entry.type !== 'Script')
        .map((entry) => ({
          url: new URL(entry.url).pathname + new URL(entry.url).search,
          type: entry.type,
          servedEncoding: entry.contentEncoding,
          wireBytes: entry.encodedDataLength ?? null,
          ...(entry.failed ? { failed: entry.failed } : {}),
        })),
      scripts: firstLoad,
      total: totals(firstLoad),
      onDemand: steps.map((step) => {
        const rows = scripts(step.id);
        return { id: step.id, what: step.what, scripts: rows, total: totals(rows) };
      }),
    };
  } finally {
    await recorder.close();
    await context.close();
  }
}

/** The on-demand steps on the mode menu: what each one adds. */
const MENU_STEPS = [
  {
    id: 'address-modal',
    what: "'Ingresar dirección' opens the address modal and its Leaflet map",
    async run(page) {
      await page.getByRole('button', { name: 'Ingresar dirección' }).click();
      await page.getByRole('dialog').waitFor({ timeout: PAGE_TIMEOUT_MS });
      await page
        .locator('.leaflet-container')
        .first()
        .waitFor({ timeout: PAGE_TIMEOUT_MS })
        .catch(() => {});
      await page.keyboard.press('Escape');
      await page
        .getByRole('dialog')
        .waitFor({ state: 'detached', timeout: 5000 })
        .catch(() => {});
    },
  },
  {
    id: 'plate-detail',
    what: "a plate of 'Lo más destacado' opens its detail",
    async run(page) {
      await page.getByText('Bife de chorizo').first().click();
      await page.getByRole('dialog').waitFor({ timeout: PAGE_TIMEOUT_MS });
    },
  },
];

/** Every JavaScript chunk of the build, with what it holds when its name or content says so. */
function distListing(distDir, loadedFiles) {
  const assets = path.join(distDir, 'assets');
  const rows = [];
  for (const name of fs.readdirSync(assets).sort()) {
    if (!name.endsWith('.js')) continue;
    const content = fs.readFileSync(path.join(assets, name));
    const text = content.toString('utf8');
    const holds = [];
    if (text.includes('leaflet-pane')) holds.push('Leaflet (maps)');
    if (/^address-map-/.test(name)) holds.push('address map');
    if (/^address-modal-/.test(name)) holds.push('address modal');
    if (/checkout/i.test(name)) holds.push('checkout');
    if (/console/i.test(name)) holds.push('orders console');
    if (/rider/i.test(name)) holds.push('rider app');
    if (/pay/i.test(name)) holds.push('payments');
    if (text.includes('react.dev/errors')) holds.push('React DOM');
    if (/engine\.io|socket\.io/.test(text)) holds.push('socket.io client');
    rows.push({
      file: `/assets/${name}`,
      rawBytes: content.length,
      gzip9Bytes: gzip9(content),
      brotliBytes: fs.existsSync(path.join(assets, `${name}.br`))
        ? fs.statSync(path.join(assets, `${name}.br`)).size
        : brotli11(content),
      holds,
      inFirstLoadOfModeMenu: loadedFiles.has(`/assets/${name}`),
    });
  }
  return rows;
}

function markdown(report) {
  const bar = report.pages[0];
  const lines = [];
  lines.push('# Storefront JavaScript: first-load weight');
  lines.push('');
  lines.push(environmentLine(report.environment));
  lines.push('');
  lines.push(
    `Command: \`${report.command}\` (after \`npm run build\`). Built server on loopback, fresh embedded database ` +
      '(demo tenant), Debian Chromium via playwright-core, phone viewport 412×823, empty cache, service worker ' +
      `blocked, measured until the network was idle for ${QUIET_MS / 1000} s. "Served" is the body as sent ` +
      '(content-length; the server sends precompressed Brotli), "wire" adds the response headers (CDP ' +
      'encodedDataLength), "gzip -9" is the decoded body gzipped here at level 9: the figure the bar is about.',
  );
  lines.push('');
  lines.push(
    `## The bar: first load of \`${bar.path}\` ≤ 100 KB of JavaScript gzipped, read strictly as ${report.limitBytes} bytes (${kb(report.limitBytes)} KiB)`,
  );
  lines.push('');
  lines.push(
    `**${report.modeMenuPass ? 'PASS' : 'FAIL'}**: ${bar.total.gzip9Bytes} bytes gzip -9 (${kb(bar.total.gzip9Bytes)} KiB) in ` +
      `${bar.total.files} script file(s); ${bar.total.servedBytes} bytes served as Brotli ` +
      `(${kb(bar.total.servedBytes)} KiB), ${bar.total.wireBytes} bytes on the wire, ` +
      `${bar.total.decodedBytes} bytes decoded. Margin: ${report.limitBytes - bar.total.gzip9Bytes} bytes.`,
  );
  lines.push('');
  const tracking = report.pages.find((pageResult) => pageResult.id === 'tracking');
  lines.push(
    `## The tracking page's bar: its first load before the map chunk ≤ ${report.limitBytes} bytes gzip -9`,
  );
  lines.push('');
  lines.push(
    `**${report.trackingPass ? 'PASS' : 'FAIL'}**: ${tracking.bar.beforeMap.gzip9Bytes} bytes gzip -9 ` +
      `(${kb(tracking.bar.beforeMap.gzip9Bytes)} KiB) in ${tracking.bar.beforeMap.files} script file(s) on \`${tracking.path}\`; ` +
      `margin ${report.limitBytes - tracking.bar.beforeMap.gzip9Bytes} bytes. The map chunk that follows (` +
      `${tracking.bar.mapFiles.map((file) => `\`${file}\``).join(', ') || 'none'}) adds ${tracking.bar.map.gzip9Bytes} bytes.`,
  );
  lines.push('');
  const rider = report.pages.find((pageResult) => pageResult.id === 'rider');
  lines.push(`## The rider app's bar: its first page ≤ ${report.limitBytes} bytes gzip -9`);
  lines.push('');
  lines.push(
    `**${report.riderPass ? 'PASS' : 'FAIL'}**: ${rider.total.gzip9Bytes} bytes gzip -9 ` +
      `(${kb(rider.total.gzip9Bytes)} KiB) in ${rider.total.files} script file(s) on \`${rider.path}\`; ` +
      `margin ${report.limitBytes - rider.total.gzip9Bytes} bytes (no map: the rider app has none).`,
  );
  lines.push('');
  for (const pageResult of report.pages) {
    lines.push(`### \`${pageResult.path}\`: ${pageResult.what}`);
    lines.push('');
    lines.push(
      `Heading shown: "${pageResult.heading ?? '—'}"; ${pageResult.requests} requests in the first load` +
        `${pageResult.pageErrors.length ? `; page errors: ${pageResult.pageErrors.join(' | ')}` : ''}` +
        `${pageResult.blockedRequests.length ? `; blocked off-machine requests: ${pageResult.blockedRequests.length}` : '; no request left the machine'}.`,
    );
    lines.push('');
    lines.push('| Script | Served (encoding) | Wire | Decoded | gzip -9 |');
    lines.push('|---|---:|---:|---:|---:|');
    for (const row of pageResult.scripts) {
      lines.push(
        `| \`${row.file}\` | ${row.servedBytes ?? '?'} (${row.servedEncoding}) | ${row.wireBytes ?? '?'} | ${row.decodedBytes ?? '?'} | ${row.gzip9Bytes ?? '?'} |`,
      );
    }
    const t = pageResult.total;
    lines.push(
      `| **Total (${t.files} files)** | **${t.servedBytes}** | **${t.wireBytes}** | **${t.decodedBytes}** | **${t.gzip9Bytes}** (${kb(t.gzip9Bytes)} KiB, ${t.gzip9Bytes <= report.limitBytes ? 'within' : 'over'} the bar) |`,
    );
    lines.push('');
    for (const step of pageResult.onDemand) {
      lines.push(
        `On demand, ${step.what}: ${step.scripts.length === 0 ? 'no new script' : step.scripts.map((row) => `\`${row.file}\` ${row.gzip9Bytes} B gz`).join(', ')}` +
          ` (${step.total.gzip9Bytes} bytes gzip -9 in all).`,
      );
      lines.push('');
    }
  }
  lines.push('## Every chunk of the build (`apps/web/dist/assets/*.js`)');
  lines.push('');
  lines.push('| Chunk | Raw | gzip -9 | Brotli (.br served) | In first load of the mode menu | Holds |');
  lines.push('|---|---:|---:|---:|---|---|');
  for (const row of report.dist) {
    lines.push(
      `| \`${row.file}\` | ${row.rawBytes} | ${row.gzip9Bytes} | ${row.brotliBytes} | ${row.inFirstLoadOfModeMenu ? 'yes' : 'no (lazy)'} | ${row.holds.join(', ')} |`,
    );
  }
  lines.push('');
  const lazy = report.dist.filter((row) => !row.inFirstLoadOfModeMenu);
  lines.push(
    `Lazy chunks: ${lazy.length}, ${lazy.reduce((sum, row) => sum + row.gzip9Bytes, 0)} bytes gzip -9 together. ` +
      `Leaflet: ${report.lazy.leaflet}. Address modal: ${report.lazy.addressModal}. ` +
      `Checkout, orders console, rider and payment screens: ${report.lazy.others}.`,
  );
  return lines.join('\n');
}

async function measure(snapshot) {
  const server = await serverStart({ log, webDistDir: snapshot.dir });
  const browser = await chromiumLaunch();
  try {
    const pages = [];
    for (const [index, listed] of PAGES.entries()) {
      const spec = listed.resolvePath ? { ...listed, path: await listed.resolvePath(server.url) } : listed;
      log(`opening ${spec.path}`);
      pages.push(await pageMeasure(browser, server.url, spec, index === 0 ? MENU_STEPS : null));
      if (spec.mapChunk) pages.at(-1).bar = trackingBar(pages.at(-1), spec);
      const last = pages.at(-1);
      log(
        `  ${last.total.files} scripts, ${last.total.gzip9Bytes} bytes gzip -9, ${last.total.servedBytes} served`,
      );
    }
    return pages;
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function main() {
  const env = environment();
  const snapshot = await buildSnapshot(log);
  let pages;
  let dist;
  try {
    pages = await measure(snapshot);
    dist = distListing(snapshot.dir, new Set(pages[0].scripts.map((row) => row.file)));
  } finally {
    snapshot.remove();
  }
  const fingerprint = snapshot.fingerprint;
  const bar = pages[0];
  const leafletChunks = dist.filter((row) => row.holds.includes('Leaflet (maps)'));
  const describe = (rows) =>
    rows.length === 0
      ? 'none in this build'
      : rows
          .map(
            (row) =>
              `\`${row.file}\` ${row.gzip9Bytes} B gz${row.inFirstLoadOfModeMenu ? ' (IN FIRST LOAD)' : ''}`,
          )
          .join(', ');
  const tracking = pages.find((pageResult) => pageResult.id === 'tracking');
  const trackingPass =
    tracking.bar.beforeMap.gzip9Bytes <= LIMIT && tracking.scripts.every((row) => row.gzip9Bytes !== null);
  const report = {
    bench: 'bundle-size',
    command: 'node bench/bundle-size.mjs',
    environment: env,
    buildFingerprint: fingerprint,
    limitBytes: LIMIT,
    modeMenuPass: bar.total.gzip9Bytes <= LIMIT && bar.scripts.every((row) => row.gzip9Bytes !== null),
    modeMenuGzip9Bytes: bar.total.gzip9Bytes,
    trackingPass,
    trackingBeforeMapGzip9Bytes: tracking.bar.beforeMap.gzip9Bytes,
    trackingMapGzip9Bytes: tracking.bar.map.gzip9Bytes,
    pages,
    dist,
    lazy: {
      leaflet: describe(leafletChunks),
      addressModal: describe(dist.filter((row) => row.holds.includes('address modal'))),
      others: describe(
        dist.filter((row) =>
          row.holds.some((what) => ['checkout', 'orders console', 'rider app', 'payments'].includes(what)),
        ),
      ),
    },
  };
  const rider = pages.find((pageResult) => pageResult.id === 'rider');
  report.riderPass = rider.total.gzip9Bytes <= LIMIT && rider.scripts.every((row) => row.gzip9Bytes !== null);
  report.pass = report.modeMenuPass && trackingPass && report.riderPass;
  report.headline =
    `${bar.path} first load: ${bar.total.gzip9Bytes} bytes of JavaScript gzip -9 in ${bar.total.files} files ` +
    `(bar ${LIMIT}): ${report.modeMenuPass ? 'PASS' : 'FAIL'}; address map chunk (Leaflet) and plate detail load on demand; ` +
    `tracking page before its map chunk: ${tracking.bar.beforeMap.gzip9Bytes} bytes (bar ${LIMIT}): ${trackingPass ? 'PASS' : 'FAIL'}`;
  resultsWrite('bundle-size', report, markdown(report));
  log(
    `${bar.path}: ${bar.total.gzip9Bytes} bytes of JavaScript gzip -9 (limit ${LIMIT}) → ${report.modeMenuPass ? 'PASS' : 'FAIL'}`,
  );
  log(
    `tracking before the map chunk: ${tracking.bar.beforeMap.gzip9Bytes} bytes gzip -9 (limit ${LIMIT}) → ${trackingPass ? 'PASS' : 'FAIL'}`,
  );
  log(
    `rider app's first page: ${rider.total.gzip9Bytes} bytes gzip -9 (limit ${LIMIT}) → ${report.riderPass ? 'PASS' : 'FAIL'}`,
  );
  log('wrote bench/results/bundle-size.json and bundle-size.md');
  return report.pass;
}

main().then(
  (pass) => process.exit(pass ? 0 : 1),
  (error) => {
    console.error(`[bundle-size] ${error.stack ?? error}`);
    process.exit(2);
  },
);
