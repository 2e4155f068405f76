import type { Browser, Page } from '@playwright/test';
import {
  addMoreInCart,
  addPlate,
  checkoutKeepAddress,
  fillCustomer,
  NUNEZ,
  NUNEZ_ADDRESS,
  orderPlaced,
  sendButton,
  toCheckout,
} from '../support/checkout-flow';
import { e2eServer, expect, serverNow, test } from '../support/fixtures';
import { LUCAS, RIDER_LIST, riderContext, riderStartShift, slide, toastOf } from '../support/rider';

/**
 * The own fleet from the three sides at once (follow-up §2.5, §4.2–§4.5),
 * each in its own browser: a diner orders a delivery at Brasa Núñez from the
 * storefront, the venue's staff accept it in the orders console, the
 * shipment appears live on a rider's phone, the rider takes it through every
 * state with the diner's delivery code, and the diner's open follow-up page
 * follows each step without a reload until the order is delivered.
 */
test.use({ serviceWorkers: 'block' });
test.describe.configure({ timeout: 120_000 });

const NUNEZ_STAFF = { email: 'nunez@brasa.example', password: 'brasa-demo-nunez' };

/** A browser of its own on the server's clock (the storefront and the console read opening hours and times). */
async function contextOf(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: e2eServer().baseUrl,
    viewport,
    serviceWorkers: 'block',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  const page = await context.newPage();
  await page.clock.setSystemTime(serverNow());
  return { context, page };
}

/** Codes of the shipment cards on the rider's list. */
const cardCodes = (page: Page) =>
  page
    .locator('[data-shipment-code]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-shipment-code') ?? ''));

test('a delivery from the storefront, accepted in the console, carried by a rider, followed live by the diner', async ({
  browser,
}) => {
  // Lucas starts his shift first, so his open list hears the shipment arrive (the demo keeps Valentina on shift
  // too, which is what lets the storefront take the delivery and offer cash).
  const rider = await riderContext(browser, { geolocation: { latitude: -34.545, longitude: -58.465 } });
  await riderStartShift(rider.page, LUCAS);
  await expect(rider.page).toHaveURL(RIDER_LIST);
  await expect(rider.page.getByText('En vivo')).toBeVisible();
  await expect(rider.page.locator('.rider-list[aria-busy="false"]')).toBeVisible();
  const codesBefore = new Set(await cardCodes(rider.page));

  const staff = await contextOf(browser, { width: 1280, height: 900 });
  await staff.page.goto('/console');
  await staff.page.getByLabel('Email').fill(NUNEZ_STAFF.email);
  await staff.page.getByLabel('Contraseña').fill(NUNEZ_STAFF.password);
  await staff.page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(staff.page.locator('.console-body[data-live="true"]')).toBeVisible();

  // The diner: two Provoletas ($ 15.600, over Núñez's $ 10.000 minimum), paid in cash at the door.
  const diner = await contextOf(browser, { width: 390, height: 844 });
  await checkoutKeepAddress(diner.page, NUNEZ_ADDRESS);
  await addPlate(diner.page, `${NUNEZ}/delivery/entradas`, 'Provoleta');
  await addMoreInCart(diner.page, 'brasa-nunez', 'Provoleta', 2);
  await toCheckout(diner.page, 'brasa-nunez');
  await expect(diner.page.getByText('Av. Cabildo 3000, CABA')).toBeVisible();
  await diner.page.getByRole('radio', { name: 'Efectivo' }).check();
  await fillCustomer(diner.page);
  await diner.page.getByLabel('¿Con cuánto vas a pagar?').fill('50000');
  const placed = orderPlaced(diner.page);
  await sendButton(diner.page).click();
  expect((await placed).status()).toBe(201);
  await expect(diner.page).toHaveURL(/\/menu\/brasa-nunez\/order\/[A-Za-z0-9]+$/);
  const orderCode = new URL(diner.page.url()).pathname.split('/').at(-1) ?? '';
  const step = diner.page.locator('[aria-current="step"]');
  const delivery = diner.page.getByTestId('shipment-status');
  await expect(step).toHaveAttribute('data-status', 'GENERATED');
  // No shipment before the venue accepts: the venue may still refuse the order.
  await expect(delivery).toHaveCount(0);
  await expect(diner.page.locator('.follow-up[data-live="true"]')).toBeVisible();

  // The venue accepts in the console.
  const card = staff.page.locator(`.console-column--new [data-order-code="${orderCode}"]`);
  await expect(card).toBeVisible();
  await card.click();
  const detail = staff.page.locator('.console-detail');
  await detail.getByRole('button', { name: 'Aceptar', exact: true }).click();
  await expect(detail).toHaveAttribute('data-order-status', 'ACCEPTED');

  // The diner hears it: accepted, and looking for a rider.
  await expect(step).toHaveAttribute('data-status', 'ACCEPTED');
  await expect(delivery).toHaveText('Buscando repartidor');
  const deliveryCode = (
    await diner.page
      .locator('.follow-facts dt', { hasText: /^Clave de entrega$/ })
      .locator('xpath=following-sibling::dd[1]')
      .textContent()
  )?.trim();
  expect(deliveryCode).toMatch(/^\d{4}$/);

  // The rider's open list gets the shipment without a reload.
  let shipmentCode = '';
  await expect(async () => {
    const fresh = (await cardCodes(rider.page)).filter((code) => code && !codesBefore.has(code));
    expect(fresh).toHaveLength(1);
    shipmentCode = fresh[0] ?? '';
  }).toPass({ timeout: 10_000 });
  await rider.page.locator(`[data-shipment-code="${shipmentCode}"]`).click();

  // Every move of the rider reaches the diner's page live.
  await slide(rider.page, 'Aceptar envío');
  await expect(toastOf(rider.page, 'Envío aceptado. Ve a retirarlo al local.')).toBeVisible();
  await expect(delivery.locator('.follow-shipment__status')).toHaveText('El repartidor va al local');
  await expect(delivery.locator('.follow-shipment__rider')).toHaveText(`Repartidor: ${LUCAS.name}`);

  await slide(rider.page, 'En el local');
  await expect(toastOf(rider.page, 'Llegaste al local.')).toBeVisible();
  await expect(delivery.locator('.follow-shipment__status')).toHaveText('El repartidor retira tu pedido');

  await slide(rider.page, 'En camino al cliente');
  await expect(toastOf(rider.page, 'En camino al cliente.')).toBeVisible();
  await expect(step).toHaveAttribute('data-status', 'READY');
  await expect(delivery.locator('.follow-shipment__status')).toHaveText('Tu pedido va en camino');
  await expect(staff.page.locator(`.console-column--ready [data-order-code="${orderCode}"]`)).toBeVisible();

  // At the door: the code the diner reads on the follow-up page.
  await slide(rider.page, 'Entregado');
  await rider.page.getByLabel('Clave de entrega').fill(deliveryCode ?? '');
  await slide(rider.page, 'Entregado');
  await expect(toastOf(rider.page, 'Envío entregado. ¡Buen trabajo!')).toBeVisible();
  await expect(delivery.locator('.follow-shipment__status')).toHaveText('Pedido entregado');
  await expect(diner.page.locator('[data-status="DELIVERED"]')).toHaveClass(/follow-steps__step--done/);
  await expect(
    staff.page.locator(`.console-column--delivered [data-order-code="${orderCode}"]`),
  ).toBeVisible();

  // Paid in cash: the rider brings the money back; for the diner the order stays delivered.
  await slide(rider.page, 'Regreso al local');
  await expect(toastOf(rider.page, 'Regreso al local registrado.')).toBeVisible();
  await expect(delivery.locator('.follow-shipment__status')).toHaveText('Pedido entregado');

  for (const side of [rider, staff, diner]) await side.context.close();
});
