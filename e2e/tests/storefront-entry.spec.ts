import { expect, test } from '../support/fixtures';
import {
  ADDRESS_NUNEZ,
  storefrontKeepAddress,
  storefrontPrepare,
  tenantImport,
  tenantVariant,
} from '../support/storefront';

// Page routes must see every request; the service worker is tested on its own.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page }) => {
  await storefrontPrepare(page);
});

test.describe('entry: company → branch → location → mode', () => {
  test('a diner walks from the company link to a mode menu', async ({ page }) => {
    await page.goto('/menu/brasa');
    await expect(page.getByRole('heading', { level: 1, name: 'Brasa Cocina Argentina' })).toBeVisible();
    await page.getByRole('link', { name: /Brasa Parrilla/ }).click();

    await expect(page).toHaveURL(/\/menu\/brasa-parrilla$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Brasa Parrilla' })).toBeVisible();
    const howGroup = page.getByRole('group', { name: '¿Cómo quieres tu pedido?' });
    await expect(howGroup.getByRole('radio', { name: 'Delivery' })).toBeChecked();
    const locations = page.getByRole('list', { name: 'Locales' });
    await expect(locations.getByRole('link')).toHaveCount(2);

    // 'Buscar Local' narrows the cards, ignoring accents and case.
    await page.getByRole('searchbox', { name: 'Buscar Local' }).fill('nunez');
    await expect(locations.getByRole('link')).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Buscar Local' }).fill('');

    // 'Comer en el local' (dine in) exists only at Núñez.
    await howGroup.getByRole('radio', { name: 'Comer en el local', exact: true }).check();
    await expect(locations.getByRole('link')).toHaveCount(1);
    await howGroup.getByRole('radio', { name: 'Delivery' }).check();

    await locations.getByRole('link', { name: /Brasa Núñez/ }).click();
    // Choosing a location goes to {alias}#{orderMode}.
    await expect(page).toHaveURL(/\/menu\/brasa-nunez#delivery$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Brasa Núñez' })).toBeVisible();
    const modes = page.getByRole('region', { name: '¿Qué menú quieres ver?' });
    await expect(modes.getByRole('button')).toHaveText([/Delivery/, /Retiro en el local/, /En el salón/]);

    await modes.getByRole('button', { name: /Retiro en el local/ }).click();
    await expect(page).toHaveURL(/\/menu\/brasa-nunez\/retiro-en-el-local$/);
    await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
    // Choosing a mode replaces history: back leaves the mode selection behind.
    await page.goBack();
    await expect(page).toHaveURL(/\/menu\/brasa-parrilla$/);
  });

  test("with the diner's address, each location shows its distance and whether it delivers there", async ({
    page,
  }) => {
    await storefrontKeepAddress(page, ADDRESS_NUNEZ);
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\/(delivery-reach|deliveryzones\/fee)$/.test(pathname)) asked.push(pathname);
    });
    await page.goto('/menu/brasa-parrilla');
    const locations = page.getByRole('list', { name: 'Locales' });
    // Nearest first; Núñez's zones reach Cabildo 3900, Caballito's do not.
    await expect(locations.getByRole('link')).toHaveText([/^Brasa Núñez.*0,1 km/, /^Brasa Caballito.*km/]);
    const caballito = locations.getByRole('link', { name: /Brasa Caballito/ });
    await expect(caballito).toContainText('Este local no realiza envíos a tu dirección.');
    await expect(locations.getByRole('link', { name: /Brasa Núñez/ })).not.toContainText('no realiza envíos');
    // One request for the brand's locations, not one per location.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^\/api\/branch\/\d+\/delivery-reach$/);
    // Take-away is about distance only.
    await page
      .getByRole('group', { name: '¿Cómo quieres tu pedido?' })
      .getByRole('radio', { name: /Retiro/ })
      .check();
    await expect(caballito).not.toContainText('no realiza envíos');
  });

  test('the mode segment is the show name or the type, in any case and with or without accents', async ({
    page,
  }) => {
    await page.goto('/menu/brasa-nunez/EN-EL-SALON');
    await expect(
      page.getByRole('navigation', { name: 'Modos de pedido' }).getByRole('link', { name: 'En el salón' }),
    ).toHaveAttribute('aria-current', 'page');
    await page.goto('/menu/brasa-nunez/take_away');
    await expect(page.getByRole('link', { name: 'Retiro en el local' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.goto('/menu/brasa-nunez/Delivery');
    await expect(page.getByRole('link', { name: 'Delivery' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('mode selection', () => {
  test('a location with a single active mode opens it at once, keeping the query string', async ({
    page,
    request,
  }) => {
    await tenantImport(request, tenantVariant());
    await page.goto('/menu/solo-cafe-centro?source=qr');
    await expect(page).toHaveURL(/\/menu\/solo-cafe-centro\/mesa\?source=qr$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fuego Café Centro' })).toBeVisible();
  });

  test('allowedOM filters the modes; a single allowed mode is chosen automatically', async ({ page }) => {
    await page.goto('/menu/brasa-nunez?allowedOM=DELIVERY,TAKE_AWAY');
    const modes = page.getByRole('region', { name: '¿Qué menú quieres ver?' });
    await expect(modes.getByRole('button')).toHaveText([/Delivery/, /Retiro en el local/]);
    await modes.getByRole('button', { name: /Delivery/ }).click();
    await expect(page).toHaveURL(/\/menu\/brasa-nunez\/delivery\?allowedOM=DELIVERY,TAKE_AWAY$/);
    const tabs = page.getByRole('navigation', { name: 'Modos de pedido' });
    await expect(tabs.getByRole('link')).toHaveText(['Delivery', 'Retiro en el local']);

    // A mode left out by allowedOM is not reachable by its URL either.
    await page.goto('/menu/brasa-nunez/en-el-salon?allowedOM=DELIVERY,TAKE_AWAY');
    await expect(page.getByRole('alert')).toContainText('Modo de pedido no encontrado');

    await page.goto('/menu/brasa-nunez?allowedOM=en%20el%20salon');
    await expect(page).toHaveURL(/\/menu\/brasa-nunez\/en-el-salon\?allowedOM=en%20el%20salon$/);
  });
});

test.describe('bad input', () => {
  test('an unknown alias or mode shows the error screen, never a blank page', async ({ page }) => {
    await page.goto('/menu/no-existe-este-local/delivery');
    await expect(page.getByRole('alert')).toContainText('Local no encontrado');
    await page.goto('/menu/brasa-nunez/teletransporte');
    await expect(page.getByRole('alert')).toContainText('Modo de pedido no encontrado');
    await page.getByRole('link', { name: 'Ver los modos del local' }).click();
    await expect(page.getByRole('heading', { name: '¿Qué menú quieres ver?' })).toBeVisible();
  });

  test('preview, checkout and order are never read as a mode', async ({ page }) => {
    await page.goto('/menu/brasa-nunez/preview');
    await expect(page.getByRole('heading', { level: 1, name: 'Mi pedido' })).toBeVisible();
    for (const path of ['/menu/brasa-nunez/checkout', '/menu/brasa-nunez/order/ABC123']) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      await expect(page.getByText('Modo de pedido no encontrado')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toHaveCount(0);
    }
  });

  test('a company alias with a mode segment leads to the company screen', async ({ page }) => {
    await page.goto('/menu/brasa/delivery');
    await expect(page).toHaveURL(/\/menu\/brasa$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Brasa Cocina Argentina' })).toBeVisible();
  });

  test('a failing alias read shows the error with a retry, and the retry recovers', async ({ page }) => {
    let fail = true;
    await page.route('**/api/diner/brasa-nunez', (route) =>
      fail ? route.fulfill({ status: 503, body: '{"error":"x","message":"caído"}' }) : route.fallback(),
    );
    await page.goto('/menu/brasa-nunez');
    await expect(page.getByRole('alert')).toContainText('No pudimos cargar el local');
    fail = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { name: '¿Qué menú quieres ver?' })).toBeVisible();
  });
});
