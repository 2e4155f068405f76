import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riders } from '../src/db/schema/logistics';
import { shipmentStackCreate } from '../src/services/shipment-staff';
import { type Answer, CHISPA_OWNER, FUEGO_OWNER, request, staffLogin } from './support/console-fixture';
import { tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { DIEGO, riderOnShift } from './support/rider-fixture';
import {
  BELGRANO_RIDER_PHONE,
  deliveryAccepted,
  extraRiderPhone,
  shipmentDeps,
  staffPrincipal,
  tenantWithRiders,
} from './support/shipment-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// Who may read and move which shipment (issue 9, ADR 023): every rider
// endpoint, asked by nobody, by an expired session, by a rider of another
// company, of another location of the same company, by a rider the venue has
// not approved, and by the rider the data belongs to. Another company's or
// location's shipment is 404 (never revealed), a list of another location 403,
// a rider not approved 403 on every shipment read and move.

type Who = 'none' | 'expired' | 'otherCompany' | 'otherLocation' | 'notApproved' | 'owner';
interface Endpoint {
  name: string;
  method: 'GET' | 'PUT' | 'POST';
  url: () => string;
  payload?: () => Record<string, unknown>;
  expect: Record<Exclude<Who, 'none' | 'expired'>, number>;
}

describe.each(testDatabaseKinds())('shipment authorization on %s', (kind) => {
  const ctx = useTestApp(kind);
  let palermo: LocationIds;
  const tokens: Partial<Record<Who, string>> = {};
  let shipmentId = 0;
  let logisticsOrderId = 0;
  let stackId = 0;
  let fuegoOwner = '';
  let chispaOwner = '';

  beforeAll(async () => {
    await tenantLoad(ctx, tenantWithRiders(3, { belgrano: true }));
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    const belgrano = await locationIds(ctx, 'fuego-belgrano');
    const chispa = await locationIds(ctx, 'chispa-palermo');
    fuegoOwner = await staffLogin(ctx, FUEGO_OWNER);
    chispaOwner = await staffLogin(ctx, CHISPA_OWNER);
    tokens.owner = (await riderOnShift(ctx, palermo.id, DIEGO.phone)).token;
    tokens.expired = (await riderOnShift(ctx, palermo.id, extraRiderPhone(0))).token;
    tokens.otherCompany = (await riderOnShift(ctx, chispa.id, DIEGO.phone)).token;
    tokens.otherLocation = (await riderOnShift(ctx, belgrano.id, BELGRANO_RIDER_PHONE)).token;
    const pending = await riderOnShift(ctx, palermo.id, extraRiderPhone(1));
    await ctx.app.db.update(riders).set({ approved: false }).where(eq(riders.id, pending.riderId));
    tokens.notApproved = pending.token;

    const { shipment } = await deliveryAccepted(ctx, palermo, fuegoOwner);
    shipmentId = shipment.id;
    logisticsOrderId = shipment.logisticsOrderId;
    const a = await deliveryAccepted(ctx, palermo, fuegoOwner);
    const b = await deliveryAccepted(ctx, palermo, fuegoOwner);
    const stack = await shipmentStackCreate(shipmentDeps(ctx), await staffPrincipal(ctx, fuegoOwner), {
      branchContactId: palermo.id,
      shipmentIds: [a.shipment.id, b.shipment.id],
    });
    stackId = stack.id;
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  const endpoints: Endpoint[] = [
    {
      name: 'list',
      method: 'GET',
      url: () => '/api/shipments?status=LOOKING_FOR_DRIVER&providerName=OWN_FLEET',
      expect: { otherCompany: 200, otherLocation: 200, notApproved: 403, owner: 200 },
    },
    {
      name: 'list of Palermo',
      method: 'GET',
      url: () => `/api/shipments?branchContactId=${palermo.id}`,
      expect: { otherCompany: 403, otherLocation: 403, notApproved: 403, owner: 200 },
    },
    {
      name: 'in progress',
      method: 'GET',
      url: () => '/api/shipments/rider',
      expect: { otherCompany: 200, otherLocation: 200, notApproved: 403, owner: 200 },
    },
    {
      name: 'one shipment',
      method: 'GET',
      url: () => `/api/shipments/${shipmentId}`,
      expect: { otherCompany: 404, otherLocation: 404, notApproved: 403, owner: 200 },
    },
    {
      name: 'a move (at the store before accepting: refused for the owner too)',
      method: 'PUT',
      url: () => `/api/shipments/${shipmentId}`,
      payload: () => ({ status: 'IN_STORE', id: shipmentId }),
      expect: { otherCompany: 404, otherLocation: 404, notApproved: 403, owner: 409 },
    },
    {
      name: 'shipments of an order',
      method: 'GET',
      url: () => `/api/shipments/order/${logisticsOrderId}`,
      expect: { otherCompany: 404, otherLocation: 404, notApproved: 403, owner: 200 },
    },
    {
      name: 'stacks',
      method: 'GET',
      url: () => '/api/shipmentstacks?status=LOOKING_FOR_DRIVER&delivery_provider_name=OWN_FLEET',
      expect: { otherCompany: 200, otherLocation: 200, notApproved: 403, owner: 200 },
    },
    {
      name: 'one stack',
      method: 'GET',
      url: () => `/api/stacking/${stackId}`,
      expect: { otherCompany: 404, otherLocation: 404, notApproved: 403, owner: 200 },
    },
    {
      name: 'a stack move (in store before accepting: refused for the owner too)',
      method: 'PUT',
      url: () => `/api/stacking/${stackId}`,
      payload: () => ({ status: 'IN_STORE', id: stackId }),
      expect: { otherCompany: 404, otherLocation: 404, notApproved: 403, owner: 409 },
    },
    {
      name: 'position',
      method: 'POST',
      url: () => '/api/rider/position',
      payload: () => ({ lat: -34.58, lng: -58.42 }),
      expect: { otherCompany: 204, otherLocation: 204, notApproved: 204, owner: 204 },
    },
  ];

  const send = (endpoint: Endpoint, token: string | undefined): Promise<Answer> =>
    request(ctx, endpoint.method, endpoint.url(), {
      ...(token ? { token } : {}),
      ...(endpoint.payload ? { payload: endpoint.payload() } : {}),
    });

  it.each(endpoints)('$name: 401 without a session', async (endpoint) => {
    const answer = await send(endpoint, undefined);
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="rider"');
    expect(answer.body.message).toBe('Inicia tu turno para ver los envíos');
  });

  it.each(endpoints)('$name: 401 with an expired session', async (endpoint) => {
    ctx.app.clock.pin(WEDNESDAY_1300 + (ctx.config.riders.shiftHours + 1) * 3_600_000);
    const answer = await send(endpoint, tokens.expired);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('Tu turno terminó o el link venció; vuelve a iniciar tu turno');
  });

  it.each(endpoints)('$name: by whom', async (endpoint) => {
    for (const who of ['otherCompany', 'otherLocation', 'notApproved', 'owner'] as const) {
      const answer = await send(endpoint, tokens[who]);
      expect([who, answer.status]).toEqual([who, endpoint.expect[who]]);
      if (answer.status === 403 && who === 'notApproved') {
        expect(answer.body.message).toBe('No tienes permisos para ver los envíos');
      }
      if (answer.status === 200 && who !== 'owner') {
        // Another company's or location's rider reads nothing of Palermo.
        expect(JSON.stringify(answer.body)).not.toContain(`"id":${shipmentId},`);
        const items = answer.body?.items ?? [];
        expect(items).toEqual([]);
      }
    }
  });

  it('shows the owner the shipment and the stack it asked for', async () => {
    expect((await request(ctx, 'GET', `/api/shipments/${shipmentId}`, { token: tokens.owner })).body.id).toBe(
      shipmentId,
    );
    const stack = await request(ctx, 'GET', `/api/stacking/${stackId}`, { token: tokens.owner });
    expect(stack.body).toMatchObject({ id: stackId, status: 'LOOKING_FOR_DRIVER' });
    expect(stack.body.shipments).toHaveLength(2);
    const stacks = await request(ctx, 'GET', '/api/shipmentstacks', { token: tokens.owner });
    expect(stacks.body.items.map((item: { id: number }) => item.id)).toContain(stackId);
    // The stacked shipments left the simple list.
    const list = await request(ctx, 'GET', '/api/shipments', { token: tokens.owner });
    const stackedIds = stack.body.shipments.map((item: { id: number }) => item.id);
    expect(list.body.items.map((item: { id: number }) => item.id)).toContain(shipmentId);
    for (const id of stackedIds)
      expect(list.body.items.map((item: { id: number }) => item.id)).not.toContain(id);
  });

  it('lets staff of the location read an order’s shipments; staff of another company get 404', async () => {
    const url = `/api/shipments/order/${logisticsOrderId}`;
    const mine = await request(ctx, 'GET', url, { token: fuegoOwner });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      shipments: [expect.objectContaining({ id: shipmentId, status: 'LOOKING_FOR_DRIVER', rider: null })],
      searching: true,
    });
    expect((await request(ctx, 'GET', url, { token: chispaOwner })).status).toBe(404);
    // Staff sessions open no other rider endpoint.
    expect((await request(ctx, 'GET', '/api/shipments', { token: fuegoOwner })).status).toBe(401);
  });
});
