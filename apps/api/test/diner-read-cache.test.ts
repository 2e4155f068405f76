import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, appBuild } from '../src/app';
import { configForTest } from '../src/config';
import { type Database, databaseOpen } from '../src/db/client';
import { FUEGO_OWNER, request, staffLogin } from './support/console-fixture';
import { dinerGet, tenantExample, tenantLoad } from './support/diner-fixture';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

// The storefront's reads answered from memory (services/content-cache.ts): a
// hit sends no statement to the database, and a change made through one API
// process is served by another within a second.

/** Every read the storefront makes of a location, by url. */
async function storefrontUrls(ctx: TestContext): Promise<string[]> {
  const palermo = (await dinerGet(ctx, '/api/diner/fuego-palermo')).body.branchContact;
  const modes = palermo.deliveryConfig.orderModes as { id: number; type: string }[];
  const delivery = modes.find((mode) => mode.type === 'DELIVERY')?.id;
  const branchId = palermo.branch.id as number;
  return [
    '/api/diner/fuego',
    '/api/diner/fuego-burgers',
    '/api/diner/fuego-palermo',
    `/api/diner/branchcontacts/${palermo.id}`,
    `/api/diner/fuego-palermo/menu/${palermo.id}?orderModeId=${delivery}`,
    `/api/diner/menu/fuego-palermo/hash?orderModeId=${delivery}`,
    '/api/diner/menu/fuego-burgers/hash',
    `/api/diner/branchordermodes/${branchId}`,
    `/api/diner/${branchId}/discounts`,
    `/api/menucustomization/${branchId}`,
    ...modes.flatMap((mode) => [
      `/api/ordermode/schedule/${mode.id}`,
      `/api/ordermodes/${mode.id}/fees`,
      `/api/ordermodes/${mode.id}/generaldiscounts`,
      `/api/ordermodes/${mode.id}/generalsurcharges`,
    ]),
  ];
}

describe.each(testDatabaseKinds())('cached storefront reads on %s', (kind) => {
  // The safety net's version check far away: only the requests themselves could query.
  const ctx = useTestApp(kind, { contentVersionCheckMs: 600_000 });
  let urls: string[] = [];

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    urls = await storefrontUrls(ctx);
  });

  it('answers a repeated read of every storefront endpoint without a database query', async () => {
    const cold = ctx.database.queryCount();
    const first = new Map<string, string>();
    for (const url of urls) {
      const answer = await dinerGet(ctx, url);
      expect(answer.status, url).toBe(200);
      first.set(url, answer.raw);
    }
    // The counter sees the reads that do reach the database.
    expect(ctx.database.queryCount()).toBeGreaterThan(cold);

    const warm = ctx.database.queryCount();
    for (const url of urls) {
      const answer = await dinerGet(ctx, url);
      expect(answer.status, url).toBe(200);
      expect(answer.raw, url).toBe(first.get(url));
    }
    const menuUrl = urls.find((url) => url.includes('/menu/') && url.includes('orderModeId='));
    const menu = await dinerGet(ctx, menuUrl as string);
    const revalidated = await dinerGet(ctx, menuUrl as string, {
      'if-none-match': menu.headers.etag as string,
    });
    expect(revalidated.status).toBe(304);
    expect(ctx.database.queryCount()).toBe(warm);
  });

  it('shows a console switch at once in the process that made it', async () => {
    const token = await staffLogin(ctx, FUEGO_OWNER);
    const palermo = (await dinerGet(ctx, '/api/diner/fuego-palermo')).body.branchContact;
    const delivery = palermo.deliveryConfig.orderModes[0];
    expect(palermo.manualClosing).toBe(false);

    const closed = await request(ctx, 'PUT', `/api/console/branchcontacts/${palermo.id}/closing`, {
      token,
      payload: { manualClosing: true },
    });
    expect(closed.status).toBe(200);
    expect((await dinerGet(ctx, '/api/diner/fuego-palermo')).body.branchContact.manualClosing).toBe(true);
    expect((await dinerGet(ctx, `/api/diner/branchcontacts/${palermo.id}`)).body.manualClosing).toBe(true);

    const disabled = await request(ctx, 'PUT', `/api/console/ordermodes/${delivery.id}/ordering`, {
      token,
      payload: { orderEnabled: false },
    });
    expect(disabled.status).toBe(200);
    const modes = (await dinerGet(ctx, `/api/diner/branchordermodes/${palermo.branch.id}`)).body
      .orderModes as { id: number; orderEnabled: boolean }[];
    expect(modes.find((mode) => mode.id === delivery.id)?.orderEnabled).toBe(false);

    for (const [url, payload] of [
      [`/api/console/branchcontacts/${palermo.id}/closing`, { manualClosing: false }],
      [`/api/console/ordermodes/${delivery.id}/ordering`, { orderEnabled: true }],
    ] as const) {
      expect((await request(ctx, 'PUT', url, { token, payload })).status).toBe(200);
    }
    expect((await dinerGet(ctx, '/api/diner/fuego-palermo')).body.branchContact.manualClosing).toBe(false);
  });
});

/** Repeats `read` until `done` holds or `limitMs` passes; answers the time it took. */
async function timeUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs = 5000) {
  const started = Date.now();
  for (;;) {
    if (done(await read())) return Date.now() - started;
    if (Date.now() - started > limitMs) return Number.POSITIVE_INFINITY;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

// Two API instances on one PostgreSQL database, each with its own caches and
// connections, as two processes would be. B's safety net is far away, so
// what reaches it within a second is A's notice (NOTIFY after commit).
describe.skipIf(!process.env.TEST_DATABASE_URL)('cached storefront reads across two API instances', () => {
  const a = useTestApp('postgres');
  const b = {} as { app: App; database: Database };

  beforeAll(async () => {
    await tenantLoad(a, tenantExample());
    b.database = await databaseOpen({ databaseUrl: a.config.databaseUrl });
    b.app = await appBuild(
      configForTest({ databaseUrl: a.config.databaseUrl, contentVersionCheckMs: 600_000 }),
      b.database,
    );
    await b.app.ready();
  });

  afterAll(async () => {
    await b.app?.close();
    await b.database?.close();
  });

  const bGet = async (url: string, headers: Record<string, string> = {}) =>
    dinerGet({ app: b.app, database: b.database, config: a.config }, url, headers);

  it('a location closed through one instance is shown closed by the other within a second', async () => {
    const palermo = (await bGet('/api/diner/fuego-palermo')).body.branchContact;
    expect(palermo.manualClosing).toBe(false);
    // Cached in B: read again without a query.
    const warm = b.database.queryCount();
    expect((await bGet('/api/diner/fuego-palermo')).body.branchContact.manualClosing).toBe(false);
    expect(b.database.queryCount()).toBe(warm);

    const token = await staffLogin(a, FUEGO_OWNER);
    const closed = await request(a, 'PUT', `/api/console/branchcontacts/${palermo.id}/closing`, {
      token,
      payload: { manualClosing: true },
    });
    expect(closed.status).toBe(200);
    const took = await timeUntil(
      () => bGet('/api/diner/fuego-palermo'),
      (answer) => answer.body.branchContact.manualClosing === true,
    );
    expect(took).toBeLessThan(1000);

    await request(a, 'PUT', `/api/console/branchcontacts/${palermo.id}/closing`, {
      token,
      payload: { manualClosing: false },
    });
    const reopened = await timeUntil(
      () => bGet(`/api/diner/branchcontacts/${palermo.id}`),
      (answer) => answer.body.manualClosing === false,
    );
    expect(reopened).toBeLessThan(1000);
  });

  it('a price re-imported through one instance is on the other’s menu within a second', async () => {
    const palermo = (await bGet('/api/diner/fuego-palermo')).body.branchContact;
    const delivery = palermo.deliveryConfig.orderModes.find(
      (mode: { type: string }) => mode.type === 'DELIVERY',
    );
    const menuUrl = `/api/diner/fuego-palermo/menu/${palermo.id}?orderModeId=${delivery.id}`;
    const before = await bGet(menuUrl);
    const papasPrice = (answer: Awaited<ReturnType<typeof bGet>>) =>
      answer.body?.categories[1].plates.find(
        (plate: { showName: string }) => plate.showName === 'Papas fritas',
      )?.price;
    expect(papasPrice(before)).toBe(4200);
    const etag = before.headers.etag as string;
    expect((await bGet(menuUrl, { 'if-none-match': etag })).status).toBe(304);

    const tenant = tenantExample() as {
      branches: { menus: { categories: { plates: { showName: string; price?: number }[] }[] }[] }[];
    };
    const papas = tenant.branches[0]?.menus[0]?.categories[1]?.plates.find(
      (p) => p.showName === 'Papas fritas',
    );
    if (!papas) throw new Error('fixture changed: no Papas fritas');
    papas.price = 4600;
    const imported = await request(a, 'POST', '/api/admin/tenants', {
      headers: { authorization: `Bearer ${a.config.adminToken}` },
      payload: tenant,
    });
    expect(imported.status).toBe(200);
    expect(imported.body.changed).toBe(true);

    let after: Awaited<ReturnType<typeof bGet>> | undefined;
    const took = await timeUntil(
      async () => {
        after = await bGet(menuUrl, { 'if-none-match': etag });
        return after;
      },
      (answer) => answer.status === 200,
    );
    expect(took).toBeLessThan(1000);
    expect(papasPrice(after as Awaited<ReturnType<typeof bGet>>)).toBe(4600);
    expect(after?.headers.etag).not.toBe(etag);
    const hash = await bGet(`/api/diner/menu/fuego-palermo/hash?orderModeId=${delivery.id}`);
    expect(`"${hash.body.menuHashes[0].hash}"`).toBe(after?.headers.etag);
  });
});
