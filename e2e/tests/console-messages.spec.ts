import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { takeAwayOrderPlace } from '../support/account-orders';
import {
  FAKE_WHATSAPP_PHONE_NUMBER_ID,
  FAKE_WHATSAPP_TOKEN,
  type FakeWhatsAppCloud,
  fakeWhatsAppCloudStart,
} from '../support/fake-whatsapp-cloud';
import { expect, test } from '../support/fixtures';
import { type E2EStartedServer, serverStart } from '../support/global-setup';

/**
 * The console's 'Mensajes' when WhatsApp refuses a message (ADR 049), on a
 * server of its own that sends through a local stand-in for the Cloud API
 * which answers every message with error 131047 (the diner has not written in
 * 24 hours): the venue reads why in Spanish, with what to do next, never the
 * provider's English; the phone reads in national format.
 */
test.use({ serviceWorkers: 'block' });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NUNEZ_STAFF = { email: 'nunez@brasa.example', password: 'brasa-demo-nunez' };
const OUTSIDE_WINDOW =
  'WhatsApp no lo entregó: el cliente no escribió al local en las últimas 24 horas y, fuera de ese plazo, WhatsApp solo admite plantillas aprobadas. Si el aviso es importante, llame al cliente.';

let server: E2EStartedServer | undefined;
let cloud: FakeWhatsAppCloud | undefined;
const opened: BrowserContext[] = [];

test.beforeAll(async () => {
  // A fresh server migrates and loads the demo tenant: 15–20 s on a loaded machine.
  test.setTimeout(60_000);
  cloud = await fakeWhatsAppCloudStart({
    status: 400,
    error: {
      message: '(#131047) Re-engagement message',
      type: 'OAuthException',
      code: 131047,
    },
  });
  server = await serverStart({
    WHATSAPP_TOKEN: FAKE_WHATSAPP_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: FAKE_WHATSAPP_PHONE_NUMBER_ID,
    WHATSAPP_API_URL: cloud.url,
    JOBS_INTERVAL_MS: '250',
  });
});

test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

test.afterAll(async () => {
  await server?.stop();
  await cloud?.close();
});

/** The staff of Brasa Núñez on 'Mensajes', on this file's server and its clock. */
async function consoleMessages(
  browser: Browser,
  options: { width: number; colorScheme: 'light' | 'dark' },
): Promise<Page> {
  if (!server) throw new Error('the server did not start');
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: options.width, height: options.width === 390 ? 844 : 800 },
    colorScheme: options.colorScheme,
    serviceWorkers: 'block',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  opened.push(context);
  const page = await context.newPage();
  await page.clock.setSystemTime(new Date(Date.now() + server.clockOffsetMs));
  await page.goto('/console');
  await page.getByLabel('Email').fill(NUNEZ_STAFF.email);
  await page.getByLabel('Contraseña').fill(NUNEZ_STAFF.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.locator('.console-body[data-live="true"]')).toBeVisible();
  await page.getByRole('button', { name: 'Mensajes', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Mensajes a clientes' })).toBeVisible();
  return page;
}

test('a message WhatsApp refused reads why in Spanish, and what to do next', async ({
  browser,
  playwright,
}) => {
  if (!server) throw new Error('the server did not start');
  const request = await playwright.request.newContext({ baseURL: server.baseUrl });
  const placed = await takeAwayOrderPlace(request, {
    alias: 'brasa-nunez',
    phone: '+5491155557070',
    customerName: 'Sofía Benítez',
    quantity: 1,
  });
  await request.dispose();
  const page = await consoleMessages(browser, { width: 1280, colorScheme: 'light' });
  const row = page.locator('.console-table tbody tr', { hasText: `#${placed.code}` });
  await expect(row).toHaveAttribute('data-outbox-status', 'FAILED', { timeout: 15_000 });
  // The adapter gave WhatsApp the mobile with its 9; the venue reads the number as it is dialled at home.
  expect(cloud?.received).toContain('5491155557070');
  await expect(row.locator('td').nth(2)).toHaveText('11 5555-7070');
  await expect(row).toContainText('Falló');
  await expect(row.locator('.console-outbox__error')).toHaveText(OUTSIDE_WINDOW);
  await expect(row).not.toContainText('Re-engagement');
  await expect(row).not.toContainText('131047');
});

test.describe('screenshots', () => {
  const docs = path.join(root, 'docs/screenshots');
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      test(`Mensajes with a refused message at ${width} px, ${colorScheme}`, async ({
        browser,
        playwright,
      }) => {
        if (!server) throw new Error('the server did not start');
        const request = await playwright.request.newContext({ baseURL: server.baseUrl });
        const placed = await takeAwayOrderPlace(request, {
          alias: 'brasa-nunez',
          phone: '+5491155557171',
          customerName: 'Julián Ortiz',
          quantity: 2,
        });
        await request.dispose();
        const page = await consoleMessages(browser, { width, colorScheme });
        const row = page.locator('.console-table tbody tr', { hasText: `#${placed.code}` });
        await expect(row).toHaveAttribute('data-outbox-status', 'FAILED', { timeout: 15_000 });
        await page.screenshot({
          path: path.join(docs, `console-messages-failed-${width}-${colorScheme}.png`),
          fullPage: width === 390,
        });
      });
    }
  }
});
