/**
 * A location's delivery zones edited from the console (ADR 055) on PGlite and
 * PostgreSQL: the OWNER reads and saves them through the tenant import's
 * validator (per-field messages, a conflict for a stale editor, a history row,
 * an export that round-trips), the diner's fee lookup follows the save at
 * once, and a test address is checked against the saved zones or a draft.
 * 401 without a session, 404 for another company's location, 403 for STAFF.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

// Fuego Palermo (-34.5889, -58.4306): 'Cercana' 2.5 km radius (fee 1500), then 'Ampliada', a rectangle
// from -58.4706 to -58.3906 and -34.5589 to -34.6189 (fee 2500).
const FLORIDA_500 = { lat: -34.6017, lng: -58.3752 }; // San Nicolás: east of 'Ampliada', 5 km away
const CERCANA = {
  name: 'Cercana',
  radiusMeters: 2500,
  fee: 1500,
  cashFee: 1800,
  minimumOrderPrice: 8000,
  freeDeliveryFrom: 30000,
};
const CENTRO = {
  name: 'Centro',
  polygon: [
    [-58.39, -34.59],
    [-58.36, -34.59],
    [-58.36, -34.615],
    [-58.39, -34.615],
    [-58.39, -34.59],
  ],
  fee: 3200,
  cashFee: 3500,
  minimumOrderPrice: 15000,
};

describe.each(testDatabaseKinds())('delivery zones from the console on %s', (kind) => {
  const ctx = useTestApp(kind);
  const url = (id: number, tail = '') => `/api/console/branchcontacts/${id}/delivery-zones${tail}`;
  let palermo = 0;
  let chispaPalermo = 0;
  let owner = '';
  let staff = '';
  let chispa = '';

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    palermo = (await dinerGet(ctx, '/api/diner/fuego-palermo')).body.branchContact.id;
    chispaPalermo = (await dinerGet(ctx, '/api/diner/chispa-palermo')).body.branchContact.id;
    owner = await staffLogin(ctx, FUEGO_OWNER);
    staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    chispa = await staffLogin(ctx, CHISPA_OWNER);
  });
  // Every test starts from the file's zones.
  beforeEach(async () => {
    await tenantLoad(ctx, tenantExample());
  });

  it('answers 401 without a session, 404 for another company, 403 for STAFF, on every operation', async () => {
    const calls = [
      ['GET', ''],
      ['PUT', ''],
      ['POST', '/check'],
    ] as const;
    const body = (method: string) =>
      method === 'GET' ? undefined : method === 'PUT' ? { zones: [CERCANA] } : { ...FLORIDA_500 };
    for (const [method, tail] of calls) {
      expect((await request(ctx, method, url(palermo, tail), { payload: body(method) })).status).toBe(401);
      const other = await request(ctx, method, url(palermo, tail), { token: chispa, payload: body(method) });
      expect(other.status).toBe(404);
      expect(other.body.message).toBe(`No existe el local ${palermo}`);
      const notOwner = await request(ctx, method, url(palermo, tail), {
        token: staff,
        payload: body(method),
      });
      expect(notOwner.status).toBe(403);
      expect(notOwner.body.message).toBe('Solo el dueño puede editar las zonas de entrega');
      // And the other company's OWNER reaches their own location.
      expect(
        (await request(ctx, method, url(chispaPalermo, tail), { token: chispa, payload: body(method) }))
          .status,
      ).toBe(200);
    }
    // The 403 changed nothing.
    const read = await request(ctx, 'GET', url(palermo), { token: owner });
    expect(read.body.zones.map((zone: { name: string }) => zone.name)).toEqual(['Cercana', 'Ampliada']);
  });

  it('reads the zones in the tenant format with the location and the money format', async () => {
    const { status, body } = await request(ctx, 'GET', url(palermo), { token: owner });
    expect(status).toBe(200);
    expect(body.zones[0]).toEqual(CERCANA);
    expect(body.zones[1].polygon).toHaveLength(5);
    expect(body.location).toEqual({ name: expect.any(String), lat: -34.5889, lng: -58.4306 });
    expect(body.country).toEqual({ code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 });
    expect(body.version).toEqual(expect.any(String));
  });

  it('saves a new zone: the diner reaches it at once, the history names it, the export round-trips', async () => {
    const fee = () =>
      dinerGet(ctx, `/api/branch/${palermo}/deliveryzones/fee?lat=${FLORIDA_500.lat}&lng=${FLORIDA_500.lng}`);
    expect((await fee()).body.insideDeliveryArea).toBe(false);

    const read = await request(ctx, 'GET', url(palermo), { token: owner });
    const zones = [...read.body.zones, CENTRO];
    const saved = await request(ctx, 'PUT', url(palermo), {
      token: owner,
      payload: { zones, version: read.body.version },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.changed).toBe(true);
    expect(saved.body.zones[2]).toEqual(CENTRO);
    expect(saved.body.version).not.toBe(read.body.version);

    const after = await fee();
    expect(after.body).toMatchObject({
      insideDeliveryArea: true,
      zoneName: 'Centro',
      fee: 3200,
      cashFee: 3500,
    });

    const history = await request(ctx, 'GET', '/api/console/changes?limit=5', { token: owner });
    expect(history.body.changes[0]).toMatchObject({
      subject: 'deliveryZones',
      branchContactId: palermo,
      staffName: expect.any(String),
    });
    expect(JSON.stringify(history.body.changes[0].changes)).toContain('Centro');

    const exported = await tenantExport(ctx.database.db, 'fuego');
    const contact = exported?.branches[0]?.branchContacts.find((item) => item.alias === 'fuego-palermo');
    expect(contact?.deliveryConfig.deliveryZones[2]).toEqual(CENTRO);
    expect(await tenantImport(ctx.database.db, exported)).toMatchObject({ ok: true, changed: false });

    // Saving the same zones again changes and records nothing.
    const same = await request(ctx, 'PUT', url(palermo), {
      token: owner,
      payload: { zones, version: saved.body.version },
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.changed).toBe(false);
    const again = await request(ctx, 'GET', '/api/console/changes?limit=5', { token: owner });
    expect(again.body.changes).toHaveLength(history.body.changes.length);
  });

  it('refuses bad zones with a message per field and keeps the stored ones', async () => {
    const read = await request(ctx, 'GET', url(palermo), { token: owner });
    const zones = [
      { ...CERCANA, fee: -100 },
      {
        ...CENTRO,
        polygon: [
          [-58.39, -34.59],
          [-58.36, -34.59],
          [-58.39, -34.59],
        ],
      },
      // A bow tie: its edges cross.
      {
        ...CENTRO,
        name: 'Moño',
        polygon: [
          [-58.39, -34.59],
          [-58.36, -34.615],
          [-58.36, -34.59],
          [-58.39, -34.615],
          [-58.39, -34.59],
        ],
      },
      { ...CENTRO, name: 'Doble', radiusMeters: 1000 },
    ];
    const refused = await request(ctx, 'PUT', url(palermo), {
      token: owner,
      payload: { zones, version: read.body.version },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Revise los datos marcados');
    expect(refused.body.fields).toEqual({
      '[0].fee': expect.stringContaining('at least 0'),
      '[1].polygon': 'a closed polygon needs at least 3 distinct points (the last repeats the first)',
      '[2].polygon': 'its edges cross or touch each other: draw the outline without crossing itself',
      '[3]': 'needs either radiusMeters or polygon (one of the two)',
    });
    const after = await request(ctx, 'GET', url(palermo), { token: owner });
    expect(after.body).toEqual(read.body);
  });

  it('answers 409 with the current zones to an editor who read an older version', async () => {
    const read = await request(ctx, 'GET', url(palermo), { token: owner });
    const first = await request(ctx, 'PUT', url(palermo), {
      token: owner,
      payload: { zones: [CERCANA], version: read.body.version },
    });
    expect(first.status).toBe(200);
    const stale = await request(ctx, 'PUT', url(palermo), {
      token: owner,
      payload: { zones: [CENTRO], version: read.body.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual({ value: [CERCANA], version: first.body.version });
  });

  it('lets exactly one of many saves over the same version through; the others get 409 with it', async () => {
    const read = await request(ctx, 'GET', url(palermo), { token: owner });
    const answers = await Promise.all(
      [1000, 1100, 1200, 1300, 1400].map((radiusMeters) =>
        request(ctx, 'PUT', url(palermo), {
          token: owner,
          payload: { zones: [{ ...CERCANA, radiusMeters }], version: read.body.version },
        }),
      ),
    );
    const saved = answers.filter((answer) => answer.status === 200);
    expect(saved).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(4);
    const winner = saved[0]?.body.zones[0].radiusMeters;
    for (const answer of answers.filter((item) => item.status === 409)) {
      expect(answer.body.current.value[0].radiusMeters).toBe(winner);
    }
    const history = await request(ctx, 'GET', '/api/console/changes?limit=20', { token: owner });
    const zoneChanges = history.body.changes.filter(
      (change: { subject: string; branchContactId: number }) =>
        change.subject === 'deliveryZones' && change.branchContactId === palermo,
    );
    expect(zoneChanges.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(zoneChanges[0].changes)).toContain(String(winner));
  });

  it('checks a test address against the saved zones, by text or by point, in words with the fee', async () => {
    // Found by the API's geocoder (the storefront's gazetteer), 300 m from the location.
    const near = await request(ctx, 'POST', url(palermo, '/check'), {
      token: owner,
      payload: { address: 'Thames 1800' },
    });
    expect(near.status).toBe(200);
    expect(near.body).toMatchObject({
      reached: true,
      zone: { name: 'Cercana', fee: 1500, cashFee: 1800, minimumOrderPrice: 8000, freeDeliveryFrom: 30000 },
      point: { label: expect.stringContaining('Thames 1800') },
      message: 'Sí, llega: zona Cercana, envío $ 1.500',
    });
    const far = await request(ctx, 'POST', url(palermo, '/check'), {
      token: owner,
      payload: { address: 'Florida 500' },
    });
    expect(far.body).toMatchObject({ reached: false, message: 'No llega a esta dirección' });
    expect(far.body.zone).toBeUndefined();
    const byPoint = await request(ctx, 'POST', url(palermo, '/check'), {
      token: owner,
      payload: FLORIDA_500,
    });
    expect(byPoint.body).toMatchObject({ reached: false, point: { ...FLORIDA_500, label: null } });

    const unknown = await request(ctx, 'POST', url(palermo, '/check'), {
      token: owner,
      payload: { address: 'Calle Inexistente 123' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({
      address: 'No encontramos esa dirección: revise la calle y la altura',
    });
    const nothing = await request(ctx, 'POST', url(palermo, '/check'), { token: owner, payload: {} });
    expect(nothing.status).toBe(400);
  });

  it('checks against an unsaved draft, validated as a save would be, without saving it', async () => {
    const read = await request(ctx, 'GET', url(palermo), { token: owner });
    const draft = [...read.body.zones, CENTRO];
    const reached = await request(ctx, 'POST', url(palermo, '/check'), {
      token: owner,
      payload: { address: 'Florida 500', zones: draft },
    });
    expect(reached.status, JSON.stringify(reached.body)).toBe(200);
    expect(reached.body).toMatchObject({
      reached: true,
      zone: { name: 'Centro', fee: 3200 },
      message: 'Sí, llega: zona Centro, envío $ 3.200',
    });

    // A bigger radius first in the list wins over the polygon: the first listed zone holding the point applies.
    const wide = await request(ctx, 'POST', url(palermo, '/check'), {
      token: owner,
      payload: { ...FLORIDA_500, zones: [{ ...CERCANA, radiusMeters: 6000 }, CENTRO] },
    });
    expect(wide.body.zone.name).toBe('Cercana');

    const bad = await request(ctx, 'POST', url(palermo, '/check'), {
      token: owner,
      payload: { ...FLORIDA_500, zones: [{ ...CERCANA, fee: -1 }] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['zones[0].fee']);

    const stored = await request(ctx, 'GET', url(palermo), { token: owner });
    expect(stored.body.version).toBe(read.body.version);
  });
});
