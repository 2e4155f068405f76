import { createHmac } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import {
  addPlate,
  breakdown,
  CABALLITO,
  codeApply,
  fillCustomer,
  freshPhone,
  orderAnswer,
  sendButton,
  toCheckout,
  totalText,
} from '../support/checkout-flow';
import { expect, serverNow, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/storefront';

/**
 * An external-loyalty user of the demo partner 'beneficios-barrio' (ordering §5, §6, §7;
 * docs/decisions/015 and 030): the partner's app opens the storefront with a link carrying the
 * user's id and a token signed with the partner's secret. The token leaves the address at once,
 * the checkout shows and prices the benefit of lowest priority ('Vecino Plus', $ 1.500, over
 * 'Vecino del barrio', 10 %), and the server, which verifies the token again, accepts the same
 * total. A refused token is said in Spanish and the order goes at full price; a partner's user
 * keeps a discount code through a payment type change and cannot delete it.
 */

const PARTNER = 'beneficios-barrio';
/** The demo partner's secret (apps/api/src/tenant/demo-tenant.json). */
const SECRET = 'beneficios-barrio-secreto-de-demo';
const USER = 'vecino-42';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact HS256 JWT as the partner signs it: `sub` the external user id, `exp` seconds from the server's now. */
function partnerToken(expiresInSeconds: number, sub = USER): string {
  const now = Math.floor(serverNow().getTime() / 1000);
  const signed = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub, iat: now, exp: now + expiresInSeconds })}`;
  return `${signed}.${createHmac('sha256', SECRET).update(signed).digest('base64url')}`;
}

const partnerLink = (token: string) =>
  `${CABALLITO}/retiro?partner=${PARTNER}&externalUserId=${USER}&userToken=${encodeURIComponent(token)}`;

/** Opens the partner's link on the take-away menu: the token must be gone from the address at once. */
async function arriveWithLink(page: Page, token: string): Promise<void> {
  await page.goto(partnerLink(token));
  await expect(page.getByText('Lo más destacado')).toBeVisible();
  expect(page.url()).not.toContain('userToken');
  expect(page.url()).not.toContain(token);
  expect(page.url()).not.toContain(USER);
}

const row = (page: Page, name: string | RegExp) =>
  breakdown(page).locator('.checkout-breakdown__row').filter({ hasText: name });

test('the benefit of lowest priority is shown, priced and accepted by the server; the token never shows', async ({
  page,
}) => {
  const token = partnerToken(3600);
  await arriveWithLink(page, token);
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);

  await expect(page.getByRole('status').filter({ hasText: 'Beneficio aplicado: Vecino Plus' })).toBeVisible();
  await expect(row(page, 'Vecino Plus').getByRole('definition')).toHaveText(/-\$\s?1\.500/);
  await expect(row(page, 'Vecino del barrio')).toHaveCount(0);
  // $ 7.800 − $ 1.500.
  await expect(totalText(page)).toHaveText(/6\.300/);
  expect(page.url()).not.toContain(token);

  await fillCustomer(page, freshPhone());
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('10000');
  const answer = orderAnswer(page);
  const request = page.waitForRequest((r) => r.url().endsWith('/api/order') && r.method() === 'POST');
  await sendButton(page).click();
  const placed = await answer;
  expect(placed.status).toBe(201);
  expect(placed.sent).toMatchObject({ partnerName: PARTNER, userExternalReference: USER, price: 6300 });
  expect((await request).headers().authorization).toBe(`Bearer ${token}`);
  expect(placed.body).toMatchObject({ price: 6300 });

  // The follow-up reads the stored order: the partner's discount, as the server priced it.
  await expect(page).toHaveURL(/\/order\//);
  const stored = page.locator('.cart-summary div').filter({ hasText: 'Vecino Plus' });
  await expect(stored.getByRole('definition')).toHaveText(/1\.500/);
  expect(page.url()).not.toContain(token);
});

test('an expired token: a clear notice, and the order goes through at full price', async ({ page }) => {
  await arriveWithLink(page, partnerToken(-3600));
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);

  await expect(page.getByRole('alert').filter({ hasText: 'No pudimos verificar tu beneficio.' })).toHaveText(
    'No pudimos verificar tu beneficio. Puedes seguir con tu pedido sin él, o volver a ingresar desde la app de tu programa de beneficios.',
  );
  await expect(row(page, /Vecino/)).toHaveCount(0);
  await expect(totalText(page)).toHaveText(/7\.800/);

  await fillCustomer(page, freshPhone());
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('10000');
  const answer = orderAnswer(page);
  await sendButton(page).click();
  const placed = await answer;
  expect(placed.status).toBe(201);
  expect(placed.sent).toMatchObject({ price: 7800 });
  expect(placed.sent).not.toHaveProperty('partnerName');
  await expect(page).toHaveURL(/\/order\//);
});

test("a partner's user keeps the discount code: it cannot be removed and survives a payment type change", async ({
  page,
}) => {
  await arriveWithLink(page, partnerToken(3600));
  await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
  await toCheckout(page);
  await expect(row(page, 'Vecino Plus')).toBeVisible();
  await fillCustomer(page, freshPhone());
  const dialog = await codeApply(page, 'PROVOLETA');
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialog).toBeHidden();

  const code = row(page, 'Código de descuento (PROVOLETA)');
  await expect(code).toBeVisible();
  await expect(page.getByRole('button', { name: 'Eliminar código' })).toHaveCount(0);
  // $ 7.800 − $ 1.500 (the code) − $ 1.500 (Vecino Plus).
  await expect(totalText(page)).toHaveText(/4\.800/);

  await page.getByRole('radio', { name: 'Tarjeta online' }).click();
  await expect(page.getByRole('radio', { name: 'Tarjeta online' })).toBeChecked();
  await expect(
    page.getByRole('dialog', { name: 'Si cambias el medio de pago se borrará el código de descuento' }),
  ).toHaveCount(0);
  await expect(code).toBeVisible();

  await page.getByRole('radio', { name: 'Efectivo' }).click();
  await expect(code).toBeVisible();
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('5000');
  const answer = orderAnswer(page);
  await sendButton(page).click();
  const placed = await answer;
  expect(placed.status).toBe(201);
  expect(placed.sent).toMatchObject({ codeDiscount: 'PROVOLETA', partnerName: PARTNER, price: 4800 });
});

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

for (const scheme of ['light', 'dark'] as const) {
  for (const viewport of viewports) {
    test(`checkout with the partner's benefit, then a refused token, in ${scheme} at ${viewport.width} px: accessible, and screenshots`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.addInitScript((chosen) => localStorage.setItem('comanda.colorScheme', chosen), scheme);
      await arriveWithLink(page, partnerToken(3600));
      await addPlate(page, `${CABALLITO}/retiro/entradas`, 'Provoleta');
      await toCheckout(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await expect(row(page, 'Vecino Plus')).toBeVisible();
      await fillCustomer(page);
      const dialog = await codeApply(page, 'PROVOLETA');
      await dialog.getByRole('button', { name: 'Continuar' }).click();
      await expect(dialog).toBeHidden();
      await page.getByLabel('¿Con cuánto vas a pagar?').fill('5000');
      await expectNoSeriousA11yViolations(
        page,
        `checkout with a partner's benefit, ${scheme}, ${viewport.name}`,
      );
      await page.getByLabel('¿Con cuánto vas a pagar?').blur();
      await expect(page.locator('.toasts').getByRole('alert')).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: path.join(screenshots, `checkout-partner-benefit-${viewport.name}-${scheme}.png`),
        fullPage: true,
        animations: 'disabled',
      });

      // The same cart, come back through a link whose token has expired: the notice instead.
      await arriveWithLink(page, partnerToken(-3600));
      await toCheckout(page);
      await expect(
        page.getByRole('alert').filter({ hasText: 'No pudimos verificar tu beneficio.' }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(
        page,
        `checkout with a refused partner token, ${scheme}, ${viewport.name}`,
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: path.join(screenshots, `checkout-partner-refused-${viewport.name}-${scheme}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    });
  }
}
