import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoIsLoaded, demoSeedIfEmpty, demoShiftRiders, demoWelcome } from '../src/tenant/demo-seed';
import { tenantImport } from '../src/tenant/tenant-import';
import { tenantValidateFile } from '../src/tenant/tenant-validate';
import { demoTenant, exampleTenant, queryAll, type TenantJson } from './support/tenant-files';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

/** Minutes of the week (0 = Monday 00:00) during which an order mode's schedule is open. */
function openMinutes(mode: TenantJson): Set<number> {
  const open = new Set<number>();
  for (const schedule of mode.schedules) {
    for (const config of schedule.scheduleConfigs) {
      for (const day of config.workingDays) {
        const base = DAYS.indexOf(day.dayOfWeek) * 1440;
        for (const { startAt, endAt } of day.workingHours) {
          const start = minutes(startAt);
          // An end before the start runs past midnight; 00:00 means midnight.
          const end = minutes(endAt) <= start ? minutes(endAt) + 1440 : minutes(endAt);
          for (let m = start; m < end; m++) open.add((base + m) % (7 * 1440));
        }
      }
    }
  }
  return open;
}

describe('demo tenant file', () => {
  const demo = demoTenant();
  const branches: TenantJson[] = demo.branches;
  const contacts: TenantJson[] = branches.flatMap((b) => b.branchContacts);
  const modes: TenantJson[] = contacts.flatMap((c) => c.orderModes);

  it('is a valid tenant/v1 file, distinct from the example', () => {
    const result = tenantValidateFile(demo);
    expect(result.ok ? [] : result.errors).toEqual([]);
    expect(demo.company.alias).toBe('brasa');
    const aliases = (file: TenantJson) => [
      file.company.alias,
      ...file.branches.flatMap((b: TenantJson) => [
        b.alias,
        ...b.branchContacts.map((c: TenantJson) => c.alias),
      ]),
    ];
    const exampleAliases = new Set(aliases(exampleTenant()));
    expect(aliases(demo).filter((alias) => exampleAliases.has(alias))).toEqual([]);
  });

  it('is at least as rich as the example', () => {
    expect(branches).toHaveLength(2);
    expect(contacts).toHaveLength(3);
    expect(new Set(modes.map((m) => m.type))).toEqual(
      new Set(['DELIVERY', 'TAKE_AWAY', 'DINE_IN', 'SELF_SERVICE']),
    );
    const menuDiscounts = branches.flatMap((b) => b.discounts);
    expect(new Set(menuDiscounts.map((d) => d.type))).toEqual(
      new Set(['PERCENT', 'FIXED', 'MULTIPLE', 'FINAL_PRICE']),
    );
    const codes = branches.flatMap((b) => b.codeDiscounts);
    expect(codes.some((c) => c.firstTimeOnly && c.minimumOrderAmount && c.maximumDiscountAmount)).toBe(true);
    expect(codes.some((c) => c.type === 'FREE_DELIVERY' && c.freeDelivery)).toBe(true);
    expect(codes.some((c) => c.plate)).toBe(true);
    expect(codes.some((c) => c.category && c.limitedUsage && c.usageLimit)).toBe(true);
    expect(codes.some((c) => c.active === false)).toBe(true);
    const zones = contacts.flatMap((c) => c.deliveryConfig.deliveryZones);
    expect(zones.some((z) => z.radiusMeters)).toBe(true);
    expect(zones.some((z) => z.polygon)).toBe(true);
    const pastMidnight = modes.some((m) =>
      m.schedules.some((s: TenantJson) =>
        s.scheduleConfigs.some((c: TenantJson) =>
          c.workingDays.some((d: TenantJson) =>
            d.workingHours.some(
              (h: TenantJson) => h.endAt !== '00:00' && minutes(h.endAt) < minutes(h.startAt),
            ),
          ),
        ),
      ),
    );
    expect(pastMidnight).toBe(true);
    expect(branches.some((b) => b.loyaltyProgram?.active && b.loyaltyRewards?.length)).toBe(true);
    expect(branches.some((b) => b.survey?.questions.length)).toBe(true);
    expect(contacts.flatMap((c) => c.riders).length).toBeGreaterThan(0);
    expect(new Set(demo.staff.map((s: TenantJson) => s.role))).toEqual(new Set(['OWNER', 'STAFF']));
    expect(demo.partners[0].generalDiscounts.length).toBeGreaterThan(0);
    expect(demo.customers.some((c: TenantJson) => c.loyaltyPointsBalance > 0)).toBe(true);
    const plates = branches.flatMap((b) =>
      b.menus.flatMap((m: TenantJson) => m.categories.flatMap((c: TenantJson) => c.plates)),
    );
    expect(plates.some((p) => p.sizes && p.garnishGroups?.length)).toBe(true);
    const items = branches.flatMap((b) => b.garnishGroups.flatMap((g: TenantJson) => g.groupItems));
    expect(items.some((i) => i.visible === false)).toBe(true);
  });

  it('is described in the README with what the start-up prints', () => {
    const readme = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const text = demoWelcome({
      publicUrl: 'http://localhost:3000',
      consoleUrl: 'http://localhost:3000',
      sandbox: true,
    }).join('\n');
    const printed = [
      ...text.matchAll(/https?:\/\/\S+/g),
      ...text.matchAll(/(?:owner|staff) (\S+@\S+) \/ (\S+)/g),
      ...text.matchAll(/phone (\S+), code (\d+)/g),
      ...text.matchAll(/\d{4} \d{4} \d{4} \d{4}/g),
    ].flatMap((match) => (match.length > 1 ? match.slice(1) : [match[0]]));
    expect(printed.length).toBeGreaterThanOrEqual(10);
    expect(printed.filter((item) => !readme.includes(item))).toEqual([]);
    for (const { rider, location } of demoShiftRiders()) {
      expect(readme).toContain(`${rider.name} at ${location}`);
    }
  });

  it('keeps a delivery mode open almost all week, and one location with a closed day', () => {
    const delivery = new Set<number>();
    for (const mode of modes.filter((m) => m.type === 'DELIVERY' && m.active && m.orderEnabled)) {
      for (const minute of openMinutes(mode)) delivery.add(minute);
    }
    for (const [index, day] of DAYS.entries()) {
      let open = 0;
      for (let m = 0; m < 1440; m++) if (delivery.has(index * 1440 + m)) open++;
      expect({ day, mostlyOpen: open / 1440 > 0.95 }).toEqual({ day, mostlyOpen: true });
    }
    const closedSomeDay = contacts.some((contact) =>
      DAYS.some((day) =>
        contact.orderModes.every((mode: TenantJson) =>
          mode.schedules.every((s: TenantJson) =>
            s.scheduleConfigs.every((c: TenantJson) =>
              c.workingDays.every((d: TenantJson) => d.dayOfWeek !== day),
            ),
          ),
        ),
      ),
    );
    expect(closedSomeDay).toBe(true);
  });
});

describe.each(testDatabaseKinds())('demo seed on %s', (kind) => {
  const ctx = useTestApp(kind);
  const db = () => ctx.database.db;

  // The instant the app's clock reads at start-up (CLOCK_START in the e2e runs).
  const startedAt = Date.parse('2026-11-20T21:00:00-03:00');
  const clock = () => ({ now: startedAt, shiftHours: ctx.config.riders.shiftHours });
  const locationOf = async (alias: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/diner/${alias}` })).json().branchContact as {
      id: number;
      coordinates: { lat: number; lng: number };
    };
  const riderLookup = (branchContactId: number, phone: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/rider/bc/phone?branchContactId=${branchContactId}&phone=${encodeURIComponent(phone)}`,
    });
  /** The delivery info of an address 300 m from the location (inside its first zone). */
  const deliveryNear = async (location: { id: number; coordinates: { lat: number; lng: number } }) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url:
          `/api/branch/${location.id}/deliveryzones/fee?lat=${location.coordinates.lat + 0.0027}` +
          `&lng=${location.coordinates.lng}&fullAddress=Cerca`,
      })
    ).json();

  it('seeds an empty database once, and only then', async () => {
    expect(await demoSeedIfEmpty(db(), clock())).toBe(true);
    expect(await demoSeedIfEmpty(db(), { ...clock(), now: startedAt + 3_600_000 })).toBe(false);
    const companies = await queryAll<{ alias: string }>(db(), sql`select alias from companies`);
    expect(companies).toEqual([{ alias: 'brasa' }]);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/diner/brasa-nunez' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ type: 'BRANCH_CONTACT' });
  });

  it('starts with one rider on shift at every own-fleet location, so its delivery takes orders', async () => {
    const ownFleet = await queryAll<{ alias: string }>(
      db(),
      sql`select alias from branch_contacts where own_logistics order by alias`,
    );
    expect(demoShiftRiders().map((entry) => entry.alias)).toEqual(ownFleet.map((row) => row.alias));
    const onShift = await queryAll<{ alias: string; name: string; shift_started_at: Date }>(
      db(),
      sql`select b.alias, r.name, r.shift_started_at from riders r
          join branch_contacts b on b.id = r.branch_contact_id where r.active order by b.alias`,
    );
    expect(onShift.map(({ alias, name }) => ({ alias, name }))).toEqual([
      { alias: 'brasa-nunez', name: 'Valentina Díaz' },
      { alias: 'brasa-villa-crespo', name: 'Nicolás Paz' },
    ]);
    // On the app's clock, as a shift started from the rider app (the second start did not move it).
    for (const row of onShift) expect(new Date(row.shift_started_at).getTime()).toBe(startedAt);
    // No device signed in: no session until the rider starts one with the code.
    expect(await queryAll(db(), sql`select 1 from rider_sessions`)).toEqual([]);
    for (const { alias } of ownFleet) {
      const info = await deliveryNear(await locationOf(alias));
      expect({ alias, ...info }).toMatchObject({
        alias,
        insideDeliveryArea: true,
        providersFailed: false,
        cashAvailable: true,
      });
    }
  });

  it('a shift the demo started is a real one: the rider app finds it, the code ends it, and it stays ended', async () => {
    const location = await locationOf('brasa-villa-crespo');
    const [entry] = demoShiftRiders().filter((candidate) => candidate.alias === 'brasa-villa-crespo');
    const found = await riderLookup(location.id, entry?.rider.phone ?? '');
    // On shift: the shift page leads to 'Finalizar turno'.
    expect(found.json()).toMatchObject({ name: 'Nicolás Paz', active: true });
    const ended = await ctx.app.inject({
      method: 'PUT',
      url: `/api/rider/${found.json().id}/updatewithcode`,
      payload: {
        active: false,
        securityCode: entry?.rider.securityCode,
        riderUser: { branchContact: { id: location.id } },
      },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ active: false });
    expect(await deliveryNear(location)).toMatchObject({ providersFailed: true });
    // A later start of the same database seeds nothing, so the ended shift stays ended.
    expect(await demoSeedIfEmpty(db(), clock())).toBe(false);
    expect((await riderLookup(location.id, entry?.rider.phone ?? '')).json()).toMatchObject({
      active: false,
    });
    // Back on shift for the tests after this one.
    const again = await ctx.app.inject({
      method: 'PUT',
      url: `/api/rider/${found.json().id}/updatewithcode`,
      payload: {
        active: true,
        securityCode: entry?.rider.securityCode,
        riderUser: { branchContact: { id: location.id } },
      },
    });
    expect(again.statusCode).toBe(200);
  });

  it('coexists with the example tenant and re-imports without change', async () => {
    const example = await tenantImport(db(), exampleTenant());
    expect(example.ok).toBe(true);
    const again = await tenantImport(db(), demoTenant());
    expect(again.ok && again.changed).toBe(false);
  });

  it('prints at start what a newcomer needs, and every login it prints works', async () => {
    expect(await demoIsLoaded(db())).toBe(true);
    const lines = demoWelcome({
      publicUrl: 'http://localhost:3000',
      consoleUrl: 'http://localhost:3000',
      sandbox: true,
    });
    const text = lines.join('\n');
    expect(text).toContain('http://localhost:3000/menu/brasa');
    expect(text).toContain('http://localhost:3000/console');
    expect(text).toContain('4509 9535 6623 3704 approves');
    // The console logins it names sign in.
    for (const [, email, password] of text.matchAll(/(?:owner|staff) (\S+@\S+) \/ (\S+)/g)) {
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/staff/login',
        payload: { email, password },
      });
      expect(login.statusCode, email).toBe(200);
    }
    // The rider it names is off shift (the app offers 'Iniciar turno') and starts one with the phone and code it prints.
    const [, alias, phone, code] =
      /logistics\/(\S+)\/rider\/phoneIntake\s+.+: phone (\S+), code (\d+)/.exec(text) ?? [];
    const location = await locationOf(alias ?? '');
    const rider = await riderLookup(location.id, phone ?? '');
    expect(rider.statusCode).toBe(200);
    expect(rider.json()).toMatchObject({ active: false });
    const shift = await ctx.app.inject({
      method: 'PUT',
      url: `/api/rider/${rider.json().id}/updatewithcode`,
      payload: { active: true, securityCode: code, riderUser: { branchContact: { id: location.id } } },
    });
    expect(shift.statusCode).toBe(200);
    // And it says who the demo put on shift.
    expect(text).toContain(
      'On shift    Valentina Díaz (Brasa Núñez), Nicolás Paz (Brasa Pizzería Villa Crespo)',
    );
  });
});
