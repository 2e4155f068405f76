import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { e2eServer, expect, serverNow, test } from '../support/fixtures';

/**
 * The venue's dispatch view ('Reparto' in the console) end to end, on the demo
 * tenant's Brasa Núñez (its own fleet: Lucas and Valentina). Riders start
 * their shifts and report positions through the rider API; orders are placed
 * through the diner API and accepted from another console, while the staff
 * member watches the view change live.
 */
test.use({ serviceWorkers: 'block' });

const ALIAS = 'brasa-nunez';
const NUNEZ_STAFF = { email: 'nunez@brasa.example', password: 'brasa-demo-nunez' };
const OWNER = { email: 'martin@brasa.example', password: 'brasa-demo-dueno' };
const LUCAS = { name: 'Lucas Romero', phone: '+5491161110001', securityCode: '2468' };
const VALENTINA = { name: 'Valentina Díaz', phone: '+5491161110002', securityCode: '1357' };

interface Location {
  id: number;
  lat: number;
  lng: number;
}

async function locationOf(request: APIRequestContext): Promise<Location> {
  const entity = await (await request.get(`/api/diner/${ALIAS}`)).json();
  const { id, coordinates } = entity.branchContact;
  return { id, lat: coordinates.lat, lng: coordinates.lng };
}

/** Starts a rider's shift with their security code; answers their id and session token. */
async function shiftStart(
  request: APIRequestContext,
  location: Location,
  rider: { phone: string; securityCode: string },
): Promise<{ riderId: number; token: string }> {
  const found = await request.get('/api/rider/bc/phone', {
    params: { branchContactId: location.id, phone: rider.phone },
  });
  expect(found.status()).toBe(200);
  const { id } = await found.json();
  const started = await request.put(`/api/rider/${id}/updatewithcode`, {
    data: {
      active: true,
      securityCode: rider.securityCode,
      riderUser: { branchContact: { id: location.id } },
    },
  });
  expect(started.status()).toBe(200);
  const body = await started.json();
  return { riderId: id, token: body.session.token };
}

/** Places a delivery order at the server's price (the first answer, 409, carries it). */
async function deliveryOrder(
  request: APIRequestContext,
  location: Location,
  customerName: string,
): Promise<{ id: number; code: string }> {
  const entity = await (await request.get(`/api/diner/${ALIAS}`)).json();
  const mode = entity.branchContact.deliveryConfig.orderModes.find(
    (candidate: { type: string }) => candidate.type === 'DELIVERY',
  );
  const menu = await (
    await request.get(`/api/diner/${ALIAS}/menu/${location.id}?orderModeId=${mode.id}`)
  ).json();
  const plate = menu.categories
    .flatMap((category: { plates: unknown[] }) => category.plates)
    .find((candidate: { garnishGroups: { mandatory: boolean }[] }) =>
      candidate.garnishGroups.every((group) => !group.mandatory),
    );
  const payment = mode.paymentTypes.find(
    (candidate: { paymentMethod: string }) => candidate.paymentMethod === 'BANK_TRANSFER',
  );
  const payload = {
    orderModeId: mode.id,
    branchContact: { id: location.id },
    items: [{ referenceId: plate.id, ...(plate.sizes[0] ? { sizeId: plate.sizes[0].id } : {}), quantity: 4 }],
    price: 0,
    paymentType: { id: payment.id },
    phone: '+5491155550123',
    customerName,
    destination: {
      fullAddress: 'Av. Cabildo 3900, CABA',
      betweenStreets: 'Ramallo y Núñez',
      lat: location.lat + 0.004,
      lng: location.lng - 0.003,
    },
  };
  const post = (data: unknown) =>
    request.post('/api/order', { data, headers: { 'idempotency-key': crypto.randomUUID() } });
  const priced = await post(payload);
  expect(priced.status(), await priced.text()).toBe(409);
  const placed = await post({ ...payload, price: (await priced.json()).breakdown.price });
  expect(placed.status(), await placed.text()).toBe(201);
  return placed.json();
}

async function staffToken(request: APIRequestContext, who: { email: string; password: string }) {
  const login = await request.post('/api/staff/login', { data: who });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

async function staffPage(browser: Browser, width = 1280, height = 900) {
  const context = await browser.newContext({
    baseURL: e2eServer().baseUrl,
    viewport: { width, height },
    serviceWorkers: 'block',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  const page = await context.newPage();
  await page.clock.setSystemTime(serverNow());
  await page.goto('/console');
  await page.getByLabel('Email').fill(NUNEZ_STAFF.email);
  await page.getByLabel('Contraseña').fill(NUNEZ_STAFF.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.locator('.console-body[data-live="true"]')).toBeVisible();
  await page.getByRole('button', { name: 'Reparto', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Esperando repartidor/ })).toBeVisible();
  return { context, page };
}

async function expectNoSeriousViolations(page: Page) {
  // react-leaflet opens a permanent tooltip before its portal fills it: axe must not catch that instant.
  await expect
    .poll(() =>
      page
        .locator('.leaflet-tooltip')
        .evaluateAll((tooltips) => tooltips.filter((tooltip) => !tooltip.textContent?.trim()).length),
    )
    .toBe(0);
  // A live update can redraw a marker between that wait and the analysis (its new tooltip empty for an
  // instant): the page is judged once it settles, and a lasting violation still fails.
  await expect
    .poll(
      async () => {
        const results = await new AxeBuilder({ page }).analyze();
        return results.violations
          .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
          .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`);
      },
      { timeout: 15_000 },
    )
    .toEqual([]);
}

/** A rider marker's place on the map, in pixels. */
async function markerAt(marker: Locator) {
  const box = await marker.boundingBox();
  if (!box) throw new Error('marker not on screen');
  return { x: Math.round(box.x), y: Math.round(box.y) };
}

test('dispatch: a shipment appears live, two are grouped, offered to a rider, and the rider moves on the map', async ({
  browser,
  request,
}) => {
  const location = await locationOf(request);
  const lucas = await shiftStart(request, location, LUCAS);
  await shiftStart(request, location, VALENTINA);
  const staff = await staffPage(browser);
  const { page } = staff;
  const waiting = page.locator('.dispatch-column--waiting');
  const owner = await staffToken(request, OWNER);
  const accept = (orderId: number) =>
    request.post(`/api/console/orders/${orderId}/status`, {
      data: { status: 'ACCEPTED' },
      headers: { authorization: `Bearer ${owner}` },
    });

  // Another console accepts a delivery order: its shipment shows here, waiting, without a reload.
  const first = await deliveryOrder(request, location, 'Carla Gómez');
  const second = await deliveryOrder(request, location, 'Martín Ruiz');
  expect((await accept(first.id)).status()).toBe(200);
  // Found by its order code: a retry after a failed attempt finds that attempt's cards (and stack) still there.
  const firstCard = waiting.locator('.dispatch-card', { hasText: `Pedido #${first.code}` });
  await expect(firstCard).toBeVisible();
  await expect(firstCard).toContainText('Carla Gómez');
  await expect(firstCard).toContainText('Abierto a todos los repartidores');
  expect((await accept(second.id)).status()).toBe(200);
  const secondCard = waiting.locator('.dispatch-card', { hasText: `Pedido #${second.code}` });
  await expect(secondCard).toBeVisible();

  // Grouped into a stack.
  const group = page.getByRole('button', { name: /^Agrupar en multientrega/ });
  await expect(group).toBeDisabled();
  await firstCard.getByRole('checkbox').check();
  await secondCard.getByRole('checkbox').check();
  await expect(group).toHaveText('Agrupar en multientrega (2)');
  await group.click();
  const stack = waiting.locator('[data-stack-id]', { hasText: `Pedido #${first.code}` });
  await expect(stack).toBeVisible();
  await expect(stack).toContainText('Multientrega · 2 envíos');
  await expect(stack).toContainText('Carla Gómez');
  await expect(stack).toContainText('Martín Ruiz');
  await expect(
    waiting.locator('.dispatch-card:not([data-stack-id])', { hasText: `Pedido #${first.code}` }),
  ).toHaveCount(0);
  await expectNoSeriousViolations(page);

  // Offered to Lucas: only he sees it among the stacks waiting for a rider.
  await stack.getByRole('button', { name: /^Ofrecer multientrega/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: /Lucas Romero/ }).check();
  await dialog.getByRole('button', { name: 'Ofrecer', exact: true }).click();
  await expect(stack).toContainText('Ofrecido a Lucas Romero');
  const stacksFor = async (token: string) =>
    (
      await (
        await request.get('/api/shipmentstacks', {
          params: { status: 'LOOKING_FOR_DRIVER', delivery_provider_name: 'OWN_FLEET' },
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()
    ).items as { id: number }[];
  const stackId = Number(await stack.getAttribute('data-stack-id'));
  expect((await stacksFor(lucas.token)).map((item) => item.id)).toContain(stackId);

  // Lucas reports where he is: the list and the map follow, live.
  const lucasRow = page.locator('.dispatch-rider', { hasText: LUCAS.name });
  await expect(lucasRow).toContainText('Sin ubicación todavía');
  const report = (lat: number, lng: number) =>
    request.post('/api/rider/position', {
      data: { lat, lng, accuracy: 12 },
      headers: { authorization: `Bearer ${lucas.token}` },
    });
  expect((await report(location.lat + 0.002, location.lng + 0.002)).status()).toBe(204);
  await expect(lucasRow.getByTestId('rider-position-age')).toHaveText('Ubicación recién');
  const marker = page.locator('.dispatch-marker__rider', { hasText: 'LR' });
  await expect(marker).toBeVisible();
  const before = await markerAt(marker);
  // Positions closer than 2 s apart are dropped by the server: the next one waits.
  await page.waitForTimeout(2100);
  expect((await report(location.lat - 0.004, location.lng - 0.004)).status()).toBe(204);
  await expect.poll(async () => markerAt(marker)).not.toEqual(before);

  await staff.context.close();
});

test('dispatch: a rider who registered from the shift page waits for the venue, which approves them', async ({
  browser,
  request,
}, testInfo) => {
  const location = await locationOf(request);
  // A rider of this attempt's own: a retry runs on the server the failed attempt registered on.
  const name = testInfo.retry === 0 ? 'Tomás Acosta' : `Tomás Acosta ${testInfo.retry + 1}`;
  const registered = await request.post('/api/rider/createwithcode', {
    data: {
      name,
      phone: `+54911611199${String(99 - testInfo.retry).padStart(2, '0')}`,
      securityCode: '2580',
      active: true,
      riderUser: { branchContact: { id: location.id } },
    },
  });
  expect(registered.status()).toBe(201);
  const rider = await registered.json();
  const shipmentsList = () =>
    request.get('/api/shipments', {
      params: { branchContactId: location.id, status: 'LOOKING_FOR_DRIVER', providerName: 'OWN_FLEET' },
      headers: { authorization: `Bearer ${rider.session.token}` },
    });
  expect((await shipmentsList()).status()).toBe(403);

  const staff = await staffPage(browser);
  const pending = staff.page.locator('.dispatch-pending');
  await expect(pending).toContainText(name);
  await expect(pending).toContainText('en turno');
  await expectNoSeriousViolations(staff.page);
  await pending.getByRole('button', { name: `Aprobar a ${name}`, exact: true }).click();
  await expect(pending).toHaveCount(0);
  await expect(staff.page.locator('.dispatch-rider', { hasText: name })).toContainText('Libre');
  expect((await shipmentsList()).status()).toBe(200);
  await staff.context.close();
});
