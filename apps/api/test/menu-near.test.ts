import { and, eq } from 'drizzle-orm';
import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETIRED_POSITION } from '../src/db/schema/columns';
import { branchContacts, orderModes } from '../src/db/schema/tenant';
import { siteOriginsFromEnv } from '../src/lib/site-origins';
import { GuidePageSchema } from '../src/schemas/guide';
import { demoTenant } from '../src/tenant/demo-seed';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

// The branch guide (follow-up §2.4, §7 `POST /api/menu/near`).

/** A diner on Honduras at Gurruchaga, Palermo Soho. */
const DINER = { lat: -34.588, lng: -58.43 };

/** The six Buenos Aires locations of the demo (brasa) and example (fuego) tenants, nearest to DINER first. */
const NEAREST = [
  ['fuego-palermo', 114, true], // inside its 2.5 km radius
  ['brasa-villa-crespo', 1378, true], // outside its 1.2 km radius, inside its polygon
  ['brasa-caballito', 3591, false], // beyond its 3 km radius
  ['fuego-belgrano', 3886, false], // beyond its 3 km radius
  ['fuego-cafe-centro', 5236, false], // no delivery at all
  ['brasa-nunez', 5918, false], // neither its radius nor its polygon
] as const;

async function near(ctx: TestContext, body: unknown, host?: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/menu/near',
    payload: body as object,
    headers: host ? { host } : {},
  });
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field
  return { status: response.statusCode, headers: response.headers, body: response.json() as any };
}

/** A copy of the example tenant in Montevideo: another company, another country. */
function uruguayTenant(): Record<string, unknown> {
  const tenant = tenantExampleRenamed('charrua');
  tenant.country = {
    code: 'UY',
    name: 'Uruguay',
    currency: { code: 'UYU', symbol: '$' },
    phonePrefix: '598',
    mantissaLength: 2,
    timezone: 'America/Montevideo',
  };
  const text = JSON.stringify(tenant)
    .replaceAll('"Fuego ', '"Charrúa ')
    .replaceAll('"city":"Buenos Aires"', '"city":"Montevideo"');
  const moved = JSON.parse(text) as { branches: { branchContacts: Record<string, unknown>[] }[] };
  moved.branches.forEach((branch, b) => {
    branch.branchContacts.forEach((contact, c) => {
      contact.coordinates = { lat: -34.905 + b * 0.01, lng: -56.19 + c * 0.01 };
      (contact.deliveryConfig as { deliveryZones: unknown[] }).deliveryZones = [];
    });
  });
  return moved as unknown as Record<string, unknown>;
}

async function contactIdOf(ctx: TestContext, alias: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ id: branchContacts.id })
    .from(branchContacts)
    .where(eq(branchContacts.alias, alias));
  if (!row) throw new Error(`no branch contact ${alias}`);
  return row.id;
}

describe.each(testDatabaseKinds())('POST /api/menu/near on %s', (kind) => {
  const ctx = useTestApp(kind);

  beforeAll(async () => {
    await tenantLoad(ctx, demoTenant());
    await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, uruguayTenant());
  });

  it('lists the nearest locations first, with the card’s fields, distances and delivery reach', async () => {
    const { status, body, headers } = await near(ctx, { ...DINER, pagingOption: { pageSize: 6, offset: 0 } });
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    expect(Value.Check(GuidePageSchema, body)).toBe(true);
    expect(body.branchContacts.map((b: { alias: string }) => b.alias)).toEqual(
      NEAREST.map(([alias]) => alias),
    );
    body.branchContacts.forEach(
      (card: { distanceInMeters: number; reachableByDelivery: boolean }, i: number) => {
        expect(card.distanceInMeters).toBeCloseTo(NEAREST[i]?.[1] ?? -1, -1);
        expect(card.reachableByDelivery).toBe(NEAREST[i]?.[2]);
      },
    );
    expect(body.branchContacts[0]).toEqual({
      id: await contactIdOf(ctx, 'fuego-palermo'),
      alias: 'fuego-palermo',
      name: 'Fuego Palermo',
      address: { street: 'Honduras', number: '4800', city: 'Buenos Aires' },
      whatsAppPhone: '+5491147770001',
      distanceInMeters: 114,
      reachableByDelivery: true,
    });
    // Montevideo's locations follow Buenos Aires', so there is more.
    expect(body.hasMore).toBe(true);
    expect(body.pagingOption).toEqual({ pageSize: 6, offset: 0 });
  });

  it('pages by offset: consecutive pages join into the full list, and the last says no more', async () => {
    const all = await near(ctx, { ...DINER, pagingOption: { pageSize: 50 } });
    expect(all.body.branchContacts).toHaveLength(9);
    expect(all.body.hasMore).toBe(false);
    const paged: string[] = [];
    const more: boolean[] = [];
    for (let offset = 0; offset < 10; offset += 4) {
      const page = await near(ctx, { ...DINER, pagingOption: { pageSize: 4, offset } });
      paged.push(...page.body.branchContacts.map((b: { alias: string }) => b.alias));
      more.push(page.body.hasMore);
    }
    expect(paged).toEqual(all.body.branchContacts.map((b: { alias: string }) => b.alias));
    expect(more).toEqual([true, true, false]);
    const beyond = await near(ctx, { ...DINER, pagingOption: { pageSize: 4, offset: 40 } });
    expect(beyond.body).toMatchObject({ branchContacts: [], hasMore: false });
  });

  it('pages 20 at a time when no page size is given', async () => {
    const { body } = await near(ctx, DINER);
    expect(body.pagingOption).toEqual({ pageSize: 20, offset: 0 });
  });

  it('finds the nearest from far away (every radius tried, then the whole Earth): Madrid → Montevideo first', async () => {
    const { body } = await near(ctx, { lat: 40.4168, lng: -3.7038, pagingOption: { pageSize: 9 } });
    const distances = body.branchContacts.map((b: { distanceInMeters: number }) => b.distanceInMeters);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeGreaterThan(9_000_000);
    expect(body.branchContacts[0].alias).toMatch(/^charrua-/);
    expect(body.hasMore).toBe(false);
  });

  it('filters by country (code or name, either case) and by location (id or alias)', async () => {
    const aliasesOf = (body: { branchContacts: { alias: string }[] }) =>
      body.branchContacts.map((b) => b.alias);
    const uy = await near(ctx, { ...DINER, filters: [{ key: 'country', value: 'uy' }] });
    // Montevideo's café sits 0.01° north of the others: nearer to a diner north-west, in Buenos Aires.
    expect(aliasesOf(uy.body)).toEqual(['charrua-cafe-centro', 'charrua-palermo', 'charrua-belgrano']);
    const named = await near(ctx, { ...DINER, filters: [{ key: 'country', value: 'Uruguay' }] });
    expect(aliasesOf(named.body)).toEqual(aliasesOf(uy.body));
    const ar = await near(ctx, { ...DINER, filters: [{ key: 'country', value: 'AR' }] });
    expect(aliasesOf(ar.body)).toEqual(NEAREST.map(([alias]) => alias));
    const nowhere = await near(ctx, { ...DINER, filters: [{ key: 'country', value: 'Chile' }] });
    expect(nowhere.status).toBe(200);
    expect(nowhere.body).toMatchObject({ branchContacts: [], hasMore: false });
    const two = await near(ctx, {
      ...DINER,
      filters: [
        { key: 'branch_contact', value: 'Brasa-Nunez' },
        { key: 'branch_contact', value: String(await contactIdOf(ctx, 'charrua-palermo')) },
      ],
    });
    expect(aliasesOf(two.body)).toEqual(['brasa-nunez', 'charrua-palermo']);
    const both = await near(ctx, {
      ...DINER,
      filters: [
        { key: 'branch_contact', value: 'brasa-nunez' },
        { key: 'branch_contact', value: 'charrua-palermo' },
        { key: 'country', value: 'AR' },
      ],
    });
    expect(aliasesOf(both.body)).toEqual(['brasa-nunez']);
  });

  it('answers 400 naming the field for every bad input', async () => {
    const cases: [unknown, string][] = [
      [{ lng: DINER.lng }, 'body.lat'],
      [{ lat: 91, lng: 0 }, 'body.lat'],
      [{ lat: 'norte', lng: 0 }, 'body.lat'],
      [{ lat: 0, lng: -180.5 }, 'body.lng'],
      [{ lat: 0 }, 'body.lng'],
      [{ ...DINER, pagingOption: { pageSize: 0 } }, 'body.pagingOption.pageSize'],
      [{ ...DINER, pagingOption: { pageSize: 51 } }, 'body.pagingOption.pageSize'],
      [{ ...DINER, pagingOption: { pageSize: 2.5 } }, 'body.pagingOption.pageSize'],
      [{ ...DINER, pagingOption: { offset: -1 } }, 'body.pagingOption.offset'],
      [{ ...DINER, pagingOption: { offset: 10_001 } }, 'body.pagingOption.offset'],
      [{ ...DINER, filters: [{ key: 'city', value: 'Buenos Aires' }] }, 'body.filters[0].key'],
      [{ ...DINER, filters: [{ key: 'country', value: '' }] }, 'body.filters[0].value'],
      [
        {
          ...DINER,
          filters: [
            { key: 'country', value: 'AR' },
            { key: 'country', value: '<b>' },
          ],
        },
        'body.filters[1].value',
      ],
      [{ ...DINER, filters: [{ key: 'branch_contact', value: 'no es un alias' }] }, 'body.filters[0].value'],
      [{ ...DINER, filters: [{ key: 'branch_contact' }] }, 'body.filters[0].value'],
      [{ ...DINER, radius: 5 }, 'body.radius'],
    ];
    for (const [body, field] of cases) {
      const response = await near(ctx, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.body.fields), JSON.stringify(body)).toEqual([field]);
      expect(response.body.message).toContain(field);
    }
  });

  it('leaves out blocked, retired and unlocated locations, and those taking no orders', async () => {
    const db = ctx.database.db;
    const ids = {
      belgrano: await contactIdOf(ctx, 'fuego-belgrano'),
      caballito: await contactIdOf(ctx, 'brasa-caballito'),
      centro: await contactIdOf(ctx, 'fuego-cafe-centro'),
      nunez: await contactIdOf(ctx, 'brasa-nunez'),
    };
    await db.update(branchContacts).set({ blocked: true }).where(eq(branchContacts.id, ids.belgrano));
    await db
      .update(branchContacts)
      .set({ position: RETIRED_POSITION })
      .where(eq(branchContacts.id, ids.caballito));
    await db.update(branchContacts).set({ lat: null, lng: null }).where(eq(branchContacts.id, ids.centro));
    await db.update(orderModes).set({ active: false }).where(eq(orderModes.branchContactId, ids.nunez));
    const { body } = await near(ctx, { ...DINER, filters: [{ key: 'country', value: 'AR' }] });
    expect(body.branchContacts.map((b: { alias: string }) => b.alias)).toEqual([
      'fuego-palermo',
      'brasa-villa-crespo',
    ]);
  });

  it('a location inside the zone but without an active delivery mode does not deliver', async () => {
    const palermo = await contactIdOf(ctx, 'fuego-palermo');
    // The DELIVERY mode only: the location still takes take-away orders, so it stays listed.
    await ctx.database.db
      .update(orderModes)
      .set({ active: false })
      .where(and(eq(orderModes.branchContactId, palermo), eq(orderModes.type, 'DELIVERY')));
    const { body } = await near(ctx, { ...DINER, pagingOption: { pageSize: 1 } });
    expect(body.branchContacts[0]).toMatchObject({ alias: 'fuego-palermo', reachableByDelivery: false });
  });
});

describe.each(testDatabaseKinds())('POST /api/menu/near on a company’s own host on %s', (kind) => {
  const ctx = useTestApp(kind, {
    origins: siteOriginsFromEnv({ COMPANY_HOSTS: 'brasa=pedidos.brasa.cl' }, 'http://localhost:3000'),
  });

  beforeAll(async () => {
    await tenantLoad(ctx, demoTenant());
    await tenantLoad(ctx, tenantExample());
  });

  it('lists only that company’s locations there, and everyone’s on the shared host', async () => {
    const own = await near(ctx, DINER, 'pedidos.brasa.cl');
    expect(own.body.branchContacts.map((b: { alias: string }) => b.alias)).toEqual([
      'brasa-villa-crespo',
      'brasa-caballito',
      'brasa-nunez',
    ]);
    const shared = await near(ctx, DINER, 'localhost:3000');
    expect(shared.body.branchContacts).toHaveLength(6);
  });
});
