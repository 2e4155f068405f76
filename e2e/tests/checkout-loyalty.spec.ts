import {
  addPlate,
  demoTenantAs,
  errorToast,
  orderPlaced,
  phoneInput,
  sendButton,
  toCheckout,
} from '../support/checkout-flow';
import { dinerSignIn } from '../support/diner-sign-in';
import { expect, test } from '../support/fixtures';
import { storefrontPrepare, tenantImport } from '../support/storefront';

/**
 * Redeeming points in the checkout (ordering §2 'Canjear {name}', §5 "Loyalty
 * redeem", §8), against the built app and the server's clock (Friday 21:00,
 * every demo mode open). The demo is imported under its own company ('lena')
 * with a maximum of 3000 Brasitas per order, so Sofía Benítez (3500 Brasitas)
 * can meet all four limits on one order and spending her points here leaves
 * the demo's balance to the other tests.
 */
const SOFIA = { typed: '9 11 5555-2020', e164: '+5491155552020', name: 'Sofía Benítez' };
const CONTACT = 'lena-caballito';

const loyaltyTenant = () =>
  demoTenantAs('lena', (tenant) => {
    for (const branch of tenant.branches as unknown as { loyaltyProgram?: { maxRedeemedPoints?: number } }[])
      if (branch.loyaltyProgram) branch.loyaltyProgram.maxRedeemedPoints = 3000;
  });

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page }) => {
  await storefrontPrepare(page);
});

test("a signed-in diner redeems Brasitas within every limit, sees each limit's message, and the order carries them", async ({
  page,
  request,
}) => {
  await tenantImport(request, loyaltyTenant());
  await addPlate(page, `/menu/${CONTACT}/retiro/entradas`, 'Provoleta');
  await dinerSignIn(page, SOFIA.typed, SOFIA.name);
  await page.keyboard.press('Escape');
  await toCheckout(page, CONTACT);

  // Signed in: the name and the session's phone are filled in.
  await expect(page.getByLabel('Nombre')).toHaveValue(SOFIA.name);
  await expect(phoneInput(page)).toHaveValue('+54 9 11 5555 2020');

  const card = page.locator('.checkout-loyalty');
  await expect(card.getByText('Tienes 3.500 Brasitas')).toBeVisible();
  await card.getByRole('checkbox', { name: 'Canjear Brasitas' }).check();
  const points = card.getByLabel('Brasitas a canjear');
  // The default amount: the least of the balance (3500), the maximum (3000) and 30% of this order.
  const offered = Number(await points.inputValue());
  expect(offered).toBeGreaterThanOrEqual(500);
  expect(offered).toBeLessThan(3000);

  const refusal = async (typed: number, message: string) => {
    await points.fill(String(typed));
    await expect(card.locator('.field-error')).toHaveText(message);
    await expect(points).toHaveAttribute('aria-invalid', 'true');
  };
  await refusal(3600, 'El máximo de Brasitas acumulados es: 3500');
  await refusal(3200, 'El máximo de Brasitas canjeable es: 3000');
  await refusal(400, 'El mínimo de Brasitas canjeable es: 500');
  await refusal(offered + 1, `El máximo de Brasitas utilizable para este pedido es: ${offered}`);
  // Points beyond a limit are not sent: the message says why.
  const email = page.getByLabel('Email');
  if (await email.count()) await email.fill('sofia@correo.example');
  await page.getByLabel('¿Con cuánto vas a pagar?').fill('50000');
  await sendButton(page).click();
  await expect(
    errorToast(page, `El máximo de Brasitas utilizable para este pedido es: ${offered}`),
  ).toBeVisible();

  // Within every limit: the breakdown takes them off the total.
  const total = async () => page.locator('.checkout-breakdown__total dd').textContent();
  const before = await total();
  await points.fill('1000');
  await expect(card.locator('.field-error')).toHaveCount(0);
  const line = page.locator('.checkout-breakdown__row').filter({ hasText: '1.000 Brasitas' });
  await expect(line.locator('dd')).toHaveText(/^-\$\s?1\.000$/);
  await expect.poll(total).not.toBe(before);

  const placed = orderPlaced(page);
  await sendButton(page).click();
  const response = await placed;
  expect(response.status(), await response.text()).toBe(201);
  const sent = response.request().postDataJSON();
  expect(sent).toMatchObject({
    phone: SOFIA.e164,
    loyaltyInfo: { redeemedPoints: 1000 },
    acquisitionChannel: 'DIRECT',
  });
  expect(typeof sent.optIn).toBe('boolean');
  expect(response.request().headers()['x-customer-session']).toMatch(/.{16,}/);

  // The follow-up shows the points redeemed and those the order will earn.
  const { code } = (await response.json()) as { code: string };
  await expect(page).toHaveURL(new RegExp(`/menu/${CONTACT}/order/${code}$`));
  const facts = page.locator('.follow-facts');
  await expect(facts).toContainText('Puntos canjeados1.000');
  await expect(facts).toContainText('Puntos a ganar');
});

test('a phone other than the session’s cannot redeem, and the box says why', async ({ page, request }) => {
  await tenantImport(request, loyaltyTenant());
  await addPlate(page, `/menu/${CONTACT}/retiro/entradas`, 'Provoleta');
  await dinerSignIn(page, SOFIA.typed, SOFIA.name);
  await page.keyboard.press('Escape');
  await toCheckout(page, CONTACT);
  const card = page.locator('.checkout-loyalty');
  await expect(card.getByRole('checkbox', { name: 'Canjear Brasitas' })).toBeVisible();
  await phoneInput(page).fill('11 5555 1234');
  await expect(
    card.getByText('Para canjear Brasitas, usa el teléfono con el que iniciaste sesión.'),
  ).toBeVisible();
  await expect(card.getByRole('checkbox')).toHaveCount(0);
});
