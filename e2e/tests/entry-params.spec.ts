import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  addPlate,
  breakdown,
  CABALLITO,
  fillCustomer,
  freshPhone,
  orderAnswer,
  phoneInput,
  sendButton,
  toCheckout,
  totalText,
} from '../support/checkout-flow';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/storefront';

/**
 * The query parameters a diner arrives with (ordering §2 "Query parameters
 * read on entry"; ADR 032), end to end against the real server: a table QR
 * code's table filled, locked and carried by the order, with the link's
 * source and campaign as the console reads them back; a discount code applied
 * by itself at checkout; the name and phone filled. `allowedOM` is in
 * storefront-entry.spec.ts, `abandoned` in cart-recovery.spec.ts, `source`
 * with a reward in reward-signup.spec.ts, and the catch-all page in
 * entry.spec.ts. Screenshots of the locked table and of the catch-all page in
 * light and dark, phone and desktop, under docs/screenshots/.
 */
test.use({ serviceWorkers: 'block' });

const NUNEZ_STAFF = { email: 'nunez@brasa.example', password: 'brasa-demo-nunez' };
const TABLE_LINK = '/menu/brasa-nunez/en-el-salon?tableNumber=7&source=qr-mesa&campaignId=otono-2026';
const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** Opens a table QR code's link and goes to the checkout with a Provoleta. */
async function tableCheckout(page: Page) {
  await page.goto(TABLE_LINK);
  // The entry link is read when the app has started: wait for the mode's menu before moving on.
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await addPlate(page, '/menu/brasa-nunez/en-el-salon/entradas', 'Provoleta');
  await toCheckout(page, 'brasa-nunez');
}

test("a table QR code fills and locks the table; the order carries it with the link's source and campaign", async ({
  page,
}) => {
  await tableCheckout(page);
  const table = page.getByLabel('Número de mesa');
  await expect(table).toHaveValue('7');
  await expect(table).toHaveAttribute('readonly', '');
  await expect(page.getByText('Es la mesa del código QR que escaneaste.')).toBeVisible();
  await table.press('Backspace');
  await expect(table).toHaveValue('7');

  await fillCustomer(page, freshPhone());
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('20000');
  const answer = orderAnswer(page);
  await sendButton(page).click();
  const placed = await answer;
  expect(placed.status).toBe(201);
  expect(placed.sent).toMatchObject({
    type: 'DINE_IN',
    tableUid: '7',
    source: 'qr-mesa',
    acquisitionChannel: 'qr-mesa',
    campaignId: 'otono-2026',
  });

  // The venue reads them back in its console.
  const login = await page.request.post('/api/staff/login', { data: NUNEZ_STAFF });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const detail = await page.request.get(`/api/console/orders/${placed.body.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(detail.status()).toBe(200);
  expect(await detail.json()).toMatchObject({
    code: placed.body.code,
    type: 'DINE_IN',
    table: '7',
    acquisitionChannel: 'qr-mesa',
    campaignId: 'otono-2026',
  });
});

test('a table link where the location takes no table orders says so, and the order goes without the table', async ({
  page,
}) => {
  await page.goto('/menu/brasa-caballito/retiro?tableNumber=7');
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await expect(page.getByLabel('Número de mesa')).toHaveCount(0);
  // Caballito has no dining room.
  await expect(page.locator('.checkout-table-note')).toHaveText(
    'Este local no toma pedidos en la mesa: el pedido no llevará la mesa 7 de tu enlace.',
  );
  await fillCustomer(page, freshPhone());
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('20000');
  const answer = orderAnswer(page);
  await sendButton(page).click();
  const placed = await answer;
  expect(placed.status).toBe(201);
  expect(placed.sent).not.toHaveProperty('tableUid');
});

test("a link's discount code is applied at checkout once the diner's data is in, and sent", async ({
  page,
}) => {
  await page.goto(`${CABALLITO}/retiro?code=PROVOLETA`);
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await expect(page.getByText('Tu código PROVOLETA se aplicará cuando completes tus datos.')).toBeVisible();
  await fillCustomer(page, freshPhone());
  const row = breakdown(page)
    .locator('.checkout-breakdown__row')
    .filter({ hasText: 'Código de descuento (PROVOLETA)' });
  await expect(row.getByRole('definition')).toHaveText(/-\$\s?1\.500/);
  await expect(page.getByText('Código de descuento: PROVOLETA')).toBeVisible();
  // $ 7.800 − $ 1.500.
  await expect(totalText(page)).toHaveText(/6\.300/);
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('10000');
  const answer = orderAnswer(page);
  await sendButton(page).click();
  const placed = await answer;
  expect(placed.status).toBe(201);
  expect(placed.sent).toMatchObject({ codeDiscount: 'PROVOLETA', price: 6300 });
});

test("a link's name and phone fill the checkout's (customerName before name)", async ({ page }) => {
  await page.goto(`${CABALLITO}/retiro?name=Ana&customerName=Ana%20Paz&phone=1155552020`);
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await expect(page.getByLabel('Nombre')).toHaveValue('Ana Paz');
  await expect(phoneInput(page)).toHaveValue('1155552020');
});

for (const scheme of ['light', 'dark'] as const) {
  for (const viewport of viewports) {
    test(`the locked table and the catch-all page in ${scheme} at ${viewport.width} px: accessible, and their screenshots`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.addInitScript((chosen) => localStorage.setItem('comanda.colorScheme', chosen), scheme);
      await tableCheckout(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await expect(page.getByLabel('Número de mesa')).toHaveValue('7');
      await fillCustomer(page);
      await page.getByLabel('¿Con cuánto vas a pagar?').fill('20000');
      await page.getByLabel('¿Con cuánto vas a pagar?').blur();
      await expectNoSeriousA11yViolations(page, `checkout with a table, ${scheme}, ${viewport.name}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: path.join(screenshots, `checkout-table-${viewport.name}-${scheme}.png`),
        fullPage: true,
        animations: 'disabled',
      });

      const response = await page.goto('/404?message=Acceso%20denegado%20o%20link%20expirado');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('alert')).toContainText('Acceso denegado o link expirado');
      await expectNoSeriousA11yViolations(page, `catch-all page, ${scheme}, ${viewport.name}`);
      await page.screenshot({
        path: path.join(screenshots, `not-found-${viewport.name}-${scheme}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    });
  }
}

test('a menu link shows only the categories it names, and their highlights', async ({ page }) => {
  await page.goto('/menu/brasa-nunez/delivery?menu=parrilla&menu=Postres');
  const categories = page.getByRole('region', { name: 'Categorías' });
  await expect(categories.getByRole('link')).toHaveText([/A la parrilla/, 'Postres']);
  // The choripán is a sandwich: of the three highlights, the two grilled ones stay.
  const highlighted = page.getByRole('region', { name: 'Lo más destacado' });
  await expect(highlighted.getByRole('link')).toHaveCount(2);
  await expect(highlighted.getByRole('link', { name: /Bife de chorizo/ })).toBeVisible();
});
