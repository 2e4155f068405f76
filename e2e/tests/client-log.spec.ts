import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Browser } from '@playwright/test';
import {
  addPlate,
  CABALLITO,
  fillCustomer,
  freshPhone,
  orderAnswer,
  sendButton,
  toCheckout,
} from '../support/checkout-flow';
import { e2eServer, expect, serverNow, test } from '../support/fixtures';

/**
 * Client errors reach the server (issue 17, ADR 041): the menu's request fails
 * in the browser, the storefront posts `POST /api/diner/log` with the spec's
 * fields (ordering §7), and the venue's owner reads it in the console under
 * 'Local' → 'Errores del cliente'.
 */
test.use({ serviceWorkers: 'block' });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOCS = path.join(root, 'docs/screenshots');
const OWNER = { email: 'martin@brasa.example', password: 'brasa-demo-dueno' };
const NUNEZ_STAFF = { email: 'nunez@brasa.example', password: 'brasa-demo-nunez' };
const ALIAS = 'brasa-nunez';
/** Ordering §7: what `POST /api/diner/log` carries. */
const SPEC_FIELDS = ['bcId', 'branchId', 'url', 'coordinates', 'address', 'component', 'payload', 'stack'];

async function ownerConsole(browser: Browser, colorScheme: 'light' | 'dark' = 'light', who = OWNER) {
  const context = await browser.newContext({
    baseURL: e2eServer().baseUrl,
    viewport: { width: 1280, height: 900 },
    colorScheme,
    serviceWorkers: 'block',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  const page = await context.newPage();
  await page.clock.setSystemTime(serverNow());
  await page.goto('/console');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Contraseña').fill(who.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  // The owner picks the location; a staff member of one location lands on it.
  if (who === OWNER) await page.getByRole('button', { name: /Núñez/ }).click();
  await page.getByRole('button', { name: 'Local', exact: true }).click();
  return { context, page, panel: page.locator('.console-client-errors') };
}

test('a failed menu request posts its report, and the owner reads it in the console', async ({
  page,
  browser,
  request,
}) => {
  const contact = (await (await request.get(`/api/diner/${ALIAS}`)).json()).branchContact;
  const marker = `Menú caído ${Date.now().toString(36)}`;
  await page.route(`**/api/diner/${ALIAS}/menu/${contact.id}?**`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: marker }),
    }),
  );
  const logged = page.waitForRequest(
    (sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/diner/log',
  );
  await page.goto(`/menu/${ALIAS}/delivery?phone=1155552020`);
  const sent = await logged;
  const body = sent.postDataJSON();
  expect(
    Object.keys(body).every((key) => SPEC_FIELDS.includes(key)),
    JSON.stringify(body),
  ).toBe(true);
  expect(body).toMatchObject({
    bcId: contact.id,
    // The page without its query: it may carry a phone.
    url: `${e2eServer().baseUrl}/menu/${ALIAS}/delivery`,
    component: 'api',
    payload: {
      method: 'GET',
      path: `/diner/${ALIAS}/menu/${contact.id}`,
      status: 500,
      message: marker,
    },
  });
  expect(body.stack).toContain(marker);
  expect(JSON.stringify(body)).not.toContain('1155552020');
  expect((await sent.response())?.status()).toBe(204);

  // The owner's console lists it, with the location, what failed and the page.
  const { context, panel } = await ownerConsole(browser);
  const row = panel.getByRole('listitem').filter({ hasText: marker });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Brasa Núñez');
  await expect(row).toContainText('Consulta al servidor');
  await expect(row).toContainText(`Página: /menu/${ALIAS}/delivery`);
  await context.close();
});

test('a payment link that cannot be made is reported, without the diner’s phone or name', async ({
  page,
}) => {
  const reports: Record<string, unknown>[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/diner/log')
      reports.push(sent.postDataJSON());
  });
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  const phone = freshPhone();
  await fillCustomer(page, phone);
  await page.getByRole('radio', { name: 'Link de pago' }).check();
  await page.route('**/api/paymenturl', (route) => route.abort('internetdisconnected'));
  const placed = orderAnswer(page);
  await sendButton(page).click();
  const order = await placed;
  await expect(page).toHaveURL(new RegExp(`/menu/brasa-caballito/order/${order.body.code}$`));
  await expect
    .poll(() => reports.map((report) => report.component).sort())
    .toEqual(['api', 'checkout/payment']);
  const payment = reports.find((report) => report.component === 'checkout/payment');
  expect(payment).toMatchObject({
    bcId: expect.any(Number),
    url: `${e2eServer().baseUrl}/menu/brasa-caballito/checkout`,
    payload: { step: 'link', errorName: 'TypeError' },
  });
  const sentText = JSON.stringify(reports);
  expect(sentText).not.toContain(phone.replaceAll(' ', ''));
  expect(sentText).not.toContain(phone);
  expect(sentText).not.toContain('Ana Pérez');
});

test('a staff member’s Local tab has no client errors', async ({ browser }) => {
  const { context, page, panel } = await ownerConsole(browser, 'light', NUNEZ_STAFF);
  await expect(page.getByRole('heading', { name: 'Carritos abandonados' })).toBeVisible();
  await expect(panel).toHaveCount(0);
  await context.close();
});

test.describe('screenshots', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the client errors panel, ${colorScheme}`, async ({ browser, request }) => {
      const contact = (await (await request.get(`/api/diner/${ALIAS}`)).json()).branchContact;
      // Two reports as a storefront sends them, so the panel has rows to show.
      for (const report of [
        {
          bcId: contact.id,
          branchId: contact.branch.id,
          url: `${e2eServer().baseUrl}/menu/${ALIAS}/delivery`,
          component: 'address/fee',
          address: { fullAddress: 'Av. Cabildo 3900, CABA', city: 'CABA' },
          coordinates: { lat: -34.546, lng: -58.469 },
          payload: { message: 'Failed to fetch', errorName: 'TypeError' },
        },
        {
          bcId: contact.id,
          url: `${e2eServer().baseUrl}/menu/${ALIAS}/checkout`,
          component: 'checkout/payment',
          payload: { step: 'link', message: 'Error generando link de pago', status: 502 },
        },
      ]) {
        expect((await request.post('/api/diner/log', { data: report })).status()).toBe(204);
      }
      const { context, page, panel } = await ownerConsole(browser, colorScheme);
      await expect(panel.getByRole('listitem').nth(1)).toBeVisible();
      const results = await new AxeBuilder({ page }).include('.console-client-errors').analyze();
      expect(results.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))).toEqual([]);
      for (const width of [1280, 768, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await panel.scrollIntoViewIfNeeded();
        await panel.screenshot({
          path: path.join(DOCS, `console-client-errors-${width}-${colorScheme}.png`),
        });
      }
      await context.close();
    });
  }
});
