// Shared by the storefront benches: the built app (checked, never built here),
// the production server started on a free loopback port with a throwaway data
// folder, Debian Chromium through playwright-core with the internet kept out,
// and the results files.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const webDist = path.join(root, 'apps', 'web', 'dist');
export const apiServer = path.join(root, 'apps', 'api', 'dist', 'server.js');
export const resultsDir = path.join(root, 'bench', 'results');
export const chromiumPath = '/usr/bin/chromium';

/** The flags every bench gives Chromium: no sandbox (root in a container), no GPU, nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Belt and braces against leaving the machine: every host name but the
 * loopback ones resolves to nothing, so a third-party tag or a map tile fails
 * at once instead of reaching out.
 */
export const CHROMIUM_LOOPBACK_ARGS = [
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/**
 * Stops with a clear message when `npm run build` has not been run.
 * @param {{ web?: boolean }} [options] web: false for an API-only bench (no web app served)
 */
export function assertBuilt({ web = true } = {}) {
  const missing = [...(web ? [path.join(webDist, 'index.html')] : []), apiServer].filter(
    (file) => !fs.existsSync(file),
  );
  if (missing.length > 0) {
    throw new Error(
      `The app is not built (missing ${missing.map((file) => path.relative(root, file)).join(', ')}). ` +
        'Run `npm run build` at the repository root first; the benches measure the built app and build nothing.',
    );
  }
}

/**
 * What identifies a build: the names and sizes of every file of the web app
 * (asset names carry content hashes) and the API bundle's size. A rebuild that
 * writes the same files again leaves it unchanged.
 * @param {string} [dir] the web app's dist folder
 */
export function distFingerprint(dir = webDist) {
  const hash = createHash('sha256');
  for (const folder of [dir, path.join(dir, 'assets')]) {
    if (!fs.existsSync(folder)) continue;
    for (const name of fs.readdirSync(folder).sort()) {
      const stat = fs.statSync(path.join(folder, name));
      if (stat.isFile()) hash.update(`${path.relative(dir, folder)}/${name}:${stat.size}\n`);
    }
  }
  if (fs.existsSync(path.join(dir, 'index.html'))) hash.update(fs.readFileSync(path.join(dir, 'index.html')));
  if (dir === webDist && fs.existsSync(apiServer)) hash.update(`api:${fs.statSync(apiServer).size}`);
  return hash.digest('hex').slice(0, 16);
}

/** Waits (bounded) until no rebuild is in progress: the build exists and stays the same for 3 s. */
async function buildSettled(log, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    const complete = fs.existsSync(path.join(webDist, 'index.html')) && fs.existsSync(apiServer);
    const now = complete ? distFingerprint() : '';
    if (complete && now === last) return;
    if (Date.now() > deadline) {
      assertBuilt();
      log(`the build kept changing for ${timeoutMs / 1000} s; measuring the current one`);
      return;
    }
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}

/**
 * A private copy of the built web app for one bench run: other engineers
 * rebuild apps/web/dist while benches run, and a rebuild under a running server
 * breaks its pages (index.html names assets that are gone). The server serves
 * the copy; the figures are those of the build that was there when the bench
 * started (its fingerprint is reported).
 * @param {(message: string) => void} log
 * @param {string} [source] another built web app to copy instead (an investigation)
 */
export async function buildSnapshot(log, source) {
  if (!source) {
    assertBuilt();
    await buildSettled(log);
  } else if (!fs.existsSync(path.join(source, 'index.html'))) {
    throw new Error(`${source} holds no built web app (index.html is missing)`);
  }
  const from = source ?? webDist;
  const copy = tempDir('comanda-web-dist-');
  fs.cpSync(from, copy.dir, { recursive: true });
  const fingerprint = distFingerprint(copy.dir);
  const api = fs.existsSync(apiServer) ? fs.statSync(apiServer) : null;
  log(`measuring a copy of ${path.relative(root, from) || from} (build ${fingerprint}) in ${copy.dir}`);
  return {
    dir: copy.dir,
    fingerprint,
    apiBuiltAt: api ? api.mtime.toISOString() : null,
    remove: copy.remove,
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

const cleanups = new Set();
let exitHooked = false;

function hookExit() {
  if (exitHooked) return;
  exitHooked = true;
  const runAll = () => {
    for (const cleanup of cleanups) {
      try {
        cleanup();
      } catch {
        // best effort at exit
      }
    }
  };
  process.on('exit', runAll);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      runAll();
      process.exit(130);
    });
  }
}

/** A temp folder removed at exit even when the bench fails. */
export function tempDir(prefix) {
  hookExit();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  cleanups.add(remove);
  return {
    dir,
    remove() {
      cleanups.delete(remove);
      remove();
    },
  };
}

/**
 * The instant the bench's server clock (CLOCK_START) and pages start at:
 * Friday 20 November 2026, 21:00 in Buenos Aires, when every demo location and
 * mode is open, so a measurement never depends on the hour it runs at (a
 * closed location opens a 'Local cerrado' dialog over the page).
 */
export const BENCH_CLOCK_START = '2026-11-20T21:00:00-03:00';

/**
 * The demo tenant (tenant/v1) with the given order modes open around the
 * clock. The server's clock can be pinned (CLOCK_START) but a browser's cannot
 * always be (Lighthouse drives its own page): a bench that must not depend on
 * the hour it runs at imports this after the server starts.
 * @param {string[]} modeKeys keys of the order modes to open, e.g. 'nunez-delivery'
 */
export function demoTenantOpenAroundTheClock(modeKeys) {
  const tenant = JSON.parse(fs.readFileSync(path.join(root, 'apps/api/src/tenant/demo-tenant.json'), 'utf8'));
  const days = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
  const allDay = [
    { startAt: '00:00', endAt: '12:00' },
    { startAt: '12:00', endAt: '00:00' },
  ];
  for (const branch of tenant.branches) {
    for (const contact of branch.branchContacts) {
      for (const mode of contact.orderModes) {
        if (!modeKeys.includes(mode.key)) continue;
        mode.schedules = [
          {
            scheduleConfigs: [
              { workingDays: days.map((dayOfWeek) => ({ dayOfWeek, workingHours: allDay })) },
            ],
          },
        ];
      }
    }
  }
  return tenant;
}

/** Imports a tenant into a running server through `POST /api/admin/tenants`. */
export async function tenantImport(baseUrl, adminToken, tenant) {
  const response = await fetch(`${baseUrl}/api/admin/tenants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(tenant),
  });
  if (!response.ok) throw new Error(`tenant import failed: ${response.status} ${await response.text()}`);
}

/**
 * Starts the production server (`node apps/api/dist/server.js`) on a free
 * loopback port, with a fresh embedded database in a temp folder (so the demo
 * tenant seeds) and the built web app ('' for none). Resolves once `/api/health` answers.
 * @param {{ webDistDir?: string, apiServerPath?: string, env?: Record<string, string>, log?: (message: string) => void, timeoutMs?: number }} [options]
 *   apiServerPath: another built API bundle (an investigation), default apps/api/dist/server.js
 */
export async function serverStart({
  webDistDir = webDist,
  apiServerPath = apiServer,
  env = {},
  log = () => {},
  timeoutMs = 120_000,
} = {}) {
  // WEB_DIST_DIR '' serves the API alone (benches of the API need no web build).
  assertBuilt({ web: webDistDir !== '' });
  const port = await freePort();
  const data = tempDir('comanda-bench-');
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [apiServerPath], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: data.dir,
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST_DIR: webDistDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // Tiles of the address map stay on this machine (and are not served: the map shows no tiles).
      MAP_TILE_URL: `${url}/bench-no-tiles/{z}/{x}/{y}.png`,
      GEOCODER_URL: '',
      CLOCK_START: BENCH_CLOCK_START,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  let exited = null;
  child.once('exit', (code, signal) => {
    exited = { code, signal };
  });
  const kill = () => {
    if (exited === null) child.kill('SIGKILL');
  };
  cleanups.add(kill);

  const stop = async () => {
    cleanups.delete(kill);
    if (exited === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    }
    data.remove();
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`the server exited (${JSON.stringify(exited)}) before answering:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /api/health within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log(`server up on ${url} in ${Math.round(performance.now() - started)} ms (data in ${data.dir})`);
  return { url, port, dataDir: data.dir, stop, output: () => output };
}

/**
 * Launches Debian Chromium through playwright-core (never a downloaded browser).
 * @param {string[]} [extraArgs]
 */
export async function chromiumLaunch(extraArgs = []) {
  const { chromium } = await import('playwright-core');
  if (!fs.existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing (apt-get install chromium)`);
  return chromium.launch({
    executablePath: chromiumPath,
    args: [...CHROMIUM_ARGS, ...CHROMIUM_LOOPBACK_ARGS, ...extraArgs],
  });
}

/** Aborts every request of a Playwright context that leaves the loopback interface; returns the list of what was blocked. */
export async function loopbackOnly(context) {
  const blocked = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    if (local || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    blocked.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  return blocked;
}

/** `Chromium 156.0.…` */
export function chromiumVersion() {
  const run = spawnSync(chromiumPath, ['--version'], { encoding: 'utf8' });
  return (run.stdout || '').trim() || 'unknown';
}

/** Where and on what the figures were measured, for the results files. */
export function environment() {
  const git = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'apps', 'packages'], {
    cwd: root,
    encoding: 'utf8',
  });
  const cpus = os.cpus();
  return {
    measuredAt: new Date().toISOString(),
    commit: git.stdout.trim() || 'unknown',
    appSourcesModified: dirty.stdout.trim() !== '',
    machine: `${cpus.length} × ${cpus[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
    node: process.version,
    chromium: chromiumVersion(),
  };
}

/** The header line of a results page. */
export function environmentLine(env) {
  return (
    `Measured ${env.measuredAt} at commit ${env.commit}${env.appSourcesModified ? ' (with uncommitted changes under apps/ or packages/)' : ''} ` +
    `on ${env.machine}, Node ${env.node}, ${env.chromium}; load average before the run ${env.loadAverage.join(' / ')}.`
  );
}

export function resultsWrite(name, json, markdown) {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(json, null, 2)}\n`);
  fs.writeFileSync(path.join(resultsDir, `${name}.md`), markdown.endsWith('\n') ? markdown : `${markdown}\n`);
}

export const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Median of numbers (mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}
