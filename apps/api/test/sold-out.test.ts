/**
 * Sold out now (issue 19, ADR 052): the console's switch, who may press it,
 * the diner menu that carries it, the order it refuses, the history it
 * leaves, exactly one mark however many press it at once, and the marks "por
 * hoy" that go away by themselves at the next opening.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { soldOutMarks, venueChanges } from '../src/db/schema/venue';
import {
  CHISPA_OWNER,
  clasicaLine,
  FUEGO_OWNER,
  FUEGO_PALERMO_STAFF,
  orderPlace,
  palermoTakeAway,
  request,
  staffLogin,
} from './support/console-fixture';
import { dinerGet, tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import {
  extraOf,
  type LocationIds,
  locationIds,
  orderPost,
  plateOf,
  WEDNESDAY_1300,
} from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const CLASICA_GONE = "'Clásica' se agotó. Quítalo del carrito para seguir.";

describe.each(testDatabaseKinds())('sold out now on %s', (kind) => {
  const ctx = useTestApp(kind);
  let palermo: LocationIds;
  let belgrano: LocationIds;
  let chispa: LocationIds;
  let owner: string;
  let staff: string;
  let chispaOwner: string;

  const db = () => ctx.app.db;
  const put = (token: string | null, payload: Record<string, unknown>) =>
    request(ctx, 'PUT', '/api/console/soldout', { token, payload });
  const menuOf = (location: LocationIds, mode: string, headers: Record<string, string> = {}) =>
    dinerGet(
      ctx,
      `/api/diner/${location.alias}/menu/${location.id}?orderModeId=${location.modes[mode]}`,
      headers,
    );
  type MenuBody = { categories: { plates: { showName: string }[] }[] };
  // biome-ignore lint/suspicious/noExplicitAny: menu bodies are read field by field
  const clasicaIn = (menu: MenuBody): any =>
    menu.categories.flatMap((category) => category.plates).find((plate) => plate.showName === 'Clásica');
  const marksOf = async (branchContactId: number) =>
    (
      await db()
        .select({ n: count() })
        .from(soldOutMarks)
        .where(eq(soldOutMarks.branchContactId, branchContactId))
    )[0]?.n;
  const historyOf = async (branchContactId: number) =>
    (
      await db()
        .select({ n: count() })
        .from(venueChanges)
        .where(and(eq(venueChanges.branchContactId, branchContactId), eq(venueChanges.subject, 'soldOut')))
    )[0]?.n;
  const ordersCount = async () => (await db().select({ n: count() }).from(orders))[0]?.n;

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    belgrano = await locationIds(ctx, 'fuego-belgrano');
    chispa = await locationIds(ctx, 'chispa-palermo');
    owner = await staffLogin(ctx, FUEGO_OWNER);
    staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    chispaOwner = await staffLogin(ctx, CHISPA_OWNER);
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  it('checks the session, the company (404) and the location (403) on both operations', async () => {
    const switchAt = (id: number) => ({
      branchContactId: id,
      kind: 'PLATE',
      itemKey: 'clasica',
      soldOut: true,
    });
    expect((await request(ctx, 'GET', `/api/console/soldout?branchContactId=${palermo.id}`)).status).toBe(
      401,
    );
    expect((await put(null, switchAt(palermo.id))).status).toBe(401);
    // Another company's location: as if it did not exist.
    const foreign = await request(ctx, 'GET', `/api/console/soldout?branchContactId=${chispa.id}`, {
      token: owner,
    });
    expect(foreign.status).toBe(404);
    expect((await put(owner, switchAt(chispa.id))).status).toBe(404);
    expect((await put(chispaOwner, switchAt(palermo.id))).status).toBe(404);
    // Palermo's staff at Belgrano: a location of their company they may not see.
    const other = await request(ctx, 'GET', `/api/console/soldout?branchContactId=${belgrano.id}`, {
      token: staff,
    });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('No tiene acceso a este local');
    expect((await put(staff, switchAt(belgrano.id))).status).toBe(403);
    expect(await marksOf(belgrano.id)).toBe(0);
    expect(await marksOf(chispa.id)).toBe(0);
    // An item the location's menus do not have.
    const unknown = await put(staff, { ...switchAt(palermo.id), itemKey: 'sushi' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.itemKey).toMatch(/no está en los menús de este local/);
  });

  it('lists every plate with its sizes and the garnish items of the location’s menus', async () => {
    const answer = await request(ctx, 'GET', `/api/console/soldout?branchContactId=${palermo.id}`, {
      token: staff,
    });
    expect(answer.status).toBe(200);
    const plates = answer.body.categories.flatMap((category: { plates: unknown[] }) => category.plates);
    const clasica = plates.find((plate: { itemKey: string }) => plate.itemKey === 'clasica');
    // In the delivery menu (carta) and the dine-in one (salon), listed once: one key, one mark.
    expect(plates.filter((plate: { itemKey: string }) => plate.itemKey === 'clasica')).toHaveLength(1);
    expect(clasica).toMatchObject({ name: 'Clásica', soldOut: false, until: null });
    expect(clasica.sizes.map((size: { itemKey: string }) => size.itemKey)).toEqual([
      'clasica/simple',
      'clasica/doble',
      'clasica/triple',
    ]);
    const extras = answer.body.garnishGroups.find((group: { name: string }) => group.name === 'Extras');
    expect(extras.items.map((item: { itemKey: string }) => item.itemKey)).toContain('extras-burger/cheddar');
    // Hidden garnish items are never sold, so never listed.
    expect(extras.items.map((item: { itemKey: string }) => item.itemKey)).not.toContain(
      'extras-burger/jalapenos',
    );
    expect(Date.parse(answer.body.untilToday)).toBeGreaterThan(WEDNESDAY_1300);
  });

  it('a sold-out plate is greyed in every menu of the location, refused in an order, and back when switched back', async () => {
    const before = await menuOf(palermo, 'TAKE_AWAY');
    expect(clasicaIn(before.body).soldOut).toBeUndefined();
    const marked = await put(staff, {
      branchContactId: palermo.id,
      kind: 'PLATE',
      itemKey: 'clasica',
      soldOut: true,
      until: 'manual',
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ soldOut: true, until: null, changed: true });

    const after = await menuOf(palermo, 'TAKE_AWAY', { 'if-none-match': String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect(clasicaIn(after.body).soldOut).toBe(true);
    expect(clasicaIn((await menuOf(palermo, 'DINE_IN')).body).soldOut).toBe(true);
    // Another location serving the same menu is not touched.
    expect(clasicaIn((await menuOf(belgrano, 'TAKE_AWAY')).body).soldOut).toBeUndefined();

    const ordersBefore = await ordersCount();
    const refused = await orderPost(ctx, palermoTakeAway(palermo), crypto.randomUUID());
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(CLASICA_GONE);
    expect(refused.body.fields['items[0].referenceId']).toBe(CLASICA_GONE);
    expect(await ordersCount()).toBe(ordersBefore);

    const back = await put(staff, {
      branchContactId: palermo.id,
      kind: 'PLATE',
      itemKey: 'clasica',
      soldOut: false,
    });
    expect(back.body).toMatchObject({ soldOut: false, changed: true });
    expect(clasicaIn((await menuOf(palermo, 'TAKE_AWAY')).body).soldOut).toBeUndefined();
    await orderPlace(ctx, palermoTakeAway(palermo));
    expect(await ordersCount()).toBe((ordersBefore ?? 0) + 1);
  });

  it('a sold-out size or garnish item is flagged in the menu and refused with its own words', async () => {
    await put(owner, { branchContactId: palermo.id, kind: 'SIZE', itemKey: 'clasica/simple', soldOut: true });
    await put(owner, {
      branchContactId: palermo.id,
      kind: 'GARNISH_ITEM',
      itemKey: 'extras-burger/cheddar',
      soldOut: true,
    });
    const clasica = clasicaIn((await menuOf(palermo, 'TAKE_AWAY')).body);
    expect(clasica.soldOut).toBeUndefined();
    expect(clasica.sizes.find((size: { name: string }) => size.name === 'Simple').soldOut).toBe(true);
    expect(clasica.sizes.find((size: { name: string }) => size.name === 'Doble').soldOut).toBeUndefined();
    const extras = clasica.garnishGroups.find((group: { groupName: string }) => group.groupName === 'Extras');
    expect(extras.groupItems.find((item: { name: string }) => item.name === 'Cheddar extra').soldOut).toBe(
      true,
    );

    const size = await orderPost(ctx, palermoTakeAway(palermo), crypto.randomUUID());
    expect(size.status).toBe(400);
    expect(size.body.message).toBe("'Clásica' (Simple) se agotó. Quítalo del carrito para seguir.");

    const plate = plateOf(palermo, 'TAKE_AWAY', 'Clásica');
    const doble = plate.sizes.find((candidate) => candidate.name === 'Doble')?.id;
    const withCheddar = {
      ...clasicaLine(palermo, 'TAKE_AWAY', { cheddar: true }),
      sizeId: doble,
      extras: [
        extraOf(plate, 'Elegí tu pan', { 'Pan de papa': 1 }),
        extraOf(plate, 'Extras', { 'Cheddar extra': 1 }),
      ],
    };
    const garnish = await orderPost(
      ctx,
      palermoTakeAway(palermo, { items: [withCheddar] }),
      crypto.randomUUID(),
    );
    expect(garnish.status).toBe(400);
    expect(garnish.body.message).toBe(
      "'Cheddar extra' de 'Clásica' se agotó. Quítalo del carrito y vuelve a agregarlo sin eso.",
    );
    for (const [k, itemKey] of [
      ['SIZE', 'clasica/simple'],
      ['GARNISH_ITEM', 'extras-burger/cheddar'],
    ]) {
      await put(owner, { branchContactId: palermo.id, kind: k, itemKey, soldOut: false });
    }
    expect(await marksOf(palermo.id)).toBe(0);
  });

  it('twenty consoles pressing the same switch at once: one mark, one history row per actual change', async () => {
    const historyBefore = await historyOf(palermo.id);
    const press = (soldOut: boolean) =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          put(i % 2 ? owner : staff, {
            branchContactId: palermo.id,
            kind: 'PLATE',
            itemKey: 'veggie',
            soldOut,
          }),
        ),
      );
    const on = await press(true);
    expect(on.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(on.filter((answer) => answer.body.changed)).toHaveLength(1);
    expect(await marksOf(palermo.id)).toBe(1);
    expect(await historyOf(palermo.id)).toBe((historyBefore ?? 0) + 1);

    const off = await press(false);
    expect(off.filter((answer) => answer.body.changed)).toHaveLength(1);
    expect(await marksOf(palermo.id)).toBe(0);
    expect(await historyOf(palermo.id)).toBe((historyBefore ?? 0) + 2);

    // The OWNER reads who did it in the history.
    const history = await request(ctx, 'GET', '/api/console/changes?limit=2', { token: owner });
    expect(history.body.changes[0]).toMatchObject({
      subject: 'soldOut',
      subjectName: 'Veggie — Fuego Palermo',
      branchContactId: palermo.id,
      changes: [
        { path: 'soldOut', before: true, after: false },
        { path: 'until', before: '2025-06-05T15:00:00.000Z', after: null },
      ],
    });
  });

  it("'por hoy' lasts until the next opening; the expiry pass removes it exactly once and the menu follows", async () => {
    const list = await request(ctx, 'GET', `/api/console/soldout?branchContactId=${palermo.id}`, {
      token: staff,
    });
    const marked = await put(staff, {
      branchContactId: palermo.id,
      kind: 'PLATE',
      itemKey: 'clasica',
      soldOut: true,
      until: 'today',
    });
    // Wednesday 13:00: delivery pauses 15:30–19:30 but take-away serves 12:00–23:00 without a break, so
    // the location's service under way ends at 23:30 and it opens again on Thursday at 12:00.
    expect(marked.body.until).toBe(list.body.untilToday);
    expect(marked.body.until).toBe('2025-06-05T15:00:00.000Z');
    expect(clasicaIn((await menuOf(palermo, 'TAKE_AWAY')).body).soldOut).toBe(true);

    ctx.app.clock.pin(Date.parse(marked.body.until) - 1000);
    expect((await ctx.app.jobs.soldOutExpiredRunOnce()).expired).toBe(0);
    expect(clasicaIn((await menuOf(palermo, 'TAKE_AWAY')).body).soldOut).toBe(true);

    ctx.app.clock.pin(Date.parse(marked.body.until));
    const passes = await Promise.all([
      ctx.app.jobs.soldOutExpiredRunOnce(),
      ctx.app.jobs.soldOutExpiredRunOnce(),
    ]);
    expect(passes.map((pass) => pass.expired).sort()).toEqual([0, 1]);
    expect(await marksOf(palermo.id)).toBe(0);
    // The pass bumped the version: the cached menu is not served any more.
    expect(clasicaIn((await menuOf(palermo, 'TAKE_AWAY')).body).soldOut).toBeUndefined();
  });
});
