import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { riderRequests, shipmentEvents, shipments } from '../src/db/schema/logistics';
import { shipmentStackCreate } from '../src/services/shipment-staff';
import { FUEGO_OWNER, request, staffLogin } from './support/console-fixture';
import { tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { riderOnShift } from './support/rider-fixture';
import {
  deliveryAccepted,
  extraRiderPhone,
  idempotencyKey,
  shipmentDeps,
  shipmentPut,
  stackPut,
  staffPrincipal,
  tenantWithRiders,
} from './support/shipment-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// Races decided by the database (issue 9, ADR 023): twenty riders accepting
// one shipment or one stack at once — exactly one wins, nineteen get 409
// EXPIRED_BY_OTHER, and the stack's shipments all go to the winner; staff
// grouping shipments while a rider accepts one of them — one or the other,
// never both; and a rider's request sent again with its Idempotency-Key, even
// concurrently — one move, the same answer every time.

const RIDERS = 20;

describe.each(testDatabaseKinds())('shipment races on %s', (kind) => {
  const ctx = useTestApp(kind);
  let palermo: LocationIds;
  let owner = '';
  const fleet: { token: string; riderId: number }[] = [];
  const db = () => ctx.database.db;
  const acceptEvents = async (shipmentId: number) =>
    db()
      .select()
      .from(shipmentEvents)
      .where(
        and(eq(shipmentEvents.shipmentId, shipmentId), eq(shipmentEvents.toStatus, 'ON_ROUTE_TO_PICK_UP')),
      );

  beforeAll(async () => {
    await tenantLoad(ctx, tenantWithRiders(RIDERS));
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    owner = await staffLogin(ctx, FUEGO_OWNER);
    for (let i = 0; i < RIDERS; i++) fleet.push(await riderOnShift(ctx, palermo.id, extraRiderPhone(i)));
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  it('lets exactly one of 20 riders accepting one shipment at once win it', async () => {
    for (let round = 0; round < 3; round++) {
      const { shipment } = await deliveryAccepted(ctx, palermo, owner);
      const answers = await Promise.all(
        fleet.map((rider) =>
          shipmentPut(ctx, rider.token, shipment.id, 'ON_ROUTE_TO_PICK_UP', { rider_id: rider.riderId }),
        ),
      );
      const winners = answers.filter((answer) => answer.status === 200);
      const losers = answers.filter((answer) => answer.status === 409);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(RIDERS - 1);
      for (const loser of losers) {
        expect(loser.body).toMatchObject({
          code: 'EXPIRED_BY_OTHER',
          message: 'El envío ya fue tomado por otro repartidor',
        });
      }
      const winner = fleet[answers.findIndex((answer) => answer.status === 200)];
      const [row] = await db().select().from(shipments).where(eq(shipments.id, shipment.id));
      expect(row).toMatchObject({ status: 'ON_ROUTE_TO_PICK_UP', riderId: winner?.riderId });
      expect(winners[0]?.body.riderId).toBe(winner?.riderId);
      expect(await acceptEvents(shipment.id)).toHaveLength(1);
    }
  });

  it('lets exactly one of 20 riders accepting one stack at once win it, with all its shipments', async () => {
    const staff = await staffPrincipal(ctx, owner);
    const a = await deliveryAccepted(ctx, palermo, owner);
    const b = await deliveryAccepted(ctx, palermo, owner, { paymentMethod: 'BANK_TRANSFER' });
    const stack = await shipmentStackCreate(shipmentDeps(ctx), staff, {
      branchContactId: palermo.id,
      shipmentIds: [a.shipment.id, b.shipment.id],
    });
    const answers = await Promise.all(
      fleet.map((rider) => stackPut(ctx, rider.token, stack.id, { status: 'ON_ROUTE_TO_PICK_UP' })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const losers = answers.filter((answer) => answer.status === 409);
    expect(losers).toHaveLength(RIDERS - 1);
    expect(losers.every((answer) => answer.body.code === 'EXPIRED_BY_OTHER')).toBe(true);
    const winner = fleet[answers.findIndex((answer) => answer.status === 200)];
    const rows = await db().select().from(shipments).where(eq(shipments.stackId, stack.id));
    expect(rows.map((row) => [row.status, row.riderId])).toEqual([
      ['ON_ROUTE_TO_PICK_UP', winner?.riderId],
      ['ON_ROUTE_TO_PICK_UP', winner?.riderId],
    ]);
    // A stacked shipment cannot be taken on its own.
    const loser = fleet.find((rider) => rider !== winner) as { token: string };
    const alone = await shipmentPut(ctx, loser.token, a.shipment.id, 'ON_ROUTE_TO_PICK_UP');
    expect(alone.status).toBe(409);
    expect(alone.body.code).toBe('EXPIRED_BY_OTHER');
  });

  it('never both groups a shipment and lets a rider take it, however they interleave', async () => {
    const staff = await staffPrincipal(ctx, owner);
    for (let round = 0; round < 4; round++) {
      const a = await deliveryAccepted(ctx, palermo, owner);
      const b = await deliveryAccepted(ctx, palermo, owner);
      const rider = fleet[round] as { token: string; riderId: number };
      const [accept, grouping] = await Promise.allSettled([
        shipmentPut(ctx, rider.token, a.shipment.id, 'ON_ROUTE_TO_PICK_UP'),
        shipmentStackCreate(shipmentDeps(ctx), staff, {
          branchContactId: palermo.id,
          shipmentIds: [a.shipment.id, b.shipment.id],
        }),
      ]);
      const accepted = accept.status === 'fulfilled' && accept.value.status === 200;
      const grouped = grouping.status === 'fulfilled';
      expect(accepted !== grouped).toBe(true);
      const [row] = await db().select().from(shipments).where(eq(shipments.id, a.shipment.id));
      if (accepted) {
        expect(row).toMatchObject({ riderId: rider.riderId, stackId: null });
        expect(grouping.status === 'rejected' && (grouping.reason as { statusCode: number }).statusCode).toBe(
          409,
        );
        const [other] = await db().select().from(shipments).where(eq(shipments.id, b.shipment.id));
        expect(other?.stackId).toBeNull();
      } else {
        expect(row).toMatchObject({ riderId: null, status: 'LOOKING_FOR_DRIVER' });
        expect(row?.stackId).not.toBeNull();
        expect(accept.status === 'fulfilled' && accept.value.body.code).toBe('EXPIRED_BY_OTHER');
      }
    }
  });

  it('never deadlocks riders accepting against the venue cancelling the order (or one order of a stack)', async () => {
    const staff = await staffPrincipal(ctx, owner);
    for (let round = 0; round < 3; round++) {
      const single = await deliveryAccepted(ctx, palermo, owner);
      const a = await deliveryAccepted(ctx, palermo, owner);
      const b = await deliveryAccepted(ctx, palermo, owner);
      const stack = await shipmentStackCreate(shipmentDeps(ctx), staff, {
        branchContactId: palermo.id,
        shipmentIds: [a.shipment.id, b.shipment.id],
      });
      const cancel = (orderId: number) =>
        request(ctx, 'POST', `/api/console/orders/${orderId}/status`, {
          token: owner,
          payload: { status: 'CANCELED', reason: 'Sin stock' },
        });
      const answers = await Promise.all([
        ...fleet
          .slice(0, 8)
          .map((rider) => shipmentPut(ctx, rider.token, single.shipment.id, 'ON_ROUTE_TO_PICK_UP')),
        ...fleet
          .slice(8, 16)
          .map((rider) => stackPut(ctx, rider.token, stack.id, { status: 'ON_ROUTE_TO_PICK_UP' })),
        cancel(single.order.id),
        cancel(b.order.id),
      ]);
      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      const rows = await db()
        .select()
        .from(shipments)
        .where(inArray(shipments.id, [single.shipment.id, b.shipment.id]));
      expect(rows.map((row) => row.status)).toEqual(['CANCELED', 'CANCELED']);
      const [kept] = await db().select().from(shipments).where(eq(shipments.id, a.shipment.id));
      expect(['LOOKING_FOR_DRIVER', 'ON_ROUTE_TO_PICK_UP']).toContain(kept?.status);
    }
  });

  describe('Idempotency-Key', () => {
    it('moves once for the same key sent ten times at once, and answers all the same', async () => {
      const rider = fleet[5] as { token: string; riderId: number };
      const { shipment } = await deliveryAccepted(ctx, palermo, owner);
      expect((await shipmentPut(ctx, rider.token, shipment.id, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
      const key = idempotencyKey();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          shipmentPut(ctx, rider.token, shipment.id, 'IN_STORE', {}, { 'idempotency-key': key }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'false')).toHaveLength(1);
      const bodies = new Set(answers.map((answer) => JSON.stringify(answer.body)));
      expect(bodies.size).toBe(1);
      const events = await db()
        .select()
        .from(shipmentEvents)
        .where(and(eq(shipmentEvents.shipmentId, shipment.id), eq(shipmentEvents.toStatus, 'IN_STORE')));
      expect(events).toHaveLength(1);

      // Later, after the shipment moved on, the key still answers its first answer and moves nothing.
      expect((await shipmentPut(ctx, rider.token, shipment.id, 'ON_ROUTE_TO_DROP_OFF')).status).toBe(200);
      const replay = await shipmentPut(
        ctx,
        rider.token,
        shipment.id,
        'IN_STORE',
        {},
        { 'idempotency-key': key },
      );
      expect(replay.status).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body.status).toBe('IN_STORE');
      const [row] = await db().select().from(shipments).where(eq(shipments.id, shipment.id));
      expect(row?.status).toBe('ON_ROUTE_TO_DROP_OFF');
    });

    it('replays an accept to its winner, and a concurrent accept of one key wins once', async () => {
      const rider = fleet[6] as { token: string; riderId: number };
      const { shipment } = await deliveryAccepted(ctx, palermo, owner);
      const key = idempotencyKey();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          shipmentPut(ctx, rider.token, shipment.id, 'ON_ROUTE_TO_PICK_UP', {}, { 'idempotency-key': key }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(5).fill(200));
      expect(await acceptEvents(shipment.id)).toHaveLength(1);
    });

    it('refuses the same key with another request (422) and keeps keys per rider', async () => {
      const rider = fleet[7] as { token: string; riderId: number };
      const other = fleet[8] as { token: string; riderId: number };
      const { shipment } = await deliveryAccepted(ctx, palermo, owner);
      const key = idempotencyKey();
      expect(
        (
          await shipmentPut(
            ctx,
            rider.token,
            shipment.id,
            'ON_ROUTE_TO_PICK_UP',
            {},
            { 'idempotency-key': key },
          )
        ).status,
      ).toBe(200);
      const reused = await shipmentPut(
        ctx,
        rider.token,
        shipment.id,
        'IN_STORE',
        {},
        { 'idempotency-key': key },
      );
      expect(reused.status).toBe(422);
      expect(reused.body.message).toMatch(/Idempotency-Key ya se usó/);
      // Another rider's same key is another request: judged afresh (taken → 409).
      const theirs = await shipmentPut(
        ctx,
        other.token,
        shipment.id,
        'ON_ROUTE_TO_PICK_UP',
        {},
        {
          'idempotency-key': key,
        },
      );
      expect(theirs.status).toBe(409);
      const kept = await db()
        .select()
        .from(riderRequests)
        .where(eq(riderRequests.key, key))
        .orderBy(asc(riderRequests.id));
      expect(kept.map((row) => [row.riderId, row.statusCode])).toEqual([[rider.riderId, 200]]);
    });

    it('counts a wrong delivery code once for a replayed key and answers the same refusal', async () => {
      const rider = fleet[9] as { token: string; riderId: number };
      const { shipment, securityCode } = await deliveryAccepted(ctx, palermo, owner);
      for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF']) {
        expect((await shipmentPut(ctx, rider.token, shipment.id, status)).status).toBe(200);
      }
      const wrongCode = securityCode === '9999' ? '0000' : '9999';
      const key = idempotencyKey();
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          shipmentPut(
            ctx,
            rider.token,
            shipment.id,
            'DELIVERED',
            { securityCode: wrongCode },
            {
              'idempotency-key': key,
            },
          ),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
      expect(answers.every((answer) => answer.body.attemptsLeft === 4)).toBe(true);
      const [row] = await db().select().from(shipments).where(eq(shipments.id, shipment.id));
      expect(row?.deliveryCodeFailures).toBe(1);
    });
  });

  it('shows the other riders the shipment lost, through GET', async () => {
    const { shipment } = await deliveryAccepted(ctx, palermo, owner);
    const [first, second] = fleet as unknown as [{ token: string }, { token: string }];
    expect((await shipmentPut(ctx, first.token, shipment.id, 'ON_ROUTE_TO_PICK_UP')).status).toBe(200);
    const seen = await request(ctx, 'GET', `/api/shipments/${shipment.id}`, { token: second.token });
    expect(seen.body).toMatchObject({ wonByOther: true, canCancel: false, rider: null });
  });
});
