#!/usr/bin/env node
// `npm run bench`: runs every benchmark script of this folder (every `*.mjs`
// but this runner), one after the other, so their figures do not disturb each
// other. Each script writes its own results under bench/results/. The run
// fails if any script fails. `node bench/run.mjs order-throughput` runs only
// the scripts whose name contains one of the arguments.
//
// A script whose prerequisite is missing is skipped with the reason (and the
// run does not fail for it): PostgreSQL and pgbench for order-throughput,
// the built app (`npm run build`) and Debian Chromium for the storefront
// benches. Afterwards bench/results/summary.md lists every script with what
// happened, how long it took, its headline figures and its results page.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const resultsDir = path.join(here, 'results');
const filters = process.argv.slice(2);
const scripts = fs
  .readdirSync(here)
  .filter((name) => name.endsWith('.mjs') && name !== 'run.mjs')
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();

if (scripts.length === 0) {
  console.error(`No benchmark matches ${filters.join(', ')}`);
  process.exit(1);
}

/** Why `npm run build` must run first, or null when the built app is there. */
function builtAppMissing() {
  const missing = ['apps/web/dist/index.html', 'apps/api/dist/server.js'].filter(
    (file) => !fs.existsSync(path.join(root, file)),
  );
  return missing.length
    ? `the app is not built (${missing.join(', ')} missing): run \`npm run build\` first`
    : null;
}

function chromiumMissing() {
  return fs.existsSync('/usr/bin/chromium') ? null : 'Debian Chromium (/usr/bin/chromium) is not installed';
}

/** PostgreSQL reachable where order-throughput looks for it, and pgbench installed. */
function postgresMissing() {
  const pgbench = spawnSync('pgbench', ['--version'], { encoding: 'utf8' });
  if (pgbench.status !== 0)
    return 'pgbench is not installed (apt-get install postgresql-contrib or postgresql)';
  return postgresUnreachable();
}

/** wrk, the load generator of the HTTP benches (order-throughput keeps a node:http client as an option). */
function wrkMissing() {
  if (process.env.BENCH_CLIENT === 'http' || process.env.BENCH_CLIENT === 'fetch') return null;
  const wrk = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  return wrk.error ? 'wrk is not installed (apt-get install -y wrk)' : null;
}

/** PostgreSQL reachable where the PostgreSQL benches look for it. */
function postgresUnreachable() {
  const url =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  // A short-lived client in a child process: the runner itself stays free of drivers.
  const probe = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import pg from 'pg';
       const client = new pg.Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
       try { await client.connect(); await client.query('select 1'); await client.end(); }
       catch (error) { console.error(error.message); process.exit(1); }`,
      url,
    ],
    { cwd: here, encoding: 'utf8', timeout: 10_000 },
  );
  if (probe.status !== 0) {
    const where = new URL(url);
    return `PostgreSQL does not answer at ${where.hostname}:${where.port || 5432} (${(probe.stderr || 'timeout').trim().split('\n')[0]}); set BENCH_DATABASE_URL or start PostgreSQL`;
  }
  return null;
}

/** What each script needs before it can run; scripts not listed need the built app. */
const PREREQUISITES = {
  'order-throughput.mjs': [builtAppMissing, postgresMissing, wrkMissing],
  'menu-read-load.mjs': [builtAppMissing, wrkMissing],
  'follow-up-fanout.mjs': [builtAppMissing],
  'bundle-size.mjs': [builtAppMissing, chromiumMissing],
  'lighthouse.mjs': [builtAppMissing, chromiumMissing],
  'menu-2000.mjs': [builtAppMissing, chromiumMissing],
  // They build the API bundle themselves and serve no web app.
  'shipment-accept-race.mjs': [postgresUnreachable],
  'rider-positions.mjs': [postgresUnreachable],
  'tracking-fanout.mjs': [postgresUnreachable],
  // Builds the API bundle itself; ten minutes at a fixed load (BENCH_SOAK_SECONDS shortens it).
  'soak.mjs': [postgresUnreachable],
};

function missingPrerequisite(script) {
  for (const check of PREREQUISITES[script] ?? [builtAppMissing]) {
    const reason = check();
    if (reason) return reason;
  }
  return null;
}

/** The headline of a script's results: its JSON `headline`, else the bold rows of its page. */
function headline(name) {
  const json = path.join(resultsDir, `${name}.json`);
  const md = path.join(resultsDir, `${name}.md`);
  try {
    const data = JSON.parse(fs.readFileSync(json, 'utf8'));
    if (typeof data.headline === 'string') return data.headline;
  } catch {
    // no JSON, or not ours
  }
  if (!fs.existsSync(md)) return '';
  const lines = fs.readFileSync(md, 'utf8').split('\n');
  const bold = lines.filter(
    (line) => line.startsWith('| **') || /^\*\*[^*]+\*\*/.test(line) || /\*\*\d/.test(line),
  );
  return bold
    .slice(0, 3)
    .map((line) =>
      line
        .replace(/^\|\s*|\s*\|$/g, '')
        .replace(/\s*\|\s*/g, ' · ')
        .trim(),
    )
    .join('<br>');
}

const started = new Date();
const rows = [];
let failed = 0;
/**
 * When a results file was measured, as its text says (every script writes the
 * date of its run into its Markdown): a fresh clone gives every file the same
 * modification time, so that is no witness.
 */
function measuredAt(file) {
  const stamp = fs.readFileSync(file, 'utf8').match(/\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?/);
  return stamp
    ? stamp[0].replace('T', ' ')
    : fs.statSync(file).mtime.toISOString().slice(0, 16).replace('T', ' ');
}

for (const script of scripts) {
  const name = script.replace(/\.mjs$/, '');
  console.log(`\n── bench/${script} ──`);
  const missing = missingPrerequisite(script);
  if (missing) {
    console.log(`⏭ ${script} skipped: ${missing}`);
    rows.push({ script, status: `skipped: ${missing}`, seconds: 0, name, ran: false });
    continue;
  }
  const t0 = Date.now();
  const result = spawnSync(process.execPath, [path.join(here, script)], { stdio: 'inherit', cwd: root });
  const seconds = (Date.now() - t0) / 1000;
  if (result.status === 0) {
    console.log(`✔ ${script} (${seconds.toFixed(1)} s)`);
    rows.push({ script, status: 'ran, passed', seconds, name, ran: true });
  } else {
    failed += 1;
    const why = result.signal ? `killed by ${result.signal}` : `exit ${result.status}`;
    console.error(`✖ ${script} failed (${why}, ${seconds.toFixed(1)} s)`);
    rows.push({
      script,
      status: `FAILED (${why}${result.status === 1 ? ': a bar is missed or the script failed, see its page' : ''})`,
      seconds,
      name,
      ran: true,
    });
  }
}

// The summary covers every script of the folder: those not run now keep their last committed figures.
const all = fs
  .readdirSync(here)
  .filter((name) => name.endsWith('.mjs') && name !== 'run.mjs')
  .sort();
const lines = [
  '# Benchmarks: summary',
  '',
  `Last \`npm run bench\`${filters.length ? ` (only ${filters.join(', ')})` : ''}: started ${started.toISOString()}, ` +
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average at the start ` +
    `${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' / ')}. Scripts run one after the other (\`node bench/run.mjs\`).`,
  '',
  '| Script | This run | Time | Headline (from its results) | Results |',
  '|---|---|---:|---|---|',
];
for (const script of all) {
  const name = script.replace(/\.mjs$/, '');
  const row = rows.find((r) => r.script === script);
  const md = path.join(resultsDir, `${name}.md`);
  const when = fs.existsSync(md) ? measuredAt(md) : null;
  const status = row ? row.status : 'not run (filtered out)';
  const kept = row?.ran ? '' : when ? ` (figures below from ${when} UTC)` : '';
  lines.push(
    `| \`bench/${script}\` | ${status}${kept} | ${row?.ran ? `${row.seconds.toFixed(0)} s` : '—'} | ${headline(name) || '—'} | ${fs.existsSync(md) ? `[${name}.md](${name}.md)` : '—'} |`,
  );
}
fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, 'summary.md'), `${lines.join('\n')}\n`);
console.log(`\nwrote bench/results/summary.md (${rows.length} script(s) handled, ${failed} failed)`);
process.exit(failed === 0 ? 0 : 1);
