/**
 * The venue management screens (`/console/gestion`, ADR 051) in e2e: a
 * browser context as the staff use it (a desktop or a tablet, Spanish, the
 * venue's time zone, the server's clock), signed in through the console.
 */
import { type Browser, expect, type Page } from '@playwright/test';
import { e2eServer, serverNow } from './fixtures';

/** The demo's owner and Núñez staff (apps/api/src/tenant/demo-tenant.json). */
export const DEMO_OWNER = { email: 'martin@brasa.example', password: 'brasa-demo-dueno' };
export const DEMO_NUNEZ_STAFF = { email: 'nunez@brasa.example', password: 'brasa-demo-nunez' };

export const MANAGE_SIZES = {
  desktop: { width: 1280, height: 800 },
  tablet: { width: 834, height: 1112 },
  phone: { width: 390, height: 844 },
} as const;

/** A page in a context of its own, as a staff member's device. */
export async function staffDevicePage(
  browser: Browser,
  options: {
    size?: keyof typeof MANAGE_SIZES;
    viewport?: { width: number; height: number };
    colorScheme?: 'light' | 'dark';
    clipboard?: boolean;
  } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eServer().baseUrl,
    viewport: options.viewport ?? MANAGE_SIZES[options.size ?? 'desktop'],
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: 'block',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    permissions: options.clipboard ? ['clipboard-read', 'clipboard-write'] : [],
  });
  const page = await context.newPage();
  await page.clock.setSystemTime(serverNow());
  return page;
}

/** Signs in to the console, follows 'Gestión' and opens a tab. */
export async function manageOpen(
  page: Page,
  who: { email: string; password: string },
  tab?: string,
): Promise<void> {
  await page.goto('/console');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Contraseña').fill(who.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('link', { name: 'Gestión' }).click();
  await expect(page.getByText('Gestión del local', { exact: true })).toBeVisible();
  if (tab) await page.getByRole('button', { name: tab, exact: true }).click();
}
