import { takeAwayOrderPlace } from '../support/account-orders';
import { freshPhone } from '../support/checkout-flow';
import { dinerSignIn } from '../support/diner-sign-in';
import { e2eServer, expect, serverNow, test } from '../support/fixtures';

// Points earned (ordering §5 "Loyalty", issue 11; ADR 026): a diner's take-away order at Núñez earns
// the programme's 5 % only when the staff marks it delivered in the console, and 'Mis Brasitas' then
// shows the order's row and the new balance. A new phone, so no other spec's points are in the way.

const NUNEZ_STAFF = { email: 'nunez@brasa.example', password: 'brasa-demo-nunez' };
/** Points as the modal groups them ('1.234'). */
const grouped = (points: number) => String(points).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

test.use({ serviceWorkers: 'block' });

test('an order earns its Brasitas when the staff marks it delivered, not before', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const typed = `9 ${freshPhone()}`;
  const phone = `+54${typed.replaceAll(' ', '')}`;
  const placed = await takeAwayOrderPlace(request, {
    alias: 'brasa-nunez',
    phone,
    customerName: 'Tomás Ibarra',
    quantity: 2,
  });
  const followUp = async () => (await (await request.get(`/api/diner/order/${placed.code}`)).json()).loyalty;
  // What the order will earn is fixed when it is placed (ADR 026) and shown as 'Puntos a ganar'.
  const before = await followUp();
  expect(before).toMatchObject({ programName: 'Brasitas', gainedCredited: false });
  const earned: number = before.gainedPoints;
  expect(earned).toBeGreaterThan(0);

  // Before delivery: signed in, no points yet.
  await page.goto('/menu/brasa-nunez');
  let account = await dinerSignIn(page, typed, 'Tomás Ibarra');
  await account.getByRole('button', { name: 'Mis Brasitas' }).click();
  let modal = page.getByRole('dialog', { name: 'Mis Brasitas' });
  await expect(modal.locator('.account-balance__points')).toHaveText('0 Brasitas');
  await modal.getByRole('button', { name: 'Cerrar' }).click();

  // The staff moves the order through the board to delivered.
  const staffContext = await browser.newContext({
    baseURL: e2eServer().baseUrl,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  const staff = await staffContext.newPage();
  // The staff session's expiry is the server's clock's: the page reads the same instant.
  await staff.clock.setSystemTime(serverNow());
  await staff.goto('/console');
  await staff.getByLabel('Email').fill(NUNEZ_STAFF.email);
  await staff.getByLabel('Contraseña').fill(NUNEZ_STAFF.password);
  await staff.getByRole('button', { name: 'Ingresar' }).click();
  await expect(staff.locator('.console-body[data-live="true"]')).toBeVisible();
  await staff.locator(`[data-order-code="${placed.code}"]`).first().click();
  const detail = staff.locator('.console-detail');
  for (const [button, status] of [
    ['Aceptar', 'ACCEPTED'],
    ['Marcar listo', 'READY'],
    ['Marcar entregado', 'DELIVERED'],
  ] as const) {
    await detail.getByRole('button', { name: button, exact: true }).click();
    await expect(detail).toHaveAttribute('data-order-status', status);
  }
  // The staff sees what the order earned the diner, as the diner does.
  await expect(detail.locator('.console-amounts')).toContainText('Puntos ganados');
  await staffContext.close();
  expect(await followUp()).toMatchObject({ gainedPoints: earned, gainedCredited: true });

  // After delivery: the points are there, with the order's row.
  await page.reload();
  account = page.getByRole('dialog', { name: 'Mi cuenta' });
  await page.getByRole('banner').getByRole('button', { name: 'Abrir menú' }).click();
  await account.getByRole('button', { name: 'Mis Brasitas' }).click();
  modal = page.getByRole('dialog', { name: 'Mis Brasitas' });
  const points = grouped(earned);
  await expect(modal.locator('.account-balance__points')).toHaveText(`${points} Brasitas`);
  const row = modal.getByRole('row').filter({ hasText: placed.code });
  await expect(row.getByRole('cell').nth(1)).toHaveText(`+${points}`);
  await expect(row.getByRole('cell').nth(2)).toHaveText(points);
});
