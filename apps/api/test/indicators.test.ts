/**
 * Indicators (issue 12): the catalogue, the codes a menu uses, and one plate's
 * or category's indicators — always named by the domain's catalogue, and only
 * for what a storefront lists (nothing retired, nothing of a menu no active
 * mode serves).
 */
import { sql } from 'drizzle-orm';
import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { EntityIndicatorsSchema, IndicatorListSchema } from '../src/schemas/indicators';
import { dinerGet, tenantExample, tenantLoad } from './support/diner-fixture';
import { queryOne } from './support/tenant-files';
import { testDatabaseKinds, useTestApp } from './support/test-app';

interface TenantPlate {
  key: string;
  indicators?: string[];
}
interface TenantFile {
  branches: {
    menus: { key: string; categories: { key: string; plates: TenantPlate[] }[] }[];
    branchContacts: { orderModes: { key: string; active: boolean }[] }[];
  }[];
}

/** The example tenant with a code the catalogue lacks, and its dining-room menu served by no active mode. */
function tenant(): TenantFile {
  const file = tenantExample() as unknown as TenantFile;
  const burgers = file.branches[0];
  const plateOf = (menu: string, key: string) => {
    const found = burgers?.menus
      .find((candidate) => candidate.key === menu)
      ?.categories.flatMap((category) => category.plates)
      .find((candidate) => candidate.key === key);
    if (!found) throw new Error(`the example tenant has no plate ${menu}/${key}`);
    return found;
  };
  plateOf('carta', 'papas').indicators = ['SIN_TACC', 'SIN_SAL'];
  plateOf('salon', 'clasica').indicators = ['PICANTE'];
  for (const contact of burgers?.branchContacts ?? [])
    for (const mode of contact.orderModes) if (mode.key === 'palermo-salon') mode.active = false;
  return file;
}

const labels = (indicators: { label: string }[]) => indicators.map((indicator) => indicator.label);

describe.each(testDatabaseKinds())('indicators on %s', (kind) => {
  const ctx = useTestApp(kind);
  const ids = { delivery: 0, salon: 0, veggie: 0, papas: 0, aros: 0, salonClasica: 0 };
  const category = { hamburguesas: 0, bebidas: 0, temporada: 0, salonHamburguesas: 0 };

  const idOf = async (table: 'plates' | 'categories' | 'order_modes', menu: string | null, key: string) => {
    const row = await queryOne<{ id: number }>(
      ctx.database.db,
      menu === null
        ? sql`select id from order_modes where key = ${key}`
        : sql`select t.id from ${sql.identifier(table)} t join menus m on m.id = t.menu_id
              where m.key = ${menu} and t.key = ${key}`,
    );
    return Number(row.id);
  };

  beforeAll(async () => {
    await tenantLoad(ctx, tenant());
    ids.delivery = await idOf('order_modes', null, 'palermo-delivery');
    ids.salon = await idOf('order_modes', null, 'palermo-salon');
    ids.veggie = await idOf('plates', 'carta', 'veggie');
    ids.papas = await idOf('plates', 'carta', 'papas');
    ids.aros = await idOf('plates', 'carta', 'aros');
    ids.salonClasica = await idOf('plates', 'salon', 'clasica');
    category.hamburguesas = await idOf('categories', 'carta', 'hamburguesas');
    category.bebidas = await idOf('categories', 'carta', 'bebidas');
    category.temporada = await idOf('categories', 'carta', 'temporada');
    category.salonHamburguesas = await idOf('categories', 'salon', 'hamburguesas');
  });

  describe('GET /api/indicators', () => {
    it('answers the catalogue: Sin TACC, Vegano and Vegetariano as the menu filters', async () => {
      const { status, body } = await dinerGet(ctx, '/api/indicators');
      expect(status).toBe(200);
      expect(Value.Check(IndicatorListSchema, body)).toBe(true);
      expect(body.inUse).toBeUndefined();
      expect(labels(body.indicators)).toEqual(['Sin TACC', 'Vegano', 'Vegetariano', 'Picante', 'Nuevo']);
      expect(body.indicators[0]).toEqual({
        code: 'SIN_TACC',
        label: 'Sin TACC',
        description: 'Sin trigo, avena, cebada ni centeno: apto para celíacos.',
        menuFilter: true,
        known: true,
      });
      expect(body.indicators.filter((i: { menuFilter: boolean }) => i.menuFilter)).toHaveLength(3);
    });

    it("adds what a mode's menu uses, a code outside the catalogue labelled from its words", async () => {
      const { status, body } = await dinerGet(ctx, `/api/indicators?orderModeId=${ids.delivery}`);
      expect(status).toBe(200);
      expect(Value.Check(IndicatorListSchema, body)).toBe(true);
      expect(body.inUse).toEqual(['SIN_TACC', 'VEGANO', 'VEGETARIANO', 'SIN_SAL']);
      expect(body.indicators.at(-1)).toEqual({
        code: 'SIN_SAL',
        label: 'Sin sal',
        description: null,
        menuFilter: false,
        known: false,
      });
      // PICANTE is only on the dining room's menu, which no active mode serves.
      expect(body.inUse).not.toContain('PICANTE');
    });

    it('is a 404 in Spanish for a mode that is unknown or inactive', async () => {
      for (const id of [ids.salon, 999_999]) {
        const { status, body } = await dinerGet(ctx, `/api/indicators?orderModeId=${id}`);
        expect(status).toBe(404);
        expect(body.message).toBe(`El modo de pedido ${id} no está disponible`);
      }
    });

    it('is a 400 naming the field for an id that is not one', async () => {
      const { status, body } = await dinerGet(ctx, '/api/indicators?orderModeId=abc');
      expect(status).toBe(400);
      expect(Object.keys(body.fields)).toEqual(['querystring.orderModeId']);
    });
  });

  describe('GET /api/entityindicators/{entityType}/{entityId}', () => {
    it("answers a plate's own indicators, named", async () => {
      const { status, body } = await dinerGet(ctx, `/api/entityindicators/PLATE/${ids.papas}`);
      expect(status).toBe(200);
      expect(Value.Check(EntityIndicatorsSchema, body)).toBe(true);
      expect(body.entityType).toBe('PLATE');
      expect(body.entityId).toBe(ids.papas);
      expect(labels(body.indicators)).toEqual(['Sin TACC', 'Sin sal']);
      expect(body.indicators.map((i: { known: boolean }) => i.known)).toEqual([true, false]);
    });

    it("answers a listed category's indicators (none, or those it carries)", async () => {
      const none = await dinerGet(ctx, `/api/entityindicators/CATEGORY/${category.hamburguesas}`);
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ entityType: 'CATEGORY', entityId: category.hamburguesas, indicators: [] });
      // A tenant file cannot write a category's indicators yet; the column can hold them.
      await ctx.database.db.execute(
        sql`update categories set indicators = '["VEGANO"]'::jsonb where id = ${category.bebidas}`,
      );
      const vegan = await dinerGet(ctx, `/api/entityindicators/CATEGORY/${category.bebidas}`);
      expect(labels(vegan.body.indicators)).toEqual(['Vegano']);
    });

    it('is a 404 for what no storefront lists: an empty category, a menu no active mode serves, an unknown id', async () => {
      const missing = [
        [`CATEGORY/${category.temporada}`, `No existe la categoría ${category.temporada}`],
        [`CATEGORY/${category.salonHamburguesas}`, `No existe la categoría ${category.salonHamburguesas}`],
        [`PLATE/${ids.salonClasica}`, `No existe el plato ${ids.salonClasica}`],
        ['PLATE/999999', 'No existe el plato 999999'],
      ];
      for (const [path, message] of missing) {
        const { status, body } = await dinerGet(ctx, `/api/entityindicators/${path}`);
        expect(status, path).toBe(404);
        expect(body.message).toBe(message);
      }
    });

    it('is a 400 naming the field for an unknown entity type or an id that is not one', async () => {
      const type = await dinerGet(ctx, `/api/entityindicators/DISH/${ids.veggie}`);
      expect(type.status).toBe(400);
      expect(type.body.fields).toEqual({ 'params.entityType': 'debe ser uno de: PLATE, CATEGORY' });
      const id = await dinerGet(ctx, '/api/entityindicators/PLATE/-3');
      expect(id.status).toBe(400);
      expect(Object.keys(id.body.fields)).toEqual(['params.entityId']);
    });
  });

  describe('retired plates', () => {
    it('leave the menu: their codes are no longer in use, and they are a 404', async () => {
      const before = await dinerGet(ctx, `/api/entityindicators/PLATE/${ids.aros}`);
      expect(labels(before.body.indicators)).toEqual(['Vegetariano']);
      // What an import does to a plate that left the file but that orders still name.
      await ctx.database.db.execute(sql`update plates set active = false where id = ${ids.aros}`);
      const after = await dinerGet(ctx, `/api/entityindicators/PLATE/${ids.aros}`);
      expect(after.status).toBe(404);
      const list = await dinerGet(ctx, `/api/indicators?orderModeId=${ids.delivery}`);
      expect(list.body.inUse).toEqual(['SIN_TACC', 'VEGANO', 'SIN_SAL']);
    });

    it('and a category whose plates are all retired is a 404 too', async () => {
      await ctx.database.db.execute(
        sql`update plates set active = false where category_id = ${category.hamburguesas}`,
      );
      const { status } = await dinerGet(ctx, `/api/entityindicators/CATEGORY/${category.hamburguesas}`);
      expect(status).toBe(404);
      const list = await dinerGet(ctx, `/api/indicators?orderModeId=${ids.delivery}`);
      expect(list.body.inUse).toEqual(['SIN_TACC', 'VEGANO', 'SIN_SAL']); // bebidas still carries VEGANO
    });
  });
});
