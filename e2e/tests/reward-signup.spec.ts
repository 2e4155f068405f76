import type { APIRequestContext, Page } from '@playwright/test';
import { demoTenantAs } from '../support/checkout-flow';
import { dinerSignIn } from '../support/diner-sign-in';
import { expect, test } from '../support/fixtures';
import { storefrontPrepare, tenantImport } from '../support/storefront';

// The loyalty reward sign-up (ordering §2, §5 "Loyalty reward sign-up", §8; ADRs 027, 029) against the
// built app and the demo tenant: a venue's link `/menu/{location}?reward={id}` opens it over the
// location's page. The demo offers 'bienvenida' (1500 Brasitas) at Brasa Núñez and has an inactive
// 'cumpleanos'.

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page }) => {
  await storefrontPrepare(page);
});

/**
 * A reward's id, found through the public read (`GET /api/loyalty-reward/{id}` answers only offered
 * rewards, and no call lists them): the one with these points at the location, or its branch's.
 */
async function rewardIdOf(
  request: APIRequestContext,
  alias: string,
  points: number,
  offeredAt: 'location' | 'branch',
): Promise<number> {
  const entity = await (await request.get(`/api/diner/${alias}`)).json();
  const contact = entity.branchContact as { id: number; branch: { id: number } };
  const wanted = offeredAt === 'location' ? contact.id : null;
  for (let id = 1; id <= 200; id++) {
    const answer = await request.get(`/api/loyalty-reward/${id}`);
    if (!answer.ok()) continue;
    const reward = await answer.json();
    if (
      reward.reward === points &&
      reward.branchId === contact.branch.id &&
      reward.branchContactId === wanted
    )
      return id;
  }
  throw new Error(`No reward of ${points} points is offered at ${alias}`);
}

/** A Buenos Aires mobile no test has used: the reward is credited once per phone, retries included. */
function freshMobile(): string {
  const tail = String(Date.now() % 10_000).padStart(4, '0');
  return `9 11 6${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}-${tail}`;
}

const modalOf = (page: Page) => page.getByRole('dialog', { name: 'Recibe tu premio' });

async function signUp(page: Page, form: { name: string; phone: string; email: string }) {
  const modal = modalOf(page);
  await modal.getByLabel('Nombre', { exact: true }).fill(form.name);
  await modal.getByLabel('Teléfono', { exact: true }).fill(form.phone);
  await modal.getByLabel('Email', { exact: true }).fill(form.email);
  await modal.getByRole('button', { name: 'Recibir premio' }).click();
}

test('a venue’s link offers 1.500 Brasitas once: refused fields, credited, refused again, and the points are there', async ({
  page,
  request,
}) => {
  const id = await rewardIdOf(request, 'brasa-nunez', 1500, 'location');
  await page.goto(`/menu/brasa-nunez?source=qr-mesa&reward=${id}`);
  await expect(page.getByRole('heading', { name: 'Brasa Núñez', level: 1 })).toBeVisible();
  const modal = modalOf(page);
  await expect(modal).toBeVisible();
  await expect(modal.locator('.account-reward')).toHaveText('Te regalamos1.500 Brasitas');
  // Read once: the address keeps the other parameters, not the reward.
  await expect(page).toHaveURL(/\/menu\/brasa-nunez\?source=qr-mesa$/);

  // Nothing filled: each field's message from the spec, nothing sent.
  let sent = 0;
  page.on('request', (sending) => {
    if (sending.method() === 'POST' && sending.url().includes('/loyalty-reward/')) sent += 1;
  });
  await modal.getByRole('button', { name: 'Recibir premio' }).click();
  await expect(modal.getByText('El número de teléfono es invalido')).toBeVisible();
  await expect(modal.getByText('Debe completar todos los campos para continuar')).toHaveCount(2);
  await expect(modal.getByLabel('Nombre', { exact: true })).toBeFocused();
  await modal.getByLabel('Teléfono', { exact: true }).fill('11 12');
  await modal.getByRole('button', { name: 'Recibir premio' }).click();
  await expect(modal.getByText('El número de teléfono es invalido')).toBeVisible();
  expect(sent).toBe(0);

  // Valid, with a phone the venue has never seen: credited, with the link's source as the channel.
  const phone = freshMobile();
  const lucia = { name: 'Lucía Premio', phone, email: 'lucia.premio@example.com' };
  const posted = page.waitForRequest((sending) => sending.method() === 'POST');
  await signUp(page, lucia);
  expect((await posted).postDataJSON()).toMatchObject({
    name: lucia.name,
    email: lucia.email,
    loyaltyRewardId: id,
    acquisitionChannel: 'qr-mesa',
  });
  await expect(modal.getByText('¡Listo! Sumaste 1.500 Brasitas.')).toBeVisible();
  await modal.getByRole('button', { name: 'Continuar' }).click();
  await expect(modal).toBeHidden();

  // A reload of the address now shown does not offer it again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Brasa Núñez', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(modalOf(page)).toHaveCount(0);

  // The venue's link again, the same phone: the spec's refusal, and the form stays.
  await page.goto(`/menu/brasa-nunez?reward=${id}`);
  await signUp(page, lucia);
  await expect(modal.locator('.notice')).toHaveText('Ya ha canjeado este premio');
  await expect(modal.getByLabel('Teléfono', { exact: true })).toHaveValue(phone);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // Signed in as that phone: 1.500 Brasitas, from one 'Premio' row (credited once).
  const menu = await dinerSignIn(page, phone, lucia.name);
  await menu.getByRole('button', { name: 'Mis Brasitas' }).click();
  const points = page.getByRole('dialog', { name: 'Mis Brasitas' });
  await expect(points.locator('.account-balance')).toContainText('1.500 Brasitas');
  await expect(points.getByRole('row')).toHaveCount(2);
  await expect(points.getByRole('row').nth(1).getByRole('cell')).toHaveText([/^Premio/, '+1.500', '1.500']);
});

test('a branch’s link passes the reward on to the location the diner picks', async ({ page, request }) => {
  const id = await rewardIdOf(request, 'brasa-nunez', 1500, 'location');
  await page.goto(`/menu/brasa-parrilla?reward=${id}`);
  await expect(page.getByRole('heading', { name: 'Brasa Parrilla', level: 1 })).toBeVisible();
  await expect(modalOf(page)).toHaveCount(0);
  await page
    .getByRole('link', { name: /Brasa Núñez/ })
    .first()
    .click();
  await expect(modalOf(page).locator('.account-reward')).toHaveText('Te regalamos1.500 Brasitas');
  await expect(page).toHaveURL(/\/menu\/brasa-nunez(#.*)?$/);
});

test('an unknown or an inactive reward: the API’s message and no form', async ({ page, request }) => {
  await page.goto('/menu/brasa-nunez?reward=999999');
  const modal = modalOf(page);
  await expect(modal.getByRole('alert')).toHaveText('No existe el premio 999999');
  await expect(modal.getByLabel('Nombre', { exact: true })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Ver el menú' }).click();
  await expect(modal).toBeHidden();

  // The demo under a company of its own: 'cumpleanos' active long enough to learn its id, then not.
  const withBirthday = (active: boolean) =>
    demoTenantAs('premio', (tenant) => {
      for (const branch of tenant.branches as unknown as {
        loyaltyRewards?: { key: string; active: boolean }[];
      }[])
        for (const reward of branch.loyaltyRewards ?? [])
          if (reward.key === 'cumpleanos') reward.active = active;
    });
  await tenantImport(request, withBirthday(true));
  const inactive = await rewardIdOf(request, 'premio-nunez', 3000, 'branch');
  await tenantImport(request, withBirthday(false));
  await page.goto(`/menu/premio-nunez?reward=${inactive}`);
  await expect(modal.getByRole('alert')).toHaveText(`No existe el premio ${inactive}`);
  await expect(modal.getByLabel('Nombre', { exact: true })).toHaveCount(0);
});
