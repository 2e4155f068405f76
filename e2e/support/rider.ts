import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { e2eServer, expect, serverNow } from './fixtures';

/**
 * Helpers of the rider app tests (apps/web/src/features/rider). The demo
 * tenant's Brasa Núñez runs its own fleet; its riders (approved) come from
 * apps/api/src/tenant/demo-tenant.json. A fresh demo starts with Valentina on
 * shift (with no session: no device signed in) and Lucas off shift
 * (apps/api/src/tenant/demo-seed.ts `demoShiftRiders`), so a test of starting
 * a shift from the phone step uses Lucas, or ends Valentina's shift first.
 */
export const RIDER_ALIAS = 'brasa-nunez';

export interface DemoRider {
  name: string;
  /** As a rider types it. */
  phone: string;
  e164: string;
  code: string;
}

export const LUCAS: DemoRider = {
  name: 'Lucas Romero',
  phone: '9 11 6111-0001',
  e164: '+5491161110001',
  code: '2468',
};
export const VALENTINA: DemoRider = {
  name: 'Valentina Díaz',
  phone: '9 11 6111-0002',
  e164: '+5491161110002',
  code: '1357',
};

export const riderPath = (variant: string) => `/logistics/${RIDER_ALIAS}/rider/${variant}`;
export const RIDER_LIST = `/logistics/${RIDER_ALIAS}/shipments`;

/** A rider's phone: 390×844, touch, the location's language and time zone, on the server's clock. */
export async function riderContext(
  browser: Browser,
  options: { colorScheme?: 'light' | 'dark'; geolocation?: { latitude: number; longitude: number } } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: e2eServer().baseUrl,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: 'block',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    ...(options.geolocation ? { geolocation: options.geolocation, permissions: ['geolocation'] } : {}),
  });
  // Every vibration the page asks for, in order (headless Chromium has no motor to feel).
  await context.addInitScript(() => {
    const calls: unknown[] = [];
    (window as unknown as { __vibrations: unknown[] }).__vibrations = calls;
    navigator.vibrate = (pattern: VibratePattern) => {
      calls.push(pattern);
      return true;
    };
  });
  const page = await context.newPage();
  await page.clock.setSystemTime(serverNow());
  return { context, page };
}

export function vibrations(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { __vibrations?: unknown[] }).__vibrations ?? []);
}

/**
 * The phone step: types the phone and goes on. A valid phone waits for the step the server's answer
 * leads to, so a caller reading the URL next never reads it before the lookup came back.
 */
export async function riderPhoneStep(page: Page, rider: Pick<DemoRider, 'phone'>): Promise<void> {
  await page.goto(riderPath('phoneIntake'));
  await page.getByLabel('Ingresa con tu teléfono').fill(rider.phone);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(/\/rider\/(logIn|logOut|register)$/);
}

/** Ends the rider's shift from the logOut step. */
export async function riderEndShift(page: Page, rider: DemoRider): Promise<void> {
  await expect(page).toHaveURL(riderPath('logOut'));
  await page.getByLabel('Código de seguridad').fill(rider.code);
  await page.getByRole('button', { name: 'Finalizar turno' }).click();
  await expect(page.getByText('Turno finalizado con éxito')).toBeVisible();
}

/** Starts the rider's shift through the shift page (ending a shift left open by an earlier test first). */
export async function riderStartShift(page: Page, rider: DemoRider): Promise<void> {
  await riderPhoneStep(page, rider);
  await expect(page).toHaveURL(/\/rider\/(logIn|logOut)$/);
  if (page.url().endsWith('/logOut')) {
    await riderEndShift(page, rider);
    await riderPhoneStep(page, rider);
  }
  await expect(page).toHaveURL(riderPath('logIn'));
  await page.getByLabel('Código de seguridad').fill(rider.code);
  await page.getByRole('button', { name: 'Iniciar turno' }).click();
  // On shift: the list, or the shipment in progress.
  await expect(page).toHaveURL(/\/logistics\/brasa-nunez\/shipments/);
}

/** The shift session the app keeps (company 'brasa', the location's id). */
export async function riderStoredSession(page: Page): Promise<{ token: string; riderId: number } | null> {
  return page.evaluate(() => {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index) ?? '';
      if (key.startsWith('comanda.rider.session.') && key.endsWith('@brasa'))
        return JSON.parse(localStorage.getItem(key) ?? 'null');
    }
    return null;
  });
}

/**
 * Drags the slide-to-confirm thumb from the start to the end of its track and
 * lets go, as a finger does (small steps: a jump would be ignored).
 */
export async function slide(page: Page, label?: string | RegExp): Promise<void> {
  const slider = label ? page.getByRole('slider', { name: label }) : page.getByRole('slider');
  await expect(slider).toBeEnabled();
  await slider.scrollIntoViewIfNeeded();
  const box = await slider.boundingBox();
  if (!box) throw new Error('slider not visible');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.height / 2, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 4, y, { steps: 24 });
  await page.mouse.up();
}

/** The shift's token of a rider started through the API (for a second rider a test only needs on shift). */
export async function riderApiShift(
  request: APIRequestContext,
  rider: DemoRider,
  active: boolean,
): Promise<{ token: string | null; riderId: number; branchContactId: number }> {
  const entity = await (await request.get(`/api/diner/${RIDER_ALIAS}`)).json();
  const branchContactId = entity.branchContact.id as number;
  const found = await request.get(
    `/api/rider/bc/phone?branchContactId=${branchContactId}&phone=${encodeURIComponent(rider.e164)}`,
  );
  expect(found.status()).toBe(200);
  const { id, active: onShift } = await found.json();
  if (onShift === active && !active) return { token: null, riderId: id, branchContactId };
  if (onShift && active) {
    // A new session needs a new start: end the old shift first.
    await request.put(`/api/rider/${id}/updatewithcode`, {
      data: {
        active: false,
        securityCode: rider.code,
        riderUser: { branchContact: { id: branchContactId } },
      },
    });
  }
  const answer = await request.put(`/api/rider/${id}/updatewithcode`, {
    data: { active, securityCode: rider.code, riderUser: { branchContact: { id: branchContactId } } },
  });
  expect(answer.status()).toBe(200);
  const body = await answer.json();
  return { token: body.session?.token ?? null, riderId: id, branchContactId };
}

/** Puts a shift session into a rider's browser, as the shift page keeps it. */
export async function riderSessionInstall(
  context: BrowserContext,
  session: { token: string; riderId: number; branchContactId: number },
  rider: DemoRider,
): Promise<void> {
  await context.addInitScript(
    ({ key, value }) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    {
      key: `comanda.rider.session.${session.branchContactId}@brasa`,
      value: JSON.stringify({
        token: session.token,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        riderId: session.riderId,
        name: rider.name,
        phone: rider.e164,
      }),
    },
  );
}

/** A toast or alert with this text. */
export function toastOf(page: Page, text: string | RegExp): Locator {
  return page.locator('.toast').filter({ hasText: text });
}
