import { expect, test } from '../support/fixtures';
import { CLOSED_AT, storefrontPrepare, tenantImport, tenantVariant } from '../support/storefront';

// Page routes must see every request; the service worker is tested on its own.
test.use({ serviceWorkers: 'block' });

test.describe('branch header', () => {
  test.beforeEach(async ({ page }) => {
    await storefrontPrepare(page);
  });

  test('shows the banner, the location, its links, hours, the mode tabs and the mode info', async ({
    page,
  }) => {
    await page.goto('/menu/brasa-nunez/delivery');
    const header = page.locator('header.branch-header');
    await expect(header.getByText('Miércoles de choripán 2x1')).toBeVisible();
    await expect(header.getByRole('heading', { level: 1, name: 'Brasa Núñez' })).toBeVisible();
    await expect(header.getByText('Parrilla a la leña desde 1998')).toBeVisible();
    await expect(header.getByRole('link', { name: /Av. Cabildo 3950/ })).toHaveAttribute(
      'href',
      /google\.com\/maps\/search\/\?api=1&query=-34\.5455%2C-58\.4689/,
    );
    const social = header.getByRole('list', { name: 'Contacto y redes' });
    await expect(social.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://instagram.com/brasa.parrilla',
    );
    await expect(social.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', /facebook\.com/);
    await expect(social.getByRole('link', { name: /Llamar al/ })).toHaveAttribute(
      'href',
      'tel:+541145550101',
    );
    await expect(social.getByRole('link', { name: 'Escribir por WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5491145550101',
    );
    await expect(social.getByRole('button', { name: 'Compartir' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Cambiar local' })).toHaveAttribute(
      'href',
      '/menu/brasa-parrilla',
    );
    await expect(header.getByText('Cerrado', { exact: true })).toHaveCount(0);

    // Delivery: 'Llega en', 'Envío', 'Mínimo'; the figures wait for an address.
    const info = header.locator('dl.mode-info');
    await expect(info.locator('dt')).toHaveText(['Llega en', 'Envío', 'Mínimo']);
    await expect(info.locator('dd').first()).toHaveText('35–55 min');
    await expect(header.getByRole('button', { name: 'Ingresar dirección' })).toBeVisible();

    // Pickup: 'Retirar en'.
    await header.getByRole('link', { name: 'Retiro en el local' }).click();
    await expect(page).toHaveURL(/\/menu\/brasa-nunez\/retiro-en-el-local$/);
    await expect(page.locator('dl.mode-info dt')).toHaveText(['Retirar en']);
    await expect(page.locator('dl.mode-info dd')).toHaveText('15–25 min');
  });

  test("'Ver horarios' opens 'Informacion' with 'Horarios del Local' per order mode", async ({ page }) => {
    await page.goto('/menu/brasa-nunez/delivery');
    await page.getByRole('button', { name: 'Ver horarios' }).click();
    const dialog = page.getByRole('dialog', { name: 'Informacion' });
    await expect(dialog.getByRole('heading', { name: 'Horarios del Local' })).toBeVisible();
    await expect(dialog.getByRole('table')).toHaveCount(3);
    const delivery = dialog.getByRole('table', { name: 'Delivery' });
    await expect(delivery.getByRole('row', { name: /Lunes/ })).toContainText('Cerrado');
    await expect(delivery.getByRole('row', { name: /Viernes/ })).toContainText(
      '12:00 - 15:30 y 19:30 - 02:00',
    );
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();
  });

  test('an address kept from an earlier visit fills the fee and minimum, and the free-delivery amount', async ({
    page,
  }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        'comanda.location@brasa',
        JSON.stringify({
          savedAt: Date.now(),
          location: {
            fullAddress: 'Av. Cabildo 3900, CABA',
            street: 'Av. Cabildo',
            number: '3900',
            lat: -34.546,
            lng: -58.4685,
          },
        }),
      ),
    );
    await page.goto('/menu/brasa-nunez/delivery');
    const info = page.locator('dl.mode-info');
    await expect(info.locator('dd')).toHaveText(['35–55 min', '$ 1.200', '$ 10.000']);
    await expect(page.getByText('Envío gratis a partir de $ 40.000')).toBeVisible();
    await expect(page.getByText('Av. Cabildo 3900, CABA')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cambiar', exact: true })).toBeVisible();
  });

  test('an address outside every zone says so and offers the take-away mode', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        'comanda.location@brasa',
        JSON.stringify({
          savedAt: Date.now(),
          location: {
            fullAddress: 'Av. Rivadavia 5100, CABA',
            street: 'Av. Rivadavia',
            number: '5100',
            lat: -34.619,
            lng: -58.441,
          },
        }),
      ),
    );
    await page.goto('/menu/brasa-nunez/delivery');
    const alert = page.locator('header.branch-header').getByRole('alert');
    await expect(alert).toContainText('Tu dirección está fuera de la zona de entrega.');
    await expect(alert).toContainText('Cambia a Retiro en el local o ingresa otra dirección.');
  });
});

test.describe('menu home and category pages', () => {
  test.beforeEach(async ({ page }) => {
    await storefrontPrepare(page);
  });

  test("'Lo más destacado', categories as cards, a category page, and plates in a modal", async ({
    page,
  }) => {
    await page.goto('/menu/brasa-nunez/delivery');
    const highlighted = page.getByRole('region', { name: 'Lo más destacado' });
    await expect(highlighted.getByRole('link')).toHaveCount(3);
    await expect(highlighted.getByRole('link', { name: /Bife de chorizo/ })).toContainText('Desde $ 16.900');
    const categories = page.getByRole('region', { name: 'Categorías' });
    // A category without plates ('De temporada') is not shown.
    await expect(categories.getByRole('link')).toHaveText([
      'Entradas',
      /A la parrilla/,
      'Sándwiches',
      'Ensaladas',
      /Menú del mediodía/,
      'Postres',
      'Bebidas',
    ]);
    await categories.getByRole('link', { name: 'Ensaladas' }).click();
    await expect(page).toHaveURL(/\/menu\/brasa-nunez\/delivery\/ensaladas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ensaladas' })).toBeVisible();
    // A menu discount (20 % off the salads) shows the price it leaves, the regular one struck through.
    const salad = page.getByRole('link', { name: /Ensalada mixta/ });
    await expect(salad).toContainText('$ 4.160');
    await expect(salad.locator('s')).toContainText('$ 5.200');
    await expect(salad).toContainText('Vegano');
    await expect(salad).toContainText('Sin TACC');

    // plateDetailInModal: the plate opens over the page, and the URL stays.
    await salad.click();
    await expect(page.getByRole('dialog', { name: 'Ensalada mixta' })).toBeVisible();
    await expect(page).toHaveURL(/\/ensaladas$/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('link', { name: 'Volver al Menú' }).click();
    await expect(page).toHaveURL(/\/menu\/brasa-nunez\/delivery$/);
  });

  test('platesInMainView shows every category inline; a plate opens as its own page', async ({ page }) => {
    await page.goto('/menu/brasa-villa-crespo/delivery');
    await expect(page.getByRole('navigation', { name: 'Categorías' }).getByRole('link')).toHaveText([
      'Pizzas',
      'Empanadas',
      'Promos',
      'Postres',
      'Bebidas',
    ]);
    const pizzas = page.getByRole('region', { name: 'Pizzas' });
    await expect(pizzas.getByText('A la piedra, masa de 48 horas')).toBeVisible();
    await pizzas.getByRole('link', { name: /Napolitana/ }).click();
    await expect(page).toHaveURL(/\/menu\/brasa-villa-crespo\/delivery\/pizzas\/napolitana$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Napolitana' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // A plate page reached by a shared link works on its own, and an unknown plate says so.
    await page.goto('/menu/brasa-villa-crespo/delivery/pizzas/no-existe');
    await expect(page.getByRole('alert')).toContainText('Este producto ya no está en el menú.');
    await page.getByRole('button', { name: 'Volver al Menú' }).click();
    await expect(page).toHaveURL(/\/menu\/brasa-villa-crespo\/delivery$/);
  });

  test('plate images load lazily in reserved boxes; a broken image becomes a transparent placeholder', async ({
    page,
    request,
  }) => {
    await tenantImport(request, tenantVariant());
    await page.goto('/menu/solo-belgrano/delivery/hamburguesas');
    const images = page.locator('.plate-card .image-box img');
    await expect(images).toHaveCount(2);
    const working = page.getByRole('link', { name: /Clásica/ }).locator('img');
    await expect(working).toHaveAttribute('src', /\/api\/storefront-extras\/image\/PLATE\/\d+$/);
    await expect.poll(() => working.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
    const broken = page.getByRole('link', { name: /Bacon BBQ/ }).locator('img');
    await expect(broken).toHaveAttribute('src', /^data:image\/gif;base64,/);
    // The box keeps its size whether the image loaded or not.
    const box = await broken.boundingBox();
    expect(box?.width).toBe(96);
    expect(box?.height).toBe(96);
  });

  test('a failing menu read shows its error in place and the header keeps working', async ({ page }) => {
    let fail = true;
    await page.route('**/api/diner/brasa-nunez/menu/**', (route) =>
      fail ? route.fulfill({ status: 500, body: '{"error":"x","message":"caído"}' }) : route.fallback(),
    );
    await page.goto('/menu/brasa-nunez/delivery');
    await expect(page.getByRole('alert')).toContainText('No pudimos cargar el menú.');
    await page.getByRole('button', { name: 'Ver horarios' }).click();
    await expect(page.getByRole('dialog', { name: 'Informacion' })).toBeVisible();
    await page.keyboard.press('Escape');
    fail = false;
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  });

  test('a failing menu customization falls back to the defaults (ordering §8)', async ({ page }) => {
    await page.route('**/api/menucustomization/**', (route) =>
      route.fulfill({ status: 500, body: '{"error":"x","message":"caído"}' }),
    );
    await page.goto('/menu/brasa-nunez/delivery');
    await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
    await expect(page.getByText('Miércoles de choripán 2x1')).toHaveCount(0);
  });
});

test.describe('closed branch, ordering disabled, blocked location', () => {
  test("closed with scheduling possible: 'Programa tu pedido' and 'Local cerrado, programa tu pedido.'", async ({
    page,
  }) => {
    await storefrontPrepare(page, { at: CLOSED_AT });
    await page.goto('/menu/brasa-nunez/delivery');
    const dialog = page.getByRole('dialog', { name: 'Programa tu pedido' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Ver el menú' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Local cerrado, programa tu pedido.' }),
    ).toBeVisible();
    await expect(page.locator('header.branch-header').getByText('Cerrado', { exact: true })).toBeVisible();
    // Items can still be added, for a scheduled order.
    await page.getByRole('link', { name: /Parrillada para dos/ }).click();
    await expect(
      page.getByRole('dialog', { name: 'Parrillada para dos' }).getByRole('button', { name: /Agregar/ }),
    ).toBeEnabled();
  });

  test("closed with nothing to schedule: 'Local cerrado' and 'Local cerrado.', and no ordering", async ({
    page,
  }) => {
    await storefrontPrepare(page, { at: CLOSED_AT });
    await page.goto('/menu/brasa-nunez/en-el-salon');
    const dialog = page.getByRole('dialog', { name: 'Local cerrado' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Ver horarios' }).click();
    await expect(page.getByRole('dialog', { name: 'Informacion' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('status').filter({ hasText: 'Local cerrado.' })).toHaveText('Local cerrado.');
    await page.getByRole('link', { name: /Parrillada para dos/ }).click();
    const plate = page.getByRole('dialog', { name: 'Parrillada para dos' });
    await expect(plate.getByText('Local cerrado.')).toBeVisible();
    await expect(plate.getByRole('button', { name: /Agregar/ })).toHaveCount(0);
    // The modal is shown once per visit of the mode, not on every page of it.
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test("a mode that takes no orders: 'Menú informativo. Pedidos deshabilitados.'", async ({
    page,
    request,
  }) => {
    await tenantImport(request, tenantVariant());
    await storefrontPrepare(page);
    await page.goto('/menu/solo-belgrano/take-away');
    await expect(page.getByText('Menú informativo. Pedidos deshabilitados.')).toBeVisible();
    await page.getByRole('link', { name: /Combo Fuego/ }).click();
    const plate = page.getByRole('dialog', { name: 'Combo Fuego' });
    await expect(plate.getByText('Menú informativo. Pedidos deshabilitados.')).toBeVisible();
    await expect(plate.getByRole('button', { name: /Agregar/ })).toHaveCount(0);
  });

  test('a location blocked by its commercial terms takes no orders', async ({ page, request }) => {
    await tenantImport(request, tenantVariant());
    await storefrontPrepare(page);
    await page.goto('/menu/solo-palermo/delivery');
    await expect(
      page.getByRole('status').filter({ hasText: 'Menú informativo. Pedidos deshabilitados.' }),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
