import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  addMoreInCart,
  addPlate,
  CABALLITO,
  CABALLITO_ADDRESS,
  checkoutKeepAddress,
  fillCustomer,
  sendButton,
  toCheckout,
} from '../support/checkout-flow';
import { expect, test } from '../support/fixtures';
import { expectNoSeriousA11yViolations } from '../support/storefront';

/**
 * The checkout as a person sees it, in light and dark: no serious or critical
 * axe violation (the form filled, and with its error messages showing), and
 * screenshots at phone (390 px) and desktop (1280 px) widths saved under
 * docs/screenshots/ for review.
 */

const screenshots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

for (const scheme of ['light', 'dark'] as const) {
  for (const viewport of viewports) {
    test(`checkout in ${scheme} at ${viewport.width} px: accessible, and its screenshot`, async ({
      page,
    }) => {
      // Two axe runs and a full-page screenshot after a cart of three plates: past 30 s on a loaded machine.
      test.setTimeout(60_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.emulateMedia({ colorScheme: scheme });
      await page.addInitScript((chosen) => localStorage.setItem('comanda.colorScheme', chosen), scheme);
      await checkoutKeepAddress(page, CABALLITO_ADDRESS);
      await addPlate(page, `${CABALLITO}/delivery-24-h/entradas`, 'Provoleta');
      await addMoreInCart(page, 'brasa-caballito', 'Provoleta', 2);
      await addPlate(page, `${CABALLITO}/delivery-24-h/bebidas`, 'Malbec de la casa');
      await toCheckout(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await expect(
        page.locator('.checkout-breakdown__row').filter({ hasText: 'Envío' }).getByRole('definition'),
      ).toHaveText(/1\.500/);

      // With the error messages showing (nothing filled yet)…
      await sendButton(page).click();
      await expect(
        page.locator('.field-error', { hasText: 'Debe ingresar su número de teléfono para continuar.' }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, `checkout with errors, ${scheme}, ${viewport.name}`);

      // …and filled in, as the screenshot shows it.
      await fillCustomer(page);
      await page.getByLabel('DNI', { exact: true }).fill('30.123.456');
      await page.getByLabel('¿Con cuánto vas a pagar?').fill('40000');
      await page.getByLabel('Notas del pedido').fill('Tocar timbre 3B');
      await expectNoSeriousA11yViolations(page, `checkout filled, ${scheme}, ${viewport.name}`);
      // The screenshot shows the page at rest: no focus ring, no toast, scrolled to the top.
      await page.getByLabel('Notas del pedido').blur();
      await expect(page.locator('.toasts').getByRole('alert')).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: path.join(screenshots, `checkout-${viewport.name}-${scheme}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    });
  }
}
