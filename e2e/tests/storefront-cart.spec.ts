import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ADDRESS_NUNEZ, storefrontKeepAddress, storefrontPrepare } from '../support/storefront';

// Page routes must see every request; the service worker is tested on its own.
test.use({ serviceWorkers: 'block' });
// A phone: the floating 'Ver mi pedido' leads to the cart page (from 1024 px the cart sits beside the menu instead:
// menu-desktop.spec.ts).
test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await storefrontPrepare(page);
});

/** Adds a plate without choices from a category page of the current mode. */
async function addPlate(page: Page, path: string, plate: string) {
  await page.goto(path);
  await page
    .getByRole('link', { name: new RegExp(plate) })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: plate });
  await dialog.getByRole('button', { name: /^Agregar/ }).click();
  await expect(dialog).toBeHidden();
}

test("cart page 'Mi pedido': lines, quantity, edit, delete, and the empty state", async ({ page }) => {
  await page.goto('/menu/brasa-nunez/preview');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi pedido' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al Menú' }).click();
  await expect(page).toHaveURL(/\/menu\/brasa-nunez$/);

  await addPlate(page, '/menu/brasa-nunez/delivery/entradas', 'Provoleta');
  await page.getByRole('link', { name: /Ver mi pedido/ }).click();
  await expect(page).toHaveURL(/\/menu\/brasa-nunez\/preview$/);
  const line = page.locator('.cart-line');
  await expect(line).toContainText('Provoleta');
  await expect(line).toContainText('$ 7.800');

  await page.getByRole('button', { name: 'Sumar uno de Provoleta' }).click();
  await expect(line.locator('output')).toHaveText('2');
  await expect(line).toContainText('$ 15.600');

  // Editing opens the plate with the line's choices; the line is replaced.
  await page.getByRole('button', { name: 'Editar Provoleta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Provoleta' });
  await dialog.getByRole('checkbox', { name: 'Provenzal' }).check();
  await dialog.getByRole('textbox', { name: 'Notas para la cocina' }).fill('Bien dorada');
  await dialog.getByRole('button', { name: /^Actualizar/ }).click();
  await expect(dialog).toBeHidden();
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Provenzal');
  await expect(line).toContainText('Nota: Bien dorada');
  await expect(line.locator('output')).toHaveText('2');

  await page.getByRole('button', { name: 'Eliminar Provoleta' }).click();
  await expect(page.locator('.cart-line')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Volver al Menú' })).toBeVisible();
});

test("the minimum-order progress: 'Suma … para llegar al mínimo', 'Suma … para tener envío gratis', '¡Tienes envío gratis!'", async ({
  page,
}) => {
  // Inside 'Núñez y Saavedra': minimum $ 10.000, free delivery from $ 40.000.
  await storefrontKeepAddress(page, ADDRESS_NUNEZ);
  await addPlate(page, '/menu/brasa-nunez/delivery/entradas', 'Provoleta');
  await page.goto('/menu/brasa-nunez/preview');
  const progress = page.locator('.progress');
  await expect(progress).toContainText('Suma $ 2.200 para llegar al mínimo');
  await expect(page.getByRole('progressbar', { name: 'Suma $ 2.200 para llegar al mínimo' })).toHaveAttribute(
    'aria-valuenow',
    '78',
  );
  // 'Continuar' shows only once the minimum is met.
  await expect(page.getByRole('link', { name: 'Continuar' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sumar uno de Provoleta' }).click();
  await expect(progress).toContainText('Suma $ 24.400 para tener envío gratis');
  await expect(page.getByRole('link', { name: 'Continuar' })).toHaveAttribute(
    'href',
    '/menu/brasa-nunez/checkout',
  );

  await addPlate(page, '/menu/brasa-nunez/delivery/parrilla', 'Parrillada para dos');
  await page.goto('/menu/brasa-nunez/preview');
  await expect(progress).toContainText('¡Tienes envío gratis!');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
});

test("'¡Llegaste al mínimo!' where the zone has a minimum and no free delivery", async ({ page }) => {
  // Inside 'Villa Crespo y alrededores' (a polygon, minimum $ 12.000, no free delivery) but outside 'Cercanía'.
  await storefrontKeepAddress(page, {
    fullAddress: 'Av. Scalabrini Ortiz 1800, CABA',
    street: 'Av. Scalabrini Ortiz',
    number: '1800',
    lat: -34.585,
    lng: -58.455,
  });
  await page.goto('/menu/brasa-villa-crespo/delivery');
  await page
    .getByRole('region', { name: 'Postres' })
    .getByRole('link', { name: /Tiramisú/ })
    .click();
  await expect(page).toHaveURL(/\/postres\/tiramisu$/);
  await page.getByRole('button', { name: 'Sumar una unidad' }).click();
  await page.getByRole('button', { name: /^Agregar/ }).click();
  await expect(page).toHaveURL(/\/menu\/brasa-villa-crespo\/delivery$/);
  await page.getByRole('link', { name: /Ver mi pedido/ }).click();
  // Two tiramisús with the menu's $ 500 off each: $ 9.800 of products, $ 2.200 short of the minimum.
  await expect(page.locator('.cart-summary')).toContainText('Descuentos-$ 1.000');
  await expect(page.locator('.cart-summary')).toContainText('Subtotal$ 9.800');
  const progress = page.locator('.progress');
  await expect(progress).toContainText('Suma $ 2.200 para llegar al mínimo');
  await page.getByRole('button', { name: 'Sumar uno de Tiramisú' }).click();
  await expect(progress).toContainText('¡Llegaste al mínimo!');
});

test("'Te recomendamos' offers the menu's upsell plates that are not in the cart yet", async ({ page }) => {
  await addPlate(page, '/menu/brasa-nunez/delivery/entradas', 'Provoleta');
  await page.goto('/menu/brasa-nunez/preview');
  const upsell = page.getByRole('region', { name: 'Te recomendamos' });
  await expect(upsell.getByRole('button')).toHaveText([/Flan casero con dulce de leche/, /Gaseosa 500 ml/]);
  await upsell.getByRole('button', { name: /Gaseosa 500 ml/ }).click();
  await page
    .getByRole('dialog', { name: 'Gaseosa 500 ml' })
    .getByRole('button', { name: /^Agregar/ })
    .click();
  await expect(page.locator('.cart-line')).toHaveCount(2);
  await expect(upsell.getByRole('button')).toHaveText([/Flan casero con dulce de leche/]);
  await page.getByRole('link', { name: 'Agregar más productos' }).click();
  await expect(page).toHaveURL(/\/menu\/brasa-nunez\/delivery$/);
});

test('the cart survives a reload and is kept per location', async ({ page }) => {
  await addPlate(page, '/menu/brasa-nunez/delivery/entradas', 'Provoleta');
  await page.reload();
  await expect(page.getByRole('link', { name: /Ver mi pedido/ })).toContainText('$ 7.800');
  await page.goto('/menu/brasa-nunez/preview');
  await expect(page.locator('.cart-line')).toContainText('Provoleta');

  // Another location starts empty (changing branch clears the cart) …
  await page.goto('/menu/brasa-caballito/delivery');
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Ver mi pedido/ })).toHaveCount(0);
});

test('with items, any mode change asks first, even to a mode with the same menu (ordering §4)', async ({
  page,
}) => {
  await addPlate(page, '/menu/brasa-nunez/delivery/entradas', 'Provoleta');
  const tabs = page.getByRole('navigation', { name: 'Modos de pedido' });
  const confirm = page.getByRole('dialog', {
    name: 'Si continuas, se borrarán los ítems agregados a tu pedido',
  });

  // 'Retiro en el local' shares the menu, and still the diner is asked; Cancelar keeps everything.
  await tabs.getByRole('link', { name: 'Retiro en el local' }).click();
  await expect(confirm).toContainText('¿Deseas continuar?');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/brasa-nunez\/delivery(\/entradas)?$/);
  await expect(page.getByRole('link', { name: /Ver mi pedido/ })).toContainText('$ 7.800');

  // Continuar changes the mode and empties the cart, as the dialog said.
  await tabs.getByRole('link', { name: 'Retiro en el local' }).click();
  await confirm.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/retiro-en-el-local$/);
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Ver mi pedido/ })).toHaveCount(0);

  // With the cart empty, a change goes straight through.
  await tabs.getByRole('link', { name: 'En el salón' }).click();
  await expect(page).toHaveURL(/\/en-el-salon$/);
  await expect(confirm).toHaveCount(0);

  // 'En el salón' has its own menu: asked too.
  await addPlate(page, '/menu/brasa-nunez/en-el-salon/entradas', 'Empanada de carne');
  await tabs.getByRole('link', { name: 'Delivery' }).click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/delivery$/);
  await expect(page.getByRole('link', { name: /Ver mi pedido/ })).toHaveCount(0);
});

test("changing location with items asks first ('Cambiar local')", async ({ page }) => {
  await addPlate(page, '/menu/brasa-nunez/delivery/entradas', 'Provoleta');
  await page.getByRole('link', { name: 'Cambiar local' }).click();
  await expect(page).toHaveURL(/\/menu\/brasa-parrilla$/);
  await page
    .getByRole('list', { name: 'Locales' })
    .getByRole('link', { name: /Brasa Caballito/ })
    .click();
  const confirm = page.getByRole('dialog', {
    name: 'Si continuas, se borrarán los ítems agregados a tu pedido',
  });
  await confirm.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/menu\/brasa-caballito#delivery-24-h$/);
  await page.goto('/menu/brasa-nunez/delivery');
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Ver mi pedido/ })).toHaveCount(0);
});
