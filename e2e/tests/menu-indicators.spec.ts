import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations, storefrontPrepare } from '../support/storefront';

/**
 * The menu's indicator filters (issue 12) on the demo tenant, end to end: Brasa
 * Núñez's menu carries VEGANO, VEGETARIANO and SIN_TACC plates, so it offers
 * the three chips; toggling one keeps the matching plates across categories and
 * writes the choice into the link, which a reload (a shared link) keeps;
 * clearing brings the whole menu back. Screenshots of the filtered menu in light
 * and dark, phone and desktop, under docs/screenshots/.
 */
test.use({ serviceWorkers: 'block' });

const MENU = '/menu/brasa-nunez/delivery';
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const filters = (page: Page) => page.getByRole('group', { name: 'Filtrar platos' });
const chip = (page: Page, name: string) => filters(page).getByRole('button', { name, exact: true });
/** The plates shown, as 'Category: plate, plate'. */
const filtered = (page: Page) =>
  page.locator('.menu-filtered section').evaluateAll((sections) =>
    sections.map(
      (section) =>
        `${section.querySelector('h2')?.textContent}: ${Array.from(
          section.querySelectorAll('.plate-card__name'),
        )
          .map((name) => name.textContent)
          .join(', ')}`,
    ),
  );

test.beforeEach(async ({ page }) => {
  await storefrontPrepare(page);
});

test("toggling 'Vegano' shows only the vegan plates, the link keeps it, and clearing restores the menu", async ({
  page,
}) => {
  await page.goto(MENU);
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await expect(filters(page).getByRole('button')).toHaveText(['Sin TACC', 'Vegano', 'Vegetariano']);
  await expect(chip(page, 'Vegano')).toHaveAttribute('aria-pressed', 'false');

  await chip(page, 'Vegano').click();
  await expect(chip(page, 'Vegano')).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(`${MENU}?indicador=VEGANO`);
  await expect.poll(() => filtered(page)).toEqual(['Ensaladas: Ensalada mixta']);
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toHaveCount(0);
  // The badge on the card comes from the same catalogue.
  await expect(page.locator('.menu-filtered .indicator')).toHaveText(['Vegano', 'Sin TACC']);

  // A shared link (here: a reload) opens already filtered.
  await page.reload();
  await expect(chip(page, 'Vegano')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => filtered(page)).toEqual(['Ensaladas: Ensalada mixta']);

  // 'Vegetariano' on top of it: no plate is both here, and the way out clears every filter.
  await chip(page, 'Vegetariano').click();
  await expect(page).toHaveURL(`${MENU}?indicador=VEGANO&indicador=VEGETARIANO`);
  await expect(page.getByText('Ningún plato cumple con los filtros')).toBeVisible();
  await page.getByRole('button', { name: 'Quitar filtros' }).click();
  await expect(page).toHaveURL(MENU);
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Categorías' })).toBeVisible();
  await expect(filters(page).locator('[aria-pressed="true"]')).toHaveCount(0);
});

test("'Sin TACC' keeps plates across categories; a plate opened from the filtered menu leads back to it", async ({
  page,
}) => {
  await page.goto(`${MENU}?indicador=SIN_TACC`);
  await expect
    .poll(() => filtered(page))
    .toEqual([
      'Entradas: Provoleta',
      'A la parrilla: Pollo deshuesado',
      'Ensaladas: Ensalada mixta',
      'Postres: Flan casero con dulce de leche',
    ]);
  await page.locator('.menu-filtered .plate-card', { hasText: 'Provoleta' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`${MENU}?indicador=SIN_TACC`);
  await expect(chip(page, 'Sin TACC')).toHaveAttribute('aria-pressed', 'true');
});

test('a menu offers only the filters its plates call for', async ({ page }) => {
  // The pizzeria's plates are vegetarian at most.
  await page.goto('/menu/brasa-villa-crespo/delivery');
  await expect(filters(page).getByRole('button')).toHaveText(['Vegetariano']);
  await chip(page, 'Vegetariano').click();
  await expect
    .poll(() => filtered(page))
    .toEqual(['Pizzas: Muzzarella, Napolitana, Fugazzeta', 'Empanadas: Humita, Caprese']);
});

for (const scheme of ['light', 'dark'] as const) {
  for (const viewport of viewports) {
    test(`the menu's filters in ${scheme} at ${viewport.width} px: accessible, and their screenshots`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.addInitScript((chosen) => localStorage.setItem('comanda.colorScheme', chosen), scheme);
      const shot = (name: string) =>
        page.screenshot({
          path: path.join(screenshots, `${name}-${viewport.name}-${scheme}.png`),
          fullPage: true,
        });
      // The menu as it opens: the chips' row, nothing pressed.
      await page.goto(MENU);
      await expect(filters(page).getByRole('button')).toHaveCount(3);
      await expectNoSeriousA11yViolations(page, `menu with filters ${scheme} ${viewport.name}`);
      await shot('menu-indicators-chips');
      await page.goto(`${MENU}?indicador=SIN_TACC`);
      await expect(page.locator('.menu-filtered .plate-card')).toHaveCount(4);
      await expectNoSeriousA11yViolations(page, `filtered menu ${scheme} ${viewport.name}`);
      await shot('menu-indicators');
      await page.goto(`${MENU}?indicador=VEGANO&indicador=VEGETARIANO`);
      await expect(page.getByRole('button', { name: 'Quitar filtros' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `no plate passes ${scheme} ${viewport.name}`);
      await shot('menu-indicators-empty');
    });
  }
}
