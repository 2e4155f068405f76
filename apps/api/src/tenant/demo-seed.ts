import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { databaseIsEmpty } from '../db/client';
import { SANDBOX_TEST_CARDS } from '../payments/sandbox/sandbox';
// Bundled into the build (esbuild inlines JSON), so the seed works from dist/ too.
import demoTenantFile from './demo-tenant.json';
import { tenantImport } from './tenant-import';

/** The project's demo tenant ("Brasa": a grill and a pizzeria, three locations), as a fresh copy. */
export function demoTenant(): unknown {
  return structuredClone(demoTenantFile);
}

/**
 * Loads the demo tenant when the database holds no company yet, so that a new
 * install opens on a working storefront. Returns whether it seeded. A demo
 * that fails validation is a bug of ours, hence an exception, not a result.
 */
export async function demoSeedIfEmpty(db: Db): Promise<boolean> {
  if (!(await databaseIsEmpty(db))) return false;
  const result = await tenantImport(db, demoTenant());
  if (!result.ok) throw new Error(`The demo tenant is invalid:\n${result.errors.join('\n')}`);
  return true;
}

interface DemoFile {
  company: { alias: string };
  staff: { email: string; password: string; role: string }[];
  branches: {
    branchContacts: { alias: string; riders?: { name: string; phone: string; securityCode: string }[] }[];
  }[];
}

/** Whether the database holds the demo company (seeded now or on an earlier start). */
export async function demoIsLoaded(db: Db): Promise<boolean> {
  const alias = (demoTenantFile as unknown as DemoFile).company.alias;
  const rows = await db.execute(sql`select 1 from companies where alias = ${alias} limit 1`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * What a newcomer needs after `npm start` on the demo, read from the demo file
 * itself so it never drifts: where to order, where staff and riders sign in
 * and with what, and (sandbox payments) which cards pay.
 */
export function demoWelcome(urls: { publicUrl: string; consoleUrl: string; sandbox: boolean }): string[] {
  const demo = demoTenantFile as unknown as DemoFile;
  const owner = demo.staff.find((user) => user.role === 'OWNER');
  const staff = demo.staff.find((user) => user.role === 'STAFF');
  const fleet = demo.branches
    .flatMap((branch) => branch.branchContacts)
    .find((contact) => (contact.riders?.length ?? 0) > 0);
  const rider = fleet?.riders?.[0];
  const card = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');
  const cards = Object.entries(SANDBOX_TEST_CARDS).map(
    ([number, { outcome }]) =>
      `${card(number)} ${{ APPROVE: 'approves', DECLINE: 'declines', PENDING: 'stays pending, then approves' }[outcome]}`,
  );
  return [
    `  Storefront  ${urls.publicUrl}/menu/${demo.company.alias}`,
    ...(owner ? [`  Console     ${urls.consoleUrl}/console  owner ${owner.email} / ${owner.password}`] : []),
    ...(staff ? [`              staff ${staff.email} / ${staff.password}`] : []),
    ...(fleet && rider
      ? [
          `  Rider app   ${urls.publicUrl}/logistics/${fleet.alias}/rider/phoneIntake  ` +
            `${rider.name}: phone ${rider.phone}, code ${rider.securityCode}`,
        ]
      : []),
    ...(urls.sandbox ? [`  Test cards  ${cards.join('; ')}`] : []),
  ];
}
