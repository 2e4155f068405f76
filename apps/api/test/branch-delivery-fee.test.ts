import { and, eq } from 'drizzle-orm';
import { Value } from 'typebox/value';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riders } from '../src/db/schema/logistics';
import { branchContacts, orderModes } from '../src/db/schema/tenant';
import { DeliveryInfoSchema } from '../src/schemas/delivery-info';
import { demoTenant } from '../src/tenant/demo-seed';
import { dinerGet, tenantLoad } from './support/diner-fixture';
import { exampleTenantRenamed } from './support/tenant-files';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// GET /api/branch/{id}/deliveryzones/fee on the demo tenant ('brasa'): Núñez has a
// 2 km radius zone listed before a Belgrano–Coghlan polygon that overlaps it, and
// delivers with its own riders (none on shift in the file); Caballito has one
// radius zone and no own logistics. A second tenant in a currency with cents
// checks the conversion to major units.
describe.each(testDatabaseKinds())('delivery info on %s', (kind) => {
  const ctx = useTestApp(kind);
  const ids = { nunez: 0, caballito: 0, villaCrespo: 0, centsPalermo: 0, centsCafe: 0 };

  const contactId = async (alias: string) => {
    const rows = await ctx.database.db
      .select({ id: branchContacts.id })
      .from(branchContacts)
      .where(eq(branchContacts.alias, alias));
    const id = rows[0]?.id;
    if (!id) throw new Error(`no branch contact ${alias}`);
    return id;
  };
  const fee = (id: number, query: string) => dinerGet(ctx, `/api/branch/${id}/deliveryzones/fee?${query}`);
  const setRiders = async (id: number, values: { active?: boolean; acceptsCash?: boolean }) =>
    ctx.database.db.update(riders).set(values).where(eq(riders.branchContactId, id));

  beforeAll(async () => {
    await tenantLoad(ctx, demoTenant());
    // The example tenant in Uruguayan pesos with cents (mantissa 2): fees of 1500.5 major units.
    const cents = exampleTenantRenamed('centavo');
    cents.country = {
      code: 'UY',
      name: 'Uruguay',
      currency: { code: 'UYU', symbol: '$' },
      phonePrefix: '598',
      mantissaLength: 2,
      timezone: 'America/Montevideo',
    };
    cents.branches[0].branchContacts[0].deliveryConfig.deliveryZones[0].fee = 150.5;
    cents.branches[0].branchContacts[0].deliveryConfig.deliveryZones[0].cashFee = 180.25;
    await tenantLoad(ctx, cents);
    ids.nunez = await contactId('brasa-nunez');
    ids.caballito = await contactId('brasa-caballito');
    ids.villaCrespo = await contactId('brasa-villa-crespo');
    ids.centsPalermo = await contactId('centavo-palermo');
    ids.centsCafe = await contactId('centavo-cafe-centro');
  });

  beforeEach(async () => {
    // Every test starts as the demo file has it: nobody on shift, every rider takes cash.
    for (const id of [ids.nunez, ids.villaCrespo, ids.centsPalermo]) {
      await setRiders(id, { active: false, acceptsCash: true });
    }
  });

  it('inside the radius zone: its fees in major units, the zone named; also the overlap → first zone', async () => {
    // Av. Cabildo 3500, 600 m from the Núñez location: inside the 2 km radius and inside the polygon.
    const { status, body, headers } = await fee(
      ids.nunez,
      'lat=-34.5505&lng=-58.4648&fullAddress=Av.%20Cabildo%203500',
    );
    expect(status).toBe(200);
    expect(Value.Check(DeliveryInfoSchema, body)).toBe(true);
    expect(body).toEqual({
      fee: 1200,
      cashFee: 1400,
      minimumOrderPrice: 10000,
      freeDeliveryFrom: 40000,
      insideDeliveryArea: true,
      providersFailed: true,
      ownLogistics: true,
      cashAvailable: false,
      zoneName: 'Núñez y Saavedra',
    });
    expect(headers['cache-control']).toBe('no-store');
  });

  it('inside the polygon only (beyond the radius): the polygon zone', async () => {
    // 2.9 km from Núñez, inside the Belgrano–Coghlan rectangle.
    const { status, body } = await fee(ids.nunez, 'lat=-34.5700&lng=-58.4450');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      fee: 2200,
      cashFee: 2400,
      minimumOrderPrice: 15000,
      freeDeliveryFrom: 60000,
      insideDeliveryArea: true,
      zoneName: 'Belgrano y Coghlan',
    });
  });

  it('a zone without a free-delivery amount answers null (never free), not 0', async () => {
    // Villa Crespo's polygon zone has no freeDeliveryFrom; 1.7 km from the location, beyond its 1.2 km radius.
    const { body } = await fee(ids.villaCrespo, 'lat=-34.6100&lng=-58.4500');
    expect(body).toMatchObject({
      insideDeliveryArea: true,
      zoneName: 'Villa Crespo y alrededores',
      fee: 1800,
    });
    expect(body.freeDeliveryFrom).toBeNull();
  });

  it('outside every zone: not inside, fee 0, the zone amounts null', async () => {
    // The Obelisco, 9 km from Núñez.
    const { status, body } = await fee(ids.nunez, 'lat=-34.6037&lng=-58.3816');
    expect(status).toBe(200);
    expect(Value.Check(DeliveryInfoSchema, body)).toBe(true);
    expect(body).toMatchObject({
      fee: 0,
      cashFee: null,
      minimumOrderPrice: null,
      freeDeliveryFrom: null,
      insideDeliveryArea: false,
      zoneName: null,
      ownLogistics: true,
    });
  });

  it('a location with no zones delivers nowhere', async () => {
    const { body } = await fee(ids.centsCafe, 'lat=-34.6015&lng=-58.3752');
    expect(body).toMatchObject({ insideDeliveryArea: false, ownLogistics: false, providersFailed: false });
  });

  describe('riders (own logistics)', () => {
    it('no rider on shift: providers failed and no cash', async () => {
      const { body } = await fee(ids.nunez, 'lat=-34.5455&lng=-58.4689');
      expect(body).toMatchObject({ ownLogistics: true, providersFailed: true, cashAvailable: false });
    });

    it('a rider on shift who takes cash: providers fine, cash available', async () => {
      const [first] = await ctx.database.db
        .select({ id: riders.id })
        .from(riders)
        .where(eq(riders.branchContactId, ids.nunez));
      await ctx.database.db.update(riders).set({ active: true }).where(eq(riders.id, first!.id));
      const { body } = await fee(ids.nunez, 'lat=-34.5455&lng=-58.4689');
      expect(body).toMatchObject({ ownLogistics: true, providersFailed: false, cashAvailable: true });
    });

    it('riders on shift, none taking cash: providers fine, cash not available', async () => {
      await setRiders(ids.nunez, { active: true, acceptsCash: false });
      const { body } = await fee(ids.nunez, 'lat=-34.5455&lng=-58.4689');
      expect(body).toMatchObject({ providersFailed: false, cashAvailable: false });
    });

    it('a rider taking cash but off shift does not count', async () => {
      const [first, second] = await ctx.database.db
        .select({ id: riders.id })
        .from(riders)
        .where(eq(riders.branchContactId, ids.nunez));
      await ctx.database.db
        .update(riders)
        .set({ active: true, acceptsCash: false })
        .where(eq(riders.id, first!.id));
      await ctx.database.db
        .update(riders)
        .set({ active: false, acceptsCash: true })
        .where(and(eq(riders.id, second!.id)));
      const { body } = await fee(ids.nunez, 'lat=-34.5455&lng=-58.4689');
      expect(body).toMatchObject({ providersFailed: false, cashAvailable: false });
    });

    it("another location's riders on shift do not serve this one", async () => {
      await setRiders(ids.villaCrespo, { active: true });
      const { body } = await fee(ids.nunez, 'lat=-34.5455&lng=-58.4689');
      expect(body).toMatchObject({ providersFailed: true });
    });

    it('without own logistics: never providers failed, cash available', async () => {
      const { body } = await fee(ids.caballito, 'lat=-34.6190&lng=-58.4410');
      expect(body).toMatchObject({
        insideDeliveryArea: true,
        zoneName: 'Caballito',
        ownLogistics: false,
        providersFailed: false,
        cashAvailable: true,
        fee: 1500,
      });
    });
  });

  it('converts minor units to major units with the currency decimals', async () => {
    const { body } = await fee(ids.centsPalermo, 'lat=-34.5889&lng=-58.4306');
    expect(body).toMatchObject({ fee: 150.5, cashFee: 180.25, minimumOrderPrice: 8000, zoneName: 'Cercana' });
  });

  describe('bad input', () => {
    it('400 per field: missing, non-numeric and out-of-range coordinates', async () => {
      const missing = await fee(ids.nunez, 'fullAddress=x');
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toEqual({
        'querystring.lat': 'es obligatorio',
        'querystring.lng': 'es obligatorio',
      });

      const words = await fee(ids.nunez, 'lat=abc&lng=-58.4');
      expect(words.status).toBe(400);
      expect(Object.keys(words.body.fields)).toEqual(['querystring.lat']);

      const range = await fee(ids.nunez, 'lat=-91&lng=181');
      expect(range.status).toBe(400);
      expect(Object.keys(range.body.fields).sort()).toEqual(['querystring.lat', 'querystring.lng']);
      expect(range.body).toMatchObject({ error: 'Bad Request' });
      expect(range.body.message).toMatch(/^querystring\.(lat|lng): /);
    });

    it('400 for a bad id and for an over-long address', async () => {
      const id = await dinerGet(ctx, '/api/branch/abc/deliveryzones/fee?lat=-34.5&lng=-58.4');
      expect(id.status).toBe(400);
      expect(Object.keys(id.body.fields)).toEqual(['params.id']);
      const long = await fee(ids.nunez, `lat=-34.5&lng=-58.4&fullAddress=${'a'.repeat(501)}`);
      expect(long.status).toBe(400);
      expect(Object.keys(long.body.fields)).toEqual(['querystring.fullAddress']);
    });

    it('404 for an unknown branch contact', async () => {
      const { status, body } = await fee(999999, 'lat=-34.5&lng=-58.4');
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'Not Found', message: 'No existe el local 999999' });
    });
  });

  describe('GET /api/branch/{branchId}/delivery-reach: every location of a brand at once', () => {
    const branchOf = async (id: number) =>
      (
        await ctx.database.db
          .select({ branchId: branchContacts.branchId })
          .from(branchContacts)
          .where(eq(branchContacts.id, id))
      )[0]?.branchId ?? 0;
    const reach = (branchId: number, query: string) =>
      dinerGet(ctx, `/api/branch/${branchId}/delivery-reach?${query}`);
    const POINTS = [
      'lat=-34.5505&lng=-58.4648', // Av. Cabildo 3500: Núñez's radius
      'lat=-34.5700&lng=-58.4450', // Núñez's polygon only
      'lat=-34.6186&lng=-58.4416', // by Caballito
      'lat=-34.6037&lng=-58.3816', // the Obelisco: nobody
    ];

    it("answers what each location's own delivery info says, for the whole brand in one request", async () => {
      const parrilla = await branchOf(ids.nunez);
      for (const point of POINTS) {
        const { status, body, headers } = await reach(parrilla, point);
        expect(status).toBe(200);
        expect(headers['cache-control']).toBe('no-store');
        const expected = [];
        for (const id of [ids.nunez, ids.caballito]) {
          expected.push({ id, insideDeliveryArea: (await fee(id, point)).body.insideDeliveryArea });
        }
        expect(body.branchContacts).toEqual(expected);
      }
      expect((await reach(parrilla, POINTS[0] ?? '')).body.branchContacts).toEqual([
        { id: ids.nunez, insideDeliveryArea: true },
        { id: ids.caballito, insideDeliveryArea: false },
      ]);
    });

    it('a location without an active delivery mode reaches nobody; a blocked one is not listed', async () => {
      const parrilla = await branchOf(ids.nunez);
      const db = ctx.database.db;
      const nunezDelivery = and(eq(orderModes.branchContactId, ids.nunez), eq(orderModes.type, 'DELIVERY'));
      await db.update(orderModes).set({ active: false }).where(nunezDelivery);
      try {
        expect((await reach(parrilla, POINTS[0] ?? '')).body.branchContacts).toContainEqual({
          id: ids.nunez,
          insideDeliveryArea: false,
        });
      } finally {
        await db.update(orderModes).set({ active: true }).where(nunezDelivery);
      }
      await db.update(branchContacts).set({ blocked: true }).where(eq(branchContacts.id, ids.caballito));
      try {
        const listed = (await reach(parrilla, POINTS[0] ?? '')).body.branchContacts.map(
          (entry: { id: number }) => entry.id,
        );
        expect(listed).toEqual([ids.nunez]);
      } finally {
        await db.update(branchContacts).set({ blocked: false }).where(eq(branchContacts.id, ids.caballito));
      }
    });

    it('400 per field and 404 for an unknown brand', async () => {
      const bad = await reach(await branchOf(ids.nunez), 'lat=200&lng=-58.4');
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields)).toEqual(['querystring.lat']);
      const missing = await reach(999999, 'lat=-34.5&lng=-58.4');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('No existe la marca 999999');
    });
  });
});
