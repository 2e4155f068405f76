import { expect, test } from '../support/fixtures';
import {
  expectNoSeriousA11yViolations,
  storefrontPrepare,
  tenantImport,
  tenantVariant,
} from '../support/storefront';

// Page routes must see every request; the service worker is tested on its own.
test.use({ serviceWorkers: 'block' });

const background = (page: import('@playwright/test').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe('theming per branch', () => {
  test.beforeEach(async ({ page }) => {
    await storefrontPrepare(page);
  });

  test("a dark branch shows its dark colours; the diner's switch to light is remembered", async ({
    page,
  }) => {
    await page.goto('/menu/brasa-nunez/delivery');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // mainBackgroundColorDark #1B1716, darkMainColor #E8603C on the current mode's tab.
    expect(await background(page)).toBe('rgb(27, 23, 22)');
    await expect(page.getByRole('link', { name: 'Delivery', exact: true })).toHaveCSS(
      'background-color',
      'rgb(232, 96, 60)',
    );
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#E8603C');
    // The branch's font family comes first.
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Poppins"?,/);

    await page.getByRole('button', { name: 'Usar colores claros' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await background(page)).toBe('rgb(250, 247, 242)');
    await expect(page.getByRole('button', { name: 'Usar colores oscuros' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test("a branch without colours gets the spec's defaults (main #F78700, background #f5f5f5 / #272524)", async ({
    page,
    request,
  }) => {
    await tenantImport(request, tenantVariant());
    await page.goto('/menu/solo-cafe-centro/mesa');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await background(page)).toBe('rgb(245, 245, 245)');
    // The main colour paints the primary buttons.
    await page.getByRole('button', { name: 'Entendido' }).click();
    await expect(page.getByRole('link', { name: /Espresso/ })).toBeVisible();
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-main')),
    ).toBe('#F78700');
    await page.getByRole('button', { name: 'Usar colores oscuros' }).click();
    expect(await background(page)).toBe('rgb(39, 37, 36)');
    expect(await page.evaluate(() => getComputedStyle(document.body).color)).toBe('rgb(255, 255, 255)');
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility in the ${scheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await storefrontPrepare(page, { scheme });
    });

    test('company, branch and location screens', async ({ page }) => {
      await page.goto('/menu/brasa');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `company (${scheme})`);
      await page.goto('/menu/brasa-parrilla');
      await expect(page.getByRole('searchbox', { name: 'Buscar Local' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `branch (${scheme})`);
      await page.goto('/menu/brasa-nunez');
      await expect(page.getByRole('heading', { name: '¿Qué menú quieres ver?' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `location (${scheme})`);
    });

    test('menu, category, plate and cart screens', async ({ page }) => {
      // Five screens and an axe check on each: 20 s alone, past 30 s with two workers on 2 cores.
      test.setTimeout(60_000);
      await page.goto('/menu/brasa-nunez/delivery');
      await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `menu (${scheme})`);
      await page.goto('/menu/brasa-villa-crespo/delivery');
      await expect(page.getByRole('region', { name: 'Pizzas' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `menu with plates inline (${scheme})`);
      await page.goto('/menu/brasa-villa-crespo/delivery/pizzas/muzzarella');
      await expect(page.getByRole('heading', { level: 1, name: 'Muzzarella' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `plate page (${scheme})`);
      await page.goto('/menu/brasa-nunez/delivery/parrilla');
      await expectNoSeriousA11yViolations(page, `category (${scheme})`);
      await page.getByRole('link', { name: /Bife de chorizo/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Bife de chorizo' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: /^Agregar/ }).click();
      // Both mandatory groups are marked.
      await expect(
        dialog.getByText('Revise que haya agregado la cantidad correcta de opcionales'),
      ).toHaveCount(2);
      await expectNoSeriousA11yViolations(page, `plate (${scheme})`);
      await dialog.getByRole('radio', { name: 'Jugoso' }).check();
      await dialog.getByRole('radio', { name: 'Papas fritas' }).check();
      await dialog.getByRole('button', { name: /^Agregar/ }).click();
      await page.goto('/menu/brasa-nunez/preview');
      await expect(page.locator('.cart-line')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, `cart (${scheme})`);
    });
  });
}
