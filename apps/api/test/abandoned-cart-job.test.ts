/**
 * The abandoned-cart job (issue 11, ADR 028), on PGlite and PostgreSQL: one
 * WhatsApp message per due cart after the location's delay (clock pinned),
 * only to opted-in customers, only while the location is open, never for a
 * cart that became an order — and never two, with two app instances running
 * the job at once on one database. ABANDONED_CART_DELAY_SECONDS (tests and
 * demos) replaces every location's delay, and production refuses it.
 */
import { describe, expect, it } from 'vitest';
import { type App, appBuild } from '../src/app';
import { configFromEnv } from '../src/config';
import { abandonedCartScene, MIN } from './support/abandoned-cart-fixture';
import { orderPlace, palermoTakeAway, request } from './support/console-fixture';
import { WEDNESDAY_1300, WEDNESDAY_1700 } from './support/order-fixture';
import { testDatabaseKinds } from './support/test-app';

describe.each(testDatabaseKinds())('abandoned-cart job on %s', (kind) => {
  const scene = abandonedCartScene(kind);
  const { ctx, diner, leaveBody, beacon, cartsOf, messagesTo, runAt } = scene;
  describe('the job', () => {
    it('writes one message after the location’s delay, not before, with the menu’s names and the link', async () => {
      const delay = await request(ctx, 'PUT', `/api/console/abandoned-carts/${scene.palermo.id}/delay`, {
        token: scene.ownerToken,
        payload: { delayMinutes: 10 },
      });
      expect(delay.status).toBe(200);
      try {
        const { phone, session } = await diner();
        await beacon({ ...leaveBody(phone), customerSession: session });
        expect((await runAt(WEDNESDAY_1300 + 10 * MIN - 1)).notified).toBe(0);
        expect(await messagesTo(phone)).toHaveLength(0);
        await runAt(WEDNESDAY_1300 + 10 * MIN);
        await runAt(WEDNESDAY_1300 + 11 * MIN);
        const messages = await messagesTo(phone);
        expect(messages).toHaveLength(1);
        const body = messages[0]?.body ?? '';
        expect(body).toMatch(/^¡Hola! Dejaste tu pedido en Fuego Palermo sin terminar:\n1 × Clásica/);
        expect(body).not.toContain('sin cebolla');
        expect(body).toContain(
          `/menu/fuego-palermo/preview?abandoned=true&phone=${encodeURIComponent(phone)}&cart=`,
        );
        expect(messages[0]?.branchContactId).toBe(scene.palermo.id);
        expect((await cartsOf(phone))[0]?.status).toBe('NOTIFIED');
      } finally {
        await request(ctx, 'PUT', `/api/console/abandoned-carts/${scene.palermo.id}/delay`, {
          token: scene.ownerToken,
          payload: { delayMinutes: 30 },
        });
      }
    });

    it('never writes to a customer who did not opt in', async () => {
      const { phone, session } = await diner(false);
      await beacon({ ...leaveBody(phone), customerSession: session });
      await runAt(WEDNESDAY_1300 + 31 * MIN);
      expect(await messagesTo(phone)).toHaveLength(0);
      expect((await cartsOf(phone))[0]).toMatchObject({ status: 'EXPIRED', skipReason: 'NO_OPT_IN' });
    });

    it('waits while the location is closed and writes once it opens', async () => {
      // Palermo delivery is closed 15:30–19:30 on Wednesdays.
      ctx.app.clock.pin(WEDNESDAY_1700);
      const { phone, session } = await diner();
      await beacon({
        ...leaveBody(phone, { orderModeId: scene.palermo.modes.DELIVERY }),
        customerSession: session,
      });
      expect((await runAt(WEDNESDAY_1700 + 31 * MIN)).waiting).toBeGreaterThan(0);
      await runAt(WEDNESDAY_1700 + 2 * 60 * MIN);
      expect(await messagesTo(phone)).toHaveLength(0);
      await runAt(WEDNESDAY_1700 + 2 * 60 * MIN + 35 * MIN);
      expect(await messagesTo(phone)).toHaveLength(1);
    });

    it('never writes for a cart that became an order', async () => {
      const { phone, session } = await diner();
      await beacon({ ...leaveBody(phone), customerSession: session });
      await orderPlace(ctx, palermoTakeAway(scene.palermo, { phone }));
      await runAt(WEDNESDAY_1300 + 31 * MIN);
      expect(await messagesTo(phone)).toHaveLength(0);
      expect((await cartsOf(phone))[0]?.status).toBe('ORDERED');
    });

    it('writes exactly one message per cart when two app instances run the job at once', async () => {
      const second: App = await appBuild(ctx.config, ctx.database);
      await second.ready();
      try {
        const phones: string[] = [];
        for (let i = 0; i < 12; i++) {
          const { phone, session } = await diner();
          await beacon({ ...leaveBody(phone), customerSession: session });
          phones.push(phone);
        }
        const at = WEDNESDAY_1300 + 31 * MIN;
        ctx.app.clock.pin(at);
        second.clock.pin(at);
        await Promise.all(
          Array.from({ length: 4 }, () => [
            ctx.app.jobs.abandonedCartsRunOnce(),
            second.jobs.abandonedCartsRunOnce(),
          ]).flat(),
        );
        for (const phone of phones) expect(await messagesTo(phone), phone).toHaveLength(1);
      } finally {
        await second.close();
      }
    });
  });
});

describe('ABANDONED_CART_DELAY_SECONDS', () => {
  const read = (value: string, env: NodeJS.ProcessEnv = {}) =>
    configFromEnv({ ...env, ABANDONED_CART_DELAY_SECONDS: value }).abandonedCartDelaySeconds;

  it('is whole seconds up to a day, unset by default', () => {
    expect(configFromEnv({}).abandonedCartDelaySeconds).toBeUndefined();
    expect(read('')).toBeUndefined();
    expect(read('8')).toBe(8);
    expect(read('86400')).toBe(86_400);
    for (const bad of ['0', '-5', '1.5', 'diez', '86401'])
      expect(() => read(bad), bad).toThrow(/^ABANDONED_CART_DELAY_SECONDS must be/);
  });

  it('is refused in production', () => {
    expect(() => read('8', { NODE_ENV: 'production' })).toThrow(
      'ABANDONED_CART_DELAY_SECONDS is for tests and demos, not production',
    );
  });
});

describe.each(testDatabaseKinds())('abandoned-cart job with ABANDONED_CART_DELAY_SECONDS on %s', (kind) => {
  const { abandonedCartDelaySeconds } = configFromEnv({ ABANDONED_CART_DELAY_SECONDS: '8' });
  const scene = abandonedCartScene(kind, { abandonedCartDelaySeconds });
  const { diner, leaveBody, beacon, cartsOf, messagesTo, runAt } = scene;

  it('writes the message that many seconds after the leave instead of the location’s 30 minutes', async () => {
    const { phone, session } = await diner();
    const left = await beacon({ ...leaveBody(phone), customerSession: session });
    expect(left.body).toEqual({
      status: 'OPEN',
      notifyAfter: new Date(WEDNESDAY_1300 + 8_000).toISOString(),
    });
    expect((await runAt(WEDNESDAY_1300 + 8_000 - 1)).notified).toBe(0);
    expect(await messagesTo(phone)).toHaveLength(0);
    expect((await runAt(WEDNESDAY_1300 + 8_000)).notified).toBe(1);
    const messages = await messagesTo(phone);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.body).toMatch(/^¡Hola! Dejaste tu pedido en Fuego Palermo sin terminar:/);
    expect((await cartsOf(phone))[0]?.status).toBe('NOTIFIED');
  });

  it('shortens the wait only: a customer who did not opt in still gets nothing', async () => {
    const { phone, session } = await diner(false);
    await beacon({ ...leaveBody(phone), customerSession: session });
    await runAt(WEDNESDAY_1300 + 8_000);
    expect(await messagesTo(phone)).toHaveLength(0);
    expect((await cartsOf(phone))[0]).toMatchObject({ status: 'EXPIRED', skipReason: 'NO_OPT_IN' });
  });
});

describe('abandoned-cart job in the background loop (PGlite)', () => {
  // The loop ticks every 20 ms here; the minute-scale passes run at most every 15 s of the app's clock.
  const scene = abandonedCartScene('pglite', { jobs: { enabled: true, intervalMs: 20 } });
  const { ctx, diner, leaveBody, beacon, messagesTo } = scene;
  const someTicks = () => new Promise((resolve) => setTimeout(resolve, 1_000));

  it('runs the abandoned-cart pass once per 15 s of the clock, not on every tick', async () => {
    ctx.app.clock.pin(WEDNESDAY_1300);
    const { phone, session } = await diner();
    await beacon({ ...leaveBody(phone), customerSession: session }); // due at 13:30
    // The loop started with the app (jobs enabled); pinning the clock drives it.
    try {
      ctx.app.clock.pin(WEDNESDAY_1300 + 30 * MIN - 5_000);
      await someTicks(); // a pass ran here: not due yet
      expect(await messagesTo(phone)).toHaveLength(0);
      ctx.app.clock.pin(WEDNESDAY_1300 + 30 * MIN + 5_000);
      await someTicks(); // due, but the last pass was 10 s ago: the ticks leave it
      expect(await messagesTo(phone)).toHaveLength(0);
      ctx.app.clock.pin(WEDNESDAY_1300 + 30 * MIN + 11_000);
      // 16 s after that pass: the next one writes it.
      await expect.poll(async () => (await messagesTo(phone)).length, { timeout: 10_000 }).toBe(1);
    } finally {
      await ctx.app.jobs.stop();
      ctx.app.clock.pin(undefined);
    }
  });
});
