import { defineConfig } from 'vitest/config';

// One Vitest run, three projects: pure domain rules, API (integration on a real
// database through app.inject) and web components. `npm test` runs them all.
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
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          // Two cores, so two files at once, in a group of its own after the pure domain tests.
          maxWorkers: 2,
          // Files share their worker's modules: no API test mocks a module, fakes timers or
          // changes the environment, and every cache is keyed by its database (menu-service,
          // order-context), so a file sees nothing of another; importing the app once per worker
          // instead of once per file took a quarter off this project's time.
          isolate: false,
          // One migrated database of each kind, made once, that every test app starts from.
          globalSetup: ['test/support/database-templates.ts'],
          sequence: { groupOrder: 1 },
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
          sequence: { groupOrder: 2 },
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
