import { test as base, expect } from '@playwright/test';

/**
 * Every test talks to the server global-setup started, and every page's clock
 * runs from the server's (CLOCK_START, then real time): what the browser shows
 * as open is what the server accepts. A test that needs another instant pins
 * the page's clock itself (support/storefront.ts).
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global-setup did not run');
    await use(url);
  },
  page: async ({ page }, use) => {
    await page.clock.setSystemTime(serverNow());
    await use(page);
  },
});

/** The server's current instant, as its clock reads it. */
export function serverNow(): Date {
  return new Date(Date.now() + Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0));
}

export { expect };
