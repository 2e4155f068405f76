/**
 * `GET /api/console/client-logs` (ADR 041): what the storefront reported
 * through `POST /api/diner/log`, listed for the owner of the company it
 * belongs to — never for staff, never for another company.
 */
import { describe, expect, it } from 'vitest';
import {
  CHISPA_OWNER,
  FUEGO_OWNER,
  FUEGO_PALERMO_STAFF,
  request,
  staffLogin,
} from './support/console-fixture';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, postJson } from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2025-06-04T16:00:00Z');

describe.each(testDatabaseKinds())('the console’s client errors on %s', (kind) => {
  const ctx = useTestApp(kind, { rateLimits: { order: 100_000, codeValidate: 100_000, clientLog: 100_000 } });
  let palermo: LocationIds;
  let chispa: LocationIds;

  const report = async (at: number, body: Record<string, unknown>) => {
    ctx.app.clock.pin(at);
    expect((await postJson(ctx, '/api/diner/log', body)).status).toBe(204);
  };

  it('lists the company’s newest reports to its owner, with the location and what failed', async () => {
    await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    palermo = await locationIds(ctx, 'fuego-palermo');
    chispa = await locationIds(ctx, 'chispa-palermo');

    await report(NOW - 8 * DAY, { bcId: palermo.id, component: 'api', payload: { message: 'viejo' } });
    await report(NOW - 60_000, {
      bcId: palermo.id,
      branchId: palermo.branchId,
      url: 'https://pedidos.example/fuego-palermo/delivery',
      component: 'api',
      payload: {
        message: 'Internal Server Error',
        method: 'GET',
        path: '/api/diner/fuego-palermo/menu/1',
        status: 500,
      },
    });
    await report(NOW - 30_000, {
      branchId: palermo.branchId,
      component: 'address/fee',
      address: { fullAddress: 'Honduras 5200, Palermo', city: 'CABA' },
      coordinates: { lat: -34.583, lng: -58.43 },
      stack: 'TypeError: failed to fetch\n    at fee (address.ts:1)',
    });
    await report(NOW - 10_000, {
      bcId: chispa.id,
      component: 'api',
      payload: { message: 'de otra empresa' },
    });

    ctx.app.clock.pin(NOW);
    const owner = await staffLogin(ctx, FUEGO_OWNER);
    const answer = await request(ctx, 'GET', '/api/console/client-logs', { token: owner });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.logs).toEqual([
      {
        id: expect.any(Number),
        createdAt: new Date(NOW - 30_000).toISOString(),
        branchContactId: null,
        locationName: null,
        url: null,
        component: 'address/fee',
        message: 'TypeError: failed to fetch',
        detail: null,
        address: 'Honduras 5200, Palermo',
        coordinates: { lat: -34.583, lng: -58.43 },
      },
      {
        id: expect.any(Number),
        createdAt: new Date(NOW - 60_000).toISOString(),
        branchContactId: palermo.id,
        locationName: 'Fuego Palermo',
        url: 'https://pedidos.example/fuego-palermo/delivery',
        component: 'api',
        message: 'Internal Server Error',
        detail: expect.any(String),
        address: null,
        coordinates: null,
      },
    ]);

    // jsonb keeps its own key order: the detail is compared as JSON.
    expect(JSON.parse(answer.body.logs[1].detail)).toEqual({
      method: 'GET',
      path: '/api/diner/fuego-palermo/menu/1',
      status: 500,
    });

    // The other company's owner sees its own report only.
    const chispaOwner = await staffLogin(ctx, CHISPA_OWNER);
    const theirs = await request(ctx, 'GET', '/api/console/client-logs', { token: chispaOwner });
    expect(theirs.body.logs.map((log: { message: string }) => log.message)).toEqual(['de otra empresa']);
  });

  it('keeps the list short: the newest 50', async () => {
    for (let i = 0; i < 52; i++) {
      await report(NOW - 5 * 60_000 + i * 1000, {
        bcId: palermo.id,
        component: 'api',
        payload: { message: `n${i}` },
      });
    }
    ctx.app.clock.pin(NOW);
    const owner = await staffLogin(ctx, FUEGO_OWNER);
    const { body } = await request(ctx, 'GET', '/api/console/client-logs', { token: owner });
    // The two reports of the first test are newer than these 52.
    const expected = [
      'TypeError: failed to fetch',
      'Internal Server Error',
      ...Array.from({ length: 48 }, (_, i) => `n${51 - i}`),
    ];
    expect(body.logs.map((log: { message: string }) => log.message)).toEqual(expected);
  });

  it('refuses staff (403) and anyone without a session (401)', async () => {
    const staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    const refused = await request(ctx, 'GET', '/api/console/client-logs', { token: staff });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Solo el dueño puede ver los errores del cliente');
    expect((await request(ctx, 'GET', '/api/console/client-logs')).status).toBe(401);
  });
});
