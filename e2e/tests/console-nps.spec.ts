import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { e2eServer, expect, serverNow, test } from '../support/fixtures';
import { BRASA_OWNER, brasaOwnerToken, orderDeliveredAndRated } from '../support/survey-rating';

/**
 * The console's 'Encuesta' section and the tables' QR codes (issue 12) end to
 * end at Brasa Villa Crespo: orders placed and delivered through the API, rated
 * through the public survey call as a diner would, then read in the console;
 * and a sheet of table codes shown and printed. Other files on this worker's
 * server may rate Villa Crespo too, so the figures are compared with the API's
 * from before this file's answers.
 */
test.use({ serviceWorkers: 'block' });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOCS = path.join(root, 'docs/screenshots');
const OWNER = BRASA_OWNER;
const ALIAS = 'brasa-villa-crespo';
const COMMENT = 'La masa llegó fría y tardó bastante';

async function locationId(request: APIRequestContext): Promise<number> {
  return (await (await request.get(`/api/diner/${ALIAS}`)).json()).branchContact.id;
}

async function figures(request: APIRequestContext, token: string, branchContactId: number) {
  const answer = await request.get(`/api/console/survey-nps?branchContactId=${branchContactId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()).locations[0];
}

/** A take-away order placed, moved to delivered by the staff, then rated by its diner. */
function deliveredAndRated(
  request: APIRequestContext,
  token: string,
  branchContactId: number,
  rating: { general: number; reasons?: string[]; comment?: string },
): Promise<{ code: string; id: number }> {
  return orderDeliveredAndRated(request, { alias: ALIAS, token, branchContactId }, rating);
}

async function staffPage(browser: Browser, options: { colorScheme?: 'light' | 'dark'; width?: number } = {}) {
  const context = await browser.newContext({
    baseURL: e2eServer().baseUrl,
    viewport: { width: options.width ?? 1280, height: options.width === 390 ? 844 : 900 },
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: 'block',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  // headless Chromium has no print dialog: the browser's print() is recorded instead.
  await context.addInitScript(() => {
    window.print = () => {
      document.body.dataset.printed = String(Number(document.body.dataset.printed ?? '0') + 1);
    };
  });
  const page = await context.newPage();
  // The period ends at the page's now: the server's clock, which the e2e fixtures pin.
  await page.clock.setSystemTime(serverNow());
  await page.goto('/console');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Contraseña').fill(OWNER.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('button', { name: /Villa Crespo/ }).click();
  await expect(page.locator('.console-body[data-live="true"]')).toBeVisible();
  return { context, page };
}

async function openTab(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-current', 'page');
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
  ).toEqual([]);
}

const percentOf = (part: number, whole: number) => Math.round((part / whole) * 100);

test('the console shows the NPS, the ratings, a reason and a comment that opens its order', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await brasaOwnerToken(request);
  const id = await locationId(request);
  const before = await figures(request, token, id);
  const low = await deliveredAndRated(request, token, id, {
    general: 2,
    reasons: ['Demora'],
    comment: COMMENT,
  });
  await deliveredAndRated(request, token, id, { general: 5 });
  const after = await figures(request, token, id);
  expect(after.count).toBe(before.count + 2);

  const { context, page } = await staffPage(browser);
  await openTab(page, 'Encuesta');
  const section = page.locator('.console-survey');
  const nps = after.nps > 0 ? `+${after.nps}` : after.nps < 0 ? `−${-after.nps}` : '0';
  await expect(section.getByTestId('survey-nps')).toHaveText(nps);
  await expect(section.getByTestId('survey-count')).toHaveText(String(after.count));
  // Each rating's bar carries its count and share as text.
  for (const rating of [2, 5]) {
    const count = after.distribution[rating - 1].count;
    const row = section.locator(`.console-survey__bars tr[data-rating="${rating}"]`);
    await expect(row.locator('th')).toHaveText(`${rating} de 5`);
    await expect(row.locator('.console-survey__bar-count')).toHaveText(
      `${count} (${percentOf(count, after.count)} %)`,
    );
  }
  const demora = after.reasons.find((reason: { reason: string }) => reason.reason === 'Demora').count;
  expect(demora).toBe(
    (before.reasons.find((reason: { reason: string }) => reason.reason === 'Demora')?.count ?? 0) + 1,
  );
  await expect(
    section.locator('.console-survey__reasons tr', { hasText: 'Demora' }).locator('td'),
  ).toHaveText(String(demora));
  const comment = section.locator('.console-survey__comment', { hasText: COMMENT });
  await expect(comment).toContainText('Calificación 2');
  await expectNoSeriousViolations(page);

  // The comment's order opens in the board's tab, with its detail.
  await comment.getByRole('button', { name: `Ver pedido #${low.code}` }).click();
  await expect(page.getByRole('button', { name: 'Pedidos', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.locator('.console-detail')).toContainText(`#${low.code}`);
  await expect(page.locator('.console-detail')).toHaveAttribute('data-order-status', 'DELIVERED');

  // The owner's delay: refused with the reason on the field, then saved.
  await openTab(page, 'Encuesta');
  const delay = page.getByLabel('Espera después de la entrega (minutos)');
  await delay.fill('2000');
  await page.getByRole('button', { name: 'Guardar espera' }).click();
  await expect(page.locator('#inviteDelayMinutes-error')).toHaveText('Indique entre 0 y 1440 minutos');
  await delay.fill('45');
  await page.getByRole('button', { name: 'Guardar espera' }).click();
  await expect(page.getByText('Espera de la invitación guardada.')).toBeVisible();
  expect((await figures(request, token, id)).inviteDelayMinutes).toBe(45);
  await context.close();
});

test('a sheet of table QR codes shows, checks its range and prints without the console', async ({
  browser,
}) => {
  const { context, page } = await staffPage(browser);
  await openTab(page, 'Local');
  const panel = page.locator('.table-qr');
  await expect(panel.getByRole('heading', { name: 'Códigos QR de las mesas' })).toBeVisible();
  await panel.getByLabel('Desde la mesa').fill('1');
  await panel.getByLabel('Hasta la mesa').fill('150');
  await panel.getByRole('button', { name: 'Ver códigos' }).click();
  await expect(page.locator('#table-to-error')).toHaveText('Se imprimen hasta 100 mesas por vez');
  await panel.getByLabel('Hasta la mesa').fill('6');
  await panel.getByRole('button', { name: 'Ver códigos' }).click();
  const cards = panel.locator('.table-qr-card');
  await expect(cards).toHaveCount(6);
  await expect(cards.nth(2)).toContainText('Brasa Pizzería Villa Crespo');
  await expect(cards.nth(2).getByRole('heading')).toHaveText('Mesa 3');
  const code = cards.nth(2).getByRole('img', { name: 'Código QR de la mesa 3' });
  await expect(code).toBeVisible();
  expect(await code.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await panel.getByRole('button', { name: 'Imprimir' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed', '1');
  // On paper: only the sheet, three cards across, from the page's top.
  const sheet = page.getByTestId('table-qr-print');
  await expect(sheet).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(sheet).toBeVisible();
  await expect(page.locator('#root')).toBeHidden();
  const printed = await page.evaluate(() =>
    Array.from(document.body.children)
      .filter((element) => getComputedStyle(element).display !== 'none')
      .map((element) => element.getAttribute('data-testid') ?? element.tagName),
  );
  expect(printed).toEqual(['table-qr-print']);
  const boxes = await sheet
    .locator('.table-qr-card')
    .evaluateAll((all) => all.map((card) => Math.round(card.getBoundingClientRect().top)));
  expect(boxes[0]).toBe(boxes[2]);
  expect(boxes[3]).toBeGreaterThan(boxes[0] ?? 0);
  await page.screenshot({ path: path.join(DOCS, 'console-table-qr-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(sheet).toBeHidden();
  await context.close();
});

test.describe('screenshots', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [1280, 390]) {
      test(`survey and table codes at ${width} px, ${colorScheme}`, async ({ browser, request }) => {
        const token = await brasaOwnerToken(request);
        const id = await locationId(request);
        if ((await figures(request, token, id)).count === 0)
          await deliveredAndRated(request, token, id, { general: 4, reasons: ['Demora'], comment: COMMENT });
        const { context, page } = await staffPage(browser, { colorScheme, width });
        await openTab(page, 'Encuesta');
        await expect(page.getByTestId('survey-nps')).toBeVisible();
        await page.screenshot({
          path: path.join(DOCS, `console-survey-${width}-${colorScheme}.png`),
          fullPage: true,
        });
        await expectNoSeriousViolations(page);
        await openTab(page, 'Local');
        const panel = page.locator('.table-qr');
        await panel.getByLabel('Hasta la mesa').fill('6');
        await panel.getByRole('button', { name: 'Ver códigos' }).click();
        await expect(panel.locator('.table-qr-card')).toHaveCount(6);
        await panel.scrollIntoViewIfNeeded();
        await panel.screenshot({ path: path.join(DOCS, `console-table-qr-${width}-${colorScheme}.png`) });
        await expectNoSeriousViolations(page);
        await context.close();
      });
    }
  }
});
