/**
 * Saving one part of a venue through the tenant import's rules (ADR 051):
 * the same validator as a file import, one transaction, the content version
 * bumped, a history row per change, a conflict for a stale editor, and an
 * export that still round-trips.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, staffUsers } from '../src/db/schema';
import { HttpError } from '../src/lib/http-error';
import type { StaffPrincipal } from '../src/services/staff-auth-service';
import { venuePartGet, venuePartSave } from '../src/services/venue-edit';
import { venueChangesList } from '../src/services/venue-history';
import type { TenantPartLocate } from '../src/tenant/tenant-edit';
import { tenantExport } from '../src/tenant/tenant-export';
import type { TenantFile } from '../src/tenant/tenant-format';
import { tenantImport } from '../src/tenant/tenant-import';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

type TenantMenu = TenantFile['branches'][number]['menus'][number];

const fuegoCarta: TenantPartLocate<TenantMenu> = (file) => {
  const b = file.branches.findIndex((branch) => branch.alias === 'fuego-burgers');
  const m = file.branches[b]?.menus.findIndex((menu) => menu.key === 'carta') ?? -1;
  if (b < 0 || m < 0) return undefined;
  return {
    path: `branches[${b}].menus[${m}]`,
    get: () => file.branches[b]!.menus[m]!,
    set: (value) => {
      file.branches[b]!.menus[m] = value;
    },
  };
};

async function principal(db: Parameters<typeof venuePartGet>[0], email: string): Promise<StaffPrincipal> {
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.email, email));
  if (!user) throw new Error(`no staff ${email}`);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    companyId: user.companyId,
    branchContacts: [],
    branchContactIds: new Set(),
    tokenHash: 'test',
    expiresAt: new Date(Date.now() + 60_000),
  };
}

describe.each(testDatabaseKinds())('editing a part of the venue on %s', (kind) => {
  const ctx = useTestApp(kind);

  it('saves a price through the import, bumps the version, records who changed what, and round-trips', async () => {
    const companyId = await tenantLoad(ctx, tenantExample());
    const db = ctx.app.db;
    const owner = await principal(db, 'lucia@fuego.example');
    const deps = { db, log: ctx.app.log, now: () => ctx.app.clock.now() };
    const versionOf = async () =>
      (await db.select().from(companies).where(eq(companies.id, companyId)))[0]!.contentVersion;

    const read = await venuePartGet(db, owner, fuegoCarta);
    const menu = structuredClone(read.value);
    const clasica = menu.categories[0]!.plates.find((plate) => plate.key === 'clasica')!;
    expect(clasica.sizes?.[0]).toEqual({ key: 'simple', name: 'Simple', price: 8500 });
    clasica.sizes![0]!.price = 8900;

    const before = await versionOf();
    const saved = await venuePartSave(deps, owner, {
      locate: fuegoCarta,
      value: menu,
      baseVersion: read.version,
      subject: 'menu',
      subjectName: 'Carta',
      branchContactId: null,
    });
    expect(saved.changed).toBe(true);
    expect(saved.version).not.toBe(read.version);
    expect(await versionOf()).toBe(before + 1);

    const exported = (await tenantExport(db, 'fuego'))!;
    const stored = exported.branches[0]!.menus[0]!.categories[0]!.plates.find(
      (plate) => plate.key === 'clasica',
    );
    expect(stored?.sizes?.[0]?.price).toBe(8900);
    // The export of an edited tenant imports as is: nothing changes.
    const again = await tenantImport(db, exported);
    expect(again).toMatchObject({ ok: true, changed: false });

    const history = await venueChangesList(db, owner, { limit: 10 });
    expect(history.changes).toHaveLength(1);
    expect(history.changes[0]).toMatchObject({
      staffName: owner.name,
      subject: 'menu',
      subjectName: 'Carta',
      changes: [
        { path: 'categories[hamburguesas].plates[clasica].sizes[simple].price', before: 8500, after: 8900 },
      ],
    });

    // Saving what is there changes nothing and records nothing.
    const same = await venuePartSave(deps, owner, {
      locate: fuegoCarta,
      value: menu,
      baseVersion: saved.version,
      subject: 'menu',
      subjectName: 'Carta',
      branchContactId: null,
    });
    expect(same.changed).toBe(false);
    expect(await versionOf()).toBe(before + 1);
    expect((await venueChangesList(db, owner, { limit: 10 })).changes).toHaveLength(1);
  });

  it('refuses a stale editor with the current part, and bad values with a message per field', async () => {
    await tenantLoad(ctx, tenantExample());
    const db = ctx.app.db;
    const owner = await principal(db, 'lucia@fuego.example');
    const deps = { db, log: ctx.app.log, now: () => ctx.app.clock.now() };
    const read = await venuePartGet(db, owner, fuegoCarta);
    const first = structuredClone(read.value);
    first.name = 'Carta de invierno';
    await venuePartSave(deps, owner, {
      locate: fuegoCarta,
      value: first,
      baseVersion: read.version,
      subject: 'menu',
      subjectName: 'Carta',
      branchContactId: null,
    });

    const stale = structuredClone(read.value);
    stale.name = 'Carta de verano';
    const conflict = await venuePartSave(deps, owner, {
      locate: fuegoCarta,
      value: stale,
      baseVersion: read.version,
      subject: 'menu',
      subjectName: 'Carta',
      branchContactId: null,
    }).catch((error) => error);
    expect(conflict).toBeInstanceOf(HttpError);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.extra.current.value.name).toBe('Carta de invierno');

    const broken = structuredClone(first);
    broken.categories[0]!.plates[0]!.showName = '';
    (broken.categories[0]!.plates[0] as { price?: number }).price = -5;
    const invalid = await venuePartSave(deps, owner, {
      locate: fuegoCarta,
      value: broken,
      subject: 'menu',
      subjectName: 'Carta',
      branchContactId: null,
    }).catch((error) => error);
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.fields)).toEqual(
      expect.arrayContaining(['categories[0].plates[0].showName', 'categories[0].plates[0].price']),
    );
    const exported = (await tenantExport(db, 'fuego'))!;
    expect(exported.branches[0]!.menus[0]!.name).toBe('Carta de invierno');
    expect(exported.branches[0]!.menus[0]!.categories[0]!.plates[0]!.showName).not.toBe('');
  });
});
