#!/usr/bin/env node
// `npm start`: builds what is stale (web app, API bundle), then runs the one
// process that migrates the database, loads the demo on a fresh embedded
// database, and serves API, realtime and web app on PORT.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

function newestMtime(paths) {
  let newest = 0;
  for (const p of paths) {
    if (!fs.existsSync(p)) continue;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(p)) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        newest = Math.max(newest, newestMtime([path.join(p, entry)]));
      }
    } else newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

function buildIfStale(name, output, inputs, command, args, cwd) {
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  if (builtAt >= newestMtime(inputs)) return;
  console.log(`Building ${name}…`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const domain = at('packages', 'domain', 'src');
buildIfStale(
  'the web app',
  at('apps', 'web', 'dist', 'index.html'),
  [
    at('apps', 'web', 'src'),
    at('apps', 'web', 'public'),
    at('apps', 'web', 'index.html'),
    at('apps', 'web', 'vite.config.ts'),
    at('apps', 'web', 'compress-assets.mjs'),
    domain,
  ],
  'npm',
  ['run', 'build'],
  at('apps', 'web'),
);
buildIfStale(
  'the API',
  at('apps', 'api', 'dist', 'server.js'),
  [at('apps', 'api', 'src'), at('apps', 'api', 'build.mjs'), domain],
  process.execPath,
  ['build.mjs'],
  at('apps', 'api'),
);

const child = spawn(process.execPath, ['--enable-source-maps', at('apps', 'api', 'dist', 'server.js')], {
  stdio: 'inherit',
  env: { WEB_DIST_DIR: at('apps', 'web', 'dist'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
