import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { screenshotsBothSchemes } from '../support/screenshots';
import { storefrontPrepare } from '../support/storefront';
import { brasaOwnerToken, orderDeliveredAndRated } from '../support/survey-rating';

/**
 * The location's survey average on the storefront (ordering §9 "NPS average:
 * shown with one decimal when the threshold is reached"; ADR 031, 042): on the
 * branch screen's location card and in the menu's header, once the location
 * has its threshold of ratings; none before. Ratings are given as diners give
 * them (an order delivered, then the public survey call) at Brasa Villa Crespo,
 * which console-nps.spec.ts rates too, so the figure shown is compared with the API's.
 */
test.use({ serviceWorkers: 'block' });

const ALIAS = 'brasa-villa-crespo';
const BRANCH = 'brasa-pizzeria';

async function npsAvgOf(request: APIRequestContext): Promise<number | null> {
  const entity = await (await request.get(`/api/diner/${ALIAS}`)).json();
  return entity.branchContact.deliveryConfig.npsAvg;
}

async function cardNpsAvgOf(request: APIRequestContext): Promise<number | null | undefined> {
  const entity = await (await request.get(`/api/diner/${BRANCH}`)).json();
  return entity.branchContacts.find((contact: { alias: string }) => contact.alias === ALIAS)?.deliveryConfig
    .npsAvg;
}

test('the average shows with one decimal on the location card and the menu header once reached', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await storefrontPrepare(page);
  const rating = page.getByRole('img', { name: /^Calificación de los clientes/ });

  const before = await npsAvgOf(request);
  if (before === null) {
    // Under the threshold the storefront shows no figure.
    await page.goto(`/menu/${ALIAS}/delivery`);
    await expect(page.getByRole('heading', { level: 1, name: 'Brasa Pizzería Villa Crespo' })).toBeVisible();
    await expect(rating).toHaveCount(0);
    const token = await brasaOwnerToken(request);
    const branchContactId = (await (await request.get(`/api/diner/${ALIAS}`)).json()).branchContact.id;
    for (const general of [5, 5, 4, 5, 4])
      await orderDeliveredAndRated(request, { alias: ALIAS, token, branchContactId }, { general });
  }
  // A rating bumps no content version: the cached reads show it once their entry expires (60 s, ADR 039).
  await expect.poll(() => npsAvgOf(request), { timeout: 75_000, intervals: [2_000] }).not.toBeNull();
  await expect.poll(() => cardNpsAvgOf(request), { timeout: 75_000, intervals: [2_000] }).not.toBeNull();
  const average = (await npsAvgOf(request)) as number;
  // One decimal, decimal comma: 4.6 → '4,6', 5 → '5,0'.
  const text = average.toLocaleString('es-AR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  await page.goto(`/menu/${ALIAS}/delivery`);
  const header = page.locator('.branch-header');
  await expect(
    header.getByRole('img', { name: `Calificación de los clientes (de 1 a 5): ${text}` }),
  ).toHaveText(`★ ${text}`);
  await screenshotsBothSchemes(page, 'storefront-nps-menu-header');

  await page.goto(`/menu/${BRANCH}`);
  const card = page
    .getByRole('list', { name: 'Locales' })
    .getByRole('link', { name: /Brasa Pizzería Villa Crespo/ });
  await expect(
    card.getByRole('img', { name: `Calificación de los clientes (de 1 a 5): ${text}` }),
  ).toHaveText(`★ ${text}`);
  await screenshotsBothSchemes(page, 'storefront-nps-location-card');
});
