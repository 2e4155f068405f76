import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Helpers of the storefront tests. Time is pinned in the browser: the demo
 * schedules are local hours of Buenos Aires, and a test must not depend on the
 * hour CI runs at.
 */

/** Friday 20 November 2026, 21:00 in Buenos Aires: every demo location and mode is open. */
export const OPEN_AT = new Date('2026-11-20T21:00:00-03:00');
/**
 * Monday 16 November 2026, 10:00 in Buenos Aires: Brasa Núñez is closed (it does not
 * work on Mondays); its delivery and take-away modes can be scheduled, 'En el salón' cannot.
 */
export const CLOSED_AT = new Date('2026-11-16T10:00:00-03:00');

/** Pins the browser's clock and, when given, the diner's light/dark choice, before the page loads. */
export async function storefrontPrepare(
  page: Page,
  options: { at?: Date; scheme?: 'light' | 'dark' } = {},
): Promise<void> {
  await page.clock.setFixedTime(options.at ?? OPEN_AT);
  if (options.scheme) {
    await page.addInitScript((scheme) => localStorage.setItem('comanda.colorScheme', scheme), options.scheme);
  }
}

/** A diner's address inside Núñez's zone 'Núñez y Saavedra' (minimum $ 10.000), far from Caballito's. */
export const ADDRESS_NUNEZ = {
  fullAddress: 'Av. Cabildo 3900, CABA',
  street: 'Av. Cabildo',
  number: '3900',
  lat: -34.546,
  lng: -58.4685,
} as const;

/** Keeps a diner's address as the address feature stores it (inside a delivery zone when told so). */
export async function storefrontKeepAddress(
  page: Page,
  location: {
    fullAddress: string;
    street: string;
    number: string;
    lat: number;
    lng: number;
    city?: string;
    postalCode?: string;
    /** The province, as the address feature keeps it. */
    locality?: string;
  },
): Promise<void> {
  await page.addInitScript((kept) => {
    // Stored under the demo company's key (apps/web/src/lib/storage-scope.ts).
    if (localStorage.getItem('comanda.location@brasa')) return;
    localStorage.setItem('comanda.location@brasa', JSON.stringify({ savedAt: Date.now(), location: kept }));
  }, location);
}

/** Axe-core on the page as it is: no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
  expect(serious, `axe on ${label}`).toEqual([]);
}

const here = path.dirname(fileURLToPath(import.meta.url));

interface TenantFile {
  branches: {
    alias: string;
    generalConfig: { colorConfig: Record<string, string> };
    menus: { categories: { plates: { key: string; imageUrl?: string }[] }[] }[];
    branchContacts: {
      alias: string;
      commercialTermsInfo: { blocked: boolean };
      manualClosing: boolean;
      orderModes: { type: string; active: boolean }[];
    }[];
  }[];
}

/**
 * The shared example tenant renamed `fuego` → `solo`, with the situations the
 * demo tenant does not have: a location with one active mode (Café Centro,
 * autoservicio off), a blocked location (Palermo), a plate with an image and
 * one whose image is broken, and a brand that sets no colour (Café).
 */
export function tenantVariant(): TenantFile {
  const file = path.resolve(here, '../../fixtures/tenant-example.json');
  const tenant = JSON.parse(fs.readFileSync(file, 'utf8').replaceAll('fuego', 'solo')) as TenantFile;
  for (const branch of tenant.branches) {
    if (branch.alias === 'solo-cafe') branch.generalConfig.colorConfig = { colorModeType: 'LIGHT' };
    for (const contact of branch.branchContacts) {
      if (contact.alias === 'solo-cafe-centro') {
        for (const mode of contact.orderModes) if (mode.type === 'SELF_SERVICE') mode.active = false;
      }
      if (contact.alias === 'solo-palermo') contact.commercialTermsInfo.blocked = true;
    }
    for (const menu of branch.menus) {
      for (const category of menu.categories) {
        for (const plate of category.plates) {
          if (plate.key === 'clasica') plate.imageUrl = '/icon-512.png';
          if (plate.key === 'bacon-bbq') plate.imageUrl = '/no-existe-esta-imagen.png';
        }
      }
    }
  }
  return tenant;
}

/** Imports a tenant through the admin API (idempotent: the same file twice changes nothing). */
export async function tenantImport(request: APIRequestContext, tenant: unknown): Promise<void> {
  const response = await request.post('/api/admin/tenants', {
    headers: { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
    data: tenant,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * An order placed through the API (not through this browser's checkout)
 * remembered as the checkout remembers the orders it places
 * (apps/web/src/lib/placed-orders.ts), so the header's 'PEDIDO EN CURSO' can
 * offer it. The page must be on the app's origin.
 */
export async function placedOrderRemember(
  page: Page,
  order: { code: string; alias: string; scheduledAt?: string | null },
): Promise<void> {
  await page.evaluate((placed) => {
    // Stored under the demo company's key (apps/web/src/lib/storage-scope.ts).
    const key = 'comanda:placed-orders@brasa';
    const known: unknown[] = JSON.parse(localStorage.getItem(key) ?? '[]');
    const entry = {
      code: placed.code,
      alias: placed.alias,
      orderedAt: new Date().toISOString(),
      scheduledAt: placed.scheduledAt ? new Date(placed.scheduledAt).toISOString() : null,
      status: 'GENERATED',
    };
    localStorage.setItem(key, JSON.stringify([entry, ...known]));
  }, order);
}
