/** Screenshots of a page's current state in both colour schemes, at phone and desktop widths. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './storefront';

export const SCREENSHOTS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'docs',
  'screenshots',
);

/**
 * Axe, then full-page screenshots `{name}-{390|1280}-{light|dark}.png`, light then dark through the
 * header's switch (the page keeps its state). From the top, so a sticky header does not sit
 * mid-page, and once toasts (3 s) are gone.
 */
export async function screenshotsBothSchemes(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 5000 });
  for (const scheme of ['light', 'dark'] as const) {
    const toggle = page.getByRole('button', {
      name: scheme === 'dark' ? 'Usar colores oscuros' : 'Usar colores claros',
    });
    if ((await toggle.count()) > 0) await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    // Every screenshot's state is checked by axe in both schemes.
    await expectNoSeriousA11yViolations(page, `${name} (${scheme})`);
    for (const [label, size] of [
      ['390', { width: 390, height: 844 }],
      ['1280', { width: 1280, height: 900 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.screenshot({
        path: path.join(SCREENSHOTS_DIR, `${name}-${label}-${scheme}.png`),
        fullPage: true,
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/**
 * Full-page screenshots `{name}-{width}-{scheme}.png` of the page as it is, at each width (900 px tall, from the
 * top), for a page already in `scheme`; the viewport is left at the last width.
 */
export async function screenshotsAt(
  page: Page,
  name: string,
  scheme: 'light' | 'dark',
  widths: readonly number[],
): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.join(SCREENSHOTS_DIR, `${name}-${width}-${scheme}.png`),
      fullPage: true,
    });
  }
}
