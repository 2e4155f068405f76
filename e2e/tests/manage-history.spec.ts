/**
 * The management screens' shell and history (ADR 051): the owner reaches
 * every tab from the console's 'Gestión', staff only theirs; a change made in
 * one tab is in the owner's 'Historial' with who made it and the value before
 * and after.
 */
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { DEMO_NUNEZ_STAFF, DEMO_OWNER, MANAGE_SIZES, manageOpen, staffDevicePage } from '../support/manage';
import { SCREENSHOTS_DIR } from '../support/screenshots';
import { expectNoSeriousA11yViolations } from '../support/storefront';

const tabNames = async (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Gestión' }).getByRole('button').allTextContents();

test('staff see sold out and hours only; the owner every tab, and a change in the history', async ({
  browser,
}) => {
  // Two devices, two sign-ins, axe and four screenshots.
  test.setTimeout(90_000);
  const staff = await staffDevicePage(browser, { size: 'tablet' });
  await manageOpen(staff, DEMO_NUNEZ_STAFF);
  expect(await tabNames(staff)).toEqual(['Agotados', 'Horarios']);
  await staff.context().close();

  const owner = await staffDevicePage(browser);
  await manageOpen(owner, DEMO_OWNER);
  expect(await tabNames(owner)).toEqual(['Agotados', 'Carta', 'Horarios', 'Zonas', 'Equipo', 'Historial']);
  await owner.getByRole('combobox', { name: 'Local' }).selectOption({ label: 'Brasa Núñez' });

  // A plate marked sold out and back: two changes, newest first, by the owner.
  await owner.getByRole('button', { name: 'Agotados', exact: true }).click();
  const provoleta = owner.getByRole('switch', { name: 'Agotado: Provoleta' });
  const start = await provoleta.getAttribute('aria-checked');
  await provoleta.click();
  await expect(provoleta).not.toHaveAttribute('aria-checked', start ?? 'false');
  await provoleta.click();
  await expect(provoleta).toHaveAttribute('aria-checked', start ?? 'false');

  await owner.getByRole('button', { name: 'Historial', exact: true }).click();
  const items = owner.locator('.manage-history__item');
  await expect(items.first()).toContainText('Agotados');
  await expect(items.first()).toContainText('Provoleta');
  await expect(items.first()).toContainText('Martín Sosa');
  await expect(items.nth(1)).toContainText('Provoleta');

  // The owner's page as it is, on a desktop and a tablet, light and dark.
  for (const colorScheme of ['light', 'dark'] as const) {
    await owner.emulateMedia({ colorScheme });
    await expect(owner.locator('html')).toHaveAttribute('data-theme', colorScheme);
    for (const size of ['desktop', 'tablet'] as const) {
      await owner.setViewportSize(MANAGE_SIZES[size]);
      await expectNoSeriousA11yViolations(owner, `history ${size} ${colorScheme}`);
      await owner.screenshot({
        path: path.join(SCREENSHOTS_DIR, `manage-history-${size}-${colorScheme}.png`),
      });
    }
  }
  await owner.context().close();
});
