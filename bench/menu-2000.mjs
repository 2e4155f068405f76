#!/usr/bin/env node
// A menu of 2,000 plates still renders and scrolls smoothly (issue 4, "Quality
// bars → Speed": record the time to render it).
//
//   npm run build && node bench/menu-2000.mjs
//
// Generates a tenant/v1 file (bench/lib/menu-tenant.mjs: 40 categories × 50
// plates, sizes on one plate in five, garnish groups on about half, indicators,
// an image on one plate in four, every plate on the menu home through
// `platesInMainView`), imports it into the built server's fresh embedded
// database through POST /api/admin/tenants, then measures, loopback only:
//   1. the menu JSON (`GET /api/diner/bench-grande/menu/{id}?orderModeId=`): size,
//      time to first byte and to the last byte, against a raw node:http server
//      answering the same bytes, the two interleaved in the same run (ratio);
//   2. in Debian Chromium (phone viewport), the time from navigation to the
//      last category rendered with all its plates, from a MutationObserver and
//      performance.now() in the page (cold cache, several loads; unthrottled,
//      with the CPU slowed 4× as Lighthouse does for a mid-range phone, and on
//      Lighthouse's mobile network, 150 ms and 1.6 Mbps, as DevTools throttling);
//   3. scrolling the whole menu with window.scrollBy in requestAnimationFrame
//      steps while recording every frame's duration: p50, p95, worst, frames
//      over 50 ms.
// The same-run reference for 2 and 3: a static snapshot of the rendered menu
// (same DOM and CSS, no script, the plates' images served directly), from the
// raw server, measured the same way.
//
// Environment (optional): BENCH_MENU_CATEGORIES (40), BENCH_MENU_PLATES (50),
// BENCH_MENU_LOADS (5), BENCH_MENU_REQUESTS (40), BENCH_MENU_SCROLL_STEP_PX (150: 9,000 px/s at 60 frames/s, a brisk fling).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  buildSnapshot,
  chromiumLaunch,
  environment,
  environmentLine,
  freePort,
  kb,
  loopbackOnly,
  median,
  percentile,
  resultsWrite,
  serverStart,
} from './lib/built-app.mjs';
import { benchTenant } from './lib/menu-tenant.mjs';

const CATEGORIES = Number(process.env.BENCH_MENU_CATEGORIES ?? 40);
const PLATES = Number(process.env.BENCH_MENU_PLATES ?? 50);
const LOADS = Math.min(20, Number(process.env.BENCH_MENU_LOADS ?? 5));
const THROTTLED_LOADS = Math.min(10, Math.max(1, Math.ceil(LOADS / 2)));
const MOBILE_LOADS = 2;
const REQUESTS = Math.min(500, Number(process.env.BENCH_MENU_REQUESTS ?? 40));
const SCROLL_STEP_PX = Number(process.env.BENCH_MENU_SCROLL_STEP_PX ?? 150);
const SCROLL_MAX_FRAMES = 6000;
const SCROLL_MAX_MS = 90_000;
const RENDER_TIMEOUT_MS = 120_000;
const ADMIN_TOKEN = `bench-${process.pid}-${Date.now()}`;
/** For investigations: another built API bundle, and a name for its results (`menu-2000-<name>.*`). */
const API_SERVER = process.env.BENCH_MENU_API_SERVER;
const VARIANT = process.env.BENCH_MENU_VARIANT;
const RESULTS_NAME = VARIANT ? `menu-2000-${VARIANT.replace(/[^a-z0-9-]/gi, '-')}` : 'menu-2000';
const ALIAS = 'bench-grande';
const MODE_SEGMENT = 'delivery';

function log(message) {
  console.log(`[menu-2000] ${message}`);
}

/** One GET over a fresh connection: time to first byte and to the last byte, bytes. */
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
        const body = Buffer.concat(chunks);
        resolve({
          status: response.statusCode,
          headers: response.headers,
          body,
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

/**
 * The reference server: node:http answering fixed bytes (the menu JSON with
 * the API's content type; the static snapshot page), nothing else.
 */
async function rawServerStart(routes) {
  const port = await freePort();
  const server = http.createServer((request, response) => {
    const pathname = request.url.split('?')[0];
    const route =
      routes.get(pathname) ??
      [...routes].find(([key]) => key.endsWith('*') && pathname.startsWith(key.slice(0, -1)))?.[1];
    if (!route) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': route.type, 'content-length': route.body.length });
    response.end(route.body);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(resolve);
      }),
  };
}

async function tenantImport(serverUrl, tenant) {
  const body = JSON.stringify(tenant);
  const started = performance.now();
  const response = await fetch(`${serverUrl}/api/admin/tenants`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(180_000),
  });
  const answer = await response.json();
  if (!response.ok) {
    throw new Error(
      `the import was refused (${response.status}): ${answer.message}\n${(answer.errors ?? []).slice(0, 20).join('\n')}`,
    );
  }
  return { fileBytes: Buffer.byteLength(body), ms: performance.now() - started, summary: answer.summary };
}

/** The menu's API address, found the way the storefront finds it (entity → location → mode). */
async function menuUrl(serverUrl) {
  const response = await fetch(`${serverUrl}/api/diner/${ALIAS}`);
  if (!response.ok) throw new Error(`GET /api/diner/${ALIAS} answered ${response.status}`);
  const entity = await response.json();
  const contact = entity.branchContact;
  const mode = contact?.deliveryConfig?.orderModes?.find((m) => m.type === 'DELIVERY');
  if (!contact || !mode) throw new Error(`no delivery mode in the entity of ${ALIAS}`);
  return `/api/diner/${ALIAS}/menu/${contact.id}?orderModeId=${mode.id}`;
}

/** The API's menu response against the raw server's, interleaved request by request. */
async function menuResponseMeasure(serverUrl, path) {
  const cold = await timedGet(serverUrl + path);
  if (cold.status !== 200) throw new Error(`GET ${path} answered ${cold.status}`);
  const menu = JSON.parse(cold.body.toString('utf8'));
  const plates = menu.categories.reduce((sum, category) => sum + category.plates.length, 0);
  const raw = await rawServerStart(
    new Map([['/menu.json', { type: cold.headers['content-type'] ?? 'application/json', body: cold.body }]]),
  );
  try {
    for (let i = 0; i < 5; i += 1) {
      await timedGet(serverUrl + path);
      await timedGet(`${raw.url}/menu.json`);
    }
    const api = [];
    const reference = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const a = await timedGet(serverUrl + path);
      const r = await timedGet(`${raw.url}/menu.json`);
      if (a.status !== 200 || !a.body.equals(cold.body)) throw new Error('the API answered other bytes');
      api.push(a);
      reference.push(r);
    }
    const withEncoding = await timedGet(serverUrl + path, { 'accept-encoding': 'br, gzip' });
    const stats = (list, key) => ({
      p50: median(list.map((x) => x[key])),
      p95: percentile(
        list.map((x) => x[key]),
        95,
      ),
    });
    const apiTtfb = stats(api, 'ttfbMs');
    const apiTotal = stats(api, 'totalMs');
    const refTtfb = stats(reference, 'ttfbMs');
    const refTotal = stats(reference, 'totalMs');
    return {
      path,
      categories: menu.categories.length,
      plates,
      bytes: cold.body.length,
      gzip6Bytes: zlib.gzipSync(cold.body, { level: 6 }).length,
      servedEncodingWhenAsked: withEncoding.headers['content-encoding'] ?? 'identity',
      servedBytesWhenAsked: withEncoding.body.length,
      etag: cold.headers.etag ?? null,
      cacheControl: cold.headers['cache-control'] ?? null,
      coldMs: { ttfb: cold.ttfbMs, total: cold.totalMs },
      requests: REQUESTS,
      api: { ttfb: apiTtfb, total: apiTotal },
      rawNode: { ttfb: refTtfb, total: refTotal },
      ratio: { ttfbP50: apiTtfb.p50 / refTtfb.p50, totalP50: apiTotal.p50 / refTotal.p50 },
      body: cold.body,
    };
  } finally {
    await raw.close();
  }
}

/**
 * In the page, before any script: records when the last category's section
 * holds all its plates (DOM, then the next frame), and the LCP.
 */
function renderProbe({ lastSectionSelector, lastCount }) {
  const marks = { dom: null, frame: null, lcp: null, plateCards: null };
  window.__benchRender = marks;
  const check = () => {
    if (marks.dom !== null) return;
    const section = document.querySelector(lastSectionSelector);
    if (!section || section.querySelectorAll('li').length < lastCount) return;
    marks.dom = performance.now();
    marks.plateCards = document.querySelectorAll('li .plate-card, li [class*="plate-card"]').length;
    requestAnimationFrame(() => {
      marks.frame = performance.now();
    });
    observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** Scrolls the whole page in rAF steps and returns every frame's duration. */
function scrollProbe({ step, maxFrames, maxMs }) {
  return new Promise((resolve) => {
    const frames = [];
    const start = performance.now();
    let last = start;
    let scrolled = 0;
    const tick = (now) => {
      frames.push(now - last);
      last = now;
      const root = document.scrollingElement;
      const bottom = root.scrollHeight - window.innerHeight;
      if (root.scrollTop >= bottom - 1 || frames.length >= maxFrames || now - start > maxMs) {
        resolve({
          frames,
          durationMs: now - start,
          scrolledPx: scrolled,
          pageHeightPx: root.scrollHeight,
          reachedBottom: root.scrollTop >= bottom - 1,
        });
        return;
      }
      const before = root.scrollTop;
      window.scrollBy(0, step);
      scrolled += root.scrollTop - before;
      requestAnimationFrame(tick);
    };
    // The first callback only sets the clock.
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  });
}

function frameStats(result) {
  // The first frame includes the scroll's start-up; every other one counts.
  const frames = result.frames.slice(1);
  return {
    frames: frames.length,
    durationMs: result.durationMs,
    scrolledPx: result.scrolledPx,
    pageHeightPx: result.pageHeightPx,
    reachedBottom: result.reachedBottom,
    p50Ms: median(frames),
    p95Ms: percentile(frames, 95),
    p99Ms: percentile(frames, 99),
    worstMs: Math.max(...frames),
    over50Ms: frames.filter((ms) => ms > 50).length,
    over33Ms: frames.filter((ms) => ms > 33.4).length,
  };
}

/** Lighthouse's mobile network (simulated there), applied here as DevTools throttling. */
const MOBILE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1638.4 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

async function pageLoad(
  browser,
  url,
  probe,
  { cpuSlowdown = 1, mobileNetwork = false, scroll = false } = {},
) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
    locale: 'es-AR',
  });
  await loopbackOnly(context);
  await context.addInitScript(renderProbe, probe);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error.message ?? error)));
  try {
    if (cpuSlowdown > 1 || mobileNetwork) {
      const cdp = await context.newCDPSession(page);
      if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      if (mobileNetwork) {
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', MOBILE_NETWORK);
      }
    }
    await page.goto(url, { waitUntil: 'commit', timeout: RENDER_TIMEOUT_MS });
    await page.waitForFunction(() => window.__benchRender?.frame != null, null, {
      timeout: RENDER_TIMEOUT_MS,
      polling: 100,
    });
    const marks = await page.evaluate(() => window.__benchRender);
    const timing = await page.evaluate(() => {
      const menu = performance
        .getEntriesByType('resource')
        .find((entry) => /\/api\/diner\/[^/]+\/menu\//.test(entry.name));
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        menuRequestStart: menu?.requestStart ?? null,
        menuTtfb: menu ? menu.responseStart - menu.requestStart : null,
        menuResponseEnd: menu?.responseEnd ?? null,
        domContentLoaded: nav?.domContentLoadedEventEnd ?? null,
      };
    });
    const counts = await page.evaluate(() => ({
      sections: document.querySelectorAll('section[id^="categoria-"]').length,
      listItems: document.querySelectorAll('section[id^="categoria-"] li').length,
    }));
    let scrolling = null;
    let snapshot = null;
    if (scroll) {
      await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
      snapshot = await page.evaluate(async () => {
        const css = await Promise.all(
          [...document.querySelectorAll('link[rel="stylesheet"]')].map((link) =>
            fetch(link.href).then((response) => response.text()),
          ),
        );
        const clone = document.documentElement.cloneNode(true);
        for (const node of clone.querySelectorAll(
          'script, link[rel="stylesheet"], link[rel="modulepreload"]',
        )) {
          node.remove();
        }
        const style = document.createElement('style');
        style.textContent = css.join('\n');
        clone.querySelector('head').append(style);
        return `<!doctype html>\n${clone.outerHTML}`;
      });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300);
      scrolling = frameStats(
        await page.evaluate(scrollProbe, {
          step: SCROLL_STEP_PX,
          maxFrames: SCROLL_MAX_FRAMES,
          maxMs: SCROLL_MAX_MS,
        }),
      );
    }
    return { marks, timing, counts, errors, scrolling, snapshot };
  } finally {
    await context.close();
  }
}

async function snapshotMeasure(browser, url, probe, scroll) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'es-AR',
  });
  await loopbackOnly(context);
  await context.addInitScript(renderProbe, probe);
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load', timeout: RENDER_TIMEOUT_MS });
    await page.waitForFunction(() => window.__benchRender?.frame != null, null, {
      timeout: RENDER_TIMEOUT_MS,
    });
    const marks = await page.evaluate(() => window.__benchRender);
    if (!scroll) return { marks, scrolling: null };
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
    await page.waitForTimeout(300);
    const scrolling = frameStats(
      await page.evaluate(scrollProbe, {
        step: SCROLL_STEP_PX,
        maxFrames: SCROLL_MAX_FRAMES,
        maxMs: SCROLL_MAX_MS,
      }),
    );
    return { marks, scrolling };
  } finally {
    await context.close();
  }
}

function slug(text) {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

async function measure(snapshot) {
  const tenant = benchTenant({ categories: CATEGORIES, platesPerCategory: PLATES });
  const categories = tenant.branches[0].menus[0].categories;
  const plateCount = categories.reduce((sum, category) => sum + category.plates.length, 0);
  const last = categories.at(-1);
  // The storefront's section id is `categoria-{slug of the category's name}`.
  const probe = { lastSectionSelector: `#categoria-${slug(last.name)}`, lastCount: last.plates.length };

  const server = await serverStart({
    log,
    webDistDir: snapshot.dir,
    apiServerPath: API_SERVER,
    env: { ADMIN_TOKEN },
  });
  const browser = await chromiumLaunch();
  let raw = null;
  try {
    log(`importing ${plateCount} plates in ${categories.length} categories through POST /api/admin/tenants`);
    const imported = await tenantImport(server.url, tenant);
    log(`  imported in ${Math.round(imported.ms)} ms (${kb(imported.fileBytes)} KiB file)`);

    const menuPath = await menuUrl(server.url);
    log(`menu JSON: ${menuPath}, ${REQUESTS} requests interleaved with a raw node:http server`);
    const { body, ...menuResponse } = await menuResponseMeasure(server.url, menuPath);
    log(
      `  ${menuResponse.bytes} bytes; TTFB p50 ${menuResponse.api.ttfb.p50.toFixed(2)} ms vs raw ${menuResponse.rawNode.ttfb.p50.toFixed(2)} ms`,
    );

    const pageUrl = `${server.url}/menu/${ALIAS}/${MODE_SEGMENT}`;
    const loads = [];
    for (let i = 0; i < LOADS; i += 1) {
      const result = await pageLoad(browser, pageUrl, probe, { scroll: i === LOADS - 1 });
      log(
        `  load ${i + 1}/${LOADS}: last category rendered at ${result.marks.dom.toFixed(0)} ms (frame ${result.marks.frame.toFixed(0)} ms), ${result.counts.listItems} list items`,
      );
      loads.push(result);
    }
    const throttled = [];
    for (let i = 0; i < THROTTLED_LOADS; i += 1) {
      const result = await pageLoad(browser, pageUrl, probe, { cpuSlowdown: 4 });
      log(
        `  load with CPU ×4 ${i + 1}/${THROTTLED_LOADS}: last category at ${result.marks.dom.toFixed(0)} ms`,
      );
      throttled.push(result);
    }
    const mobile = [];
    for (let i = 0; i < MOBILE_LOADS; i += 1) {
      const result = await pageLoad(browser, pageUrl, probe, { cpuSlowdown: 4, mobileNetwork: true });
      log(
        `  load on a mobile network (150 ms, 1.6 Mbps) with CPU ×4 ${i + 1}/${MOBILE_LOADS}: last category at ${result.marks.dom.toFixed(0)} ms`,
      );
      mobile.push(result);
    }
    const scrolled = loads.at(-1);
    log(
      `  scroll: ${scrolled.scrolling.frames} frames, p50 ${scrolled.scrolling.p50Ms.toFixed(1)} ms, p95 ${scrolled.scrolling.p95Ms.toFixed(1)} ms, ${scrolled.scrolling.over50Ms} over 50 ms`,
    );

    // Reference: the same DOM and CSS as a static page from the raw server.
    raw = await rawServerStart(
      new Map([
        ['/snapshot.html', { type: 'text/html; charset=utf-8', body: Buffer.from(scrolled.snapshot) }],
        // The plates' images: the storefront's redirect leads to this file (bench tenant), served here directly.
        [
          '/api/storefront-extras/image/*',
          { type: 'image/png', body: fs.readFileSync(path.join(snapshot.dir, 'icon-192.png')) },
        ],
      ]),
    );
    const references = [];
    const referenceLoads = Math.min(3, LOADS);
    for (let i = 0; i < referenceLoads; i += 1) {
      references.push(
        await snapshotMeasure(browser, `${raw.url}/snapshot.html`, probe, i === referenceLoads - 1),
      );
    }
    const reference = references.at(-1);
    log(
      `  static snapshot: last category at ${median(references.map((r) => r.marks.dom)).toFixed(0)} ms, scroll p95 ${reference.scrolling.p95Ms.toFixed(1)} ms`,
    );

    return {
      tenant: {
        alias: ALIAS,
        categories: categories.length,
        plates: plateCount,
        withSizes: categories.flatMap((c) => c.plates).filter((p) => p.sizes).length,
        withGarnishGroups: categories.flatMap((c) => c.plates).filter((p) => p.garnishGroups).length,
        withImage: categories.flatMap((c) => c.plates).filter((p) => p.imageUrl).length,
        fileBytes: imported.fileBytes,
        importMs: imported.ms,
        importSummary: imported.summary,
      },
      menuResponse,
      menuJsonBytes: body.length,
      page: pageUrl.replace(server.url, ''),
      loads: loads.map(({ snapshot, scrolling, ...rest }) => rest),
      throttled: throttled.map(({ snapshot, scrolling, ...rest }) => rest),
      mobile: mobile.map(({ snapshot, scrolling, ...rest }) => rest),
      scrolling: scrolled.scrolling,
      reference: {
        renderDomMs: references.map((r) => r.marks.dom),
        renderFrameMs: references.map((r) => r.marks.frame),
        scrolling: reference.scrolling,
        snapshotBytes: Buffer.byteLength(scrolled.snapshot),
      },
    };
  } finally {
    await raw?.close();
    await browser.close();
    await server.stop();
  }
}

const f1 = (v) => (v === null || v === undefined || Number.isNaN(v) ? '—' : v.toFixed(1));
const f2 = (v) => (v === null || v === undefined || Number.isNaN(v) ? '—' : v.toFixed(2));

function markdown(report) {
  const r = report.result;
  const m = r.menuResponse;
  const lines = [];
  lines.push(`# A menu of ${r.tenant.plates} plates: render and scroll`);
  lines.push('');
  if (report.variant) {
    lines.push(
      `**Investigation variant "${report.variant.name}"**: API \`${report.variant.apiServer ?? 'apps/api/dist/server.js'}\`. Not the reference figures (see menu-2000.md).`,
    );
    lines.push('');
  }
  lines.push(environmentLine(report.environment));
  lines.push('');
  lines.push(
    `Command: \`${report.command}\` (after \`npm run build\`). Tenant generated by \`bench/lib/menu-tenant.mjs\`: ` +
      `${r.tenant.categories} categories × ${r.tenant.plates / r.tenant.categories} plates (${r.tenant.withSizes} with sizes, ` +
      `${r.tenant.withGarnishGroups} with garnish groups, ${r.tenant.withImage} with an image), every plate on the menu home ` +
      `(\`platesInMainView\`), ${kb(r.tenant.fileBytes)} KiB, imported through \`POST /api/admin/tenants\` in ` +
      `${Math.round(r.tenant.importMs)} ms into the built server's fresh embedded database. Page: \`${r.page}\`, Debian ` +
      'Chromium, phone viewport 412×823, cold cache, loopback only.',
  );
  lines.push('');
  lines.push('## Time to render');
  lines.push('');
  const dom = r.loads.map((l) => l.marks.dom);
  const frame = r.loads.map((l) => l.marks.frame);
  const tdom = r.throttled.map((l) => l.marks.dom);
  const mdom = r.mobile.map((l) => l.marks.dom);
  lines.push(
    '"Rendered" = the last category\'s section holds all its plates in the DOM (MutationObserver, `performance.now()` ' +
      'from navigation start), "+ frame" = the next animation frame after it. Sections below the fold use ' +
      '`content-visibility: auto`, so the browser lays them out when they come near the viewport.',
  );
  lines.push('');
  lines.push('| Measurement | Median | Each load |');
  lines.push('|---|---:|---|');
  lines.push(
    `| Navigation → last category rendered | **${f1(median(dom))} ms** | ${dom.map((v) => v.toFixed(0)).join(', ')} |`,
  );
  lines.push(`| … + frame | ${f1(median(frame))} ms | ${frame.map((v) => v.toFixed(0)).join(', ')} |`);
  lines.push(
    `| Same with the CPU slowed 4× (Lighthouse's mobile setting) | **${f1(median(tdom))} ms** | ${tdom.map((v) => v.toFixed(0)).join(', ')} |`,
  );
  lines.push(
    `| Same on a mobile network (DevTools throttling: 150 ms, 1.6 Mbps down) with the CPU slowed 4× | **${f1(median(mdom))} ms** | ${mdom.map((v) => v.toFixed(0)).join(', ')} |`,
  );
  lines.push(
    `| LCP (unthrottled) | ${f1(median(r.loads.map((l) => l.marks.lcp ?? Number.NaN)))} ms | ${r.loads.map((l) => (l.marks.lcp ?? 0).toFixed(0)).join(', ')} |`,
  );
  lines.push(
    `| Menu request: start → first byte, in the page | ${f2(median(r.loads.map((l) => l.timing.menuTtfb)))} ms | ${r.loads.map((l) => f1(l.timing.menuTtfb)).join(', ')} |`,
  );
  lines.push(
    `| Menu response complete (from navigation start) | ${f1(median(r.loads.map((l) => l.timing.menuResponseEnd)))} ms | ${r.loads.map((l) => f1(l.timing.menuResponseEnd)).join(', ')} |`,
  );
  lines.push(
    `| Reference: static snapshot of the same DOM and CSS, last category parsed | ${f1(median(r.reference.renderDomMs))} ms | ${r.reference.renderDomMs.map((v) => v.toFixed(0)).join(', ')} |`,
  );
  lines.push('');
  lines.push(
    `Ratio storefront ÷ static snapshot (median time to the last category): **${f2(median(dom) / median(r.reference.renderDomMs))}**. ` +
      `List items in the categories: ${r.loads[0].counts.listItems} in ${r.loads[0].counts.sections} sections` +
      `${r.loads.some((l) => l.errors.length) ? `; page errors: ${[...new Set(r.loads.flatMap((l) => l.errors))].join(' | ')}` : '; no page error'}.`,
  );
  lines.push('');
  lines.push('## Scrolling the whole menu');
  lines.push('');
  const s = r.scrolling;
  const rs = r.reference.scrolling;
  lines.push(
    `\`window.scrollBy(0, ${report.scrollStepPx})\` in every requestAnimationFrame from top to bottom, each frame's duration recorded (headless Chromium, software rendering, no GPU).`,
  );
  lines.push('');
  lines.push('| | Storefront | Static snapshot (reference) |');
  lines.push('|---|---:|---:|');
  lines.push(
    `| Page height / scrolled | ${s.pageHeightPx} / ${s.scrolledPx} px${s.reachedBottom ? '' : ' (stopped before the bottom)'} | ${rs.pageHeightPx} / ${rs.scrolledPx} px |`,
  );
  lines.push(
    `| Frames / duration | ${s.frames} / ${f1(s.durationMs)} ms | ${rs.frames} / ${f1(rs.durationMs)} ms |`,
  );
  lines.push(`| Frame time p50 | **${f1(s.p50Ms)} ms** | ${f1(rs.p50Ms)} ms |`);
  lines.push(`| Frame time p95 | **${f1(s.p95Ms)} ms** | ${f1(rs.p95Ms)} ms |`);
  lines.push(
    `| Frame time p99 / worst | ${f1(s.p99Ms)} / ${f1(s.worstMs)} ms | ${f1(rs.p99Ms)} / ${f1(rs.worstMs)} ms |`,
  );
  lines.push(`| Frames over 50 ms (dropped) | **${s.over50Ms}** | ${rs.over50Ms} |`);
  lines.push(`| Frames over 33 ms | ${s.over33Ms} | ${rs.over33Ms} |`);
  lines.push('');
  lines.push(`Ratio storefront ÷ static snapshot, p95 frame time: **${f2(s.p95Ms / rs.p95Ms)}**.`);
  lines.push('');
  lines.push('## The menu JSON');
  lines.push('');
  lines.push(
    `\`GET ${m.path}\`: **${m.bytes} bytes** (${kb(m.bytes)} KiB; gzip -6 would make it ${m.gzip6Bytes} bytes; asked with ` +
      `\`accept-encoding: br, gzip\` the API sent ${m.servedBytesWhenAsked} bytes as ${m.servedEncodingWhenAsked}), ` +
      `${m.categories} categories, ${m.plates} plates; ETag ${m.etag ? 'yes' : 'no'}, cache-control \`${m.cacheControl ?? '—'}\`. ` +
      `First (cold) request: first byte ${f1(m.coldMs.ttfb)} ms, complete ${f1(m.coldMs.total)} ms.`,
  );
  lines.push('');
  lines.push(
    `${m.requests} requests each, new connection each, API and raw node:http interleaved (raw = node:http answering the same bytes with the same content type):`,
  );
  lines.push('');
  lines.push('| | API p50 | API p95 | raw node p50 | raw node p95 | Ratio p50 (API ÷ raw) |');
  lines.push('|---|---:|---:|---:|---:|---:|');
  lines.push(
    `| Time to first byte | ${f2(m.api.ttfb.p50)} ms | ${f2(m.api.ttfb.p95)} ms | ${f2(m.rawNode.ttfb.p50)} ms | ${f2(m.rawNode.ttfb.p95)} ms | **${f2(m.ratio.ttfbP50)}** |`,
  );
  lines.push(
    `| Complete response | ${f2(m.api.total.p50)} ms | ${f2(m.api.total.p95)} ms | ${f2(m.rawNode.total.p50)} ms | ${f2(m.rawNode.total.p95)} ms | **${f2(m.ratio.totalP50)}** |`,
  );
  return lines.join('\n');
}

async function main() {
  const env = environment();
  const snapshot = await buildSnapshot(log);
  let result;
  try {
    result = await measure(snapshot);
  } finally {
    snapshot.remove();
  }
  const fingerprint = snapshot.fingerprint;
  const report = {
    bench: 'menu-2000',
    command: [
      ...Object.entries(process.env)
        .filter(([name]) => name.startsWith('BENCH_MENU_'))
        .map(([name, v]) => `${name}=${v}`),
      'node bench/menu-2000.mjs',
    ].join(' '),
    ...(VARIANT ? { variant: { name: VARIANT, apiServer: API_SERVER ?? null } } : {}),
    environment: env,
    buildFingerprint: fingerprint,
    scrollStepPx: SCROLL_STEP_PX,
    result,
    summary: {
      plates: result.tenant.plates,
      renderMsMedian: median(result.loads.map((l) => l.marks.dom)),
      renderMsMedianCpu4x: median(result.throttled.map((l) => l.marks.dom)),
      renderMsMedianMobile: median(result.mobile.map((l) => l.marks.dom)),
      renderRatioToStatic:
        median(result.loads.map((l) => l.marks.dom)) / median(result.reference.renderDomMs),
      scrollP50Ms: result.scrolling.p50Ms,
      scrollP95Ms: result.scrolling.p95Ms,
      scrollOver50Ms: result.scrolling.over50Ms,
      menuJsonBytes: result.menuJsonBytes,
      menuTtfbRatioToRawNode: result.menuResponse.ratio.ttfbP50,
    },
  };
  const t = report.summary;
  report.headline =
    `${t.plates} plates: last category rendered ${t.renderMsMedian.toFixed(0)} ms after navigation ` +
    `(CPU ×4: ${t.renderMsMedianCpu4x.toFixed(0)} ms; mobile network + CPU ×4: ${t.renderMsMedianMobile.toFixed(0)} ms; ` +
    `×${t.renderRatioToStatic.toFixed(2)} a static page of the same DOM); ` +
    `scroll p50/p95 ${t.scrollP50Ms.toFixed(1)}/${t.scrollP95Ms.toFixed(1)} ms, ${t.scrollOver50Ms} frames over 50 ms; ` +
    `menu JSON ${(t.menuJsonBytes / 1024).toFixed(0)} KiB, TTFB ×${t.menuTtfbRatioToRawNode.toFixed(1)} raw node`;
  resultsWrite(RESULTS_NAME, report, markdown(report));
  log(`summary: ${JSON.stringify(report.summary)}`);
  log(`wrote bench/results/${RESULTS_NAME}.json and ${RESULTS_NAME}.md`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[menu-2000] ${error.stack ?? error}`);
    process.exit(2);
  },
);
