import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  LUCAS,
  RIDER_LIST,
  riderApiShift,
  riderContext,
  riderSessionInstall,
  riderStartShift,
  slide,
  toastOf,
  VALENTINA,
  vibrations,
} from '../support/rider';
import {
  deliveryCodeOf,
  deliveryOrderAccept,
  deliveryOrderPlace,
  orderStatusOf,
} from '../support/rider-orders';
import { screenshotsBothSchemes } from '../support/screenshots';
import { expectNoSeriousA11yViolations } from '../support/storefront';

/**
 * The rider's shipments end to end (follow-up §2.5, §2.6, §4.2–§4.5) against
 * the built server: shipments come from DELIVERY orders the venue accepts;
 * riders take them and move them through every state from their phones.
 */
test.use({ serviceWorkers: 'block' });
// Long flows: a rider's whole shift on a shared machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** Codes of the shipment cards on the list. */
const cardCodes = (page: Page) =>
  page
    .locator('[data-shipment-code]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-shipment-code')));

/** A new order accepted by the venue; answers the code of the card that appears for it on the open list. */
async function newShipmentOnList(
  page: Page,
  request: Parameters<typeof deliveryOrderPlace>[0],
  name: string,
) {
  // The list as it is (read, and hearing the location's room) before the venue accepts.
  await expect(page.locator('.rider-list[aria-busy="false"]')).toBeVisible();
  await expect(page.getByText('En vivo')).toBeVisible();
  const before = new Set(await cardCodes(page));
  const order = await deliveryOrderPlace(request, name);
  await deliveryOrderAccept(request, order);
  let code = '';
  await expect(async () => {
    const fresh = (await cardCodes(page)).filter((candidate) => candidate && !before.has(candidate));
    expect(fresh).toHaveLength(1);
    code = fresh[0] ?? '';
  }).toPass({ timeout: 10_000 });
  return { order, code };
}

/** The id of the shipment whose detail the page shows. */
const detailId = (page: Page) => Number(/\/shipments\/simple\/(\d+)/.exec(page.url())?.[1]);

async function shipmentStatus(page: Page, token: string, id: number): Promise<string> {
  const answer = await page.request.get(`/api/shipments/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await answer.json()).status;
}

test('live list, accept, and every state to delivery with the delivery code, then back to the store with the cash', async ({
  browser,
  request,
}) => {
  const { context, page } = await riderContext(browser, {
    geolocation: { latitude: -34.55, longitude: -58.46 },
  });
  await riderStartShift(page, LUCAS);
  await expect(page).toHaveURL(RIDER_LIST);
  await expect(page.getByText('En vivo')).toBeVisible();

  // The venue accepts an order: its shipment appears on the open list without a reload.
  const { order, code } = await newShipmentOnList(page, request, 'Ana Pereyra');
  await expectNoSeriousA11yViolations(page, 'rider list with shipments');
  await page.locator(`[data-shipment-code="${code}"]`).click();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver envíos' })).toBeVisible();
  await expect(page.getByText('Cobra al cliente')).toBeVisible();
  // Not taken yet: no 'Recibe', no customer name.
  await expect(page.getByRole('region', { name: 'Recibe' })).toHaveCount(0);
  await expect(page.getByText('Ana Pereyra')).toHaveCount(0);
  await expect(page.getByRole('slider', { name: 'Aceptar envío' })).toBeVisible();
  await expect(page.getByText('Deslice >>')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'rider detail to accept');

  // Accepting starts the position reports.
  const position = page.waitForRequest(
    (sent) => sent.url().endsWith('/api/rider/position') && sent.method() === 'POST',
  );
  await slide(page, 'Aceptar envío');
  await expect(toastOf(page, 'Envío aceptado. Ve a retirarlo al local.')).toBeVisible();
  expect(await vibrations(page)).toContainEqual([100]);
  const reported = await position;
  expect(reported.postDataJSON()).toMatchObject({ lat: -34.55, lng: -58.46 });
  await expect(page.getByRole('link', { name: 'Ver envíos' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancelar envío en curso' })).toBeVisible();
  // Accepted: whom to hand it to is the holder's from now on (the 'Recibe' card, §3 and §6);
  // where the customer is waits for the way there (§4.2).
  await expect(page.getByRole('region', { name: 'Recibe' })).toContainText('Ana Pereyra');
  await expect(page.getByRole('link', { name: /Cómo llegar al cliente/ })).toHaveCount(0);
  await screenshotsBothSchemes(page, 'rider-detail-accepted');
  await page.setViewportSize({ width: 390, height: 844 });

  await slide(page, 'En el local');
  await expect(toastOf(page, 'Llegaste al local.')).toBeVisible();
  // The keyboard and screen-reader way: the button that runs the same action.
  await page.getByRole('button', { name: 'Confirmar: En camino al cliente' }).focus();
  await expect(page.getByRole('button', { name: 'Confirmar: En camino al cliente' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(toastOf(page, 'En camino al cliente.')).toBeVisible();
  await expect.poll(() => orderStatusOf(request, order)).toBe('READY');

  // On route to the customer: who receives it, and the delivery code.
  const receives = page.getByRole('region', { name: 'Recibe' });
  await expect(receives).toContainText('Ana Pereyra');
  await expect(receives.getByRole('link', { name: /Escribir por WhatsApp/ })).toHaveAttribute(
    'href',
    'https://wa.me/5491155550123',
  );
  await expect(page.getByRole('link', { name: /Cómo llegar al cliente/ })).toHaveAttribute(
    'href',
    /google\.com\/maps\/dir\/.*destination=-34\.5535%2C-58\.4625/,
  );
  await expectNoSeriousA11yViolations(page, 'rider detail on route');
  await slide(page, 'Entregado');
  await expect(page.getByText('Ingresa la clave de entrega del cliente.')).toBeVisible();
  const deliveryCode = await deliveryCodeOf(request, order);
  const wrong = deliveryCode === '0000' ? '1111' : '0000';
  await page.getByLabel('Clave de entrega').fill(wrong);
  await slide(page, 'Entregado');
  await expect(
    page.getByRole('alert').filter({ hasText: 'La clave de entrega no es correcta' }).first(),
  ).toBeVisible();
  expect(await vibrations(page)).toContainEqual([100, 50, 100, 75, 100]);
  await page.getByLabel('Clave de entrega').fill(deliveryCode);
  await slide(page, 'Entregado');
  await expect(toastOf(page, 'Envío entregado. ¡Buen trabajo!')).toBeVisible();
  await expect.poll(() => orderStatusOf(request, order)).toBe('DELIVERED');

  // Paid in cash: the rider brings the money back.
  await slide(page, 'Regreso al local');
  await expect(toastOf(page, 'Regreso al local registrado.')).toBeVisible();
  await expect(page.getByRole('slider')).toHaveCount(0);
  await expect(page.getByText('Terminaste este envío. Busca el próximo en Envíos.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver envíos' })).toBeVisible();
  await context.close();
});

test('cancelling asks first (with the failure vibration) and gives the shipment back to the pool', async ({
  browser,
  request,
}) => {
  const { context, page } = await riderContext(browser);
  await riderStartShift(page, LUCAS);
  const { code } = await newShipmentOnList(page, request, 'Bruno Díaz');
  await page.locator(`[data-shipment-code="${code}"]`).click();
  await slide(page, 'Aceptar envío');
  await expect(toastOf(page, 'Envío aceptado. Ve a retirarlo al local.')).toBeVisible();
  const before = (await vibrations(page)).length;
  await page.getByRole('button', { name: 'Cancelar envío en curso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Si continúas, se cancelará el envío' });
  await expect(dialog).toBeVisible();
  expect((await vibrations(page)).slice(before)).toEqual([[100, 50, 100, 75, 100]]);
  await dialog.getByRole('button', { name: 'Volver' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancelar envío en curso' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar envío' }).click();
  await expect(toastOf(page, 'Cancelaste el envío.')).toBeVisible();
  await expect(
    page.getByText('Cancelaste este envío: ya está disponible para otro repartidor.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Ver envíos' }).click();
  // A fresh shipment of the same order waits for a rider again.
  await expect(page.locator('[data-shipment-code]').first()).toBeVisible();
  await context.close();
});

test('a shipment another rider takes: the big red label live, and an offline accept refused on reconnection', async ({
  browser,
  request,
}) => {
  const lucas = await riderContext(browser);
  await riderStartShift(lucas.page, LUCAS);
  const valentina = await riderContext(browser);
  const shift = await riderApiShift(request, VALENTINA, true);
  if (!shift.token) throw new Error('no token');
  await riderSessionInstall(valentina.context, { ...shift, token: shift.token }, VALENTINA);

  // Both open the same shipment; Lucas has no connection when he slides.
  const { code } = await newShipmentOnList(lucas.page, request, 'Carla Ruiz');
  await lucas.page.locator(`[data-shipment-code="${code}"]`).click();
  const path = new URL(lucas.page.url()).pathname;
  await valentina.page.goto(path);
  await expect(valentina.page.getByRole('slider', { name: 'Aceptar envío' })).toBeVisible();
  await lucas.context.setOffline(true);
  await slide(lucas.page, 'Aceptar envío');
  await expect(lucas.page.getByText('Pendiente de envío').first()).toBeVisible();

  await slide(valentina.page, 'Aceptar envío');
  await expect(toastOf(valentina.page, 'Envío aceptado. Ve a retirarlo al local.')).toBeVisible();

  // Back online, Lucas's accept is sent and refused: taken by another rider.
  await lucas.context.setOffline(false);
  await expect(lucas.page.locator('.rider-expired')).toContainText(
    'El envío ya fue tomado por otro repartidor',
  );
  await expect(lucas.page.getByRole('slider')).toHaveCount(0);
  await expect(lucas.page.getByRole('button', { name: /Cancelar/ })).toHaveCount(0);
  await expect(lucas.page.locator('.rider-expired').getByRole('link', { name: 'Ver envíos' })).toBeVisible();
  expect(await vibrations(lucas.page)).toContainEqual([100, 50, 100, 75, 100]);
  await expect(lucas.page.getByText('Carla Ruiz')).toHaveCount(0);

  // Live: Valentina gives it back; Lucas's open page hears it and offers it again.
  await valentina.page.getByRole('button', { name: 'Cancelar envío en curso' }).click();
  await valentina.page.getByRole('dialog').getByRole('button', { name: 'Cancelar envío' }).click();
  await expect(toastOf(valentina.page, 'Cancelaste el envío.')).toBeVisible();
  await lucas.context.close();
  await valentina.context.close();
});

test('offline: changes are kept as pending, sent once when the connection returns', async ({
  browser,
  request,
}) => {
  const { context, page } = await riderContext(browser);
  await riderStartShift(page, LUCAS);
  const { code } = await newShipmentOnList(page, request, 'Diego Sosa');
  await page.locator(`[data-shipment-code="${code}"]`).click();
  const id = detailId(page);
  await slide(page, 'Aceptar envío');
  await expect(toastOf(page, 'Envío aceptado. Ve a retirarlo al local.')).toBeVisible();
  const token = (await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('comanda.rider.session.'));
    return key ? JSON.parse(localStorage.getItem(key) ?? '{}').token : null;
  })) as string;

  await context.setOffline(true);
  await expect(
    page.getByText('Sin conexión. Tus cambios se enviarán cuando vuelva la conexión.'),
  ).toBeVisible();
  await slide(page, 'En el local');
  await expect(page.locator('.rider-outbox__pending')).toContainText('En el local');
  // The screen moves on with what the rider did: the next step is offered.
  await slide(page, 'En camino al cliente');
  await expect(page.locator('.rider-outbox__pending li')).toHaveCount(2);
  const kept: { key: string; body: Record<string, unknown> }[] = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('comanda.rider.outbox@brasa') ?? '[]'),
  );
  expect(kept.map((item) => item.body.status)).toEqual(['IN_STORE', 'ON_ROUTE_TO_DROP_OFF']);
  expect(await shipmentStatus(page, token, id)).toBe('ON_ROUTE_TO_PICK_UP');

  const puts: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'PUT') puts.push(sent.headers()['idempotency-key'] ?? '');
  });
  await context.setOffline(false);
  await expect(page.locator('.rider-outbox__pending')).toHaveCount(0);
  await expect(toastOf(page, 'En camino al cliente.')).toBeVisible();
  expect(puts).toEqual(kept.map((item) => item.key));
  expect(await shipmentStatus(page, token, id)).toBe('ON_ROUTE_TO_DROP_OFF');
  await expect(page.getByLabel('Clave de entrega')).toBeVisible();

  // A replay of a kept change (same key) never moves the shipment twice.
  const replay = await page.request.put(`/api/shipments/${id}`, {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': kept[0]?.key ?? '' },
    data: kept[0]?.body,
  });
  expect(replay.status()).toBe(200);
  expect((await replay.json()).status).toBe('IN_STORE');
  expect(await shipmentStatus(page, token, id)).toBe('ON_ROUTE_TO_DROP_OFF');

  await page.getByRole('button', { name: 'Cancelar envío en curso' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar envío' }).click();
  await expect(toastOf(page, 'Cancelaste el envío.')).toBeVisible();
  await context.close();
});
