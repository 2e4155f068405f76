import {
  addPlate,
  CABALLITO,
  checkoutKeepAddress,
  fillCustomer,
  freshPhone,
  NUNEZ,
  NUNEZ_ADDRESS,
  orderPlaced,
  phoneInput,
  sendButton,
  toCheckout,
  totalText,
} from '../support/checkout-flow';
import { expect, test } from '../support/fixtures';
import { riderApiShift, VALENTINA } from '../support/rider';
import { screenshotsBothSchemes } from '../support/screenshots';

/**
 * Errors where the eye is (issue 18, ADR 046): a send with problems focuses
 * the first invalid field, scrolled into view, and announces its message;
 * nothing is said about a field before the diner touched it; the card form
 * says what is wrong with each field where it is; cash offers the exact
 * amount in one tap. Caballito forces the phone and demands an email.
 */

/** A field's description ends with its message (the sheet puts a warning sign before it). */
const said = (text: string) => new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const announcement = (page: import('@playwright/test').Page) =>
  page.locator('form.checkout__form [aria-live="polite"]');

test('a send with an empty field focuses it, scrolled into view, and announces why', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  // Nothing is said about a field before the diner sends or touches it.
  await expect(page.locator('.checkout__form .field-error')).toHaveCount(0);

  await sendButton(page).click();
  await expect(phoneInput(page)).toBeFocused();
  await expect(phoneInput(page)).toBeInViewport();
  await expect(announcement(page)).toHaveText('Debe ingresar su número de teléfono para continuar.');

  await phoneInput(page).fill(freshPhone());
  await sendButton(page).click();
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(announcement(page)).toHaveText('Debe ingresar su email para poder realizar el pedido');

  await page.getByLabel('Email').fill('ana@example.com');
  await sendButton(page).click();
  // The cash tender sits below the fold of a phone: scrolled to, focused, said.
  const tender = page.getByLabel('¿Con cuánto vas a pagar?');
  await expect(tender).toBeFocused();
  await expect(tender).toBeInViewport();
  await expect(announcement(page)).toHaveText(
    'Debe ingresar con cuanto abona para poder realizar el pedido.',
  );
  await expect(tender).toHaveAccessibleDescription(
    said('Debe ingresar con cuanto abona para poder realizar el pedido.'),
  );
});

test('the checkout with its errors after a send', async ({ page }) => {
  // Axe and eight full-page screenshots: past 30 s on a loaded machine.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await page.getByLabel('Nombre').fill('Ana Pérez');
  await page.getByLabel('Email').fill('ana@');
  await sendButton(page).click();
  await expect(phoneInput(page)).toBeFocused();
  await expect(page.getByText('Ingrese un email valido')).toBeVisible();
  await phoneInput(page).blur();
  await screenshotsBothSchemes(page, 'checkout-errors');
});

test('delivery with no rider on shift: the address says why and takes the focus', async ({
  page,
  request,
}) => {
  // The demo starts with Valentina on shift at Núñez (apps/api/src/tenant/demo-seed.ts): she ends it first.
  await riderApiShift(request, VALENTINA, false);
  await checkoutKeepAddress(page, NUNEZ_ADDRESS);
  await addPlate(page, `${NUNEZ}/delivery/entradas`, 'Provoleta');
  await addPlate(page, `${NUNEZ}/delivery/entradas`, 'Provoleta');
  await toCheckout(page, 'brasa-nunez');
  await page.getByRole('radio', { name: 'Transferencia' }).check();
  await fillCustomer(page, freshPhone());
  await sendButton(page).click();
  const address = page.locator('.checkout-address');
  await expect(address.getByRole('button', { name: 'Cambiar' })).toBeFocused();
  await expect(address.getByRole('button', { name: 'Cambiar' })).toHaveAccessibleDescription(
    said('En este momento no contamos con repartidores en la zona. Vuelva a intentar más tarde'),
  );
  await expect(announcement(page)).toHaveText(
    'En este momento no contamos con repartidores en la zona. Vuelva a intentar más tarde',
  );
});

test('the card form checks each field where it is, once the diner leaves it', async ({ page }) => {
  // Axe and eight full-page screenshots: past 30 s on a loaded machine.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await fillCustomer(page, freshPhone());
  await page.getByRole('radio', { name: 'Tarjeta online' }).check();
  const form = page.getByRole('group', { name: 'Datos de la tarjeta' });
  const number = form.getByLabel('Número de tarjeta');
  const expiry = form.getByLabel('Vencimiento (MM/AA)');
  const securityCode = form.getByLabel('Código de seguridad');

  // Luhn fails on the last digit; nothing is said while the diner types.
  await number.fill('4509 9535 6623 3705');
  await expect(form.locator('.field-error')).toHaveCount(0);
  await expiry.focus();
  await expect(number).toHaveAccessibleDescription(said('El número de tarjeta no es válido. Revísalo.'));
  await expect(number).toHaveAttribute('aria-invalid', 'true');

  await expiry.fill('01/20');
  await securityCode.focus();
  await expect(expiry).toHaveAccessibleDescription(said('Esta tarjeta está vencida. Usa otra tarjeta.'));
  await expiry.fill('13/30');
  await expect(expiry).toHaveAccessibleDescription(said('Escribe el vencimiento como MM/AA.'));

  // A Visa's security code has 3 digits; an American Express one has 4.
  await securityCode.fill('1234');
  await form.getByLabel('Nombre como figura en la tarjeta').focus();
  await expect(securityCode).toHaveAccessibleDescription(
    said('El código de seguridad de Visa tiene 3 dígitos.'),
  );

  await form.getByLabel('Nombre como figura en la tarjeta').fill('ANA PEREZ');
  await form.getByLabel('DNI').fill('30123456');
  await form.getByLabel('DNI').blur();
  await screenshotsBothSchemes(page, 'checkout-card-errors');

  await number.fill('4509 9535 6623 3704');
  await expect(number).not.toHaveAttribute('aria-invalid', 'true');
  // The same 4 digits are right for an American Express card.
  await number.fill('3782 822463 10005');
  await expect(securityCode).not.toHaveAttribute('aria-invalid', 'true');
  await number.fill('4509 9535 6623 3704');
  await expect(securityCode).toHaveAccessibleDescription(
    said('El código de seguridad de Visa tiene 3 dígitos.'),
  );

  // A send with a wrong field focuses the first of them.
  await sendButton(page).click();
  await expect(expiry).toBeFocused();
});

test("cash: '¿Con cuánto vas a pagar?' offers the exact amount in one tap, and the order goes with it", async ({
  page,
}) => {
  // Axe and eight full-page screenshots: past 30 s on a loaded machine.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await fillCustomer(page, freshPhone());
  const total = (await totalText(page).textContent())?.trim() ?? '';
  const exact = page.getByRole('button', { name: /^Monto exacto: / });
  await expect(exact).toHaveText(`Monto exacto: ${total}`);
  await exact.click();
  await expect(page.getByLabel('¿Con cuánto vas a pagar?')).toHaveValue('7.800');
  await screenshotsBothSchemes(page, 'checkout-cash-exact');

  const placed = orderPlaced(page);
  await sendButton(page).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  const sent = response.request().postDataJSON() as { paysWith: number; price: number };
  expect(sent.paysWith).toBe(sent.price);
  expect(sent.price).toBe(7800);
});
