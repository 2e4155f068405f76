import {
  addPlate,
  CABALLITO,
  CABALLITO_ADDRESS,
  checkoutKeepAddress,
  demoTenantAs,
  errorToast,
  fillCustomer,
  NUNEZ,
  NUNEZ_ADDRESS,
  OUTSIDE_ADDRESS,
  phoneInput,
  sendButton,
  toCheckout,
} from '../support/checkout-flow';
import { expect, test } from '../support/fixtures';
import { riderApiShift, VALENTINA } from '../support/rider';
import { storefrontKeepAddress, tenantImport } from '../support/storefront';

/**
 * Every message of ordering §5 "Checkout" with its exact text: each failing
 * check is shown next to its field, and the last one is the toast. The
 * take-away test of checkout-order.spec.ts covers phone, email, document and
 * cash; the dine-in one the table number; checkout-schedule.spec.ts the
 * schedule. Nothing is sent while a check fails.
 */

test.beforeEach(async ({ page }) => {
  page.on('request', (request) => {
    if (request.url().endsWith('/api/order') && request.method() === 'POST')
      throw new Error('an order was sent although a check failed');
  });
});

test('delivery without an address: name, phone, cash, address and between-streets', async ({ page }) => {
  // Núñez forces name and phone and asks for between-streets.
  await addPlate(page, `${NUNEZ}/delivery/entradas`, 'Provoleta');
  await toCheckout(page, 'brasa-nunez');
  await expect(page.getByText('Sin dirección')).toBeVisible();
  await sendButton(page).click();
  await expect(errorToast(page, 'Debe ingresar entrecalles para poder realizar el pedido.')).toBeVisible();
  await expect(
    page.locator('.field-error', { hasText: 'Debe ingresar su nombre para poder realizar el pedido.' }),
  ).toBeVisible();
  await expect(
    page.locator('.field-error', { hasText: 'Debe ingresar su número de teléfono para continuar.' }),
  ).toBeVisible();
  await expect(
    page.getByText('Debe ingresar con cuanto abona para poder realizar el pedido.').first(),
  ).toBeVisible();
  await expect(
    page.locator('.field-error', { hasText: 'Debe ingresar dirección para poder realizar el pedido.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Nombre')).toHaveAttribute('aria-invalid', 'true');
});

test('delivery where the location has no rider on shift, under the minimum', async ({ page, request }) => {
  // The demo starts with Valentina on shift at Núñez (apps/api/src/tenant/demo-seed.ts): she ends it first.
  await riderApiShift(request, VALENTINA, false);
  await checkoutKeepAddress(page, NUNEZ_ADDRESS);
  await addPlate(page, `${NUNEZ}/delivery/entradas`, 'Provoleta');
  await toCheckout(page, 'brasa-nunez');
  await expect(page.getByText('Av. Cabildo 3000, CABA')).toBeVisible();
  // No rider takes cash, so cash is not offered for this delivery.
  await expect(page.getByRole('radio', { name: 'Transferencia' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Efectivo' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Transferencia' }).check();
  await fillCustomer(page);
  await sendButton(page).click();
  // Núñez delivers with its own riders and none is on shift; one Provoleta is under its $ 10.000.
  await expect(
    errorToast(page, 'En este momento no contamos con repartidores en la zona. Vuelva a intentar más tarde'),
  ).toBeVisible();
  await expect(page.getByText('El precio del pedido debe ser mayor a $ 10.000')).toBeVisible();
});

test('delivery to an address outside every zone', async ({ page }) => {
  await storefrontKeepAddress(page, OUTSIDE_ADDRESS);
  await addPlate(page, `${CABALLITO}/delivery-24-h/entradas`, 'Provoleta');
  await toCheckout(page);
  await fillCustomer(page);
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('50000');
  await sendButton(page).click();
  await expect(errorToast(page, 'Tu dirección no se encuentra dentro de la zona de entrega.')).toBeVisible();
});

test('delivery while the fee is still being computed', async ({ page }) => {
  await storefrontKeepAddress(page, CABALLITO_ADDRESS);
  await addPlate(page, `${CABALLITO}/delivery-24-h/entradas`, 'Provoleta');
  // The zone's answer is held back until the diner has pressed the button.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/deliveryzones/fee**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/menu/brasa-caballito/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmación del pedido' })).toBeVisible();
  await expect(
    page.locator('.checkout-breakdown__row').filter({ hasText: 'Envío' }).getByRole('definition'),
  ).toHaveText('A calcular');
  await fillCustomer(page);
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('50000');
  await sendButton(page).click();
  await expect(
    errorToast(page, 'Estamos calculando el costo de envío, aguarde unos momentos.'),
  ).toBeVisible();
  release();
  await expect(
    page.locator('.checkout-breakdown__row').filter({ hasText: 'Envío' }).getByRole('definition'),
  ).toHaveText(/1\.500/);
});

test('card online: incomplete fields, then a card that is not valid', async ({ page }) => {
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await fillCustomer(page);
  await page.getByRole('radio', { name: 'Tarjeta online' }).check();
  const form = page.getByRole('group', { name: 'Datos de la tarjeta' });
  await expect(form).toBeVisible();
  await sendButton(page).click();
  await expect(
    errorToast(page, 'Debe completar correctamente los campos de la tarjeta para continuar.'),
  ).toBeVisible();
  // The name on the card and the document are always asked for.
  await expect(form.getByLabel('Nombre como figura en la tarjeta')).toHaveAccessibleDescription(
    /Este campo está incompleto/,
  );
  await expect(form.getByLabel('DNI')).toHaveAccessibleDescription(/Este campo está incompleto/);

  await form.getByLabel('Número de tarjeta').fill('4509 9535 6623 3704');
  await form.getByLabel('Nombre como figura en la tarjeta').fill('ANA PEREZ');
  await form.getByLabel('Vencimiento (MM/AA)').fill('01/20');
  await form.getByLabel('Código de seguridad').fill('123');
  await form.getByLabel('DNI').fill('30123456');
  await sendButton(page).click();
  await expect(errorToast(page, 'Debe completar los campos de su tarjeta correctamente')).toBeVisible();
});

test('an invalid phone is reported after the typing pause', async ({ page }) => {
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await phoneInput(page).fill('123');
  await expect(page.getByText('Debe ingresar un número de teléfono válido para continuar.')).toBeVisible();
  await expect(phoneInput(page)).toHaveAttribute('aria-invalid', 'true');
});

/**
 * The demo under another company where no payment type can be used: Núñez's
 * delivery takes cash only (and no rider on shift takes cash), Caballito's
 * take-away has every type switched off.
 */
const noPaymentTenant = () =>
  demoTenantAs('ceniza', (tenant) => {
    for (const branch of tenant.branches)
      for (const contact of branch.branchContacts)
        for (const mode of contact.orderModes) {
          if (contact.alias === 'ceniza-nunez' && mode.type === 'DELIVERY')
            mode.paymentTypes = mode.paymentTypes.filter((type) => type.paymentMethod === 'CASH');
          if (contact.alias === 'ceniza-caballito' && mode.type === 'TAKE_AWAY')
            for (const type of mode.paymentTypes) type.active = false;
        }
  });

test('delivery where cash is the only payment type and no rider takes cash', async ({ page, request }) => {
  await tenantImport(request, noPaymentTenant());
  await checkoutKeepAddress(page, NUNEZ_ADDRESS, 'ceniza');
  await addPlate(page, '/menu/ceniza-nunez/delivery/entradas', 'Provoleta');
  await toCheckout(page, 'ceniza-nunez');
  await expect(page.getByText('Av. Cabildo 3000, CABA')).toBeVisible();
  // Cash is not offered without cash riders, and it was the only type.
  await expect(page.getByRole('group', { name: 'Medio de pago' }).getByRole('radio')).toHaveCount(0);
  await fillCustomer(page);
  await sendButton(page).click();
  const noCash =
    'En este momento no contamos con repartidores en la zona que acepten efectivo. Vuelva a intentar más tarde';
  await expect(errorToast(page, noCash)).toBeVisible();
  await expect(page.locator('.checkout-errors').getByText(noCash)).toBeVisible();
  await expect(
    page.locator('.field-error').filter({ hasText: 'Asegurese de haber elegido un medio de pago primero' }),
  ).toBeVisible();
});

test('no payment type can be used: the diner is told to choose one first', async ({ page, request }) => {
  await tenantImport(request, noPaymentTenant());
  await addPlate(page, '/menu/ceniza-caballito/retiro/entradas', 'Provoleta');
  await toCheckout(page, 'ceniza-caballito');
  await expect(page.getByRole('radio', { name: 'Efectivo' })).toHaveCount(0);
  await fillCustomer(page);
  await sendButton(page).click();
  await expect(errorToast(page, 'Asegurese de haber elegido un medio de pago primero')).toBeVisible();
  await expect(
    page.locator('.field-error').filter({ hasText: 'Asegurese de haber elegido un medio de pago primero' }),
  ).toBeVisible();
});
