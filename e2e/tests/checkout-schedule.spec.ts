import {
  addPlate,
  checkoutTenant,
  errorToast,
  fillCustomer,
  freshPhone,
  orderPlaced,
  sendButton,
  toCheckout,
} from '../support/checkout-flow';
import { expect, test } from '../support/fixtures';
import { tenantImport } from '../support/storefront';

/**
 * Scheduling in the checkout (ordering §2 Checkout, §4 Scheduling, §5). The
 * server's clock starts on Friday 21:00 in Buenos Aires; the `ensayo` tenant's
 * Palermo take-away does not work on Fridays, so at that instant it can only
 * take scheduled orders.
 */

test('a mode closed today forces Programado; Dia and Hora choose the slot the order is sent for', async ({
  page,
  request,
}) => {
  await tenantImport(request, checkoutTenant());
  await page.goto('/menu/ensayo-palermo/retiro-en-local/acompanamientos');
  // The closed location offers to schedule ('Programa tu pedido'), once per visit.
  const closed = page.getByRole('dialog', { name: 'Programa tu pedido' });
  await expect(closed).toBeVisible();
  await closed.getByRole('button', { name: 'Ver el menú' }).click();
  await expect(closed).toBeHidden();
  await addPlate(page, '/menu/ensayo-palermo/retiro-en-local/acompanamientos', 'Papas fritas');
  await toCheckout(page, 'ensayo-palermo');

  const timing = page.getByRole('region', { name: 'Programa tu pedido' });
  await expect(timing.getByRole('heading', { name: 'Programa tu pedido' })).toBeVisible();
  await expect(timing.getByRole('radio', { name: 'Programado' })).toBeChecked();
  await expect(timing.getByRole('radio', { name: 'En el momento' })).toBeDisabled();

  const day = timing.getByLabel('Dia');
  const hour = timing.getByLabel('Hora');
  // Friday is not offered; Saturday (21/11) is the first day, from its opening at 12:00.
  const days = await day.locator('option').allTextContents();
  expect(days[0]).toBe('Sábado 21/11');
  expect(days.join()).not.toContain('Viernes 20/11');
  expect(await hour.locator('option').first().textContent()).toBe('12:00');

  await day.selectOption({ label: 'Domingo 22/11' });
  await hour.selectOption({ label: '13:30' });
  await expect(hour.locator('option:checked')).toHaveText('13:30');

  await fillCustomer(page, freshPhone());
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('10000');
  const placed = orderPlaced(page);
  await sendButton(page).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  const sent = response.request().postDataJSON();
  expect(sent.scheduled).toBe(true);
  // Sunday 22 November 2026, 13:30 in Buenos Aires (UTC−3).
  expect(sent.scheduledAt).toBe('2026-11-22T16:30:00.000Z');
  await expect(page).toHaveURL(/\/menu\/ensayo-palermo\/order\/[A-Za-z0-9]+$/);
});

test("a mode that closes while the diner is on the checkout asks for a time: 'Seleccione un horario…'", async ({
  page,
}) => {
  // Caballito's self-service works 07:00–23:00 and takes no scheduled orders.
  await addPlate(page, '/menu/brasa-caballito/autoservicio-totem/al-paso', 'Empanada de carne');
  await toCheckout(page);
  await fillCustomer(page);
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('10000');
  // Two hours later (23:05) the mode is closed and there is no slot to choose.
  await page.clock.fastForward('02:05:00');
  await expect(page.getByRole('radio', { name: 'En el momento' })).toBeDisabled();
  await sendButton(page).click();
  await expect(errorToast(page, 'Seleccione un horario de programación del pedido')).toBeVisible();
});
