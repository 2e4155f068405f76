import {
  addMoreInCart,
  addPlate,
  breakdown,
  CABALLITO,
  CABALLITO_ADDRESS,
  errorToast,
  fillCustomer,
  orderPlaced,
  phoneInput,
  sendButton,
  toCheckout,
  totalText,
} from '../support/checkout-flow';
import { expect, test } from '../support/fixtures';
import { screenshotsBothSchemes } from '../support/screenshots';
import { expectNoSeriousA11yViolations, storefrontKeepAddress } from '../support/storefront';

/**
 * The checkout 'Confirmación del pedido' end to end, against the server's
 * clock (Friday 21:00 in Buenos Aires, when every demo mode is open): the
 * orders are really placed and land on the follow-up page.
 */
test.use({ serviceWorkers: 'block' });

test('take-away cash order: every message in order, then the order lands on the follow-up page', async ({
  page,
}) => {
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  const events: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/analytics')) events.push(request.postData() ?? '');
  });
  await toCheckout(page);
  await expectNoSeriousA11yViolations(page, 'checkout');

  // Sending empty: the phone, email and cash checks fail; the last one is the toast.
  await sendButton(page).click();
  await expect(
    errorToast(page, 'Debe ingresar con cuanto abona para poder realizar el pedido.'),
  ).toBeVisible();
  const phone = phoneInput(page);
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`#${await phone.getAttribute('aria-describedby')}`)).toHaveText(
    'Debe ingresar su número de teléfono para continuar.',
  );
  await expect(
    page.locator('.field-error', { hasText: 'Debe ingresar su email para poder realizar el pedido' }),
  ).toBeVisible();

  // An invalid phone is reported after the 500 ms debounce.
  await phone.fill('123');
  await expect(page.getByText('Debe ingresar un número de teléfono válido para continuar.')).toBeVisible();
  await page.getByLabel('Email').fill('ana@');
  await page.getByLabel('DNI', { exact: true }).fill('12');
  await sendButton(page).click();
  await expect(page.locator('.field-error', { hasText: 'Ingrese un email valido' })).toBeVisible();
  await expect(page.locator('.field-error', { hasText: 'Ingrese un documento valido' })).toBeVisible();

  await fillCustomer(page);
  await page.getByLabel('DNI', { exact: true }).fill('30.123.456');
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('100');
  await sendButton(page).click();
  await expect(
    page.getByText('El monto con el cual abonará no puede ser menor al precio del pedido.').first(),
  ).toBeVisible();

  await page.getByLabel('¿Con cuánto vas a pagar?').fill('20000');
  await page.getByLabel('Notas del pedido').fill('Sin sal');
  await expect(page.getByText('7/250')).toBeVisible();
  const placed = orderPlaced(page);
  await sendButton(page).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  expect(response.request().headers()['idempotency-key']).toMatch(/.{8,}/);
  const sent = response.request().postDataJSON();
  expect(sent).toMatchObject({
    paysWith: 20000,
    // The domain's E.164 of a national number typed without the mobile 9.
    phone: '+541155551234',
    notes: 'Sin sal',
    document: '30123456',
    installedApp: false,
  });
  // The order carries the same analytics session as the diner's events.
  const sessionId = await page.evaluate(() => sessionStorage.getItem('comanda.sessionId'));
  expect(sessionId).toBeTruthy();
  expect(sent.analyticsInfo).toEqual({ sessionId });
  const body = await response.json();
  await expect(page).toHaveURL(new RegExp(`/menu/brasa-caballito/order/${body.code}$`));
  // The cart is gone once the order is stored.
  expect(await page.evaluate(() => localStorage.getItem('comanda.cart@brasa'))).toBeNull();
  // Analytics are sent in batches (every 2 s): wait for the batch with the payment.
  await expect.poll(() => events.join('\n')).toContain('CONTINUE_TO_CHECKOUT');
  await expect.poll(() => events.join('\n')).toContain('PAY_ORDER');
});

test("the email is offered where the location does not demand it: 'Email (opcional)', checked when typed", async ({
  page,
}) => {
  await addPlate(page, '/menu/brasa-nunez/retiro-en-el-local/entradas', 'Provoleta');
  await toCheckout(page, 'brasa-nunez');
  const email = page.getByLabel('Email (opcional)');
  await expect(email).toBeVisible();
  await expect(email).toHaveAttribute('type', 'email');
  await screenshotsBothSchemes(page, 'checkout-optional-email');
  await email.fill('ana@');
  await sendButton(page).click();
  await expect(page.locator('.field-error', { hasText: 'Ingrese un email valido' })).toBeVisible();
});

test('delivery: the address, the minimum not met then met, Envío in the breakdown', async ({ page }) => {
  await storefrontKeepAddress(page, CABALLITO_ADDRESS);
  await addPlate(page, `${CABALLITO}/delivery-24-h/entradas`, 'Provoleta');
  await toCheckout(page);
  await expect(page.getByText('Av. Rivadavia 5000, CABA')).toBeVisible();
  // Caballito's zone: $ 1.500 of delivery, $ 8.000 of products at least, free from $ 45.000.
  await expect(
    breakdown(page)
      .getByRole('definition')
      .filter({ hasText: /1\.500/ }),
  ).toBeVisible();
  await expect(breakdown(page)).toContainText('Envío');
  await fillCustomer(page);
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('100000');
  await sendButton(page).click();
  // One Provoleta is $ 7.800: under the minimum, and nothing is sent.
  await expect(errorToast(page, 'El precio del pedido debe ser mayor a $ 8.000')).toBeVisible();

  await addMoreInCart(page, 'brasa-caballito', 'Provoleta', 2);
  await toCheckout(page);
  await expect(breakdown(page)).toContainText('2 × Provoleta');
  // $ 15.600 of products, $ 1.500 of delivery and the mode's 2 % service fee ($ 312).
  await expect(totalText(page)).toHaveText(/17\.412/);
  await fillCustomer(page);
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('100000');
  const placed = orderPlaced(page);
  await sendButton(page).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  const sent = response.request().postDataJSON();
  expect(sent.destination).toMatchObject({ fullAddress: 'Av. Rivadavia 5000, CABA' });
  expect(sent.price).toBe(17412);
  await expect(page).toHaveURL(/\/menu\/brasa-caballito\/order\/[A-Za-z0-9]+$/);
});

test("delivery: free delivery once the products reach the zone's amount ('Gratis')", async ({ page }) => {
  await storefrontKeepAddress(page, CABALLITO_ADDRESS);
  await addPlate(page, `${CABALLITO}/delivery-24-h/bebidas`, 'Malbec de la casa');
  await toCheckout(page);
  const delivery = breakdown(page).locator('.checkout-breakdown__row').filter({ hasText: 'Envío' });
  await expect(delivery.getByRole('definition')).toHaveText(/1\.500/);
  // Three bottles (the most a diner may take): $ 44.700, still under $ 45.000.
  await addMoreInCart(page, 'brasa-caballito', 'Malbec de la casa (botella)', 3);
  await toCheckout(page);
  await expect(delivery.getByRole('definition')).toHaveText(/1\.500/);
  // A soda on top: $ 47.200 of products, the delivery is free (the 2 % service fee stays).
  await addPlate(page, `${CABALLITO}/delivery-24-h/bebidas`, 'Gaseosa 500 ml');
  await toCheckout(page);
  await expect(delivery.getByRole('definition')).toHaveText('Gratis');
  await expect(totalText(page)).toHaveText(/48\.144/);
  await fillCustomer(page);
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('70000');
  const placed = orderPlaced(page);
  await sendButton(page).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  expect((await response.json()).price).toBe(48144);
});

// A table QR code's link (the table filled and locked) is in entry-params.spec.ts.
test('dine-in: the table number is required, and is sent', async ({ page }) => {
  await addPlate(page, '/menu/brasa-nunez/en-el-salon/entradas', 'Provoleta');
  await toCheckout(page, 'brasa-nunez');
  const table = page.getByLabel('Número de mesa');
  await expect(table).toHaveValue('');
  await sendButton(page).click();
  await expect(
    page.getByText('Debe ingresar número de mesa para poder realizar el pedido.').first(),
  ).toBeVisible();
  await expect(table).toHaveAttribute('aria-invalid', 'true');

  await table.fill('12');
  await fillCustomer(page);
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('20000');
  const placed = orderPlaced(page);
  await sendButton(page).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ type: 'DINE_IN', tableUid: '12' });
  await expect(page).toHaveURL(/\/menu\/brasa-nunez\/order\/[A-Za-z0-9]+$/);
});
