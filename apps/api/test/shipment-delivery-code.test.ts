import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shipments } from '../src/db/schema/logistics';
import { shipmentDeliveredByStaff } from '../src/services/shipment-staff';
import { FUEGO_OWNER, staffLogin } from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { DIEGO, riderOnShift } from './support/rider-fixture';
import { deliveryAccepted, shipmentDeps, shipmentPut, staffPrincipal } from './support/shipment-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// The delivery code (ADR 023): DELIVERED needs the customer's code; a wrong
// one is refused with the attempts left; the fifth wrong in a row locks it for
// 15 minutes (429, Retry-After), during which even the right code is refused;
// afterwards the count starts again. The venue can confirm the delivery
// meanwhile (a customer without a phone reads the code on the follow-up page,
// or cannot give it at all).

describe.each(testDatabaseKinds())('delivery code on %s', (kind) => {
  const ctx = useTestApp(kind);
  let palermo: LocationIds;
  let owner = '';
  let diego = { token: '', riderId: 0 };
  const db = () => ctx.database.db;
  const onTheWay = async () => {
    const accepted = await deliveryAccepted(ctx, palermo, owner, { paymentMethod: 'BANK_TRANSFER' });
    for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF']) {
      expect((await shipmentPut(ctx, diego.token, accepted.shipment.id, status)).status).toBe(200);
    }
    return { ...accepted, wrong: accepted.securityCode === '1234' ? '4321' : '1234' };
  };

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    ctx.app.clock.pin(WEDNESDAY_1300);
    palermo = await locationIds(ctx, 'fuego-palermo');
    owner = await staffLogin(ctx, FUEGO_OWNER);
    diego = await riderOnShift(ctx, palermo.id, DIEGO.phone);
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  it('locks the code after five wrong tries for 15 minutes, then counts again', async () => {
    const { shipment, securityCode, wrong } = await onTheWay();
    for (const attemptsLeft of [4, 3, 2, 1]) {
      const answer = await shipmentPut(ctx, diego.token, shipment.id, 'DELIVERED', { securityCode: wrong });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        error: 'Bad Request',
        message: 'La clave de entrega no es correcta',
        fields: { securityCode: 'La clave de entrega no es correcta' },
        attemptsLeft,
      });
    }
    const locked = await shipmentPut(ctx, diego.token, shipment.id, 'DELIVERED', { securityCode: wrong });
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBe('900');
    expect(locked.body).toMatchObject({ retryAfterSeconds: 900 });
    expect(locked.body.message).toMatch(
      /^Demasiados intentos con la clave de entrega; vuelve a intentarlo en 15 minutos/,
    );

    // Locked: even the right code is refused, and nothing moves.
    ctx.app.clock.pin(WEDNESDAY_1300 + 10 * 60_000);
    const stillLocked = await shipmentPut(ctx, diego.token, shipment.id, 'DELIVERED', { securityCode });
    expect(stillLocked.status).toBe(429);
    expect(stillLocked.body.retryAfterSeconds).toBe(300);
    const [row] = await db().select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row?.status).toBe('ON_ROUTE_TO_DROP_OFF');

    // After the lock a wrong one counts from one again, and the right one delivers.
    ctx.app.clock.pin(WEDNESDAY_1300 + 15 * 60_000);
    const again = await shipmentPut(ctx, diego.token, shipment.id, 'DELIVERED', { securityCode: wrong });
    expect(again.body.attemptsLeft).toBe(4);
    const delivered = await shipmentPut(ctx, diego.token, shipment.id, 'DELIVERED', { securityCode });
    expect(delivered.status).toBe(200);
    const [done] = await db().select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(done).toMatchObject({
      status: 'DELIVERED',
      deliveryCodeFailures: 0,
      deliveryCodeLockedUntil: null,
    });
  });

  it('lets the venue confirm the delivery while the code is locked', async () => {
    const { shipment, wrong } = await onTheWay();
    for (let i = 0; i < 5; i++)
      await shipmentPut(ctx, diego.token, shipment.id, 'DELIVERED', { securityCode: wrong });
    const [locked] = await db().select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(locked?.deliveryCodeLockedUntil).not.toBeNull();
    const item = await shipmentDeliveredByStaff(
      shipmentDeps(ctx),
      await staffPrincipal(ctx, owner),
      shipment.id,
    );
    expect(item.kind === 'simple' && item.shipment.status).toBe('DELIVERED');
  });

  it('never counts a missing code, and asks for it', async () => {
    const { shipment } = await onTheWay();
    const missing = await shipmentPut(ctx, diego.token, shipment.id, 'DELIVERED', { securityCode: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ securityCode: 'Ingresa la clave de entrega que te da el cliente' });
    const [row] = await db().select().from(shipments).where(eq(shipments.id, shipment.id));
    expect(row?.deliveryCodeFailures).toBe(0);
  });
});
