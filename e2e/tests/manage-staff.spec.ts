import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { DEMO_OWNER, MANAGE_SIZES, manageOpen, staffDevicePage } from '../support/manage';

/**
 * 'Equipo' (issue 19, ADR 056): the OWNER invites a staff member for one
 * location, hands over the one-time link, the person chooses a password on
 * /console/clave and lands in the console seeing only that location; the
 * OWNER removes access and the person's next action returns them to the login.
 */
test.use({ serviceWorkers: 'block' });
// Two browsers, axe and fourteen screenshots: longer than a single-screen test.
test.setTimeout(120_000);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const docs = path.join(root, 'docs/screenshots');
const CABALLITO = 'Brasa Caballito (24 horas)';
const SIZES = MANAGE_SIZES;

async function context(browser: Browser, options: { clipboard?: boolean } = {}) {
  const page = await staffDevicePage(browser, options);
  return { context: page.context(), page };
}

async function ownerTeam(page: Page) {
  await manageOpen(page, DEMO_OWNER, 'Equipo');
  await expect(page.getByRole('heading', { name: 'Equipo' })).toBeVisible();
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? '')).map((v) => v.id);
}

/** Screenshots `{name}-{size}-{scheme}.png` of the page as it is, in both schemes. */
async function shots(page: Page, name: string, sizes: (keyof typeof SIZES)[]) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    expect(await seriousViolations(page), `${name} ${scheme}`).toEqual([]);
    for (const size of sizes) {
      await page.setViewportSize(SIZES[size]);
      await page.screenshot({ path: path.join(docs, `${name}-${size}-${scheme}.png`), fullPage: true });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SIZES.desktop);
}

test('the owner invites a staff member by link, who signs in to their one location; removal signs them out', async ({
  browser,
}) => {
  const owner = await context(browser, { clipboard: true });
  const person = await context(browser);
  const email = `sofia.${Date.now()}@brasa.example`;
  try {
    await ownerTeam(owner.page);
    await owner.page.getByRole('button', { name: 'Invitar' }).click();
    await owner.page.getByLabel('Nombre').fill('Sofía Ríos');
    await owner.page.getByLabel('Email').fill(email);
    await owner.page.getByRole('button', { name: 'Invitar' }).click();
    await expect(owner.page.getByText('Elija al menos un local.')).toBeVisible();
    // The form kept what was typed.
    await expect(owner.page.getByLabel('Nombre')).toHaveValue('Sofía Ríos');
    await owner.page.getByRole('checkbox', { name: CABALLITO }).check();
    await owner.page.getByRole('button', { name: 'Invitar' }).click();

    await expect(owner.page.getByRole('heading', { name: 'Invitación para Sofía Ríos' })).toBeVisible();
    const url = await owner.page.getByLabel('Enlace').inputValue();
    expect(url).toMatch(/\/console\/clave#[A-Za-z0-9_-]{43}$/);
    await owner.page.getByRole('button', { name: 'Copiar enlace' }).click();
    await expect(owner.page.getByText('Enlace copiado.')).toBeVisible();
    const copied = await owner.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(url);
    const mailto = await owner.page.getByRole('link', { name: 'Enviar por email' }).getAttribute('href');
    expect(mailto).toContain(`mailto:${encodeURIComponent(email)}`);
    expect(decodeURIComponent(mailto ?? '')).toContain(url);
    const card = owner.page.getByRole('listitem').filter({ hasText: email });
    await expect(card).toContainText('Invitación pendiente (vence');
    await expect(card).toContainText(`Personal · ${CABALLITO}`);
    await shots(owner.page, 'manage-staff', ['desktop', 'tablet']);

    // The invited person opens the copied link in their own browser.
    await person.page.goto(copied);
    await expect(
      person.page.getByRole('heading', { name: 'Hola Sofía Ríos: elija su contraseña' }),
    ).toBeVisible();
    await shots(person.page, 'manage-staff-link', ['desktop', 'tablet', 'phone']);
    await person.page.getByLabel('Contraseña', { exact: true }).fill('sofia-clave-1');
    await person.page.getByLabel('Repita la contraseña').fill('sofia-clave-2');
    await person.page.getByRole('button', { name: 'Guardar e ingresar' }).click();
    await expect(person.page.getByText('Las contraseñas no coinciden.')).toBeVisible();
    await person.page.getByLabel('Repita la contraseña').fill('sofia-clave-1');
    await person.page.getByRole('button', { name: 'Guardar e ingresar' }).click();
    await expect(person.page).toHaveURL(/\/console$/);
    await expect(person.page.locator('.console-header__staff')).toHaveText('Sofía Ríos · Personal');
    await expect(person.page.locator('.console-header__brand')).toContainText(CABALLITO);
    await expect(person.page.locator('.console-body[data-live="true"]')).toBeVisible();
    // One location: no picker, no location switch.
    await expect(person.page.locator('.console-select')).toHaveCount(0);

    // The link worked once.
    const again = await context(browser);
    await again.page.goto(copied);
    await expect(again.page.getByRole('heading', { name: 'No se puede usar este enlace' })).toBeVisible();
    await expect(again.page.getByText('Pida al dueño un enlace nuevo.', { exact: false })).toBeVisible();
    await shots(again.page, 'manage-staff-link-used', ['phone']);
    await again.context.close();

    // The owner sees them active, then removes their access.
    await owner.page.reload();
    await owner.page.getByRole('button', { name: 'Equipo' }).click();
    const active = owner.page.getByRole('listitem').filter({ hasText: email });
    await expect(active).toContainText('Activo');
    await active.getByRole('button', { name: 'Quitar acceso' }).click();
    await active.getByRole('button', { name: 'Sí, quitar acceso' }).click();
    await expect(active).toContainText('Sin acceso');
    await expect(active.getByRole('button', { name: 'Invitar de nuevo' })).toBeVisible();

    // The removed person's next action finds the session over.
    await person.page.reload();
    await expect(person.page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await person.page.getByLabel('Email').fill(email);
    await person.page.getByLabel('Contraseña').fill('sofia-clave-1');
    await person.page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(person.page.getByText('Email o contraseña incorrectos.')).toBeVisible();
  } finally {
    await owner.context.close();
    await person.context.close();
  }
});
