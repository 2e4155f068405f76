import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { storefrontPrepare } from '../support/storefront';

// Page routes must see every request; the service worker is tested on its own.
test.use({ serviceWorkers: 'block' });
// A phone: the floating 'Ver mi pedido' leads to the cart page (from 1024 px the cart sits beside the menu instead:
// menu-desktop.spec.ts).
test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await storefrontPrepare(page);
});

async function openPlate(page: Page, category: string, plate: string) {
  await page.goto(`/menu/brasa-nunez/delivery/${category}`);
  await page.getByRole('link', { name: new RegExp(plate) }).click();
  const dialog = page.getByRole('dialog', { name: plate });
  await expect(dialog).toBeVisible();
  return dialog;
}

const toast = (page: Page, text: string) => page.locator('.toasts').getByText(text, { exact: true });

test('a plate with sizes and mandatory extras: the price follows the choices, and every group message shows', async ({
  page,
}) => {
  const dialog = await openPlate(page, 'parrilla', 'Bife de chorizo');
  const submit = dialog.getByRole('button', { name: /^Agregar/ });
  // The first size is chosen; the price is the size's.
  await expect(dialog.getByRole('radio', { name: /300 g/ })).toBeChecked();
  await expect(submit).toContainText('$ 16.900');
  await dialog.getByRole('radio', { name: /500 g/ }).check();
  await expect(submit).toContainText('$ 24.900');
  await dialog.getByRole('radio', { name: /Papas rústicas con romero/ }).check();
  await expect(submit).toContainText('$ 26.100');

  // The cooking point is mandatory and missing: 'Revise que haya agregado la cantidad correcta de opcionales'.
  await submit.click();
  await expect(toast(page, 'Revise que haya agregado la cantidad correcta de opcionales')).toBeVisible();
  const cooking = dialog.getByRole('group', { name: /¿Cómo prefieres la cocción\?/ });
  await expect(cooking).toContainText('Revise que haya agregado la cantidad correcta de opcionales');
  await expect(cooking.getByRole('radio', { name: 'Jugoso' })).toBeFocused();

  await cooking.getByRole('radio', { name: 'A punto' }).check();
  await expect(cooking).not.toContainText('Revise que haya');
  // A hidden item of a group is never offered.
  const sauces = dialog.getByRole('group', { name: /Salsas \(hasta 3\)/ });
  await expect(sauces.getByRole('checkbox')).toHaveCount(3);
  await expect(sauces.getByText('Chimichurri picante')).toHaveCount(0);

  // Quantity 2 doubles the price; adding returns to the mode menu with the basket animation.
  await dialog.getByRole('button', { name: 'Sumar una unidad' }).click();
  await expect(submit).toContainText('$ 52.200');
  await submit.click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/menu\/brasa-nunez\/delivery$/);
  const viewOrder = page.getByRole('link', { name: /Ver mi pedido/ });
  await expect(viewOrder).toContainText('$ 52.200');
  await expect(viewOrder.locator('[data-animating]')).toBeVisible();
  // The animation lasts 1450 ms.
  await expect(viewOrder.locator('[data-animating]')).toHaveCount(0, { timeout: 3000 });
});

test("a group's maximum: 'Ya se ha seleccionado el maximo…' and 'No se pueden agregar mas que el máximo'", async ({
  page,
}) => {
  const dialog = await openPlate(page, 'sandwiches', 'Choripán');
  const extras = dialog.getByRole('group', { name: /Agregados/ });
  await expect(extras).toContainText('Hasta 4');
  await extras.getByRole('checkbox', { name: /Queso provolone/ }).check();
  const more = extras.getByRole('button', { name: 'Sumar una unidad de Queso provolone' });
  await more.click();
  await more.click();
  await more.click();
  await expect(extras.getByText('Unidades de Queso provolone:')).toBeAttached();
  await expect(extras.locator('.stepper__value')).toContainText('4');

  await extras.getByRole('checkbox', { name: /Huevo frito/ }).click();
  await expect(
    toast(page, 'Ya se ha seleccionado el maximo de opcionales permitidos en este grupo'),
  ).toBeVisible();
  await expect(extras.getByRole('checkbox', { name: /Huevo frito/ })).not.toBeChecked();

  await more.click();
  await expect(toast(page, 'No se pueden agregar mas que el máximo')).toBeVisible();
  await expect(extras.locator('.stepper__value')).toContainText('4');

  // 4 provolone (900 each) on a 5.900 choripán.
  await dialog.getByRole('group', { name: /^Pan/ }).getByRole('radio', { name: 'Pan francés' }).check();
  await expect(dialog.getByRole('button', { name: /^Agregar/ })).toContainText('$ 9.500');
});

test("the quantity stops at the plate's maximum with 'Has alcanzado el máximo de unidades (5) para este producto'", async ({
  page,
}) => {
  const dialog = await openPlate(page, 'parrilla', 'Parrillada para dos');
  const more = dialog.getByRole('button', { name: 'Sumar una unidad' });
  for (let i = 0; i < 4; i++) await more.click();
  await expect(dialog.getByRole('group', { name: 'Cantidad' })).toContainText('5');
  await more.click();
  await expect(toast(page, 'Has alcanzado el máximo de unidades (5) para este producto')).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Cantidad' })).toContainText('5');
  await dialog.getByRole('button', { name: /^Agregar/ }).click();

  // The cap counts the units already in the cart.
  await page.getByRole('link', { name: /Parrillada para dos/ }).click();
  const again = page.getByRole('dialog', { name: 'Parrillada para dos' });
  await expect(again.getByRole('button', { name: /^Agregar/ })).toBeDisabled();
  // The plate's own notice (the toast of a moment ago shows inside the dialog too).
  await expect(
    again
      .locator('form.plate-detail')
      .getByText('Has alcanzado el máximo de unidades (5) para este producto'),
  ).toBeVisible();
});

test('item notes have a counter and stop at the limit (140 for this branch)', async ({ page }) => {
  const dialog = await openPlate(page, 'entradas', 'Provoleta');
  const notes = dialog.getByRole('textbox', { name: 'Notas para la cocina' });
  await expect(dialog.getByText('0/140')).toBeVisible();
  await notes.fill('Bien dorada');
  await expect(dialog.getByText('11/140')).toBeVisible();
  await notes.fill('x'.repeat(200));
  await expect(notes).toHaveValue('x'.repeat(140));
  await expect(dialog.getByText('140/140')).toBeVisible();
});

test('identical items merge into one line; a different choice is a line of its own', async ({ page }) => {
  for (const sauce of [null, null, 'Salsa criolla']) {
    const dialog = await openPlate(page, 'entradas', 'Provoleta');
    if (sauce) await dialog.getByRole('checkbox', { name: sauce }).check();
    await dialog.getByRole('button', { name: /^Agregar/ }).click();
    await expect(dialog).toBeHidden();
  }
  await page.getByRole('link', { name: /Ver mi pedido/ }).click();
  await expect(page).toHaveURL(/\/menu\/brasa-nunez\/preview$/);
  const lines = page.locator('.cart-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Provoleta');
  await expect(lines.nth(0).locator('output')).toHaveText('2');
  await expect(lines.nth(1)).toContainText('Salsa criolla');
  await expect(lines.nth(1).locator('output')).toHaveText('1');
});

test('everything in the plate detail works with the keyboard alone', async ({ page }) => {
  await page.goto('/menu/brasa-nunez/delivery/entradas');
  const card = page.getByRole('link', { name: /Provoleta/ });
  await card.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Provoleta' });
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog; Tab reaches the first option, Space ticks it.
  await page.keyboard.press('Tab');
  const firstSauce = dialog.getByRole('checkbox', { name: 'Chimichurri' });
  for (let i = 0; i < 3 && !(await firstSauce.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(firstSauce).toBeFocused();
  // The focused control shows a visible focus ring.
  const outline = await firstSauce.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Space');
  await expect(firstSauce).toBeChecked();
  const submit = dialog.getByRole('button', { name: /^Agregar/ });
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: /Ver mi pedido/ })).toContainText('$ 7.800');
});
