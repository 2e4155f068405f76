import type { Browser, BrowserContext, Page } from '@playwright/test';
import { addMoreInCart, addPlate, fillCustomer, orderPlaced, sendButton } from '../support/checkout-flow';
import { expect, test } from '../support/fixtures';
import { type E2EStartedServer, serverStart } from '../support/global-setup';
import { LUCAS, slide, toastOf, VALENTINA } from '../support/rider';
import { screenshotsBothSchemes } from '../support/screenshots';

/**
 * The demo as a newcomer finds it after `npm start` (issue 18): a server of
 * its own, started on a fresh embedded database as `npm start` starts one, and
 * nothing set up through the API. A diner orders a delivery at Brasa Núñez
 * from the storefront link the start-up prints; it goes through because the
 * demo starts with a rider on shift there (Valentina); the venue accepts it
 * in the console with the printed staff login; the printed rider (Lucas)
 * starts a shift in the rider app, takes it and delivers it with the code the
 * diner's follow-up page shows, while that page follows each step. The diner typed '11 5555 0101' with Argentina selected: every
 * wa.me link to them carries the mobile '9' (5491155550101).
 */
test.use({ serviceWorkers: 'block' });
// Three browsers and a server of its own on a shared machine.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const NUNEZ_STAFF = { email: 'nunez@brasa.example', password: 'brasa-demo-nunez' };
const DINER_PHONE = '11 5555 0101';
const DINER_WHATSAPP = 'https://wa.me/5491155550101';

let server: E2EStartedServer;
const contexts: BrowserContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // As `npm start` runs: the embedded database in a fresh data folder, the demo loaded because it is empty.
  server = await serverStart({ DATABASE_URL: '', SEED_DEMO: '' });
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
  await server?.stop();
});

/** A browser of its own on the demo server and its clock. */
async function open(
  browser: Browser,
  viewport: { width: number; height: number },
  options: { mobile?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport,
    isMobile: options.mobile ?? false,
    hasTouch: options.mobile ?? false,
    serviceWorkers: 'block',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  contexts.push(context);
  // Map tiles are never fetched in tests.
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  const page = await context.newPage();
  await page.clock.setSystemTime(new Date(Date.now() + server.clockOffsetMs));
  return page;
}

/** Codes of the shipment cards on the rider's list. */
const cardCodes = (page: Page) =>
  page
    .locator('[data-shipment-code]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-shipment-code') ?? ''));

test('a delivery order at Núñez from a fresh start: placed, accepted, carried by a rider to the door, followed by the diner', async ({
  browser,
}) => {
  // The diner, on a phone, from the storefront link `npm start` prints.
  const diner = await open(browser, { width: 390, height: 844 }, { mobile: true });
  await diner.goto('/menu/brasa');
  await diner.getByRole('link', { name: /Brasa Parrilla/ }).click();
  await diner
    .getByRole('list', { name: 'Locales' })
    .getByRole('link', { name: /Brasa Núñez/ })
    .click();
  await expect(diner).toHaveURL(/\/menu\/brasa-nunez#delivery$/);
  // Two Provoletas ($ 15.600, over the zone's $ 10.000 minimum).
  await addPlate(diner, '/menu/brasa-nunez/delivery/entradas', 'Provoleta');
  await addMoreInCart(diner, 'brasa-nunez', 'Provoleta', 2);

  // 'Continuar' asks for the address: typed and picked as a diner does.
  const next = diner
    .getByRole('button', { name: 'Continuar' })
    .or(diner.getByRole('link', { name: 'Continuar' }));
  await next.click();
  const address = diner.getByRole('dialog', { name: '¿Dónde te encuentras?' });
  await expect(address).toBeVisible();
  await address.getByRole('combobox', { name: /Buscar dirección/ }).fill('Cabildo 3500');
  await address.getByRole('option', { name: /^Av\. Cabildo 3500, Núñez/ }).click();
  await address.getByLabel('Entrecalles').fill('Juramento y Mendoza');
  await address.getByRole('button', { name: 'CONTINUAR' }).click();
  await expect(address).toBeHidden();
  await expect(diner.getByText(/^Av\. Cabildo 3500/)).toBeVisible();
  await next.click();
  await expect(diner).toHaveURL(/\/menu\/brasa-nunez\/checkout$/);
  await expect(diner.getByRole('heading', { level: 1, name: 'Confirmación del pedido' })).toBeVisible();
  // A rider on shift takes cash, so cash is offered, and no 'no contamos con repartidores'.
  await diner.getByRole('radio', { name: 'Efectivo' }).check();
  await diner.getByLabel(/^¿Con cuánto (abonás|vas a pagar)\?/).fill('20000');
  await expect(diner.getByLabel('País del teléfono')).toHaveValue('ar');
  await fillCustomer(diner, DINER_PHONE);
  const placed = orderPlaced(diner);
  await sendButton(diner).click();
  expect((await placed).status()).toBe(201);
  await expect(diner).toHaveURL(/\/menu\/brasa-nunez\/order\/[A-Za-z0-9]+$/);
  await expect(diner.getByText(/repartidores en la zona/)).toHaveCount(0);
  const orderCode = new URL(diner.url()).pathname.split('/').at(-1) ?? '';
  const step = diner.locator('[aria-current="step"]');
  const delivery = diner.getByTestId('shipment-status');
  await expect(step).toHaveAttribute('data-status', 'GENERATED');
  await expect(diner.locator('.follow-up[data-live="true"]')).toBeVisible();

  // The venue, with the staff login `npm start` prints, accepts it.
  const staff = await open(browser, { width: 1280, height: 900 });
  await staff.goto('/console');
  await staff.getByLabel('Email').fill(NUNEZ_STAFF.email);
  await staff.getByLabel('Contraseña').fill(NUNEZ_STAFF.password);
  await staff.getByRole('button', { name: 'Ingresar' }).click();
  const card = staff.locator(`.console-column--new [data-order-code="${orderCode}"]`);
  await expect(card).toBeVisible();
  await card.click();
  const detail = staff.locator('.console-detail');
  // The venue writes to the diner on WhatsApp at the number WhatsApp knows: with the mobile '9'.
  await expect(detail.getByRole('link', { name: 'Escribir por WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(`^${DINER_WHATSAPP}\\?text=`),
  );
  await detail.getByRole('button', { name: 'Aceptar', exact: true }).click();
  await expect(detail).toHaveAttribute('data-order-status', 'ACCEPTED');

  // The venue's dispatch view has the demo's rider on shift, free; the shipment waits for a rider.
  await staff.getByRole('button', { name: 'Reparto' }).click();
  await expect(staff.locator('.dispatch-rider', { hasText: VALENTINA.name })).toContainText('Libre');

  // The diner hears it live: accepted, and looking for a rider.
  await expect(step).toHaveAttribute('data-status', 'ACCEPTED');
  await expect(delivery).toHaveText('Buscando repartidor');

  // The rider `npm start` prints (off shift: the demo left him for the newcomer) starts a shift and takes it.
  const rider = await open(browser, { width: 390, height: 844 }, { mobile: true });
  await rider.goto('/logistics/brasa-nunez/rider/phoneIntake');
  // As printed: E.164.
  await rider.getByLabel('Ingresa con tu teléfono').fill(LUCAS.e164);
  await rider.getByRole('button', { name: 'Siguiente' }).click();
  await expect(rider).toHaveURL(/\/rider\/logIn$/);
  await rider.getByLabel('Código de seguridad').fill(LUCAS.code);
  await rider.getByRole('button', { name: 'Iniciar turno' }).click();
  await expect(rider).toHaveURL(/\/logistics\/brasa-nunez\/shipments$/);
  let shipmentCode = '';
  await expect(async () => {
    const codes = (await cardCodes(rider)).filter(Boolean);
    expect(codes).toHaveLength(1);
    shipmentCode = codes[0] ?? '';
  }).toPass({ timeout: 15_000 });
  await rider.locator(`[data-shipment-code="${shipmentCode}"]`).click();
  await slide(rider, 'Aceptar envío');
  await expect(toastOf(rider, 'Envío aceptado. Ve a retirarlo al local.')).toBeVisible();
  await expect(delivery.locator('.follow-shipment__status')).toHaveText('El repartidor va al local');
  await expect(delivery.locator('.follow-shipment__rider')).toHaveText(`Repartidor: ${LUCAS.name}`);
  await slide(rider, 'En el local');
  await expect(toastOf(rider, 'Llegaste al local.')).toBeVisible();
  await slide(rider, 'En camino al cliente');
  await expect(toastOf(rider, 'En camino al cliente.')).toBeVisible();
  // On the way, the rider may write to the diner: the same WhatsApp number.
  await expect(rider.locator('.rider-receives__chat')).toHaveAttribute('href', DINER_WHATSAPP);

  await expect(step).toHaveAttribute('data-status', 'READY');
  await expect(delivery.locator('.follow-shipment__status')).toHaveText('Tu pedido va en camino');
  await screenshotsBothSchemes(diner, 'demo-delivery');

  // At the door, the code the diner reads on the follow-up page completes the delivery.
  const deliveryCode = await diner
    .locator('.follow-facts dt', { hasText: /^Clave de entrega$/ })
    .locator('xpath=following-sibling::dd[1]')
    .textContent();
  await slide(rider, 'Entregado');
  await rider.getByLabel('Clave de entrega').fill(deliveryCode?.trim() ?? '');
  await slide(rider, 'Entregado');
  await expect(toastOf(rider, 'Envío entregado. ¡Buen trabajo!')).toBeVisible();
  await expect(delivery.locator('.follow-shipment__status')).toHaveText('Pedido entregado');
  await expect(diner.locator('[data-status="DELIVERED"]')).toHaveClass(/follow-steps__step--done/);
});

test("the demo's own shift is a real one: the rider app finds it and 'Finalizar turno' ends it", async ({
  browser,
}) => {
  const rider = await open(browser, { width: 390, height: 844 }, { mobile: true });
  await rider.goto('/logistics/brasa-nunez/rider/phoneIntake');
  await rider.getByLabel('Ingresa con tu teléfono').fill(VALENTINA.phone);
  await rider.getByRole('button', { name: 'Siguiente' }).click();
  await expect(rider).toHaveURL(/\/rider\/logOut$/);
  await expect(rider.getByRole('heading', { name: `Hola ${VALENTINA.name}!` })).toBeVisible();
  await rider.getByLabel('Código de seguridad').fill(VALENTINA.code);
  await rider.getByRole('button', { name: 'Finalizar turno' }).click();
  await expect(rider.getByText('Turno finalizado con éxito')).toBeVisible();
  // Off shift now: the phone leads to 'Iniciar turno'.
  await rider.getByRole('link', { name: 'Iniciar turno' }).click();
  await rider.getByLabel('Ingresa con tu teléfono').fill(VALENTINA.phone);
  await rider.getByRole('button', { name: 'Siguiente' }).click();
  await expect(rider).toHaveURL(/\/rider\/logIn$/);
});
