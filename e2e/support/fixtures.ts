import { test as base, expect } from '@playwright/test';

/**
 * Every worker talks to its own server, which global-setup started (a fresh
 * data folder each), and every page's clock runs from that server's
 * (CLOCK_START, then real time): what the browser shows as open is what the
 * server accepts. A test that needs another instant pins the page's clock
 * itself (support/storefront.ts).
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(e2eServer().baseUrl);
  },
  page: async ({ page }, use) => {
    await page.clock.setSystemTime(serverNow());
    await use(page);
  },
});

/** The server of the running test's worker. */
export function e2eServer(): { baseUrl: string; clockOffsetMs: number } {
  const raw = process.env.E2E_SERVERS;
  if (!raw) throw new Error('E2E_SERVERS is not set: global-setup did not run');
  const servers = JSON.parse(raw) as { baseUrl: string; clockOffsetMs: number }[];
  const server = servers[base.info().parallelIndex % servers.length];
  if (!server) throw new Error('global-setup started no server');
  return server;
}

/** The server's current instant, as its clock reads it. */
export function serverNow(): Date {
  return new Date(Date.now() + e2eServer().clockOffsetMs);
}

export { expect };
