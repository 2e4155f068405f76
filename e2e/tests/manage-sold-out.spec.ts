import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { addPlate, fillCustomer, orderPlaced, sendButton, toCheckout } from '../support/checkout-flow';
import { e2eServer, expect, serverNow, test } from '../support/fixtures';
import { SCREENSHOTS_DIR } from '../support/screenshots';

/**
 * Sold out now (issue 19, ADR 052): a staff member marks a plate 'Agotado'
 * from 'Gestión del local' on a tablet while a diner, in another browser, has
 * it in the cart: the diner's menu greys it live (no reload), the checkout
 * refuses 'Enviar pedido' with the message; switched back, it is restored
 * live and the order goes through.
 */
const NUNEZ_STAFF = { email: 'nunez@brasa.example', password: 'brasa-demo-nunez' };
const ENTRADAS = '/menu/brasa-nunez/retiro-en-el-local/entradas';
const GONE = "'Provoleta' se agotó. Quítalo del carrito para seguir.";

async function browserContext(
  browser: Browser,
  viewport: { width: number; height: number },
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eServer().baseUrl,
    viewport,
    colorScheme,
    serviceWorkers: 'block',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  const page = await context.newPage();
  await page.clock.setSystemTime(serverNow());
  return page;
}

/** Signs in to the console and opens 'Gestión del local' → 'Agotados'. */
async function soldOutTab(page: Page): Promise<void> {
  await page.goto('/console');
  await page.getByLabel('Email').fill(NUNEZ_STAFF.email);
  await page.getByLabel('Contraseña').fill(NUNEZ_STAFF.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('link', { name: 'Gestión' })).toBeVisible();
  await page.goto('/console/gestion');
  await page.getByRole('button', { name: 'Agotados' }).click();
  await expect(page.getByRole('heading', { name: 'Agotados' })).toBeVisible();
}

const provoletaSwitch = (page: Page) => page.getByRole('switch', { name: 'Agotado: Provoleta' });
const provoletaCard = (page: Page) => page.locator('.plate-card', { hasText: 'Provoleta' }).first();

test('a plate marked sold out greys live in the diner’s menu, the checkout refuses it, and switching back restores it', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  // The diner, on a phone, has a Provoleta in the cart and stays on the menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await addPlate(page, ENTRADAS, 'Provoleta');
  await page.goto(ENTRADAS);
  await expect(provoletaCard(page)).toBeVisible();
  await expect(provoletaCard(page).getByText('Agotado')).toHaveCount(0);
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));

  // The staff member, on a tablet, marks it 'Agotado' for today.
  const staff = await browserContext(browser, { width: 834, height: 1112 });
  await soldOutTab(staff);
  await expect(staff.getByRole('radio', { name: 'Por hoy' })).toBeChecked();
  await provoletaSwitch(staff).click();
  await expect(provoletaSwitch(staff)).toHaveAttribute('aria-checked', 'true');
  await expect(staff.getByRole('status')).toContainText("'Provoleta' quedó agotado. Vuelve el");

  // The diner's menu greys it within a second or two, without a reload.
  await expect(provoletaCard(page)).toHaveClass(/is-sold-out/, { timeout: 5000 });
  await expect(provoletaCard(page).getByText('Agotado')).toBeVisible();
  expect(loads).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    const toggle = page.getByRole('button', {
      name: scheme === 'dark' ? 'Usar colores oscuros' : 'Usar colores claros',
    });
    if ((await toggle.count()) > 0) await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `manage-sold-out-diner-phone-${scheme}.png`) });
  }
  // Opened, it says why it cannot be added.
  await provoletaCard(page).click();
  const dialog = page.getByRole('dialog', { name: 'Provoleta' });
  await expect(dialog.getByRole('button', { name: /^Agregar/ })).toBeDisabled();
  await expect(dialog.getByText('Se agotó por ahora. Elige otro plato.')).toBeVisible();
  await page.keyboard.press('Escape');

  // The checkout refuses to send it, with the message, where the eye is; nothing is posted.
  await toCheckout(page, 'brasa-nunez');
  await fillCustomer(page);
  const tender = page.getByLabel('¿Con cuánto vas a pagar?');
  if (await tender.count()) await tender.fill('100000');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/order')) posts.push(request.url());
  });
  await sendButton(page).click();
  const notice = page.locator('.checkout-sold-out');
  await expect(notice).toContainText(GONE);
  await expect(notice).toBeFocused();
  await expect(notice).toBeInViewport();
  expect(posts).toEqual([]);

  // Switched back: the checkout hears it live and the order goes through.
  await provoletaSwitch(staff).click();
  await expect(provoletaSwitch(staff)).toHaveAttribute('aria-checked', 'false');
  await expect(notice).toHaveCount(0, { timeout: 5000 });
  const placed = orderPlaced(page);
  await sendButton(page).click();
  expect((await placed).status()).toBe(201);
  await staff.context().close();
});

/** 'Agotados' as the staff see it, with a plate and a garnish item marked: tablet and desktop, light and dark. */
for (const colorScheme of ['light', 'dark'] as const) {
  test(`'Agotados' screenshots, ${colorScheme}`, async ({ browser }) => {
    test.setTimeout(60_000);
    const staff = await browserContext(browser, { width: 1280, height: 800 }, colorScheme);
    await soldOutTab(staff);
    const chorizo = staff.getByRole('switch', { name: 'Agotado: Chorizo' });
    if ((await chorizo.getAttribute('aria-checked')) !== 'true') await chorizo.click();
    await expect(chorizo).toHaveAttribute('aria-checked', 'true');
    await staff.getByRole('radio', { name: 'Hasta que lo reactive' }).check();
    const morcilla = staff.getByRole('switch', { name: 'Agotado: Morcilla' });
    if ((await morcilla.getAttribute('aria-checked')) !== 'true') await morcilla.click();
    await expect(morcilla).toHaveAttribute('aria-checked', 'true');
    await expect(staff.getByText('Hasta que lo reactive').last()).toBeVisible();
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['tablet', { width: 834, height: 1112 }],
    ] as const) {
      await staff.setViewportSize(viewport);
      await staff.evaluate(() => window.scrollTo(0, 0));
      await staff.screenshot({
        path: path.join(SCREENSHOTS_DIR, `manage-sold-out-${device}-${colorScheme}.png`),
      });
    }
    // Back on sale, so other tests see the demo as it was.
    await chorizo.click();
    await morcilla.click();
    await expect(chorizo).toHaveAttribute('aria-checked', 'false');
    await expect(morcilla).toHaveAttribute('aria-checked', 'false');
    await staff.context().close();
  });
}
