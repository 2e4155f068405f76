import { riderShiftStart } from '@comanda/domain/rider-forms';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { databaseIsEmpty } from '../db/client';
import { branchContacts } from '../db/schema/tenant';
import { SANDBOX_TEST_CARDS } from '../payments/sandbox/sandbox';
import { riderAtVenueFind, riderByPhoneFind, riderShiftSet } from '../repositories/rider-repository';
// Bundled into the build (esbuild inlines JSON), so the seed works from dist/ too.
import demoTenantFile from './demo-tenant.json';
import { tenantImport } from './tenant-import';

/** The project's demo tenant ("Brasa": a grill and a pizzeria, three locations), as a fresh copy. */
export function demoTenant(): unknown {
  return structuredClone(demoTenantFile);
}

/**
 * Loads the demo tenant when the database holds no company yet, so that a new
 * install opens on a working storefront, and puts one rider of each own-fleet
 * location on shift (`demoShiftsStart`), so that its delivery takes orders at
 * once. Returns whether it seeded. A demo that fails validation is a bug of
 * ours, hence an exception, not a result.
 *
 * Only a fresh database gets the shifts (ADR 045): a shift is the rider's live
 * state, as the tenant import treats it, so a restart never puts back on shift
 * a rider whose shift someone ended.
 */
export async function demoSeedIfEmpty(db: Db, clock: { now: number; shiftHours: number }): Promise<boolean> {
  if (!(await databaseIsEmpty(db))) return false;
  const result = await tenantImport(db, demoTenant());
  if (!result.ok) throw new Error(`The demo tenant is invalid:\n${result.errors.join('\n')}`);
  await demoShiftsStart(db, clock);
  return true;
}

interface DemoRider {
  name: string;
  phone: string;
  securityCode: string;
}

interface DemoFile {
  company: { alias: string };
  staff: { email: string; password: string; role: string }[];
  branches: {
    branchContacts: {
      alias: string;
      name: string;
      deliveryConfig?: { ownLogistics?: boolean };
      riders?: DemoRider[];
    }[];
  }[];
}

const demoFile = () => demoTenantFile as unknown as DemoFile;

/**
 * The rider the demo puts on shift at each of its own-fleet locations: the
 * last one the file lists, so that the first (the one `demoWelcome` names) is
 * left for a newcomer to start a shift with, as a rider does.
 */
export function demoShiftRiders(): { alias: string; location: string; rider: DemoRider }[] {
  return demoFile().branches.flatMap((branch) =>
    branch.branchContacts.flatMap((contact) => {
      const rider = contact.riders?.at(-1);
      return contact.deliveryConfig?.ownLogistics && rider
        ? [{ alias: contact.alias, location: contact.name, rider }]
        : [];
    }),
  );
}

/**
 * Starts the shift of `demoShiftRiders` as the shift page does (on the app
 * clock, through the same repository), without a session: no device signed
 * in. The rider app finds the rider on shift and offers 'Finalizar turno';
 * the dispatch view shows the shift from `now`.
 */
export async function demoShiftsStart(db: Db, clock: { now: number; shiftHours: number }): Promise<void> {
  const at = new Date(clock.now);
  for (const { alias, rider } of demoShiftRiders()) {
    await db.transaction(async (tx) => {
      const [venue] = await tx
        .select({ id: branchContacts.id, companyId: branchContacts.companyId })
        .from(branchContacts)
        .where(eq(branchContacts.alias, alias))
        .limit(1);
      const found = venue && (await riderByPhoneFind(tx, venue, rider.phone));
      const locked = found && (await riderAtVenueFind(tx, venue, found.id, { lock: true }));
      if (!locked) throw new Error(`The demo rider ${rider.name} of ${alias} was not imported`);
      await riderShiftSet(tx, locked, riderShiftStart(locked, at, clock.shiftHours), at);
    });
  }
}

/** Whether the database holds the demo company (seeded now or on an earlier start). */
export async function demoIsLoaded(db: Db): Promise<boolean> {
  const alias = demoFile().company.alias;
  const rows = await db.execute(sql`select 1 from companies where alias = ${alias} limit 1`);
  return (rows as unknown as { rows: unknown[] }).rows.length > 0;
}

/**
 * What a newcomer needs after `npm start` on the demo, read from the demo file
 * itself so it never drifts: where to order, where staff and riders sign in
 * and with what (a rider the demo left off shift, so the rider app starts a
 * shift as it does for a real rider), who is on shift so deliveries go
 * through, and (sandbox payments) which cards pay.
 */
export function demoWelcome(urls: { publicUrl: string; consoleUrl: string; sandbox: boolean }): string[] {
  const demo = demoFile();
  const owner = demo.staff.find((user) => user.role === 'OWNER');
  const staff = demo.staff.find((user) => user.role === 'STAFF');
  const onShift = demoShiftRiders();
  const onShiftPhones = new Set(onShift.map(({ rider }) => rider.phone));
  const [fleet, rider] =
    demo.branches
      .flatMap((branch) => branch.branchContacts)
      .flatMap((contact) =>
        (contact.riders ?? [])
          .filter((candidate) => !onShiftPhones.has(candidate.phone))
          .map((candidate) => [contact, candidate] as const),
      )[0] ?? [];
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
    ...(onShift.length > 0
      ? [
          `  On shift    ${onShift.map(({ rider, location }) => `${rider.name} (${location})`).join(', ')} ` +
            'since the demo was loaded, so delivery takes orders',
        ]
      : []),
    ...(urls.sandbox ? [`  Test cards  ${cards.join('; ')}`] : []),
  ];
}
