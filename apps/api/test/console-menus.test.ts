/**
 * The menu editor's API (issue 19, ADR 053): a brand's menu, garnish groups
 * and menu discounts saved through the tenant import's validator and writer,
 * the OWNER's only, recorded in the history, served to diners at once, and an
 * export that still round-trips.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { venueChanges } from '../src/db/schema';
import { tenantExport } from '../src/tenant/tenant-export';
import { tenantImport } from '../src/tenant/tenant-import';
import {
  CHISPA_OWNER,
  FUEGO_OWNER,
  FUEGO_PALERMO_STAFF,
  request,
  staffLogin,
} from './support/console-fixture';
import { dinerGet, tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// biome-ignore lint/suspicious/noExplicitAny: tenant-format values checked field by field
type Any = any;

describe.each(testDatabaseKinds())('the menu editor on %s', (kind) => {
  const ctx = useTestApp(kind);
  let owner = '';
  let brandId = 0;
  const menuUrl = (key = 'carta', id = brandId) => `/api/console/branches/${id}/menus/${key}`;
  const groupsUrl = (id = brandId) => `/api/console/branches/${id}/garnish-groups`;
  const discountsUrl = (id = brandId) => `/api/console/branches/${id}/menu-discounts`;

  beforeEach(async () => {
    // Every test starts from the example as the file has it, with no history.
    await tenantLoad(ctx, tenantExample());
    await ctx.app.db.delete(venueChanges);
    owner = await staffLogin(ctx, FUEGO_OWNER);
    const list = await request(ctx, 'GET', '/api/console/menus', { token: owner });
    brandId = list.body.brands.find((brand: Any) => brand.alias === 'fuego-burgers').id;
  });

  it('lists the brands, their menus and who serves each', async () => {
    const list = await request(ctx, 'GET', '/api/console/menus', { token: owner });
    expect(list.status).toBe(200);
    expect(list.body.country).toMatchObject({ code: 'AR', mantissaLength: 0 });
    const burgers = list.body.brands.find((brand: Any) => brand.alias === 'fuego-burgers');
    expect(burgers.menus.map((menu: Any) => menu.key)).toEqual(['carta', 'salon']);
    const uses = burgers.menus[0].usedBy.map((use: Any) => `${use.branchContactName} · ${use.orderModeType}`);
    expect(uses).toHaveLength(4);
    expect(uses).toContain('Fuego Palermo · DELIVERY');
    expect(burgers.menus[1].usedBy).toEqual([expect.objectContaining({ orderModeType: 'DINE_IN' })]);
    expect(list.body.brands.map((brand: Any) => brand.alias)).not.toContain('chispa-burgers');
  });

  it('saves a price: the diner reads it at once, the history names it, the export round-trips', async () => {
    const palermo = (await dinerGet(ctx, '/api/diner/fuego-palermo')).body.branchContact;
    const delivery = palermo.deliveryConfig.orderModes.find((mode: Any) => mode.type === 'DELIVERY');
    const dinerUrl = `/api/diner/fuego-palermo/menu/${palermo.id}?orderModeId=${delivery.id}`;
    const clasicaOf = (menu: Any) =>
      menu.categories.flatMap((category: Any) => category.plates).find((p: Any) => p.showName === 'Clásica');
    expect(clasicaOf((await dinerGet(ctx, dinerUrl)).body).sizes[0].price).toBe(8500);

    const read = await request(ctx, 'GET', menuUrl(), { token: owner });
    expect(read.status).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const menu = read.body.menu;
    menu.categories[0].plates.find((plate: Any) => plate.key === 'clasica').sizes[0].price = 8900;
    const saved = await request(ctx, 'PUT', menuUrl(), {
      token: owner,
      payload: { version: read.body.version, menu },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ changed: true });
    expect(saved.body.version).not.toBe(read.body.version);

    expect(clasicaOf((await dinerGet(ctx, dinerUrl)).body).sizes[0].price).toBe(8900);

    const history = await request(ctx, 'GET', '/api/console/changes', { token: owner });
    expect(history.body.changes[0]).toMatchObject({
      subject: 'menu',
      subjectName: 'Carta (Fuego Burgers)',
      staffName: expect.any(String),
      changes: [
        { path: 'categories[hamburguesas].plates[clasica].sizes[simple].price', before: 8500, after: 8900 },
      ],
    });

    const exported = (await tenantExport(ctx.app.db, 'fuego'))!;
    expect(await tenantImport(ctx.app.db, exported)).toMatchObject({ ok: true, changed: false });
  });

  it('adds a plate with a size and an uploaded image, highlighted and suggested in the cart', async () => {
    const read = await request(ctx, 'GET', menuUrl(), { token: owner });
    const menu = read.body.menu;
    menu.categories[0].plates.push({
      key: 'milanesa-napolitana',
      showName: 'Milanesa napolitana',
      sizes: [{ key: 'grande', name: 'Grande', price: 15000 }],
      garnishGroups: ['salsas'],
      indicators: ['VEGGIE'],
      imageUrl: `/api/images/${'a'.repeat(64)}`,
    });
    menu.remarkeds = [...(menu.remarkeds ?? []), 'milanesa-napolitana'];
    menu.upselleds = [...(menu.upselleds ?? []), 'milanesa-napolitana'];
    const saved = await request(ctx, 'PUT', menuUrl(), {
      token: owner,
      payload: { version: read.body.version, menu },
    });
    expect(saved.status).toBe(200);
    const again = await request(ctx, 'GET', menuUrl(), { token: owner });
    const plate = again.body.menu.categories[0].plates.at(-1);
    expect(plate).toMatchObject({ key: 'milanesa-napolitana', imageUrl: `/api/images/${'a'.repeat(64)}` });
    expect(again.body.menu.remarkeds).toContain('milanesa-napolitana');
    expect(again.body.version).toBe(saved.body.version);
  });

  it('refuses what the tenant import refuses, with the same message at the same field', async () => {
    // The import's own message for a plate with neither price nor sizes.
    const file = tenantExample() as Any;
    const fileClasica = file.branches[0].menus[0].categories[0].plates[0];
    delete fileClasica.sizes;
    const imported = await tenantImport(ctx.app.db, file);
    expect(imported.ok).toBe(false);
    const importError = (imported as Any).errors.find((error: string) =>
      error.startsWith('branches[0].menus[0].categories[0].plates[0]: '),
    );
    expect(importError).toBeDefined();

    const read = await request(ctx, 'GET', menuUrl(), { token: owner });
    const menu = read.body.menu;
    delete menu.categories[0].plates[0].sizes;
    menu.categories[0].plates[1].garnishGroups = ['no-existe'];
    const refused = await request(ctx, 'PUT', menuUrl(), {
      token: owner,
      payload: { version: read.body.version, menu },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields['categories[0].plates[0]']).toBe(
      importError.slice('branches[0].menus[0].categories[0].plates[0]: '.length),
    );
    expect(
      refused.body.fields['categories[1].plates[0].garnishGroups[0]'] ??
        refused.body.fields['categories[0].plates[1].garnishGroups[0]'],
    ).toMatch(/no-existe/);
    // Nothing was written: the price is still there, the version unchanged.
    const after = await request(ctx, 'GET', menuUrl(), { token: owner });
    expect(after.body.version).toBe(read.body.version);
  });

  it('answers a stale editor 409 with the part as stored, and exactly one of many racing saves wins', async () => {
    const read = await request(ctx, 'GET', menuUrl(), { token: owner });
    const racers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => {
        const menu = structuredClone(read.body.menu);
        menu.name = `Carta ${n}`;
        return request(ctx, 'PUT', menuUrl(), {
          token: owner,
          payload: { version: read.body.version, menu },
        });
      }),
    );
    const statuses = racers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const winner = racers.find((answer) => answer.status === 200)!;
    const loser = racers.find((answer) => answer.status === 409)!;
    expect(loser.body.message).toMatch(/Otra persona cambió/);
    expect(loser.body.current).toEqual({ value: winner.body.menu, version: winner.body.version });
    const history = await request(ctx, 'GET', '/api/console/changes', { token: owner });
    expect(history.body.changes.filter((change: Any) => change.subject === 'menu')).toHaveLength(1);
  });

  it('saves garnish groups and menu discounts, each in its own history subject', async () => {
    const groups = await request(ctx, 'GET', groupsUrl(), { token: owner });
    expect(groups.status).toBe(200);
    const salsas = groups.body.garnishGroups.find((group: Any) => group.key === 'salsas');
    const before = salsas.maxGarnishAmount;
    salsas.maxGarnishAmount = before + 1;
    salsas.groupItems[0].visible = false;
    const savedGroups = await request(ctx, 'PUT', groupsUrl(), {
      token: owner,
      payload: { version: groups.body.version, garnishGroups: groups.body.garnishGroups },
    });
    expect(savedGroups.status).toBe(200);

    const discounts = await request(ctx, 'GET', discountsUrl(), { token: owner });
    expect(discounts.body.discounts[0]).toMatchObject({ type: 'PERCENT', percentage: 15 });
    discounts.body.discounts[0].percentage = 20;
    const savedDiscounts = await request(ctx, 'PUT', discountsUrl(), {
      token: owner,
      payload: { version: discounts.body.version, discounts: discounts.body.discounts },
    });
    expect(savedDiscounts.status).toBe(200);

    const history = (await request(ctx, 'GET', '/api/console/changes', { token: owner })).body.changes;
    expect(history[0]).toMatchObject({
      subject: 'menuDiscounts',
      subjectName: 'Fuego Burgers',
      changes: [expect.objectContaining({ before: 15, after: 20 })],
    });
    expect(history[1]).toMatchObject({ subject: 'garnishGroups', subjectName: 'Fuego Burgers' });
    expect(history[1].changes).toContainEqual(
      expect.objectContaining({
        path: expect.stringContaining('maxGarnishAmount'),
        before,
        after: before + 1,
      }),
    );

    // Emptied, the discounts are gone from the export, which still imports as is.
    const emptied = await request(ctx, 'PUT', discountsUrl(), {
      token: owner,
      payload: { version: savedDiscounts.body.version, discounts: [] },
    });
    expect(emptied.status).toBe(200);
    expect((await request(ctx, 'GET', discountsUrl(), { token: owner })).body).toEqual({
      discounts: [],
      version: emptied.body.version,
    });
    const exported = (await tenantExport(ctx.app.db, 'fuego'))!;
    expect(exported.branches[0]!.discounts ?? []).toEqual([]);
    expect(await tenantImport(ctx.app.db, exported)).toMatchObject({ ok: true, changed: false });
  });

  it('refuses a garnish group with max under min, and removing one a plate uses', async () => {
    const groups = await request(ctx, 'GET', groupsUrl(), { token: owner });
    const list = structuredClone(groups.body.garnishGroups);
    list[0].minGarnishAmount = 3;
    list[0].maxGarnishAmount = 1;
    const refused = await request(ctx, 'PUT', groupsUrl(), {
      token: owner,
      payload: { version: groups.body.version, garnishGroups: list },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields['[0].maxGarnishAmount']).toMatch(/minGarnishAmount/);

    const without = groups.body.garnishGroups.filter((group: Any) => group.key !== 'pan');
    const used = await request(ctx, 'PUT', groupsUrl(), {
      token: owner,
      payload: { version: groups.body.version, garnishGroups: without },
    });
    expect(used.status).toBe(400);
    // The broken reference is in the menu, another part: named by its full path.
    expect(Object.keys(used.body.fields).some((field) => field.startsWith('branches[0].menus[0]'))).toBe(
      true,
    );
  });

  it('is the OWNER’s only: 401 without a session, 403 for STAFF, 404 for another company’s brand', async () => {
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    const staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const chispa = await staffLogin(ctx, CHISPA_OWNER);
    const read = await request(ctx, 'GET', menuUrl(), { token: owner });
    const groups = await request(ctx, 'GET', groupsUrl(), { token: owner });
    const discounts = await request(ctx, 'GET', discountsUrl(), { token: owner });
    const calls: [method: 'GET' | 'PUT', url: string, payload?: unknown][] = [
      ['GET', '/api/console/menus'],
      ['GET', menuUrl()],
      ['PUT', menuUrl(), { version: read.body.version, menu: read.body.menu }],
      ['GET', groupsUrl()],
      ['PUT', groupsUrl(), { version: groups.body.version, garnishGroups: groups.body.garnishGroups }],
      ['GET', discountsUrl()],
      ['PUT', discountsUrl(), { version: discounts.body.version, discounts: discounts.body.discounts }],
    ];
    for (const [method, url, payload] of calls) {
      const options = payload === undefined ? {} : { payload };
      expect((await request(ctx, method, url, { ...options, token: null })).status, url).toBe(401);
      const asStaff = await request(ctx, method, url, { ...options, token: staff });
      expect(asStaff.status, url).toBe(403);
      expect(asStaff.body.message).toBe('Solo el dueño puede editar la carta');
      if (url === '/api/console/menus') continue;
      const other = await request(ctx, method, url, { ...options, token: chispa });
      expect(other.status, `${method} ${url} as chispa`).toBe(404);
    }
    expect((await request(ctx, 'GET', menuUrl('no-existe'), { token: owner })).status).toBe(404);
    // Nothing was written by any of them.
    const history = await request(ctx, 'GET', '/api/console/changes', { token: owner });
    expect(history.body.changes).toEqual([]);
  });
});
