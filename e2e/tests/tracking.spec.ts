import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from '@playwright/test';
import { e2eServer, expect, serverNow, test } from '../support/fixtures';
import { LUCAS, riderApiShift, VALENTINA } from '../support/rider';
import { deliveryCodeOf } from '../support/rider-orders';
import { expectNoSeriousA11yViolations } from '../support/storefront';
import {
  realtimeSwitch,
  riderReport,
  shipmentMoveAs,
  tilesLocal,
  trackedDelivery,
  trackingPath,
  trackingRead,
} from '../support/tracking';

/**
 * The customer's live tracking (issue 10) against the real server: the
 * rider's reports move the marker and the estimate on an open page, a dropped
 * realtime connection falls back to polling and comes back, the delivery code
 * dialog shows once, a delivered shipment stops updating, and an unknown code
 * is the catch-all page. Screenshots of the page go to docs/screenshots/.
 */

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

async function trackingPage(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {},
) {
  const viewport = options.viewport ?? { width: 390, height: 844 };
  const context = await browser.newContext({
    baseURL: e2eServer().baseUrl,
    viewport,
    isMobile: viewport.width < 720,
    hasTouch: viewport.width < 720,
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: 'block',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
  });
  await tilesLocal(context);
  const realtime = await realtimeSwitch(context);
  const page = await context.newPage();
  await page.clock.setSystemTime(serverNow());
  return { context, page, realtime };
}

/** The rider marker's place on screen relative to the branch's (both move together when the map pans). */
async function riderOffset(page: Page): Promise<{ x: number; y: number } | null> {
  const rider = await page.locator('.tracking-marker--rider').boundingBox();
  const branch = await page.locator('.tracking-marker--branch').boundingBox();
  return rider && branch ? { x: Math.round(rider.x - branch.x), y: Math.round(rider.y - branch.y) } : null;
}

const live = (page: Page): Locator => page.getByTestId('tracking-live');

test.describe.configure({ mode: 'serial' });

test('the rider moves on the open page, the estimate follows, polling covers a dropped connection, the code shows once, and delivery ends it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const delivery = await trackedDelivery(request, LUCAS, 'Tracking Live');
  const code = await deliveryCodeOf(request, delivery.order);
  const { context, page, realtime } = await trackingPage(browser);

  // Far from the destination first: an estimate from there.
  await riderReport(request, delivery, { lat: -34.585, lng: -58.44 });
  await page.goto(trackingPath(delivery.order.code));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pedido ${delivery.order.code}`);

  // The code dialog, once.
  const dialog = page.getByRole('dialog', { name: 'Comparte la clave' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(code);
  await expect(dialog).toContainText('¡Espera a recibir el pedido para compartirla!');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId('tracking-status')).toHaveText('Tu pedido va en camino');
  await expect(page.getByTestId('tracking-rider')).toHaveText(LUCAS.name);
  await expect(page.getByRole('link', { name: `Llamar a ${LUCAS.name}` })).toHaveAttribute(
    'href',
    `tel:${LUCAS.e164}`,
  );
  await expect(page.getByTestId('tracking-code')).toHaveText(code);
  await expect(live(page)).toHaveText('En vivo');
  await expect(page.locator('.tracking-marker--rider')).toBeVisible();
  await expect(page.locator('.tracking-marker--destination')).toBeVisible();
  const eta = page.getByTestId('tracking-eta');
  await expect(eta).toHaveText(/^Entrega estimada: \d{2}:\d{2}–\d{2}:\d{2}$/);
  const etaFar = await eta.textContent();
  const far = await riderOffset(page);
  await expectNoSeriousA11yViolations(page, 'tracking page');

  // Live: the next report moves the marker and brings the estimate forward, without a reload.
  await page.waitForTimeout(2100);
  await riderReport(request, delivery, { lat: -34.5545, lng: -58.4635 });
  await expect.poll(() => riderOffset(page)).not.toEqual(far);
  await expect(eta).not.toHaveText(etaFar ?? '');
  await expect(page.locator('.tracking-marker--rider')).not.toHaveClass(/tracking-marker--stale/);
  // Brasa's own colours are dark; the diner may switch (and the page is readable both ways).
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.waitForTimeout(1200);
  await page.screenshot({ path: path.join(screenshots, 'tracking-phone-dark.png') });
  await page.getByRole('button', { name: 'Usar colores claros' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.screenshot({ path: path.join(screenshots, 'tracking-phone-light.png') });
  await expectNoSeriousA11yViolations(page, 'tracking page, light');

  // The realtime connection drops: the page says so and keeps itself current by reading.
  const near = await riderOffset(page);
  realtime.cut();
  await expect(live(page)).toHaveText('Actualizando cada pocos segundos', { timeout: 10_000 });
  await riderReport(request, delivery, { lat: -34.5538, lng: -58.4628 });
  await expect.poll(() => riderOffset(page), { timeout: 15_000 }).not.toEqual(near);
  // Back: live again, and polling stops. After a long cut Socket.IO's backoff waits up to 7.5 s
  // (reconnectionDelayMax 5 s, ± half) before its next try; the handshake and the join follow.
  realtime.restore();
  await expect(live(page)).toHaveText('En vivo', { timeout: 30_000 });

  // Reloaded: the dialog does not come back for this order.
  await page.reload();
  await expect(live(page)).toHaveText('En vivo');
  await expect(page.getByTestId('tracking-code')).toHaveText(code);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Delivered: the page says so, the code and the rider go, and nothing follows the rider any more.
  await shipmentMoveAs(request, delivery, LUCAS, 'DELIVERED', code);
  await expect(page.getByTestId('tracking-status')).toHaveText('Pedido entregado');
  await expect(page.getByText('Clave de entrega')).toHaveCount(0);
  await expect(page.locator('.tracking-marker--rider')).toHaveCount(0);
  await expect(live(page)).toHaveCount(0);
  await expect(page.getByTestId('tracking-eta')).toHaveCount(0);
  await page.waitForTimeout(2100);
  await riderReport(request, delivery, { lat: -34.56, lng: -58.47 });
  await page.waitForTimeout(1500);
  await expect(page.locator('.tracking-marker--rider')).toHaveCount(0);
  const after = await trackingRead(request, delivery.order.code);
  expect(after.rider).toBeNull();
  expect(after.eta).toBeNull();
  expect(after.securityCode).toBeNull();
  await riderApiShift(request, LUCAS, false);
  await context.close();
});

test('desktop: the panel beside the map, waiting for a rider', async ({ browser, request }) => {
  const delivery = await trackedDelivery(request, VALENTINA, 'Tracking Desktop', 'LOOKING_FOR_DRIVER');
  const { context, page } = await trackingPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(trackingPath(delivery.order.code));
  await page.getByRole('dialog').getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByTestId('tracking-status')).toHaveText('Buscando repartidor');
  await expect(page.getByTestId('tracking-rider')).toHaveText('Sin repartidor');
  await expect(page.getByRole('link', { name: /Llamar a/ })).toHaveCount(0);
  await expect(page.getByTestId('tracking-eta')).toHaveCount(0);
  await expect(page.locator('.tracking-marker--branch')).toBeVisible();
  await expect(live(page)).toHaveText('En vivo');
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(screenshots, 'tracking-desktop-dark.png') });
  // Keyboard: the skip link first, then the panel's controls in reading order.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Saltar al seguimiento' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Usar colores claros' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Actualizar' })).toBeFocused();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: path.join(screenshots, 'tracking-desktop-light.png') });
  await expectNoSeriousA11yViolations(page, 'tracking page, desktop');
  await riderApiShift(request, VALENTINA, false);
  await context.close();
});

test('an unknown order code shows the catch-all page', async ({ page }) => {
  await page.goto(trackingPath('ZZZZ9999ZZZZ'));
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await page.goto(trackingPath('ZZZZ9999ZZZZ', 'no-such-alias'));
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
});
