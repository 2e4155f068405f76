import { defineConfig } from 'vitest/config';

// One Vitest run, three projects: pure domain rules, API (integration on a real
// database through app.inject) and web components. `npm test` runs them all.

// The three projects share one group (groupOrder 0) and so one pool of workers: Vitest
// requires the same maxWorkers for every project of a group. Three on two cores, because
// an API file spends much of its time waiting on PostgreSQL, Redis or a child server, and
// the third file uses the core that wait leaves idle. The domain and web files come after
// the API files in the queue (Vitest orders a group by project name) and fill the cores
// while the last API files wait, instead of running alone after them on one worker (the
// default on two cores) as they did in groups of their own (ADR 057).
const WORKERS = 3;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          sequence: { groupOrder: 0 },
          maxWorkers: WORKERS,
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          maxWorkers: WORKERS,
          // Files share their worker's modules: no API test mocks a module, fakes timers or
          // changes the environment, and every cache is keyed by its database (menu-service,
          // order-context), so a file sees nothing of another; importing the app once per worker
          // instead of once per file took a quarter off this project's time.
          isolate: false,
          // One migrated database of each kind, made once, that every test app starts from.
          globalSetup: ['test/support/database-templates.ts'],
          sequence: { groupOrder: 0 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          sequence: { groupOrder: 0 },
          maxWorkers: WORKERS,
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95 },
    },
  },
});
