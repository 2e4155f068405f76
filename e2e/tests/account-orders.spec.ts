import { takeAwayOrderPlace } from '../support/account-orders';
import { dinerSignIn } from '../support/diner-sign-in';
import { expect, test } from '../support/fixtures';
import { storefrontPrepare } from '../support/storefront';

// 'Mis pedidos' and 'Mis Brasitas' (ordering §2, §7; issue 11) against the built app and the demo
// tenant: the demo customer Sofía Benítez signs in with the code, finds the order she placed,
// opens its follow-up, repeats it into the cart, and reads her points history.

const SOFIA = { typed: '9 11 5555-2020', phone: '+5491155552020', name: 'Sofía Benítez' };

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page }) => {
  // The browser's clock pinned at the instant the server's clock starts (support/fixtures.ts).
  await storefrontPrepare(page);
});

test("Sofía finds her order in 'Mis pedidos', opens its follow-up and repeats it into the cart", async ({
  page,
  request,
}) => {
  const placed = await takeAwayOrderPlace(request, {
    alias: 'brasa-nunez',
    phone: SOFIA.phone,
    customerName: SOFIA.name,
    quantity: 4,
  });
  await page.goto('/menu/brasa-nunez/delivery');
  const menu = await dinerSignIn(page, SOFIA.typed, SOFIA.name);

  await menu.getByRole('button', { name: 'Mis pedidos' }).click();
  const orders = page.getByRole('dialog', { name: 'Mis pedidos' });
  const item = orders.locator('.account-order').filter({ hasText: `Pedido ${placed.code}` });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Retiro en el local');
  await expect(item).toContainText('Pedido recibido');
  await expect(item).toContainText(`4 × ${placed.plateName}`);
  await expect(item.locator('.account-order__total')).toHaveText(/^\$ [\d.]+$/);

  await item.getByRole('link', { name: `Ver el pedido ${placed.code}` }).click();
  await expect(page).toHaveURL(new RegExp(`/menu/brasa-nunez/order/${placed.code}$`));
  await expect(page.getByRole('dialog', { name: 'Mis pedidos' })).toHaveCount(0);

  await page.goto('/menu/brasa-nunez/delivery');
  await page.getByRole('banner').getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('dialog', { name: 'Mi cuenta' }).getByRole('button', { name: 'Mis pedidos' }).click();
  await page
    .getByRole('dialog', { name: 'Mis pedidos' })
    .locator('.account-order')
    .filter({ hasText: `Pedido ${placed.code}` })
    .getByRole('button', { name: `Repetir pedido ${placed.code}` })
    .click();
  await expect(page).toHaveURL(/\/menu\/brasa-nunez\/preview$/);
  await expect(page.getByRole('heading', { name: 'Mi pedido' })).toBeVisible();
  const units = await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('comanda.cart@brasa') ?? '{}');
    return (stored.cart?.items ?? []).reduce(
      (sum: number, line: { quantity: number }) => sum + line.quantity,
      0,
    );
  });
  expect(units).toBe(4);
});

test("'PEDIDO EN CURSO' follows Sofía, not the browser: an order placed elsewhere shows once she signs in", async ({
  page,
  request,
}) => {
  // Placed from another device: this browser keeps nothing of it.
  const placed = await takeAwayOrderPlace(request, {
    alias: 'brasa-nunez',
    phone: SOFIA.phone,
    customerName: SOFIA.name,
    quantity: 1,
  });
  await page.goto('/menu/brasa-nunez/delivery');
  const header = page.locator('header.branch-header');
  await expect(header.getByRole('heading', { level: 1, name: 'Brasa Núñez' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'PEDIDO EN CURSO' })).toHaveCount(0);

  const menu = await dinerSignIn(page, SOFIA.typed, SOFIA.name);
  await menu.getByRole('button', { name: 'Cerrar' }).first().click();
  await page.goto('/menu/brasa-nunez/delivery');
  const entry = header.getByRole('link', { name: 'PEDIDO EN CURSO' });
  await expect(entry).toBeVisible();
  // Her newest order in progress (other files may have placed more for her since).
  const href = await entry.getAttribute('href');
  expect(href).toMatch(/^\/menu\/brasa-nunez\/order\/[A-Z0-9]{12}$/);
  const newest = await request.get(`/api/diner/order/${href?.split('/').pop()}`);
  expect(Date.parse((await newest.json()).orderedAt)).toBeGreaterThanOrEqual(
    Date.parse((await (await request.get(`/api/diner/order/${placed.code}`)).json()).orderedAt),
  );
  await entry.click();
  await expect(page).toHaveURL(/\/menu\/brasa-nunez\/order\/[A-Z0-9]{12}$/);
});

test("Sofía reads 'Mis Brasitas': welcome, balance and the Pedidos / Puntos / Saldo history", async ({
  page,
}) => {
  await page.goto('/menu/brasa-nunez/delivery');
  const menu = await dinerSignIn(page, SOFIA.typed, SOFIA.name);
  await menu.getByRole('button', { name: 'Mis Brasitas' }).click();
  const modal = page.getByRole('dialog', { name: 'Mis Brasitas' });
  await expect(modal.locator('.account-balance')).toContainText('3.500 Brasitas');
  await expect(modal.getByRole('columnheader')).toHaveText(['Pedidos', 'Puntos', 'Saldo']);
  await expect(modal.getByRole('row').nth(1)).toBeVisible();
  // The last row is where the balance started: its 'Saldo' is its 'Puntos'.
  const last = modal.getByRole('row').last();
  const [points, balance] = [
    await last.getByRole('cell').nth(1).textContent(),
    await last.getByRole('cell').nth(2).textContent(),
  ];
  expect(points?.replace('+', '')).toBe(balance);
  await expect(modal.getByRole('button', { name: 'Canjear Brasitas' })).toBeVisible();
});
