import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { screenshotsAt } from '../support/screenshots';
import {
  ADDRESS_NUNEZ,
  expectNoSeriousA11yViolations,
  storefrontKeepAddress,
  storefrontPrepare,
} from '../support/storefront';

/**
 * Browsing a long menu (issue 18, ADR 048) on the demo tenant: from 1024 px the
 * cart sits beside the menu and follows every plate added; the categories stay
 * reachable in a bar under the header; 'Buscar en el menú' keeps the plates
 * whose name or description holds what the diner types, says so when nothing
 * does, and clearing it brings the whole menu back. At 390 px the phone layout
 * is the one it was: one column and the floating 'Ver mi pedido'.
 */
test.use({ serviceWorkers: 'block' });

const MENU = '/menu/brasa-nunez/delivery';
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const cartPanel = (page: Page) => page.getByRole('complementary', { name: 'Mi pedido' });
const searchField = (page: Page) => page.getByRole('searchbox', { name: 'Buscar en el menú' });
/** The plates the search shows, as 'Category: plate, plate'. */
const found = (page: Page) =>
  page.locator('.menu-search-results section').evaluateAll((sections) =>
    sections.map(
      (section) =>
        `${section.querySelector('h2')?.textContent}: ${Array.from(
          section.querySelectorAll('.plate-card__name'),
        )
          .map((name) => name.textContent)
          .join(', ')}`,
    ),
  );

/** Finds a plate with the search, adds it as it comes from its modal, and empties the search. */
async function addFromMenu(page: Page, plate: string) {
  await searchField(page).fill(plate);
  await page
    .locator('.menu-search-results .plate-card')
    .filter({ has: page.locator('.plate-card__name').getByText(plate, { exact: true }) })
    .click();
  const dialog = page.getByRole('dialog', { name: plate });
  await dialog.getByRole('button', { name: /^Agregar/ }).click();
  await expect(dialog).toBeHidden();
  await searchField(page).fill('');
}

test.beforeEach(async ({ page }) => {
  await storefrontPrepare(page);
});

test('at 1280 px the cart sits beside the menu, follows each plate added and stays in view while scrolling', async ({
  page,
}) => {
  // Inside 'Núñez y Saavedra': minimum $ 10.000.
  await storefrontKeepAddress(page, ADDRESS_NUNEZ);
  await page.setViewportSize(WIDE);
  await page.goto(MENU);
  const panel = cartPanel(page);
  await expect(panel).toContainText('Todavía no agregaste productos.');
  const menuBox = await page.locator('main').boundingBox();
  const panelBox = await panel.boundingBox();
  expect(menuBox && panelBox && panelBox.x >= menuBox.x + menuBox.width).toBe(true);
  // The menu column keeps ordering §9's width above 1025 px: half the window (less its scrollbar).
  expect(
    Math.abs((menuBox?.width ?? 0) - (await page.evaluate(() => document.body.clientWidth / 2))),
  ).toBeLessThan(2);

  await addFromMenu(page, 'Provoleta');
  await expect(panel.locator('.cart-line')).toHaveCount(1);
  await expect(panel.locator('.cart-line')).toContainText('Provoleta');
  await expect(panel.locator('.cart-summary__total')).toContainText('$ 7.800');
  await expect(panel).toContainText('Suma $ 2.200 para llegar al mínimo');
  await expect(panel.getByRole('link', { name: 'Continuar' })).toHaveCount(0);
  // The floating button is the phone's way to the cart: here the cart is already in view.
  await expect(page.getByRole('link', { name: /Ver mi pedido/ })).toHaveCount(0);

  await addFromMenu(page, 'Chorizo');
  await expect(panel.locator('.cart-line')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Sumar uno de Provoleta' }).click();
  await expect(panel.locator('.cart-line').first().locator('output')).toHaveText('2');

  // Far down the menu the cart is still on screen, under the header.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect
    .poll(async () => {
      const box = await panel.boundingBox();
      return box ? box.y >= 57 && box.y + box.height <= WIDE.height : false;
    })
    .toBe(true);
  const next = panel.getByRole('link', { name: 'Continuar' });
  await expect(next).toBeInViewport();
  await next.click();
  await expect(page).toHaveURL('/menu/brasa-nunez/checkout');
});

test("'Buscar en el menú' keeps the plates whose name or description matches, whatever the accents, and clearing restores the menu", async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  await page.goto(MENU);
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();

  // 'LIMON' finds 'Mollejas al limón' by name, the chicken and the ice cream by their descriptions.
  await searchField(page).fill('LIMON');
  await expect
    .poll(() => found(page))
    .toEqual(['Entradas: Mollejas al limón', 'A la parrilla: Pollo deshuesado', 'Postres: Helado artesanal']);
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'platos encontrados' })).toHaveText(
    '3 platos encontrados',
  );
  // Every word must be there.
  await searchField(page).fill('pollo limón');
  await expect.poll(() => found(page)).toEqual(['A la parrilla: Pollo deshuesado']);

  // Nothing matches: it says so, and the way out empties the field and puts the diner back in it.
  await searchField(page).fill('sushi');
  await expect(page.getByText('No encontramos platos con "sushi".')).toBeVisible();
  await page.getByRole('button', { name: 'Borrar búsqueda' }).click();
  await expect(searchField(page)).toHaveValue('');
  await expect(searchField(page)).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Categorías' })).toBeVisible();

  // Emptying the field by hand restores the menu too; the search narrows what the indicator filters keep.
  await searchField(page).fill('chorizo');
  await expect
    .poll(() => found(page))
    .toEqual([
      'Entradas: Chorizo',
      'A la parrilla: Bife de chorizo, Parrillada para dos',
      'Sándwiches: Choripán',
    ]);
  await searchField(page).fill('');
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await page.getByRole('button', { name: 'Sin TACC', exact: true }).click();
  await searchField(page).fill('pollo');
  await expect.poll(() => found(page)).toEqual(['A la parrilla: Pollo deshuesado']);
});

test('the categories stay reachable in a bar under the header, on a category page and on a menu of inline plates', async ({
  page,
}) => {
  // A short window, so that even a short category page scrolls past its bar.
  await page.setViewportSize({ width: 1280, height: 480 });
  await page.goto(`${MENU}/entradas`);
  const bar = page.getByRole('navigation', { name: 'Categorías' });
  await expect(bar.getByRole('link', { name: 'Entradas' })).toHaveAttribute('aria-current', 'page');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(async () => Math.round((await bar.boundingBox())?.y ?? -1)).toBe(57);
  await bar.getByRole('link', { name: 'Postres' }).click();
  await expect(page).toHaveURL(`${MENU}/postres`);
  await expect(page.getByRole('heading', { level: 1, name: 'Postres' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Postres' })).toHaveAttribute('aria-current', 'page');

  // The pizzeria shows its plates on the menu itself: its chips stay under the header all the way down.
  await page.goto('/menu/brasa-villa-crespo/delivery');
  const chips = page.getByRole('navigation', { name: 'Categorías' });
  await expect(chips.getByRole('link', { name: 'Empanadas' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(async () => Math.round((await chips.boundingBox())?.y ?? -1)).toBe(57);
});

test('at 390 px the phone layout is unchanged: one column, no cart beside, the floating button', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(MENU);
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await expect(cartPanel(page)).toHaveCount(0);
  const main = await page.locator('main').boundingBox();
  expect(Math.round(main?.width ?? 0)).toBe(await page.evaluate(() => document.body.clientWidth));
  await addFromMenu(page, 'Provoleta');
  await expect(page.getByRole('link', { name: /Ver mi pedido/ })).toContainText('$ 7.800');
  await expect(cartPanel(page)).toHaveCount(0);
  // The search works the same on a phone.
  await searchField(page).fill('vacio');
  await expect
    .poll(() => found(page))
    .toEqual(['A la parrilla: Vacío, Parrillada para dos', 'Sándwiches: Sándwich de vacío']);
});

test('a wide screen that narrows below 1024 px trades the cart beside the menu for the floating button', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  await page.goto(MENU);
  await addFromMenu(page, 'Provoleta');
  await expect(cartPanel(page)).toContainText('Provoleta');
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect(cartPanel(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Ver mi pedido/ })).toContainText('$ 7.800');
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(cartPanel(page)).toContainText('Provoleta');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the wide menu in ${scheme}: accessible, and its screenshots at 1280, 1024 and 390 px`, async ({
    page,
  }) => {
    // Four axe runs and sixteen screenshots.
    test.setTimeout(90_000);
    await storefrontPrepare(page, { scheme });
    await page.setViewportSize(WIDE);
    await page.goto(MENU);
    await addFromMenu(page, 'Provoleta');
    await expect(cartPanel(page).locator('.cart-summary__total')).toContainText('$ 7.800');
    await expectNoSeriousA11yViolations(page, `wide menu with the cart beside (${scheme})`);
    await screenshotsAt(page, 'menu-wide-cart', scheme, [1280, 1024, 390]);

    await page.setViewportSize(WIDE);
    await searchField(page).fill('limón');
    await expect(page.locator('.menu-search-results .plate-card')).toHaveCount(3);
    await expectNoSeriousA11yViolations(page, `menu search (${scheme})`);
    await screenshotsAt(page, 'menu-wide-search', scheme, [1280, 390]);
    await searchField(page).fill('sushi');
    await expect(page.getByRole('button', { name: 'Borrar búsqueda' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `menu search without results (${scheme})`);
    await screenshotsAt(page, 'menu-wide-search-empty', scheme, [1280]);

    await page.goto(`${MENU}/parrilla`);
    await expect(page.getByRole('heading', { level: 1, name: 'A la parrilla' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `category page with the categories' bar (${scheme})`);
    await screenshotsAt(page, 'menu-wide-category', scheme, [1280, 390]);
  });
}
