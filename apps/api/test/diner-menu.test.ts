import { and, eq, sql } from 'drizzle-orm';
import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { plateSizes, plates } from '../src/db/schema/menu';
import { companies } from '../src/db/schema/tenant';
import { MenuHashesSchema, MenuSchema } from '../src/schemas/diner';
import { contentChangedPublish } from '../src/services/content-cache';
import { menuCacheClear, menuCacheSize } from '../src/services/menu-service';
import { dinerGet, tenantExample, tenantLoad } from './support/diner-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

interface PlateBody {
  id: number;
  showName: string;
  price: number | null;
  sizes: { id: number; name: string; price: number }[];
  garnishGroups: { groupName: string; groupItems: { name: string; price: number; visible: boolean }[] }[];
  category: { id: number; showName: string };
  indicators: string[];
  hasIndicators: boolean;
  withImage: boolean;
  maxQuantity: number;
}
interface CategoryBody {
  id: number;
  showName: string;
  plates: PlateBody[];
}

const names = (list: { showName: string }[]) => list.map((item) => item.showName);

// The menu of an order mode: content, ETag/304, the hash endpoint and invalidation.
describe.each(testDatabaseKinds())('diner menu on %s', (kind) => {
  const ctx = useTestApp(kind);
  let companyId = 0;
  let palermoId = 0;
  let belgranoId = 0;
  const mode: Record<string, number> = {};
  const menuUrl = (type: string, alias = 'fuego-palermo', contactId = palermoId) =>
    `/api/diner/${alias}/menu/${contactId}?orderModeId=${mode[type]}`;

  beforeAll(async () => {
    companyId = await tenantLoad(ctx, tenantExample());
    const palermo = (await dinerGet(ctx, '/api/diner/fuego-palermo')).body.branchContact;
    palermoId = palermo.id;
    for (const orderMode of palermo.deliveryConfig.orderModes) mode[orderMode.type] = orderMode.id;
    const belgrano = (await dinerGet(ctx, '/api/diner/fuego-belgrano')).body.branchContact;
    belgranoId = belgrano.id;
    mode.BELGRANO_DELIVERY = belgrano.deliveryConfig.orderModes[0].id;
  });

  describe('content', () => {
    let menu: {
      categories: CategoryBody[];
      remarkeds: PlateBody[];
      upselleds: PlateBody[];
      discounts: unknown[];
    };
    const plate = (name: string) =>
      menu.categories.flatMap((category) => category.plates).find((p) => p.showName === name) as PlateBody;

    beforeAll(async () => {
      const response = await dinerGet(ctx, menuUrl('DELIVERY'));
      expect(response.status).toBe(200);
      menu = response.body;
    });

    it('matches the menu schema and is JSON', async () => {
      expect(Value.Check(MenuSchema, menu)).toBe(true);
      const response = await dinerGet(ctx, menuUrl('DELIVERY'));
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    });

    it('keeps the four categories with plates and leaves out the empty "De temporada"', () => {
      expect(names(menu.categories)).toEqual(['Hamburguesas', 'Acompañamientos', 'Bebidas', 'Postres']);
      expect(JSON.stringify(menu)).not.toContain('De temporada');
      expect(names(menu.categories[0]?.plates ?? [])).toEqual([
        'Clásica',
        'Bacon BBQ',
        'Veggie',
        'Combo Fuego',
      ]);
    });

    it('gives sizes and prices in major units', () => {
      const clasica = plate('Clásica');
      expect(clasica.price).toBeNull();
      expect(clasica.sizes.map((size) => [size.name, size.price])).toEqual([
        ['Simple', 8500],
        ['Doble', 10900],
        ['Triple', 12900],
      ]);
      expect(plate('Veggie')).toMatchObject({ price: 9200, sizes: [] });
      expect(plate('Papas fritas').price).toBe(4200);
    });

    it('gives garnish groups in order without the hidden "Jalapeños"', () => {
      const clasica = plate('Clásica');
      expect(clasica.garnishGroups.map((group) => group.groupName)).toEqual([
        'Elegí tu pan',
        'Extras',
        'Salsas (hasta 2)',
      ]);
      expect(clasica.garnishGroups[0]).toMatchObject({
        minGarnishAmount: 1,
        maxGarnishAmount: 1,
        multipleSelection: false,
        mandatory: true,
      });
      const extras = clasica.garnishGroups[1];
      expect(extras).toMatchObject({ minGarnishAmount: 0, maxGarnishAmount: 3, multipleSelection: true });
      expect(extras?.groupItems.map((item) => [item.name, item.price, item.visible])).toEqual([
        ['Cheddar extra', 800, true],
        ['Panceta', 1100, true],
        ['Huevo frito', 700, true],
      ]);
      expect(JSON.stringify(menu)).not.toContain('Jalapeños');
      expect(plate('Papas fritas').garnishGroups).toEqual([]);
    });

    it('gives indicators, image flag, category and quantity cap', () => {
      expect(plate('Veggie')).toMatchObject({
        indicators: ['VEGANO'],
        hasIndicators: true,
        withImage: false,
      });
      expect(plate('Clásica')).toMatchObject({ indicators: [], hasIndicators: false, maxQuantity: 20 });
      expect(plate('Cerveza artesanal pinta').maxQuantity).toBe(6);
      expect(plate('Gaseosa 500 ml').maxQuantity).toBe(9_999_999);
      const bebidas = menu.categories[2] as CategoryBody;
      expect(plate('Gaseosa 500 ml').category).toEqual({
        id: bebidas.id,
        name: 'bebidas',
        showName: 'Bebidas',
      });
      expect(bebidas).toMatchObject({ withImage: false, hasIndicators: false, indicators: [] });
    });

    it('gives remarkeds and upselleds as plates in their order', () => {
      expect(names(menu.remarkeds)).toEqual(['Bacon BBQ', 'Combo Fuego', 'Papas con cheddar y panceta']);
      expect(names(menu.upselleds)).toEqual(['Papas fritas', 'Gaseosa 500 ml', 'Brownie con helado']);
      expect(menu.remarkeds[0]).toEqual(plate('Bacon BBQ'));
    });

    it('gives the menu discounts of its plates by plate id', () => {
      expect(menu.discounts).toEqual([
        {
          id: expect.any(Number),
          type: 'PERCENT',
          percentage: 15,
          plates: [plate('Papas con cheddar y panceta').id],
          validDays: [],
        },
        {
          id: expect.any(Number),
          type: 'MULTIPLE',
          buy: 2,
          pay: 1,
          plates: [plate('Cerveza artesanal pinta').id],
          validDays: ['THURSDAY'],
        },
        {
          id: expect.any(Number),
          type: 'FIXED',
          fixedDiscount: 500,
          plates: [plate('Brownie con helado').id],
          validDays: [],
        },
        {
          id: expect.any(Number),
          type: 'FINAL_PRICE',
          finalPrice: 12900,
          plates: [plate('Combo Fuego').id],
          validDays: [],
        },
      ]);
    });

    it("gives the dining room its own menu ('salon': Clásica 9000) with only its discounts", async () => {
      const { status, body } = await dinerGet(ctx, menuUrl('DINE_IN'));
      expect(status).toBe(200);
      expect(names(body.categories)).toEqual(['Hamburguesas', 'Bebidas']);
      const clasica = body.categories[0].plates[0] as PlateBody;
      expect(clasica.sizes.map((size) => size.price)).toEqual([9000, 11500]);
      expect(clasica.garnishGroups.map((group) => group.groupName)).toEqual(['Elegí tu pan', 'Extras']);
      expect(body.remarkeds).toEqual([]);
      expect(body.discounts.map((discount: { type: string }) => discount.type)).toEqual(['MULTIPLE']);
    });
  });

  describe('ETag and hash', () => {
    it('answers 304 with no body to its own ETag, 200 to another', async () => {
      const first = await dinerGet(ctx, menuUrl('DELIVERY'));
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]{22}"$/);
      expect(first.headers['cache-control']).toBe('no-cache');

      const again = await dinerGet(ctx, menuUrl('DELIVERY'), { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.raw).toBe('');
      expect(again.headers.etag).toBe(etag);

      for (const header of [`W/${etag}`, `"other", ${etag}`, '*']) {
        expect((await dinerGet(ctx, menuUrl('DELIVERY'), { 'if-none-match': header })).status).toBe(304);
      }
      const stale = await dinerGet(ctx, menuUrl('DELIVERY'), { 'if-none-match': '"not-this-one"' });
      expect(stale.status).toBe(200);
      expect(stale.raw).toBe(first.raw);
    });

    it('gives the same hash to modes sharing a menu, another to the dining room', async () => {
      const delivery = (await dinerGet(ctx, menuUrl('DELIVERY'))).headers.etag;
      const takeAway = (await dinerGet(ctx, menuUrl('TAKE_AWAY'))).headers.etag;
      const dineIn = (await dinerGet(ctx, menuUrl('DINE_IN'))).headers.etag;
      expect(takeAway).toBe(delivery);
      expect(dineIn).not.toBe(delivery);
    });

    it('agrees with the ETag on the hash endpoint, in the order asked', async () => {
      const etagOf = async (type: string) =>
        ((await dinerGet(ctx, menuUrl(type))).headers.etag as string).replaceAll('"', '');
      const url = `/api/diner/menu/fuego-palermo/hash?orderModeId=${mode.DINE_IN}&orderModeId=${mode.DELIVERY}`;
      const { status, body } = await dinerGet(ctx, url);
      expect(status).toBe(200);
      expect(Value.Check(MenuHashesSchema, body)).toBe(true);
      expect(body).toEqual({
        menuHashes: [
          { orderModeId: mode.DINE_IN, hash: await etagOf('DINE_IN') },
          { orderModeId: mode.DELIVERY, hash: await etagOf('DELIVERY') },
        ],
      });
      // Cleared cache: the hash is of the content, so it is rebuilt identical.
      menuCacheClear();
      expect(menuCacheSize()).toBe(0);
      expect((await dinerGet(ctx, url)).body).toEqual(body);
      // Two menus (delivery's 'carta', the dining room's 'salon') rebuilt, one body each.
      expect(menuCacheSize()).toBe(2);
    });

    it('lists every active mode under the alias when no id is given, and leaves out foreign ids', async () => {
      const all = await dinerGet(ctx, '/api/diner/menu/fuego-palermo/hash');
      expect(all.body.menuHashes.map((entry: { orderModeId: number }) => entry.orderModeId)).toEqual([
        mode.DELIVERY,
        mode.TAKE_AWAY,
        mode.DINE_IN,
      ]);
      const single = await dinerGet(ctx, `/api/diner/menu/fuego-palermo/hash?orderModeId=${mode.TAKE_AWAY}`);
      expect(single.body.menuHashes).toHaveLength(1);
      // Belgrano's mode is not Palermo's; 999999 does not exist.
      const foreign = await dinerGet(
        ctx,
        `/api/diner/menu/fuego-palermo/hash?orderModeId=${mode.BELGRANO_DELIVERY}&orderModeId=999999`,
      );
      expect(foreign.body).toEqual({ menuHashes: [] });
      // The brand's alias covers all its locations.
      const brand = await dinerGet(
        ctx,
        `/api/diner/menu/fuego-burgers/hash?orderModeId=${mode.BELGRANO_DELIVERY}`,
      );
      expect(brand.body.menuHashes).toHaveLength(1);
      const unknown = await dinerGet(ctx, '/api/diner/menu/nadie/hash');
      expect(unknown.status).toBe(404);
    });
  });

  describe('not found', () => {
    it('refuses an alias and id that name different branch contacts', async () => {
      const { status, body } = await dinerGet(ctx, menuUrl('DELIVERY', 'fuego-palermo', belgranoId));
      expect(status).toBe(404);
      expect(body).toEqual({
        error: 'Not Found',
        message: `El local 'fuego-palermo' no tiene el id ${belgranoId}`,
      });
      expect((await dinerGet(ctx, menuUrl('DELIVERY', 'fuego-burgers', palermoId))).status).toBe(404);
      expect((await dinerGet(ctx, menuUrl('DELIVERY', 'fuego', palermoId))).status).toBe(404);
    });

    it("refuses another location's order mode", async () => {
      const { status, body } = await dinerGet(ctx, menuUrl('BELGRANO_DELIVERY'));
      expect(status).toBe(404);
      expect(body.message).toBe(
        `El modo de pedido ${mode.BELGRANO_DELIVERY} no está disponible en este local`,
      );
    });
  });

  describe('after the data changes', () => {
    it('serves a new body with a new ETag within the version check once the content version moves', async () => {
      const before = await dinerGet(ctx, menuUrl('DELIVERY'));
      const db = ctx.database.db;
      // A write outside the API changed a price and bumped the version, and nobody announced it
      // (a lost notice): the safety net finds the new version within CONTENT_VERSION_CHECK_MS.
      const simpleSizeId = before.body.categories[0].plates[0].sizes[0].id;
      await db.update(plateSizes).set({ price: 8700 }).where(eq(plateSizes.id, simpleSizeId));
      await db
        .update(companies)
        .set({ contentVersion: sql`${companies.contentVersion} + 1` })
        .where(eq(companies.id, companyId));

      const changedAt = Date.now();
      const revalidate = () =>
        dinerGet(ctx, menuUrl('DELIVERY'), { 'if-none-match': before.headers.etag as string });
      let after = await revalidate();
      while (after.status === 304 && Date.now() - changedAt < 5000) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        after = await revalidate();
      }
      // One check interval, plus slack for a loaded machine.
      expect(Date.now() - changedAt).toBeLessThan(ctx.config.contentVersionCheckMs + 1000);
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.body.categories[0].plates[0].sizes[0].price).toBe(8700);
      const hash = await dinerGet(ctx, `/api/diner/menu/fuego-palermo/hash?orderModeId=${mode.DELIVERY}`);
      expect(`"${hash.body.menuHashes[0].hash}"`).toBe(after.headers.etag);
      // The dining room's menu did not change: its hash neither.
      expect((await dinerGet(ctx, menuUrl('DINE_IN'))).body.categories[0].plates[0].sizes[0].price).toBe(
        9000,
      );
    });

    it('serves the re-imported menu after an import of a changed file', async () => {
      const before = await dinerGet(ctx, menuUrl('DELIVERY'));
      const tenant = tenantExample() as {
        branches: { menus: { categories: { plates: { showName: string; price?: number }[] }[] }[] }[];
      };
      const papas = tenant.branches[0]?.menus[0]?.categories[1]?.plates[0];
      if (!papas) throw new Error('fixture changed: no Papas fritas');
      papas.price = 4400;
      await tenantLoad(ctx, tenant);

      const after = await dinerGet(ctx, menuUrl('DELIVERY'), {
        'if-none-match': before.headers.etag as string,
      });
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const category = after.body.categories[1] as CategoryBody;
      expect(category.plates[0]).toMatchObject({ showName: 'Papas fritas', price: 4400 });
      // The import restored the file's 8500 over the direct edit of the previous test.
      expect(after.body.categories[0].plates[0].sizes[0].price).toBe(8500);
    });

    it('leaves out a plate made inactive', async () => {
      const db = ctx.database.db;
      await db
        .update(plates)
        .set({ active: false })
        .where(and(eq(plates.companyId, companyId), eq(plates.key, 'veggie')));
      await db
        .update(companies)
        .set({ contentVersion: sql`${companies.contentVersion} + 1` })
        .where(eq(companies.id, companyId));
      // Announced after commit, as every writer of the API does: the next read is fresh.
      await contentChangedPublish(db, companyId);
      const menu = await dinerGet(ctx, menuUrl('DELIVERY'));
      expect(names(menu.body.categories[0].plates)).toEqual(['Clásica', 'Bacon BBQ', 'Combo Fuego']);
    });
  });
});
