import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { SCREENSHOTS_DIR } from '../support/screenshots';
import { storefrontKeepAddress } from '../support/storefront';

// The address modal '¿Dónde te encuentras?' on the demo's Caballito grill (open
// 24 hours; one 3 km delivery zone around Av. Rivadavia 5100; take-away mode
// 'Retiro'; the location the demo gives complex address inputs). Addresses come
// from the offline gazetteer; map tiles are never fetched. The modal is
// mandatory only when the cart's 'Continuar' needs the address of a delivery
// order; elsewhere the diner may close it.

const MENU = '/menu/brasa-caballito/delivery';
const TITLE = '¿Dónde te encuentras?';

test.beforeEach(async ({ page }) => {
  // Tests never need tiles: the map works (and is tested) without them.
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
});

/** Opens the delivery menu and the address modal (the storefront may open it by itself). */
async function openAddressModal(page: Page) {
  await page.goto(MENU);
  const dialog = page.getByRole('dialog', { name: TITLE });
  const button = page.getByRole('button', { name: 'Ingresar dirección' });
  await expect(dialog.or(button).first()).toBeVisible();
  if (!(await dialog.isVisible())) await button.click();
  await expect(dialog).toBeVisible();
  return dialog;
}

async function expectNoSeriousViolations(page: Page, when: string) {
  const results = await new AxeBuilder({ page }).include('dialog').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    when,
  ).toEqual([]);
}

test.describe('address by search (Mi dirección)', () => {
  test('suggestions after a 500 ms pause; inside the zone the modal closes and the address is kept', async ({
    page,
  }) => {
    const dialog = await openAddressModal(page);
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/geo/search'))
        searches.push(new URL(request.url()).searchParams.get('q') ?? '');
    });
    const box = dialog.getByRole('combobox', { name: /Buscar dirección/ });
    await box.pressSequentially('Rivadavia 5100', { delay: 40 });
    const option = dialog.getByRole('option', { name: 'Av. Rivadavia 5100, Caballito, Buenos Aires' });
    await expect(option).toBeVisible();
    // Debounced: one search for the whole word, not one per keystroke.
    expect(searches).toEqual(['Rivadavia 5100']);

    const submitted = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/analytics/events') &&
        (request.postData() ?? '').includes('ADDRESS_SUBMIT'),
    );
    await option.click();
    await expect(box).toHaveValue('Av. Rivadavia 5100, Caballito, Buenos Aires');
    await dialog.getByRole('button', { name: 'CONTINUAR' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Av. Rivadavia 5100').first()).toBeVisible();
    const event = JSON.parse((await submitted).postData() ?? '{}');
    expect(event.events).toContainEqual(expect.objectContaining({ type: 'ADDRESS_SUBMIT' }));

    // Kept across a reload (ordering §4 Persistence).
    const stored = await page.evaluate(() => localStorage.getItem('comanda.location@brasa'));
    expect(JSON.parse(stored ?? '{}').location).toMatchObject({
      street: 'Av. Rivadavia 5100',
      lat: expect.closeTo(-34.619, 3),
      lng: expect.closeTo(-58.441, 3),
    });
    await page.reload();
    await expect(page.getByText('Av. Rivadavia 5100').first()).toBeVisible();
  });

  test('keyboard: arrow keys through the suggestions, Enter picks, tabs move with the arrows', async ({
    page,
  }) => {
    const dialog = await openAddressModal(page);
    const tabs = dialog.getByRole('tab');
    await expect(tabs).toHaveText(['Mi dirección', 'Mi ubicación']);
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('tab', { name: 'Mi ubicación' })).toBeFocused();
    await expect(dialog.getByRole('tab', { name: 'Mi ubicación' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tabpanel')).toContainText('Obtener mis coordenadas');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByRole('tab', { name: 'Mi dirección' })).toHaveAttribute('aria-selected', 'true');

    const box = dialog.getByRole('combobox', { name: /Buscar dirección/ });
    await box.fill('honduras 48');
    await box.fill('honduras 4850');
    await expect(dialog.getByRole('option')).toHaveCount(1);
    await box.press('ArrowDown');
    await expect(dialog.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(box).toHaveValue('Honduras 4850, Palermo, Buenos Aires');
    await expect(dialog.getByRole('listbox')).toBeHidden();
  });

  test('outside the zone: the spec’s message with the take-away advice, and the modal stays open', async ({
    page,
  }) => {
    const dialog = await openAddressModal(page);
    await dialog.getByRole('combobox', { name: /Buscar dirección/ }).fill('Florida 520');
    await dialog.getByRole('option', { name: 'Florida 520, San Nicolás, Buenos Aires' }).click();
    await dialog.getByRole('button', { name: 'CONTINUAR' }).click();
    const alert = dialog
      .getByRole('alert')
      .filter({ hasText: 'Tu dirección está fuera de la zona de entrega.' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Cambia a Retiro o ingresa otra dirección.');
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page, 'outside the zone');
  });

  test("no address: 'Ingrese una dirección' tied to the search box", async ({ page }) => {
    const dialog = await openAddressModal(page);
    await dialog.getByRole('button', { name: 'CONTINUAR' }).click();
    const box = dialog.getByRole('combobox', { name: /Buscar dirección/ });
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription(/Ingrese una dirección/);
    await expect(box).toBeFocused();
    // Typing without choosing a suggestion is still no address.
    await box.fill('Rivadavia');
    await dialog.getByRole('button', { name: 'CONTINUAR' }).click();
    await expect(dialog.getByText('Ingrese una dirección')).toBeVisible();
  });
});

test.describe('address by coordinates (Mi ubicación)', () => {
  test('the device position fills the fields from the nearest street; inside the zone it is kept', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: -34.619, longitude: -58.441 });
    const dialog = await openAddressModal(page);
    await dialog.getByRole('tab', { name: 'Mi ubicación' }).click();
    // The map's text alternative: the same position as fields.
    await expect(dialog.getByRole('application', { name: 'Mapa de tu ubicación' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Obtener mis coordenadas' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Dirección', exact: true })).toHaveValue(
      'Av. Rivadavia 5100',
    );
    await expect(dialog.getByLabel(/Código postal/)).toHaveValue('C1406');
    await expect(dialog.getByLabel(/Localidad/)).toHaveValue('Buenos Aires');
    await expect(dialog.getByLabel(/Provincia/)).toHaveValue('Ciudad Autónoma de Buenos Aires');
    await dialog.getByLabel(/Aclaraciones/).fill('3° B');
    await expectNoSeriousViolations(page, 'coordinates tab');
    await dialog.getByRole('button', { name: 'CONTINUAR' }).click();
    await expect(dialog).toBeHidden();
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('comanda.location@brasa'))) ?? '{}',
    );
    expect(stored.location).toMatchObject({
      street: 'Av. Rivadavia 5100',
      details: '3° B',
      lat: -34.619,
      lng: -58.441,
    });
  });

  test('a position outside the zone gets the outside message', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    // Plaza Serrano, Palermo: 4 km from Caballito.
    await context.setGeolocation({ latitude: -34.5889, longitude: -58.4306 });
    const dialog = await openAddressModal(page);
    await dialog.getByRole('tab', { name: 'Mi ubicación' }).click();
    await dialog.getByRole('button', { name: 'Obtener mis coordenadas' }).click();
    await expect(dialog.getByLabel(/Código postal/)).toHaveValue('C1414');
    await dialog.getByRole('button', { name: 'CONTINUAR' }).click();
    await expect(dialog.getByText('Tu dirección está fuera de la zona de entrega.')).toBeVisible();
  });

  test("geolocation refused: 'Error obteniendo coordenadas'", async ({ page }) => {
    const dialog = await openAddressModal(page);
    await dialog.getByRole('tab', { name: 'Mi ubicación' }).click();
    await dialog.getByRole('button', { name: 'Obtener mis coordenadas' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Error obteniendo coordenadas' })).toBeVisible();
  });

  test('complex inputs: every field required, one message tied to each missing field', async ({ page }) => {
    const dialog = await openAddressModal(page);
    await dialog.getByRole('tab', { name: 'Mi ubicación' }).click();
    await dialog.getByRole('textbox', { name: 'Dirección', exact: true }).fill('Av. Rivadavia 5100');
    await dialog.getByRole('button', { name: 'CONTINUAR' }).click();
    const message = 'Asegúrese de completar todos los campos obligatorios';
    await expect(dialog.getByRole('alert').filter({ hasText: message })).toBeVisible();
    for (const label of [/Código postal/, /Localidad/, /Provincia/]) {
      const input = dialog.getByLabel(label);
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveAccessibleDescription(new RegExp(message));
    }
    await expect(dialog.getByLabel(/Código postal/)).toBeFocused();
    await expectNoSeriousViolations(page, 'complex inputs errors');

    // Completed by hand (no marker): the typed address is placed by the geocoder, inside the zone.
    await dialog.getByLabel(/Código postal/).fill('C1406');
    await dialog.getByLabel(/Localidad/).fill('Buenos Aires');
    await dialog.getByLabel(/Provincia/).fill('CABA');
    await dialog.getByRole('button', { name: 'CONTINUAR' }).click();
    await expect(dialog).toBeHidden();
  });
});

test('complex inputs: a stored address missing a forced field opens the modal instead of being priced', async ({
  page,
}) => {
  const feeAsked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/deliveryzones/fee')) feeAsked.push(request.url());
  });
  // Kept from a visit to a location with simple inputs: no postal code, city or province.
  await storefrontKeepAddress(page, {
    fullAddress: 'Av. Rivadavia 5000, CABA',
    street: 'Av. Rivadavia 5000',
    number: '',
    lat: -34.6186,
    lng: -58.4358,
  });
  await page.goto(MENU);
  const dialog = page.getByRole('dialog', { name: TITLE });
  await expect(dialog).toBeVisible();
  // On 'Mi ubicación', the stored fields filled in and the missing ones marked.
  await expect(dialog.getByRole('tab', { name: 'Mi ubicación' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('textbox', { name: 'Dirección', exact: true })).toHaveValue(
    'Av. Rivadavia 5000',
  );
  const message = 'Asegúrese de completar todos los campos obligatorios';
  await expect(dialog.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(dialog.getByLabel(/Código postal/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('dl.mode-info dd').nth(1)).toHaveText('—');
  expect(feeAsked).toEqual([]);

  await dialog.getByLabel(/Código postal/).fill('C1424');
  await dialog.getByLabel(/Localidad/).fill('Buenos Aires');
  await dialog.getByLabel(/Provincia/).fill('CABA');
  await dialog.getByRole('button', { name: 'CONTINUAR' }).click();
  await expect(dialog).toBeHidden();
  // Complete now: priced.
  expect(feeAsked.length).toBeGreaterThan(0);
  await expect(page.locator('dl.mode-info dd').nth(1)).not.toHaveText('—');
  await page.reload();
  await expect(page.locator('dl.mode-info dd').nth(1)).not.toHaveText('—');
  await expect(dialog).toHaveCount(0);
});

test('complex inputs: the modal that completes a stored address, in both schemes and widths', async ({
  page,
}) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.addInitScript((scheme) => localStorage.setItem('comanda.colorScheme', scheme), colorScheme);
    await storefrontKeepAddress(page, {
      fullAddress: 'Av. Rivadavia 5000, CABA',
      street: 'Av. Rivadavia 5000',
      number: '',
      lat: -34.6186,
      lng: -58.4358,
    });
    for (const [label, size] of [
      ['390', { width: 390, height: 844 }],
      ['1280', { width: 1280, height: 900 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto(MENU);
      const dialog = page.getByRole('dialog', { name: TITLE });
      await expect(dialog.getByRole('alert')).toContainText(
        'Asegúrese de completar todos los campos obligatorios',
      );
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      // Contrast is read once the modal's opening animation is over.
      await dialog.evaluate((node) =>
        Promise.all(node.getAnimations({ subtree: true }).map((animation) => animation.finished)),
      );
      await expectNoSeriousViolations(page, `completing a stored address (${colorScheme})`);
      await page.screenshot({
        path: path.join(SCREENSHOTS_DIR, `address-complete-stored-${label}-${colorScheme}.png`),
      });
    }
  }
});

test.describe('accessibility', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`no serious or critical axe violation on the modal (${colorScheme})`, async ({ page }) => {
      // The diner's own choice of scheme (the header's button), as the storefront keeps it.
      await page.addInitScript((scheme) => localStorage.setItem('comanda.colorScheme', scheme), colorScheme);
      const dialog = await openAddressModal(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme === 'dark')).toBe(
        colorScheme === 'dark',
      );
      await expectNoSeriousViolations(page, 'open');
      await dialog.getByRole('combobox', { name: /Buscar dirección/ }).fill('Rivadavia 5100');
      await expect(dialog.getByRole('option').first()).toBeVisible();
      await expectNoSeriousViolations(page, 'suggestions');
      await dialog.getByRole('combobox', { name: /Buscar dirección/ }).fill('');
      await dialog.getByRole('button', { name: 'CONTINUAR' }).click();
      await expectNoSeriousViolations(page, 'errors');
      await dialog.getByRole('tab', { name: 'Mi ubicación' }).click();
      await expectNoSeriousViolations(page, 'coordinates tab');
    });
  }
});

test("a delivery cart without an address: 'Continuar' asks for it, and closing is refused with 'Debe ingresar la dirección'", async ({
  page,
}) => {
  await page.goto('/menu/brasa-caballito/delivery-24-h/entradas');
  const dialog = page.getByRole('dialog', { name: TITLE });
  const plateLink = page.getByRole('link', { name: /Provoleta/ }).first();
  await expect(dialog.or(plateLink).first()).toBeVisible();
  // The storefront may ask for the address by itself; that ask can be closed.
  if (await dialog.isVisible()) {
    await dialog.getByRole('button', { name: 'CANCELAR' }).click();
    await expect(dialog).toBeHidden();
  }
  await plateLink.click();
  const plate = page.getByRole('dialog', { name: 'Provoleta' });
  await plate.getByRole('button', { name: /^Agregar/ }).click();
  await expect(plate).toBeHidden();
  await page.goto('/menu/brasa-caballito/preview');
  await page.getByRole('button', { name: 'Sumar uno de Provoleta' }).click();

  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'CANCELAR' }).click();
  await expect(dialog.getByText('Debe ingresar la dirección')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  // The refusal takes the focus (so that it is read out) on the next frame: typing starts after it.
  await expect(dialog.getByRole('alert')).toBeFocused();

  await dialog
    .getByRole('combobox', { name: /Buscar dirección/ })
    .pressSequentially('Rivadavia 5100', { delay: 40 });
  await dialog.getByRole('option', { name: 'Av. Rivadavia 5100, Caballito, Buenos Aires' }).click();
  await dialog.getByRole('button', { name: 'CONTINUAR' }).click();
  await expect(dialog).toBeHidden();
  // With the address known, 'Continuar' goes to the checkout.
  await expect(page.getByRole('link', { name: 'Continuar' })).toHaveAttribute(
    'href',
    /\/menu\/brasa-caballito\/checkout/,
  );
});
