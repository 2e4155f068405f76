/**
 * The scene of the abandoned-cart tests (ADR 028): the example tenant and a
 * second company, signed-in Fuego customers, beacons as sendBeacon sends
 * them, and reads of the carts and their outbox messages.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Config } from '../../src/config';
import { abandonedCarts, customers } from '../../src/db/schema/customers';
import { outboxMessages } from '../../src/db/schema/platform';
import { clasicaLine, FUEGO_OWNER, freshPhone, staffLogin } from './console-fixture';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './diner-fixture';
import {
  customerAuthForTest,
  customerSignIn,
  type LocationIds,
  locationIds,
  WEDNESDAY_1300,
} from './order-fixture';
import { type DatabaseKind, useTestApp } from './test-app';

export const MIN = 60_000;
const generous = { order: 100_000, codeValidate: 100_000, clientLog: 100_000 };

/**
 * One app on a fresh database per `describe`, the clock pinned at Wednesday
 * 13:00 (Palermo open); `overrides` change its configuration.
 */
export function abandonedCartScene(kind: DatabaseKind, overrides: Partial<Config> = {}) {
  const ctx = useTestApp(kind, { rateLimits: generous, customerAuth: customerAuthForTest, ...overrides });
  const db = () => ctx.database.db;
  const scene = {
    ctx,
    companyId: 0,
    palermo: {} as LocationIds,
    cafe: {} as LocationIds,
    ownerToken: '',

    /** A customer of Fuego with a session; opted in unless told otherwise. */
    async diner(optIn = true) {
      const phone = freshPhone();
      await db()
        .insert(customers)
        .values({ companyId: scene.companyId, phone, optIn, createdAt: new Date(), updatedAt: new Date() });
      const headers = await customerSignIn(ctx, phone, scene.palermo.id);
      return { phone, session: headers['x-customer-session'] };
    },

    /** The beacon's body (ordering §7) for a Clásica at Palermo, take-away. */
    leaveBody(phone: string, overrides: Record<string, unknown> = {}) {
      const { palermo } = scene;
      return {
        items: [clasicaLine(palermo, 'TAKE_AWAY', { notes: 'sin cebolla' })],
        branchContactId: palermo.id,
        branchId: palermo.branchId,
        phone,
        email: 'ana@example.com',
        orderModeId: palermo.modes.TAKE_AWAY,
        navigationEvent: 'pagehide',
        ...overrides,
      };
    },

    /** As navigator.sendBeacon(url, JSON.stringify(body)) sends it: text/plain, no custom header. */
    async beacon(body: Record<string, unknown>) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/abandoned/cart/',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        payload: JSON.stringify(body),
      });
      return { status: response.statusCode, body: response.body ? response.json() : undefined };
    },

    cartsOf: (phone: string) =>
      db()
        .select()
        .from(abandonedCarts)
        .where(and(eq(abandonedCarts.companyId, scene.companyId), eq(abandonedCarts.phone, phone))),

    messagesTo: (phone: string) =>
      db()
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.toPhone, phone), eq(outboxMessages.kind, 'ABANDONED_CART'))),

    /** One pass of the job with the clock at `at`. */
    async runAt(at: number) {
      ctx.app.clock.pin(at);
      return ctx.app.jobs.abandonedCartsRunOnce();
    },

    /** The `cart` token of the link in a message. */
    tokenIn: (body: string) => new URL(body.split(': ').at(-1) ?? '').searchParams.get('cart') ?? '',
  };

  beforeAll(async () => {
    scene.companyId = await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    scene.palermo = await locationIds(ctx, 'fuego-palermo');
    scene.cafe = await locationIds(ctx, 'fuego-cafe-centro');
    scene.ownerToken = await staffLogin(ctx, FUEGO_OWNER);
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));
  return scene;
}
