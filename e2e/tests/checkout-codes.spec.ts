import type { Page } from '@playwright/test';
import {
  addMoreInCart,
  addPlate,
  breakdown,
  CABALLITO,
  CABALLITO_ADDRESS,
  checkoutKeepAddress,
  codeApply,
  errorToast,
  fillCustomer,
  freshPhone,
  orderPlaced,
  phoneInput,
  sendButton,
  toCheckout,
  totalText,
} from '../support/checkout-flow';
import { expect, test } from '../support/fixtures';

/**
 * The demo tenant's discount codes in the checkout (ordering §4 "Discount
 * code status", §5 "Discount code", §8): each condition refuses with its
 * exact text, an applied code shows in the breakdown and is sent with the
 * order, a limited-usage code expires after 180000 ms, and changing the
 * payment type while a code applies asks first.
 */

const codeRow = (page: Page, code: string) =>
  breakdown(page)
    .locator('.checkout-breakdown__row')
    .filter({ hasText: `Código de descuento (${code})` });

test('PROVOLETA needs its plate in the cart; applied, it is in the breakdown and sent', async ({ page }) => {
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Empanada de carne');
  await toCheckout(page);
  await fillCustomer(page, freshPhone());
  let dialog = await codeApply(page, 'PROVOLETA');
  await expect(dialog.getByRole('alert')).toHaveText('Descuento válido teniendo Provoleta en el carrito');
  await expect(dialog.getByRole('button', { name: 'Aplicar' })).toBeVisible();

  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await fillCustomer(page, freshPhone());
  // $ 2.300 + $ 7.800.
  await expect(totalText(page)).toHaveText(/10\.100/);
  dialog = await codeApply(page, 'PROVOLETA');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog).toBeHidden();
  await expect(codeRow(page, 'PROVOLETA').getByRole('definition')).toHaveText(/-\$\s?1\.500/);
  await expect(totalText(page)).toHaveText(/8\.600/);
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('10000');
  const placed = orderPlaced(page);
  await sendButton(page).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ codeDiscount: 'PROVOLETA', price: 8600 });
});

test('PARRILLERO needs an item of its category, and its limited use expires after 3 minutes', async ({
  page,
}) => {
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await fillCustomer(page, freshPhone());
  let dialog = await codeApply(page, 'PARRILLERO');
  await expect(dialog.getByRole('alert')).toHaveText(
    'Descuento válido teniendo un ítem de la categoría A la parrilla en el carrito',
  );

  await addPlate(page, `${CABALLITO}/retiro/parrilla`, 'Parrillada para dos');
  await toCheckout(page);
  await fillCustomer(page, freshPhone());
  dialog = await codeApply(page, 'PARRILLERO');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  // The category is a condition, not a scope: 10 % of the whole $ 42.700.
  await expect(codeRow(page, 'PARRILLERO').getByRole('definition')).toHaveText(/-\$\s?4\.270/);
  await page.clock.fastForward('02:50');
  await expect(codeRow(page, 'PARRILLERO')).toBeVisible();
  await page.clock.fastForward('00:11');
  await expect(errorToast(page, 'Tiempo de aplicacion del descuento vencido')).toBeVisible();
  await expect(codeRow(page, 'PARRILLERO')).toHaveCount(0);
  // $ 7.800 + $ 34.900 again.
  await expect(totalText(page)).toHaveText(/42\.700/);
  await expect(page.getByRole('button', { name: 'Código de descuento' })).toBeVisible();
});

test('BIENVENIDO: a minimum in products, its terms, and only for a first purchase', async ({ page }) => {
  const phone = freshPhone();
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await fillCustomer(page, phone);
  let dialog = await codeApply(page, 'BIENVENIDO');
  await expect(dialog.getByRole('alert')).toHaveText(/^Monto mínimo en productos: \$\s?15\.000$/);

  await addPlate(page, `${CABALLITO}/retiro/parrilla`, 'Parrillada para dos');
  await toCheckout(page);
  await fillCustomer(page, phone);
  dialog = await codeApply(page, 'BIENVENIDO');
  await expect(dialog.getByRole('button', { name: 'Continuar' })).toBeVisible();
  await expect(dialog.getByText('Este descuento solo es válido para primera compra')).toBeVisible();
  await expect(dialog.getByText(/^Tope de descuento: \$\s?5\.000$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  // 15 % of $ 42.700 is $ 6.405, capped at $ 5.000.
  await expect(codeRow(page, 'BIENVENIDO').getByRole('definition')).toHaveText(/-\$\s?5\.000/);
  await expect(totalText(page)).toHaveText(/37\.700/);
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('40000');
  const placed = orderPlaced(page);
  await sendButton(page).click();
  expect((await placed).status()).toBe(201);
  await expect(page).toHaveURL(/\/order\//);

  // The same customer again: the code was for the first purchase only.
  await addPlate(page, `${CABALLITO}/retiro/parrilla`, 'Parrillada para dos');
  await toCheckout(page);
  await fillCustomer(page, phone);
  dialog = await codeApply(page, 'BIENVENIDO');
  await expect(dialog.getByRole('alert')).toHaveText('Este descuento solo es válido para primera compra');
});

test("ENVIOCERO makes the delivery free, and is refused once it already is: 'Ya tiene envío gratis'", async ({
  page,
}) => {
  await checkoutKeepAddress(page, CABALLITO_ADDRESS);
  await addPlate(page, `${CABALLITO}/delivery-24-h/entradas`, 'Provoleta');
  await addMoreInCart(page, 'brasa-caballito', 'Provoleta', 2);
  await toCheckout(page);
  const delivery = breakdown(page).locator('.checkout-breakdown__row').filter({ hasText: 'Envío' });
  await expect(delivery.getByRole('definition')).toHaveText(/1\.500/);
  await fillCustomer(page, freshPhone());
  const dialog = await codeApply(page, 'ENVIOCERO');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(delivery.getByRole('definition')).toHaveText('Gratis');

  // Three bottles of Malbec and a soda pass the zone's $ 45.000: the delivery is already free.
  await addPlate(page, `${CABALLITO}/delivery-24-h/bebidas`, 'Malbec de la casa');
  await addMoreInCart(page, 'brasa-caballito', 'Malbec de la casa (botella)', 3);
  await toCheckout(page);
  await expect(delivery.getByRole('definition')).toHaveText('Gratis');
  await fillCustomer(page, freshPhone());
  const again = await codeApply(page, 'ENVIOCERO');
  await expect(again.getByRole('alert')).toHaveText('Ya tiene envío gratis');
});

test('an unknown or inactive code, and a code before the customer data is valid', async ({ page }) => {
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await phoneInput(page).fill('123');
  let dialog = await codeApply(page, 'PROVOLETA');
  await expect(dialog.getByRole('alert')).toHaveText(
    'Asegúrese de haber ingresado sus datos correctamente para validar el código de descuento.',
  );
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();

  await fillCustomer(page, freshPhone());
  dialog = await codeApply(page, 'INVIERNO2024');
  await expect(dialog.getByRole('alert')).toHaveText(
    'No se encontró ningún descuento con el código ingresado.',
  );
});

test('changing the payment type while a code applies asks first, and removes the code', async ({ page }) => {
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await fillCustomer(page, freshPhone());
  const dialog = await codeApply(page, 'PROVOLETA');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(codeRow(page, 'PROVOLETA')).toBeVisible();

  await page.getByRole('radio', { name: 'Tarjeta online' }).click();
  const warning = page.getByRole('dialog', {
    name: 'Si cambias el medio de pago se borrará el código de descuento',
  });
  await expect(warning).toBeVisible();
  await warning.getByRole('button', { name: 'Cancelar' }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
  await expect(codeRow(page, 'PROVOLETA')).toBeVisible();

  await page.getByRole('radio', { name: 'Tarjeta online' }).click();
  await warning.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('radio', { name: 'Tarjeta online' })).toBeChecked();
  await expect(codeRow(page, 'PROVOLETA')).toHaveCount(0);
  await expect(totalText(page)).toHaveText(/7\.800/);
});

test('choosing Programado after applying a code asks for it again at the new time, and keeps it', async ({
  page,
}) => {
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await fillCustomer(page, freshPhone());
  const dialog = await codeApply(page, 'PROVOLETA');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(codeRow(page, 'PROVOLETA')).toBeVisible();
  const asked = page.waitForRequest(
    (request) => request.url().endsWith('/api/codediscounts/validate') && request.method() === 'POST',
  );
  await page.getByRole('radio', { name: 'Programado' }).check();
  await expect(page.getByLabel('Dia')).toBeVisible();
  // Deleted by the schedule change (ordering §4), then validated again for the chosen slot.
  const body = (await asked).postDataJSON() as { code: string; orderDate: string };
  expect(body.code).toBe('PROVOLETA');
  // Later than the page's own clock (the tests' clock starts on a fixed Friday).
  expect(Date.parse(body.orderDate)).toBeGreaterThan(await page.evaluate(() => Date.now()));
  await expect(codeRow(page, 'PROVOLETA')).toBeVisible();
  await expect(totalText(page)).toHaveText(/6\.300/);
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('10000');
  const placed = orderPlaced(page);
  await sendButton(page).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ codeDiscount: 'PROVOLETA', scheduled: true });
});
