import { asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../src/db/schema/platform';
import { branchContacts, orderModes } from '../src/db/schema/tenant';
import { demoTenant } from '../src/tenant/demo-seed';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { type TestContext, testDatabaseKinds, useTestApp } from './support/test-app';

const SESSION = 'd6f1c0de-4b1e-4a53-9c55-0123456789ab';

async function post(
  ctx: TestContext,
  body: unknown,
  headers: Record<string, string> = { 'x-session-id': SESSION },
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/analytics/events',
    payload: body as object,
    headers,
  });
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field
  return { status: response.statusCode, body: response.json() as any };
}

const stored = (ctx: TestContext) =>
  ctx.database.db.select().from(analyticsEvents).orderBy(asc(analyticsEvents.id));

describe.each(testDatabaseKinds())('POST /api/analytics/events on %s', (kind) => {
  const ctx = useTestApp(kind);
  const ids = { brasa: 0, fuego: 0, nunez: 0, palermo: 0, nunezDelivery: 0, palermoDelivery: 0 };

  beforeAll(async () => {
    ids.brasa = await tenantLoad(ctx, demoTenant());
    ids.fuego = await tenantLoad(ctx, tenantExample());
    const contact = async (alias: string) =>
      (await ctx.database.db.select().from(branchContacts).where(eq(branchContacts.alias, alias)))[0]!.id;
    const delivery = async (branchContactId: number) =>
      (
        await ctx.database.db
          .select()
          .from(orderModes)
          .where(eq(orderModes.branchContactId, branchContactId))
          .orderBy(asc(orderModes.id))
      ).find((mode) => mode.type === 'DELIVERY')!.id;
    ids.nunez = await contact('brasa-nunez');
    ids.palermo = await contact('fuego-palermo');
    ids.nunezDelivery = await delivery(ids.nunez);
    ids.palermoDelivery = await delivery(ids.palermo);
  });

  beforeEach(async () => {
    await ctx.database.db.delete(analyticsEvents);
  });

  it('stores a batch with the session id, each event under the company of its branch contact → 202', async () => {
    const { status, body } = await post(ctx, {
      events: [
        {
          type: 'ITEM_VIEW',
          branchContactId: ids.nunez,
          orderModeId: ids.nunezDelivery,
          payload: { plateId: 7 },
        },
        { type: 'ADD_ITEM', branchContactId: ids.palermo, payload: { plateId: 3, quantity: 2 } },
        { type: 'ADDRESS_SUBMIT', branchContactId: ids.nunez },
      ],
    });
    expect(status).toBe(202);
    expect(body).toEqual({ accepted: 3 });
    const rows = await stored(ctx);
    expect(
      rows.map(({ companyId, branchContactId, sessionId, type, payload }) => ({
        companyId,
        branchContactId,
        sessionId,
        type,
        payload,
      })),
    ).toEqual([
      {
        companyId: ids.brasa,
        branchContactId: ids.nunez,
        sessionId: SESSION,
        type: 'ITEM_VIEW',
        payload: { plateId: 7, orderModeId: ids.nunezDelivery },
      },
      {
        companyId: ids.fuego,
        branchContactId: ids.palermo,
        sessionId: SESSION,
        type: 'ADD_ITEM',
        payload: { plateId: 3, quantity: 2 },
      },
      {
        companyId: ids.brasa,
        branchContactId: ids.nunez,
        sessionId: SESSION,
        type: 'ADDRESS_SUBMIT',
        payload: {},
      },
    ]);
  });

  it('accepts every type of the spec and ORDER_IMPEDIMENT with its impediment', async () => {
    const types = [
      'ADDRESS_SUBMIT',
      'PAY_ORDER',
      'CONTINUE_TO_CHECKOUT',
      'DELETE_ITEM',
      'VIEW_ORDER_SUMMARY',
      'ADD_ITEM',
      'ITEM_VIEW',
      'ORDER_MODE_SELECT',
      'BRANCH_CONTACT_SELECT',
    ];
    const { status } = await post(ctx, {
      events: [
        ...types.map((type) => ({ type, branchContactId: ids.palermo })),
        {
          type: 'ORDER_IMPEDIMENT',
          branchContactId: ids.palermo,
          payload: { impediment: 'OUT_OF_COVERAGE_AREA' },
        },
      ],
    });
    expect(status).toBe(202);
    expect((await stored(ctx)).map((row) => row.type)).toEqual([...types, 'ORDER_IMPEDIMENT']);
  });

  it('stores the return through an abandoned-cart link with what it restored', async () => {
    const { status } = await post(ctx, {
      events: [
        {
          type: 'ABANDONED_CART_RETURN',
          branchContactId: ids.palermo,
          payload: { restoredLines: 2, droppedLines: 1 },
        },
      ],
    });
    expect(status).toBe(202);
    expect(await stored(ctx)).toMatchObject([
      { type: 'ABANDONED_CART_RETURN', payload: { restoredLines: 2, droppedLines: 1 } },
    ]);
  });

  describe('attribution', () => {
    it('an unknown branch contact is dropped from its event, not the batch: stored unattributed', async () => {
      const { status } = await post(ctx, {
        events: [
          { type: 'ITEM_VIEW', branchContactId: 2_000_000_000 },
          { type: 'ITEM_VIEW', branchContactId: ids.palermo },
        ],
      });
      expect(status).toBe(202);
      const rows = await stored(ctx);
      expect(rows.map((row) => [row.companyId, row.branchContactId])).toEqual([
        [null, null],
        [ids.fuego, ids.palermo],
      ]);
    });

    it('an order mode alone proves its branch contact and company', async () => {
      await post(ctx, { events: [{ type: 'ORDER_MODE_SELECT', orderModeId: ids.palermoDelivery }] });
      const [row] = await stored(ctx);
      expect(row).toMatchObject({
        companyId: ids.fuego,
        branchContactId: ids.palermo,
        payload: { orderModeId: ids.palermoDelivery },
      });
    });

    it("an order mode of another company's location never moves the event there", async () => {
      await post(ctx, {
        events: [
          // Núñez (brasa) with Palermo's (fuego) order mode: the branch contact stands, the mode is dropped.
          { type: 'ORDER_MODE_SELECT', branchContactId: ids.nunez, orderModeId: ids.palermoDelivery },
          // An unknown mode id, and a client-side orderModeId in the payload, prove nothing.
          {
            type: 'ORDER_MODE_SELECT',
            orderModeId: 2_000_000_000,
            payload: { orderModeId: ids.palermoDelivery },
          },
        ],
      });
      const rows = await stored(ctx);
      expect(
        rows.map(({ companyId, branchContactId, payload }) => ({ companyId, branchContactId, payload })),
      ).toEqual([
        { companyId: ids.brasa, branchContactId: ids.nunez, payload: {} },
        { companyId: null, branchContactId: null, payload: {} },
      ]);
    });
  });

  describe('bad input → 400 per field, nothing stored', () => {
    const expectRefused = async (
      body: unknown,
      fields: string[],
      headers: Record<string, string> = { 'x-session-id': SESSION },
    ) => {
      const response = await post(ctx, body, headers);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('Bad Request');
      expect(Object.keys(response.body.fields).sort()).toEqual([...fields].sort());
      expect(await stored(ctx)).toEqual([]);
      return response.body;
    };

    it('the session id header: missing, too short, too long, bad characters', async () => {
      const missing = await expectRefused({ events: [{ type: 'ITEM_VIEW' }] }, ['headers.x-session-id'], {});
      expect(missing.fields['headers.x-session-id']).toBe('es obligatorio');
      await expectRefused({ events: [{ type: 'ITEM_VIEW' }] }, ['headers.x-session-id'], {
        'x-session-id': 'abc',
      });
      await expectRefused({ events: [{ type: 'ITEM_VIEW' }] }, ['headers.x-session-id'], {
        'x-session-id': 'a'.repeat(65),
      });
      await expectRefused({ events: [{ type: 'ITEM_VIEW' }] }, ['headers.x-session-id'], {
        'x-session-id': 'sesión_12345',
      });
    });

    it('an empty batch, more than 50 events, a missing list', async () => {
      await expectRefused({ events: [] }, ['body.events']);
      await expectRefused({ events: Array.from({ length: 51 }, () => ({ type: 'ITEM_VIEW' })) }, [
        'body.events',
      ]);
      await expectRefused({}, ['body.events']);
    });

    it('an unknown type, a bad id, a payload that is not an object, an unknown key', async () => {
      const body = await expectRefused(
        {
          events: [
            { type: 'CLICK' },
            { type: 'ITEM_VIEW', branchContactId: 0 },
            { type: 'ITEM_VIEW', orderModeId: 'uno' },
            { type: 'ITEM_VIEW', payload: [1, 2] },
            { type: 'ITEM_VIEW', companyId: 1 },
          ],
        },
        [
          'body.events[0].type',
          'body.events[1].branchContactId',
          'body.events[2].orderModeId',
          'body.events[3].payload',
          'body.events[4].companyId',
        ],
      );
      // Named in Spanish, the unknown key by its own path.
      expect(body.fields).toMatchObject({
        'body.events[1].branchContactId': 'debe ser mayor o igual a 1',
        'body.events[2].orderModeId': 'debe ser un número entero',
        'body.events[3].payload': 'debe ser un objeto',
        'body.events[4].companyId': 'no es un campo admitido',
      });
    });

    it('a payload over 4 KB, and an ORDER_IMPEDIMENT without a known impediment', async () => {
      const body = await expectRefused(
        {
          events: [
            { type: 'ITEM_VIEW', payload: { text: 'x'.repeat(4096) } },
            { type: 'ITEM_VIEW', payload: { text: 'ñ'.repeat(2050) } },
            { type: 'ORDER_IMPEDIMENT', payload: { impediment: 'RAINING' } },
            { type: 'ORDER_IMPEDIMENT' },
          ],
        },
        [
          'body.events[0].payload',
          'body.events[1].payload',
          'body.events[2].payload.impediment',
          'body.events[3].payload.impediment',
        ],
      );
      expect(body.fields['body.events[0].payload']).toBe('no debe superar 4096 bytes');
      expect(body.fields['body.events[2].payload.impediment']).toContain('OUT_OF_COVERAGE_AREA');
      // Just under the limit is fine.
      const fits = await post(ctx, { events: [{ type: 'ITEM_VIEW', payload: { text: 'x'.repeat(4000) } }] });
      expect(fits.status).toBe(202);
    });
  });
});

describe('POST /api/analytics/events rate limit', () => {
  const ctx = useTestApp('pglite');

  it('120 posts a minute, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      statuses.push((await post(ctx, { events: [{ type: 'ITEM_VIEW' }] })).status);
    }
    expect(statuses.slice(0, 120).every((status) => status === 202)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});
