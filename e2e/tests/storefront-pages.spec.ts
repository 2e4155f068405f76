import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { SCREENSHOTS_DIR, screenshotsBothSchemes } from '../support/screenshots';
import { expectNoSeriousA11yViolations, storefrontPrepare } from '../support/storefront';
import { ALIAS, orderMove, orderPayByApi, orderPlace, staffToken } from './follow-up-helpers';

/**
 * Issue 18, pages a diner moves between: a cancelled paid order's follow-up,
 * the upsell cards' price, where a new page opens and where back returns, the
 * tab's title, and the error page's way home.
 */

// Page routes must see every request; the service worker is tested on its own.
test.use({ serviceWorkers: 'block' });

/** Adds a plate without choices from a category page of the current mode. */
async function addPlate(page: Page, pagePath: string, plate: string) {
  await page.goto(pagePath);
  await page
    .getByRole('link', { name: new RegExp(plate) })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: plate });
  await dialog.getByRole('button', { name: /^Agregar/ }).click();
  await expect(dialog).toBeHidden();
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('a cancelled paid order says why, and that the venue (not Comanda) refunds the payment', async ({
  page,
  request,
}) => {
  // At the server's own clock (fixtures.ts): the payment window counts from the real placement.
  const order = await orderPlace(request, 'CARD_ONLINE');
  await orderPayByApi(request, order.code);
  await orderMove(request, await staffToken(request), order.id, 'CANCELED', 'Nos quedamos sin carbón');
  await page.goto(`/menu/${ALIAS}/order/${order.code}`);
  await expect(page.locator('.follow-steps__step--current')).toHaveText('Pedido cancelado');
  const notice = page.getByTestId('canceled-notice');
  const amount = (await page.getByTestId('order-total').textContent())?.trim() ?? '';
  expect(amount).toMatch(/^\$\s[\d.]+$/);
  await expect(notice.locator('p')).toHaveText([
    `Brasa Caballito (24 horas) canceló tu pedido ${order.code}.`,
    'Motivo: Nos quedamos sin carbón',
    `Ya pagaste ${amount}. La devolución no es automática: la hace Brasa Caballito (24 horas). Escríbele para coordinarla.`,
    'Escribir por WhatsApp',
  ]);
  const chat = new URL(
    (await notice.getByRole('link', { name: 'Escribir por WhatsApp' }).getAttribute('href')) ?? '',
  );
  expect(chat.host).toBe('wa.me');
  expect(chat.searchParams.get('text')).toBe(
    `Hola, mi pedido ${order.code} fue cancelado y ya lo había pagado (${amount}). ¿Cómo sigue la devolución?`,
  );
  // Nothing to pay on a cancelled order.
  await expect(page.getByRole('button', { name: /^Pagar/ })).toHaveCount(0);
  await screenshotsBothSchemes(page, 'follow-up-canceled-paid');
});

test.describe('storefront pages', () => {
  test.beforeEach(async ({ page }) => {
    await storefrontPrepare(page);
  });

  test("an upsell card shows the menu's price: the discount applied, the old price struck through", async ({
    page,
  }) => {
    // The flan has $ 1.000 off every day (the demo's FIXED discount).
    await page.goto('/menu/brasa-nunez/delivery/postres');
    const menuPrice = page.getByRole('link', { name: /Flan casero/ }).locator('.price');
    await expect(menuPrice).toContainText('$ 3.900');
    await expect(menuPrice.locator('s')).toContainText('$ 4.900');
    const shown = (await menuPrice.textContent()) ?? '';

    await addPlate(page, '/menu/brasa-nunez/delivery/entradas', 'Provoleta');
    await page.goto('/menu/brasa-nunez/preview');
    const upsell = page.getByRole('region', { name: 'Te recomendamos' });
    const flan = upsell.getByRole('button', { name: /Flan casero/ });
    await expect(flan.locator('.price')).toHaveText(shown);
    await expect(flan.locator('s')).toContainText('$ 4.900');
    // A plate without a discount keeps its one price.
    await expect(upsell.getByRole('button', { name: /Gaseosa 500 ml/ }).locator('s')).toHaveCount(0);
    await screenshotsBothSchemes(page, 'cart-upsell');
  });

  test('a new page opens at its top; back returns where the diner was, forward too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/menu/brasa-nunez/delivery');
    const postres = page.getByRole('region', { name: 'Categorías' }).getByRole('link', { name: 'Postres' });
    await postres.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 40));
    const left = await scrollY(page);
    expect(left).toBeGreaterThan(200);
    await postres.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Postres' })).toBeVisible();
    expect(await scrollY(page)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect.poll(() => scrollY(page)).toBe(120);

    await page.goBack();
    await expect(page).toHaveURL(/\/delivery$/);
    await expect.poll(() => scrollY(page)).toBe(left);
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: 'Postres' })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(120);
  });

  test("the tab shows the venue's name", async ({ page }) => {
    await page.goto('/menu/brasa-nunez/delivery');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Brasa Parrilla' })).toBeVisible();
    await expect(page).toHaveTitle('Brasa Parrilla');
  });

  test("'Volver al inicio' on an error page returns to the venue, not the product's home", async ({
    page,
  }) => {
    // A path under a venue that is no page: its way home is that venue.
    const missing = await page.goto('/menu/brasa-nunez/delivery/postres/flan/de-mas');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/menu\/brasa-nunez$/);

    // A path that names no venue: the venue the diner was last on.
    await page.goto('/menu/brasa-nunez/delivery');
    await expect(page.getByRole('region', { name: 'Lo más destacado' })).toBeVisible();
    await page.goto('/no-existe');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/menu\/brasa-nunez(#delivery)?$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Brasa Parrilla' })).toBeVisible();
  });
});

test("after a crash (a screen's code that did not load), 'Volver al inicio' leaves the error behind", async ({
  page,
}) => {
  await storefrontPrepare(page);
  // The category pages' chunk fails to arrive, as after a deploy that removed it.
  await page.route(/\/assets\/menu-pages-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/menu/brasa-nunez/delivery');
  await page.getByRole('region', { name: 'Categorías' }).getByRole('link', { name: 'Postres' }).click();
  await expect(page.getByRole('heading', { name: 'Algo salió mal' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/menu\/brasa-nunez$/);
  await expect(page.getByRole('heading', { name: 'Algo salió mal' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Brasa Parrilla' })).toBeVisible();
});

test('the error page, light and dark, at phone and desktop widths', async ({ page }) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.addInitScript((value) => localStorage.setItem('comanda.colorScheme', value), scheme);
    await page.goto('/menu/brasa-nunez/delivery/postres/flan/de-mas');
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute(
      'href',
      '/menu/brasa-nunez',
    );
    await expectNoSeriousA11yViolations(page, `error page (${scheme})`);
    for (const [label, size] of [
      ['390', { width: 390, height: 844 }],
      ['1280', { width: 1280, height: 900 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.screenshot({
        path: path.join(SCREENSHOTS_DIR, `error-page-${label}-${scheme}.png`),
        fullPage: true,
      });
    }
  }
});
