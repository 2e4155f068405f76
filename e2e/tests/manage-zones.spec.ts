import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { e2eServer, expect, test } from '../support/fixtures';
import { SCREENSHOTS_DIR } from '../support/screenshots';
import { expectNoSeriousA11yViolations } from '../support/storefront';
import { tilesLocal } from '../support/tracking';

/**
 * 'Zonas' in the venue management screens (ADR 055) end to end, on the demo
 * tenant: the OWNER tries an address Brasa Caballito does not reach, enlarges
 * its radius zone by dragging the circle's handle on the map, tries it again
 * (reached, with the zone's fee), saves, and the diner's fee lookup for that
 * address now answers inside the delivery area. Tiles are drawn locally.
 */
test.use({ serviceWorkers: 'block' });

const OWNER = { email: 'martin@brasa.example', password: 'brasa-demo-dueno' };
// 'Honduras 4800' (Palermo) is 3.5 km from Brasa Caballito, outside its 3 km radius.
const TEST_ADDRESS = 'Honduras 4800';

async function locationId(request: APIRequestContext, alias: string): Promise<number> {
  return (await (await request.get(`/api/diner/${alias}`)).json()).branchContact.id;
}

async function ownerToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/staff/login', { data: OWNER });
  expect(login.status()).toBe(200);
  return (await login.json()).token as string;
}

async function zonesPage(browser: Browser, locationName: string, size = { width: 1280, height: 800 }) {
  const context = await browser.newContext({
    baseURL: e2eServer().baseUrl,
    viewport: size,
    serviceWorkers: 'block',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  await tilesLocal(context);
  const page = await context.newPage();
  await page.goto('/console');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Contraseña').fill(OWNER.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('link', { name: 'Gestión' }).click();
  await page.getByLabel('Local').selectOption({ label: locationName });
  await page.getByRole('button', { name: 'Zonas', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Zonas de entrega' })).toBeVisible();
  await expect(page.locator('.zones-map .leaflet-container')).toBeVisible();
  return { context, page };
}

async function tryAddress(page: Page, address: string) {
  await page.getByLabel('¿Llega a esta dirección?').fill(address);
  await page.getByRole('button', { name: 'Probar' }).click();
}

test('the owner enlarges a zone on the map: the test address is reached, and after saving the diner is too', async ({
  browser,
  request,
}) => {
  const id = await locationId(request, 'brasa-caballito');
  const token = await ownerToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const original = await (
    await request.get(`/api/console/branchcontacts/${id}/delivery-zones`, { headers: auth })
  ).json();
  const { context, page } = await zonesPage(browser, 'Brasa Caballito (24 horas)');
  try {
    await tryAddress(page, TEST_ADDRESS);
    await expect(page.locator('.zones-check__result')).toContainText('No llega a esta dirección');
    await expect(page.locator('.zones-icon__pin--out')).toBeVisible();

    // Drag the circle's radius handle outwards with the mouse.
    const radius = page.getByLabel('Radio en metros');
    await expect(radius).toHaveValue('3000');
    const handle = page.locator('.zones-icon__handle--radius');
    const box = await handle.boundingBox();
    if (!box) throw new Error('no radius handle');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 6 });
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => Number(await radius.inputValue())).toBeGreaterThan(3800);
    await expect(page.getByText('Hay cambios sin guardar')).toBeVisible();

    await tryAddress(page, TEST_ADDRESS);
    await expect(page.locator('.zones-check__result')).toContainText(
      'Sí, llega: zona Caballito, envío $ 1.500',
    );
    await expect(page.locator('.zones-icon__pin--in')).toBeVisible();

    // Not saved yet: the diner is still outside.
    const check = await (
      await request.post(`/api/console/branchcontacts/${id}/delivery-zones/check`, {
        headers: auth,
        data: { address: TEST_ADDRESS },
      })
    ).json();
    const fee = async () =>
      (
        await request.get(`/api/branch/${id}/deliveryzones/fee`, {
          params: { lat: check.point.lat, lng: check.point.lng },
        })
      ).json();
    expect((await fee()).insideDeliveryArea).toBe(false);

    await page.getByRole('button', { name: 'Guardar zonas' }).click();
    await expect(page.getByText('Zonas guardadas. Los clientes ya ven los cambios.')).toBeVisible();
    expect(await fee()).toMatchObject({ insideDeliveryArea: true, zoneName: 'Caballito', fee: 1500 });
  } finally {
    await context.close();
    // Other files on this worker expect the demo's 3 km zone.
    const current = await (
      await request.get(`/api/console/branchcontacts/${id}/delivery-zones`, { headers: auth })
    ).json();
    const restored = await request.put(`/api/console/branchcontacts/${id}/delivery-zones`, {
      headers: auth,
      data: { zones: original.zones, version: current.version },
    });
    expect(restored.status()).toBe(200);
  }
});

test('a polygon is edited on the map: a midpoint adds a corner, Delete removes the selected one', async ({
  browser,
}) => {
  const { context, page } = await zonesPage(browser, 'Brasa Núñez');
  await page.getByRole('button', { name: /^Belgrano y Coghlan/ }).click();
  const corners = page.locator('.zones-corner');
  await expect(corners).toHaveCount(4);
  await page.locator('.leaflet-marker-icon:has(.zones-icon__midpoint)').first().click();
  await expect(corners).toHaveCount(5);
  // The new corner is the selected one, between the first two, and the list says so too.
  await expect(corners.nth(1)).toHaveClass(/zones-corner--selected/);
  await expect(corners.nth(1).getByLabel('Latitud del vértice 2')).toHaveValue('-34.53');
  await expect(corners.nth(1).getByLabel('Longitud del vértice 2')).toHaveValue('-58.4675');
  const selected = page.locator('.leaflet-marker-icon:has(.zones-icon__handle--selected)');
  await selected.focus();
  await page.keyboard.press('Delete');
  await expect(corners).toHaveCount(4);
  await expect(page.getByText('polígono, 4 vértices')).toBeVisible();
  await context.close();
});

test('screenshots of Zonas with a circle and a polygon, desktop and tablet, light and dark', async ({
  browser,
}) => {
  // Two layouts, each checked by axe and shot in both schemes.
  test.setTimeout(120_000);
  for (const [label, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['tablet', { width: 834, height: 1112 }],
  ] as const) {
    const { context, page } = await zonesPage(browser, 'Brasa Núñez', size);
    await page.getByRole('button', { name: /^Belgrano y Coghlan/ }).click();
    await expect(page.getByRole('group', { name: 'Zona por polígono' })).toBeVisible();
    await tryAddress(page, 'Cabildo 2500');
    await expect(page.locator('.zones-check__result')).toContainText('Sí, llega: zona Núñez y Saavedra');
    await expect(page.locator('.zones-map .leaflet-tile-loaded').first()).toBeVisible();
    // From the top: the map is sticky beside the long side panel.
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await expectNoSeriousA11yViolations(page, `zonas ${label} ${scheme}`);
      await page.screenshot({
        path: path.join(SCREENSHOTS_DIR, `manage-zones-${label}-${scheme}.png`),
        fullPage: true,
      });
    }
    await context.close();
  }
});
