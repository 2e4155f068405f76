import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page, Response } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Helpers of the checkout tests ('Confirmación del pedido'). They drive the
 * storefront as a diner does: add a plate from the menu, open the checkout,
 * fill the form. Tenants the demo does not have are imported through the
 * admin API (see `checkoutTenant`).
 */

export const CABALLITO = '/menu/brasa-caballito';
export const NUNEZ = '/menu/brasa-nunez';

/**
 * Inside Caballito's delivery zone (3 km around the location), with the postal code, city and
 * province Caballito's complex address inputs force (a stored address without them opens the modal).
 */
export const CABALLITO_ADDRESS = {
  fullAddress: 'Av. Rivadavia 5000, CABA',
  street: 'Av. Rivadavia',
  number: '5000',
  postalCode: 'C1424',
  city: 'Buenos Aires',
  locality: 'CABA',
  lat: -34.6186,
  lng: -58.4358,
};

/** Far from every Brasa zone (La Plata). */
export const OUTSIDE_ADDRESS = {
  fullAddress: 'Calle 7 1200, La Plata',
  street: 'Calle 7',
  number: '1200',
  postalCode: 'B1900',
  city: 'La Plata',
  locality: 'Buenos Aires',
  lat: -34.9214,
  lng: -57.9544,
};

/** Inside Núñez's first zone (2 km around the location), with the between-streets Núñez asks for. */
export const NUNEZ_ADDRESS = {
  fullAddress: 'Av. Cabildo 3000, CABA',
  street: 'Av. Cabildo',
  number: '3000',
  betweenStreets: 'Juramento y Mendoza',
  lat: -34.5535,
  lng: -58.4625,
};

/** Keeps a diner's address as the address feature stores it (like storefrontKeepAddress, with any field). */
export async function checkoutKeepAddress(
  page: Page,
  location: Record<string, unknown>,
  company = 'brasa',
): Promise<void> {
  await page.addInitScript(
    ({ kept, key }) => {
      // Stored under the company's own key (apps/web/src/lib/storage-scope.ts).
      if (localStorage.getItem(key)) return;
      localStorage.setItem(key, JSON.stringify({ savedAt: Date.now(), location: kept }));
    },
    { kept: location, key: `comanda.location@${company}` },
  );
}

/** Opens a category page and adds one plate through its detail modal. */
export async function addPlate(page: Page, categoryPath: string, plate: string): Promise<void> {
  await page.goto(categoryPath);
  await page
    .getByRole('link', { name: new RegExp(plate) })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: plate });
  await dialog.getByRole('button', { name: /^Agregar/ }).click();
  await expect(dialog).toBeHidden();
}

/** Raises a cart line to `quantity` units from the cart page 'Mi pedido' (one press per unit, as a diner does). */
export async function addMoreInCart(
  page: Page,
  alias: string,
  plate: string,
  quantity: number,
): Promise<void> {
  await page.goto(`/menu/${alias}/preview`);
  const stepper = page.getByRole('group', { name: `Cantidad de ${plate}` });
  const value = stepper.locator('output');
  const current = Number(await value.textContent());
  for (let count = current + 1; count <= quantity; count++) {
    await stepper.getByRole('button', { name: `Sumar uno de ${plate}` }).click();
    await expect(value).toHaveText(String(count));
  }
}

/** Opens the checkout and waits for its breakdown. */
export async function toCheckout(page: Page, alias = 'brasa-caballito'): Promise<void> {
  await page.goto(`/menu/${alias}/checkout`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmación del pedido' })).toBeVisible();
  await expect(page.getByText('Total', { exact: true })).toBeVisible();
}

/** The phone input (not the country select next to it). */
export const phoneInput = (page: Page): Locator =>
  page.getByRole('textbox', { name: 'Teléfono', exact: true });

/** Fills name, phone and, when the location asks for it, email. */
export async function fillCustomer(page: Page, phone = '11 5555 1234'): Promise<void> {
  await page.getByLabel('Nombre').fill('Ana Pérez');
  await phoneInput(page).fill(phone);
  const email = page.getByLabel('Email');
  if (await email.count()) await email.fill('ana@example.com');
}

/** A fresh Argentine mobile number per call, so 'first purchase' codes see a new customer. */
export function freshPhone(): string {
  const tail = String(Date.now() % 10_000).padStart(4, '0');
  const mid = String(Math.floor(Math.random() * 9000) + 1000);
  return `11 ${mid} ${tail}`;
}

export const sendButton = (page: Page): Locator => page.getByRole('button', { name: 'Enviar pedido' });

/** An error toast with this text. */
export const errorToast = (page: Page, text: string | RegExp): Locator =>
  page.locator('.toasts').getByRole('alert').filter({ hasText: text });

/** Waits for the next `POST /api/order` answer. */
export function orderPlaced(page: Page): Promise<Response> {
  return page.waitForResponse((r) => r.url().endsWith('/api/order') && r.request().method() === 'POST');
}

/**
 * The next `POST /api/order` as the server answered it, read as it passes
 * (the checkout navigates away at once, and a response navigated away from
 * has no body left to read).
 */
export async function orderAnswer(
  page: Page,
): Promise<{ status: number; body: Record<string, unknown>; sent: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    void page.route(
      (url) => url.pathname === '/api/order',
      async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        try {
          const response = await route.fetch();
          const text = await response.text();
          await route.fulfill({ response, body: text });
          resolve({
            status: response.status(),
            body: JSON.parse(text) as Record<string, unknown>,
            sent: route.request().postDataJSON() as Record<string, unknown>,
          });
        } catch (error) {
          reject(error);
        }
      },
      { times: 1 },
    );
  });
}

/** Opens 'Código de descuento', types the code and presses Aplicar. */
export async function codeApply(page: Page, code: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Código de descuento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Código de descuento' });
  await dialog.getByLabel('Código').fill(code);
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  return dialog;
}

/** The breakdown 'Resumen' of the checkout. */
export const breakdown = (page: Page): Locator => page.locator('.checkout-breakdown');

/** The total as the breakdown shows it ('$ 12.345'). */
export const totalText = (page: Page): Locator =>
  page.locator('.checkout-breakdown__total').getByRole('definition');

const here = path.dirname(fileURLToPath(import.meta.url));

interface WorkingDay {
  dayOfWeek: string;
  workingHours: { startAt: string; endAt: string }[];
}
interface CheckoutTenantFile {
  company: { alias: string };
  branches: {
    alias: string;
    menus: { categories: { key: string; plates: { key: string; price?: number }[] }[] }[];
    branchContacts: {
      alias: string;
      orderModes: {
        key: string;
        type: string;
        orderEnabled: boolean;
        schedules: { scheduleConfigs: { workingDays: WorkingDay[] }[] }[];
      }[];
    }[];
  }[];
}

/**
 * The shared example tenant renamed `fuego` → `ensayo`: its own company, so
 * these tests can change it without touching the demo or other tests. Its
 * take-away at Palermo does not work on Fridays (the server's clock starts on
 * a Friday at 21:00), Belgrano's take-away (a location without the orders
 * console) takes orders every day, and `prices` overrides plate prices by plate key (the
 * 409 test imports it twice with different prices).
 */
export function checkoutTenant(prices: Record<string, number> = {}): CheckoutTenantFile {
  const file = path.resolve(here, '../../fixtures/tenant-example.json');
  const tenant = JSON.parse(
    fs.readFileSync(file, 'utf8').replaceAll('fuego', 'ensayo'),
  ) as CheckoutTenantFile;
  for (const branch of tenant.branches) {
    const allWeek = branch.branchContacts
      .flatMap((contact) => contact.orderModes)
      .find((mode) => mode.key === 'palermo-salon')?.schedules;
    for (const contact of branch.branchContacts) {
      for (const mode of contact.orderModes) {
        // Belgrano's take-away (no orders console) takes orders, 12:00 to midnight every day.
        if (mode.key === 'belgrano-takeaway' && allWeek) {
          mode.orderEnabled = true;
          mode.schedules = structuredClone(allWeek);
        }
        if (mode.key !== 'palermo-takeaway') continue;
        for (const schedule of mode.schedules)
          for (const config of schedule.scheduleConfigs)
            config.workingDays = config.workingDays.filter((day) => day.dayOfWeek !== 'FRIDAY');
      }
    }
    for (const menu of branch.menus)
      for (const category of menu.categories)
        for (const plate of category.plates) {
          const price = prices[plate.key];
          if (price !== undefined) plate.price = price;
        }
  }
  return tenant;
}

interface DemoTenantFile {
  branches: {
    branchContacts: {
      alias: string;
      ordersConsoleActive: boolean;
      orderModes: {
        type: string;
        paymentTypes: { paymentMethod: string; active: boolean; onlinePayment: { providerName: string } }[];
      }[];
    }[];
  }[];
}

/**
 * The demo tenant under another company alias (`brasa` → `name`), changed by
 * `edit`: situations the demo does not have (a location without the orders
 * console that takes cards, a Webpay card type) without touching the demo.
 */
export function demoTenantAs(name: string, edit: (tenant: DemoTenantFile) => void): DemoTenantFile {
  const file = path.resolve(here, '../../apps/api/src/tenant/demo-tenant.json');
  const tenant = JSON.parse(fs.readFileSync(file, 'utf8').replaceAll('brasa', name)) as DemoTenantFile;
  edit(tenant);
  return tenant;
}
