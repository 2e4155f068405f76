import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { addPlate, fillCustomer, orderPlaced, sendButton } from '../support/checkout-flow';
import { dinerSignIn } from '../support/diner-sign-in';
import { expect, test } from '../support/fixtures';
import { type E2EStartedServer, serverStart } from '../support/global-setup';
import { tenantImport } from '../support/storefront';

/**
 * Abandoned-cart recovery end to end (issue 11, ADR 028), on a server of its
 * own whose ABANDONED_CART_DELAY_SECONDS replaces the locations' 30 minutes
 * with a few seconds (and whose jobs run every 250 ms): two signed-in demo
 * customers leave Brasa Núñez with a Provoleta in the cart by closing the
 * page; after the delay the one who opted in (Sofía) has the message in the
 * console's 'Mensajes', the one who did not (Julián) has none; the message's
 * link, opened in a browser with nothing stored, restores the cart at the
 * price of that moment, the order placed from it counts as recovered in the
 * console's 'Carritos abandonados' figures.
 *
 * Every page's clock starts at this server's instant (not the worker's
 * server's, which `fixtures.ts` uses) and then flows, as the server's does:
 * not `storefrontPrepare`'s fixed time, since the test waits the delay in real
 * time and the console's live list must run meanwhile.
 */
test.use({ serviceWorkers: 'block' });

const DELAY_SECONDS = 5;
// `shown`: the phone as the console's 'Mensajes' writes it (national format).
const SOFIA = {
  typed: '9 11 5555-2020',
  phone: '+5491155552020',
  shown: '11 5555-2020',
  name: 'Sofía Benítez',
};
const JULIAN = {
  typed: '9 11 5555-3030',
  phone: '+5491155553030',
  shown: '11 5555-3030',
  name: 'Julián Ortiz',
};
const NUNEZ_STAFF = { email: 'nunez@brasa.example', password: 'brasa-demo-nunez' };
const ENTRADAS = '/menu/brasa-nunez/retiro-en-el-local/entradas';

let server: E2EStartedServer | undefined;
const opened: BrowserContext[] = [];

test.beforeAll(async () => {
  // A fresh server migrates and loads the demo tenant: 15–20 s on a loaded machine.
  test.setTimeout(60_000);
  server = await serverStart({
    ABANDONED_CART_DELAY_SECONDS: String(DELAY_SECONDS),
    JOBS_INTERVAL_MS: '250',
  });
});

test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

test.afterAll(async () => {
  await server?.stop();
});

/** A browser of its own on this file's server, its clock starting at the server's now. */
async function browserOn(browser: Browser): Promise<Page> {
  if (!server) throw new Error('the server did not start');
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    // A phone: the floating 'Ver mi pedido' shows the cart (from 1024 px it sits beside the menu).
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  opened.push(context);
  const page = await context.newPage();
  await page.clock.setSystemTime(new Date(Date.now() + server.clockOffsetMs));
  return page;
}

/** A signed-in demo customer with a Provoleta in the take-away cart. */
async function dinerWithCart(browser: Browser, who: typeof SOFIA): Promise<Page> {
  const page = await browserOn(browser);
  await page.goto(ENTRADAS);
  await dinerSignIn(page, who.typed, who.name);
  await addPlate(page, ENTRADAS, 'Provoleta');
  await expect(page.getByRole('link', { name: /Ver mi pedido/ })).toBeVisible();
  return page;
}

/** The staff member of Brasa Núñez in the console, on 'Mensajes', live. */
async function consoleMessages(browser: Browser): Promise<Page> {
  const page = await browserOn(browser);
  await page.goto('/console');
  await page.getByLabel('Email').fill(NUNEZ_STAFF.email);
  await page.getByLabel('Contraseña').fill(NUNEZ_STAFF.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.locator('.console-body[data-live="true"]')).toBeVisible();
  await page.getByRole('button', { name: 'Mensajes', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Mensajes a clientes' })).toBeVisible();
  return page;
}

/** The demo tenant with Núñez's Provoleta (the grill's 'carta' menu) at another price. */
function demoWithProvoletaAt(price: number): unknown {
  const file = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../apps/api/src/tenant/demo-tenant.json',
  );
  const tenant = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    branches: {
      alias: string;
      menus: { key: string; categories: { plates: { key: string; price: number }[] }[] }[];
    }[];
  };
  const carta = tenant.branches
    .find((branch) => branch.alias === 'brasa-parrilla')
    ?.menus.find((menu) => menu.key === 'carta');
  const plate = carta?.categories
    .flatMap((category) => category.plates)
    .find((item) => item.key === 'provoleta');
  if (!plate) throw new Error('the demo has no Provoleta in the carta');
  plate.price = price;
  return tenant;
}

/** Today's figure of a row of the console's 'Carritos abandonados' table. */
const todayFigure = (page: Page, row: string) =>
  page
    .locator('.console-abandoned__figures tr')
    .filter({ has: page.getByRole('rowheader', { name: row }) })
    .locator('td')
    .first();

test('a signed-in diner who opted in gets the message after the delay, and its link restores the cart at today’s prices', async ({
  browser,
}) => {
  // About 20 s alone, 5 of them the delay; room for a machine shared with another worker.
  test.setTimeout(45_000);
  const [staff, julian, sofia] = await Promise.all([
    consoleMessages(browser),
    dinerWithCart(browser, JULIAN),
    dinerWithCart(browser, SOFIA),
  ]);
  const rows = staff.locator('.console-table tbody tr');

  // Julián (no WhatsApp opt-in) closes the page first, then Sofía: each page sends its beacon as it goes.
  await julian.close();
  const leftAt = Date.now();
  await sofia.close();

  const message = rows.filter({ hasText: SOFIA.shown });
  await expect(message).toHaveCount(1, { timeout: (DELAY_SECONDS + 10) * 1000 });
  // Not before the delay: the cart is due DELAY_SECONDS after the beacon, which left after `leftAt`.
  expect(Date.now() - leftAt).toBeGreaterThanOrEqual(DELAY_SECONDS * 1000);
  const body = message.locator('.console-table__body');
  await expect(body).toContainText('¡Hola! Dejaste tu pedido en Brasa Núñez sin terminar:');
  await expect(body).toContainText('1 × Provoleta');
  await expect(body).toContainText('Subtotal: $ 7.800');
  // None to Julián, who left first (checked again at the end, long after his cart was due).
  await expect(rows.filter({ hasText: JULIAN.shown })).toHaveCount(0);
  const link = /Retómalo aquí, a los precios de hoy: (\S+)/.exec((await body.textContent()) ?? '')?.[1] ?? '';
  expect(link).toContain(
    `/menu/brasa-nunez/preview?abandoned=true&phone=${encodeURIComponent(SOFIA.phone)}&cart=`,
  );

  // The price goes up before Sofía comes back; the link, in a browser with nothing stored, restores the line.
  await tenantImport(staff.context().request, demoWithProvoletaAt(9100));
  const back = await browserOn(browser);
  await back.goto(link);
  await expect(back.getByText('Recuperamos tu pedido, con los precios de hoy.')).toBeVisible();
  const line = back.locator('.cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Provoleta');
  await expect(line).toContainText('$ 9.100');
  // The token is taken out of the address once used, so a reload cannot add the lines twice.
  await expect(back).toHaveURL(/\/menu\/brasa-nunez\/preview\?abandoned=true&phone=[^&]+$/);

  await back.getByRole('link', { name: 'Continuar' }).click();
  await fillCustomer(back, SOFIA.typed);
  await back.getByLabel('¿Con cuánto vas a pagar?').fill('10000');
  // What the order comes to (the take-away discount applies) is what the console counts as recovered:
  // the server's price of the placed order (the page's total may still be waiting for the discounts).
  const placed = orderPlaced(back);
  await sendButton(back).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  const { price } = (await response.json()) as { price: number };
  const total = `$ ${new Intl.NumberFormat('es-AR', { useGrouping: 'always' }).format(price)}`;

  // The console's figures: two carts left today, one message, one recovered for the order's total.
  await staff.getByRole('button', { name: 'Local', exact: true }).click();
  await expect(async () => {
    // The panel reads the figures when it opens: back and forth until the job has settled the order.
    await staff.getByRole('button', { name: 'Mensajes', exact: true }).click();
    await staff.getByRole('button', { name: 'Local', exact: true }).click();
    await expect(todayFigure(staff, 'Carritos recuperados')).toHaveText('1', { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(todayFigure(staff, 'Carritos abandonados')).toHaveText('2');
  await expect(todayFigure(staff, 'Mensajes enviados')).toHaveText('1');
  await expect(todayFigure(staff, 'Monto recuperado')).toHaveText(total);

  // Long after Julián's cart was due: still no message to him (Sofía now has her order's too).
  await staff.getByRole('button', { name: 'Mensajes', exact: true }).click();
  await expect(message.filter({ hasText: 'Dejaste tu pedido' })).toHaveCount(1);
  await expect(rows.filter({ hasText: JULIAN.shown })).toHaveCount(0);
});
