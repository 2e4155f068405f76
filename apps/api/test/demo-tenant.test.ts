import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoIsLoaded, demoSeedIfEmpty, demoWelcome } from '../src/tenant/demo-seed';
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

  it('seeds an empty database once, and only then', async () => {
    expect(await demoSeedIfEmpty(db())).toBe(true);
    expect(await demoSeedIfEmpty(db())).toBe(false);
    const companies = await queryAll<{ alias: string }>(db(), sql`select alias from companies`);
    expect(companies).toEqual([{ alias: 'brasa' }]);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/diner/brasa-nunez' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ type: 'BRANCH_CONTACT' });
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
    // The rider it names starts a shift with the phone and code it prints.
    const [, alias, phone, code] =
      /logistics\/(\S+)\/rider\/phoneIntake\s+.+: phone (\S+), code (\d+)/.exec(text) ?? [];
    const location = (await ctx.app.inject({ method: 'GET', url: `/api/diner/${alias}` })).json()
      .branchContact;
    const rider = await ctx.app.inject({
      method: 'GET',
      url: `/api/rider/bc/phone?branchContactId=${location.id}&phone=${encodeURIComponent(phone ?? '')}`,
    });
    expect(rider.statusCode).toBe(200);
    const shift = await ctx.app.inject({
      method: 'PUT',
      url: `/api/rider/${rider.json().id}/updatewithcode`,
      payload: { active: true, securityCode: code, riderUser: { branchContact: { id: location.id } } },
    });
    expect(shift.statusCode).toBe(200);
  });
});
