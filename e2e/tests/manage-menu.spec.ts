import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { manageOpen, staffDevicePage } from '../support/manage';
import { BRASA_OWNER, brasaOwnerToken } from '../support/survey-rating';

/**
 * The 'Carta' tab of the venue management screens (issue 19, ADR 053) end to
 * end: the OWNER changes a price and adds a plate with a size and an image;
 * a diner's menu, open since before, shows them; the history lists the
 * change; a STAFF member has no 'Carta'. Works on Brasa Pizzería's menu and
 * puts it back as it was, since other files on this worker's server read it.
 */
test.use({ serviceWorkers: 'block' });
// Each test signs in, edits and saves through the lazily loaded editor: more than the default 30 s on a shared machine.
test.describe.configure({ timeout: 90_000 });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOCS = path.join(root, 'docs/screenshots');
const BURGER = path.join(root, 'e2e/support/burger.jpg');
const VILLA_CRESPO_STAFF = { email: 'villacrespo@brasa.example', password: 'brasa-demo-pizzeria' };
const MENU_PICK = 'Brasa Pizzas y Empanadas · Carta';

async function staffPage(
  browser: Browser,
  who: { email: string; password: string },
  options: { colorScheme?: 'light' | 'dark'; width?: number; height?: number } = {},
) {
  const page = await staffDevicePage(browser, {
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  await manageOpen(page, who);
  return { context: page.context(), page };
}

async function openCarta(page: Page) {
  await page.getByRole('button', { name: 'Carta', exact: true }).click();
  await page.getByLabel('Carta', { exact: true }).selectOption({ label: MENU_PICK });
  await expect(page.getByText(/Usada por: Brasa Pizzería Villa Crespo · Delivery/)).toBeVisible();
}

/** Puts the pizzería's menu back as the demo has it, whatever the test left. */
async function menuRestore(request: APIRequestContext, snapshot: { brandId: number; menu: unknown }) {
  const token = await brasaOwnerToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const url = `/api/console/branches/${snapshot.brandId}/menus/pizzeria`;
  const current = await (await request.get(url, { headers })).json();
  const answer = await request.put(url, { headers, data: { version: current.version, menu: snapshot.menu } });
  expect(answer.status()).toBe(200);
}

async function menuSnapshot(request: APIRequestContext) {
  const token = await brasaOwnerToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await request.get('/api/console/menus', { headers })).json();
  const brandId = list.brands.find((brand: { alias: string }) => brand.alias === 'brasa-pizzeria')
    .id as number;
  const menu = (
    await (await request.get(`/api/console/branches/${brandId}/menus/pizzeria`, { headers })).json()
  ).menu;
  return { brandId, menu };
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
  ).toEqual([]);
}

test('the owner changes a price and adds a plate with a size and an image; the diner and the history see it', async ({
  browser,
  page: diner,
  request,
}) => {
  const snapshot = await menuSnapshot(request);
  try {
    // The diner's menu is open before the change.
    await diner.goto('/menu/brasa-villa-crespo/delivery');
    const helado = diner.getByRole('link', { name: /Helado 1\/4 kg/ });
    await expect(helado).toContainText('6.900');
    // Marks this page: a reload would lose the mark.
    await diner.evaluate(() => {
      (window as unknown as { openedBeforeTheChange: boolean }).openedBeforeTheChange = true;
    });

    const { context, page } = await staffPage(browser, BRASA_OWNER);
    await openCarta(page);
    await page.getByRole('button', { name: /^Helado 1\/4 kg/ }).click();
    const editor = page.getByRole('region', { name: /Editar plato: Helado 1\/4 kg/ });
    await editor.getByLabel('Precio', { exact: true }).fill('7.400');

    // A new plate in 'Empanadas': a size with its price, and an image uploaded to our storage.
    page.once('dialog', (dialog) => dialog.accept('Empanada árabe'));
    await page.getByRole('button', { name: 'Agregar plato en Empanadas' }).click();
    const added = page.getByRole('region', { name: /Editar plato: Empanada árabe/ });
    await added.getByLabel('Por tamaños').check();
    await added.getByLabel('Tamaño', { exact: true }).fill('Docena');
    await added.getByLabel('Precio', { exact: true }).fill('22.000');
    await added.locator('input[type="file"]').setInputFiles(BURGER);
    await expect(added.getByRole('status')).toHaveText('Imagen subida. Se publica al guardar los cambios.');
    await expect(added.getByRole('img', { name: 'Imagen de Empanada árabe' })).toHaveJSProperty(
      'complete',
      true,
    );
    await added.getByLabel('Destacado').check();

    // Leaving with unsaved changes asks first.
    page.once('dialog', (dialog) => dialog.dismiss());
    await page.getByRole('button', { name: 'Historial', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Carta', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'cambios guardados' })).toBeVisible();

    // The diner's open menu shows the new price and the new plate by itself (the content-events
    // stream, ADR 052), without a reload.
    await expect(diner.getByRole('link', { name: /Helado 1\/4 kg/ })).toContainText('7.400', {
      timeout: 5_000,
    });
    // Highlighted, it shows twice: in 'Lo más destacado' and in its category.
    await expect(diner.getByRole('link', { name: /Empanada árabe/ }).first()).toContainText('22.000');
    expect(
      await diner.evaluate(
        () => (window as unknown as { openedBeforeTheChange?: boolean }).openedBeforeTheChange,
      ),
    ).toBe(true);

    await page.getByRole('button', { name: 'Historial', exact: true }).click();
    const latest = page.locator('.manage-history__item').first();
    await expect(latest).toContainText('Carta');
    await expect(latest).toContainText('Carta (Brasa Pizzas y Empanadas)');
    await expect(latest).toContainText('postres › helado-cuarto › Precio: 6.900 → 7.400');
    await expect(latest).toContainText('empanadas › empanada-arabe');
    await context.close();
  } finally {
    await menuRestore(request, snapshot);
  }
});

test('a refused save shows the message at its field and keeps what was typed', async ({
  browser,
  request,
}) => {
  const snapshot = await menuSnapshot(request);
  try {
    const { context, page } = await staffPage(browser, BRASA_OWNER);
    await openCarta(page);
    await page.getByRole('button', { name: /^Tiramisú/ }).click();
    const editor = page.getByRole('region', { name: /Editar plato: Tiramisú/ });
    await editor.getByLabel('Precio', { exact: true }).fill('cinco mil');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Revise los datos marcados' })).toBeVisible();
    await expect(editor.getByText('Escriba el importe como lo cobra, por ejemplo 8.500')).toBeVisible();
    await expect(editor.getByLabel('Precio', { exact: true })).toHaveValue('cinco mil');
    await context.close();
  } finally {
    await menuRestore(request, snapshot);
  }
});

test('someone else saved first: the editor offers the current menu and keeps its own changes in sight', async ({
  browser,
  request,
}) => {
  const snapshot = await menuSnapshot(request);
  try {
    const { context, page } = await staffPage(browser, BRASA_OWNER);
    await openCarta(page);
    await page.getByRole('button', { name: /^Tiramisú/ }).click();
    await page
      .getByRole('region', { name: /Editar plato: Tiramisú/ })
      .getByLabel('Precio', { exact: true })
      .fill('5.900');
    // Meanwhile, another owner's session renames the menu.
    const other = structuredClone(snapshot.menu) as { name: string };
    other.name = 'Carta (cambiada)';
    const token = await brasaOwnerToken(request);
    const url = `/api/console/branches/${snapshot.brandId}/menus/pizzeria`;
    const current = await (await request.get(url, { headers: { authorization: `Bearer ${token}` } })).json();
    await request.put(url, {
      headers: { authorization: `Bearer ${token}` },
      data: { version: current.version, menu: other },
    });

    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Otra persona cambió esta carta' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('postres › tiramisu › Precio: 5.400 → 5.900');
    await notice.getByRole('button', { name: 'Cargar la versión actual' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Se cargó la versión actual' })).toContainText(
      '5.900',
    );
    await page.getByRole('button', { name: /^Tiramisú/ }).click();
    await expect(
      page.getByRole('region', { name: /Editar plato: Tiramisú/ }).getByLabel('Precio', { exact: true }),
    ).toHaveValue('5.400');
    await context.close();
  } finally {
    await menuRestore(request, snapshot);
  }
});

test('a staff member has no Carta tab, and the API refuses them', async ({ browser, request }) => {
  const { context, page } = await staffPage(browser, VILLA_CRESPO_STAFF);
  await expect(page.getByRole('navigation', { name: 'Gestión' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Carta', exact: true })).toHaveCount(0);
  const login = await request.post('/api/staff/login', { data: VILLA_CRESPO_STAFF });
  const token = (await login.json()).token;
  const answer = await request.get('/api/console/menus', { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(403);
  await context.close();
});

test.describe('screenshots', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const [device, width, height] of [
      ['desktop', 1280, 800],
      ['tablet', 834, 1112],
    ] as const) {
      test(`the menu and plate editors, ${device}, ${colorScheme}`, async ({ browser }) => {
        const { context, page } = await staffPage(browser, BRASA_OWNER, { colorScheme, width, height });
        await openCarta(page);
        await expect(page.getByRole('button', { name: /^Muzzarella/ })).toBeVisible();
        await page.screenshot({ path: path.join(DOCS, `manage-menu-${device}-${colorScheme}.png`) });
        await page.getByRole('button', { name: /^Napolitana/ }).click();
        const editor = page.getByRole('region', { name: /Editar plato: Napolitana/ });
        await expect(editor).toBeVisible();
        await editor.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(DOCS, `manage-menu-plate-${device}-${colorScheme}.png`) });
        await expectNoSeriousViolations(page);
        await page.getByRole('button', { name: 'Guarniciones', exact: true }).click();
        await expect(page.getByLabel('Grupo').first()).toBeVisible();
        await page.screenshot({ path: path.join(DOCS, `manage-menu-garnish-${device}-${colorScheme}.png`) });
        await expectNoSeriousViolations(page);
        await context.close();
      });
    }
  }
});
