import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { DEMO_NUNEZ_STAFF, DEMO_OWNER, manageOpen, staffDevicePage } from '../support/manage';
import { SCREENSHOTS_DIR } from '../support/screenshots';
import { expectNoSeriousA11yViolations } from '../support/storefront';

/**
 * 'Horarios' in /console/gestion (ADR 054): the Núñez staff member closes
 * 'Retiro en el local' for today with a special day; the preview says so
 * before saving, and the diner's menu for that mode shows the location
 * closed. The OWNER removes the special day and the diner can order again.
 * The server's clock is Friday 20 November 2026, 21:00 in Buenos Aires,
 * when 'Retiro en el local' (Friday 12:00–00:00) is open.
 */
test.use({ serviceWorkers: 'block' });

const OWNER = DEMO_OWNER;
const NUNEZ_STAFF = DEMO_NUNEZ_STAFF;
const TAKE_AWAY_MENU = '/menu/brasa-nunez/retiro-en-el-local';

async function browserPage(
  browser: Browser,
  options: { colorScheme?: 'light' | 'dark'; width?: number; height?: number } = {},
) {
  const page = await staffDevicePage(browser, {
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  return { context: page.context(), page };
}

/** Signs in at the console and opens 'Horarios' of the management screens on 'Retiro en el local'. */
async function openHours(page: Page, who: { email: string; password: string }) {
  await manageOpen(page, who);
  if ((await page.getByLabel('Local').count()) > 0)
    await page.getByLabel('Local').selectOption({ label: 'Brasa Núñez' });
  await page.getByRole('button', { name: 'Horarios' }).click();
  await page.getByRole('tab', { name: 'Retiro en el local' }).click();
  await expect(page.getByText('Como lo ve el cliente:')).toBeVisible();
}

const preview = (page: Page) => page.locator('.hours-preview strong');

async function dinerSeesClosed(page: Page) {
  await page.goto(TAKE_AWAY_MENU);
  await expect(page.getByRole('dialog', { name: 'Programa tu pedido' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Ver el menú' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Local cerrado, programa tu pedido.' }),
  ).toBeVisible();
}

test('staff closes a mode for today with a special day; the diner sees it closed; the owner restores it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const diner = await browserPage(browser);
  await diner.page.goto(TAKE_AWAY_MENU);
  await expect(diner.page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await expect(diner.page.getByRole('dialog')).toHaveCount(0);

  const staff = await browserPage(browser);
  await openHours(staff.page, NUNEZ_STAFF);
  // STAFF see the owner's fields, disabled, and why.
  await expect(staff.page.getByLabel('Nombre que ve el cliente')).toBeDisabled();
  await expect(
    staff.page.getByText('Solo el dueño puede cambiar el nombre, los interruptores y la tarifa.'),
  ).toBeVisible();
  await expect(preview(staff.page)).toHaveText('Abierto ahora · cierra 00:00');

  await staff.page.getByRole('button', { name: 'Agregar día especial' }).click();
  await expect(staff.page.getByLabel('Fecha')).toHaveValue('2026-11-20');
  await expect(staff.page.getByLabel('Cerrado todo el día')).toBeChecked();
  // The preview follows the unsaved draft.
  await expect(preview(staff.page)).toHaveText('Cerrado · abre mañana 12:00');
  await expect(staff.page.getByText('Hay cambios sin guardar.')).toBeVisible();
  await staff.page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(staff.page.getByText('Cambios guardados.')).toBeVisible();

  await dinerSeesClosed(diner.page);

  // The OWNER removes the special day: the diner can order now again.
  const owner = await browserPage(browser);
  await openHours(owner.page, OWNER);
  await expect(owner.page.getByLabel('Nombre que ve el cliente')).toBeEnabled();
  await expect(preview(owner.page)).toHaveText('Cerrado · abre mañana 12:00');
  await owner.page.getByRole('button', { name: /Quitar el día especial 2026-11-20/ }).click();
  await expect(preview(owner.page)).toHaveText('Abierto ahora · cierra 00:00');
  await owner.page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(owner.page.getByText('Cambios guardados.')).toBeVisible();

  await diner.page.goto(TAKE_AWAY_MENU);
  await expect(diner.page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await expect(diner.page.getByRole('dialog')).toHaveCount(0);
  await expect(diner.page.getByText('Local cerrado, programa tu pedido.')).toHaveCount(0);

  // A time the import refuses comes back at its field, in Spanish, and the draft stays.
  await owner.page.getByLabel('Demora máxima (minutos)').fill('1');
  await owner.page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(owner.page.getByText('La demora máxima no puede ser menor que la mínima.')).toBeVisible();
  await expect(owner.page.getByLabel('Demora máxima (minutos)')).toHaveValue('1');
  await expect(owner.page.getByLabel('Demora máxima (minutos)')).toHaveAttribute('aria-invalid', 'true');

  for (const opened of [diner, staff, owner]) await opened.context.close();
});

test('screenshots of Horarios: desktop and tablet, light and dark', async ({ browser }) => {
  // One signed-in page with the form filled once; scheme and size are switched in place (as
  // manage-history.spec.ts does): signing in again for each screenshot only cost time.
  test.setTimeout(120_000);
  const { context, page } = await browserPage(browser);
  await openHours(page, NUNEZ_STAFF);
  await page.getByRole('button', { name: 'Agregar día especial' }).click();
  await page.getByRole('button', { name: 'Agregar turno el viernes' }).click();
  const friday = page.locator('.hours-day').filter({ hasText: 'Viernes' });
  await friday.getByLabel(/Viernes, turno 2: Abre/).fill('19:00');
  await friday.getByLabel(/Viernes, turno 2: Cierra/).fill('02:00');
  await expect(page.getByText('Cierra 02:00 del día siguiente')).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
    for (const [label, width, height] of [
      ['desktop', 1280, 800],
      ['tablet', 834, 1112],
    ] as const) {
      await page.setViewportSize({ width, height });
      await expectNoSeriousA11yViolations(page, `manage hours (${label}, ${colorScheme})`);
      // The whole page at once, so the sticky 'Guardar cambios' bar sits at its end rather than over the form.
      const fullHeight = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width, height: Math.max(height, fullHeight) });
      await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `manage-hours-${label}-${colorScheme}.png`) });
    }
  }
  await context.close();
});
