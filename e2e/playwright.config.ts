import { defineConfig } from '@playwright/test';
import { e2eWorkers } from './support/global-setup';

// Debian's Chromium, never a downloaded browser. Each worker has its own
// server (global-setup.ts: a free port, a fresh data folder), so files run in
// parallel without sharing orders, tenants or clocks; a file's tests run in
// order on one worker.
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: e2eWorkers(),
  // One retry in CI, where the machine is shared and a timing hiccup is not a regression; a test that
  // passes only on its retry is still named as flaky at the end of `npm test`, to be fixed, not ignored.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  // Two workers share 2 cores in CI: a lazily loaded screen can take a few seconds more to appear than alone.
  expect: { timeout: process.env.CI ? 10_000 : 7_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.tmp/results.json' }]] : [['list']],
  outputDir: '.tmp/test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
