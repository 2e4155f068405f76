import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configForTest } from '../src/config';
import { FUEGO_OWNER, FUEGO_PALERMO_STAFF } from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { WEDNESDAY_1300 } from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

// The staff login throttle through POST /api/staff/login: per client IP, then
// per (email, IP) pair with a growing delay. Failures from one address must
// never refuse the right password from another (issue 16, item 5: six wrong
// attempts from anywhere used to lock the real staff member out for 15 minutes).

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.warn('staff-login-throttle.test.ts: Redis cases skipped (set TEST_REDIS_URL)');
const stores = redisUrl ? ['memory', 'redis'] : ['memory'];
const cases = testDatabaseKinds().flatMap((kind) => stores.map((store) => [kind, store] as const));

describe.each(cases)('staff login throttle on %s, counters in %s', (kind, store) => {
  const ctx = useTestApp(kind, {
    staffAuth: {
      ...configForTest().staffAuth,
      loginFailuresPerIp: 20,
      loginFailureWindowMinutes: 15,
      loginFreeFailures: 3,
      loginDelaySeconds: 30,
      loginMaxDelayMinutes: 15,
    },
    ...(store === 'redis'
      ? { redisUrl, redisKeyPrefix: `comanda-test-${randomBytes(6).toString('hex')}` }
      : {}),
  });
  const login = (payload: { email: string; password: string }, ip: string) =>
    ctx.app
      .inject({ method: 'POST', url: '/api/staff/login', payload, remoteAddress: ip })
      .then((response) => ({
        status: response.statusCode,
        body: response.json(),
        headers: response.headers,
      }));
  const wrong = (who: { email: string }) => ({ email: who.email, password: 'no-es-esta' });
  let now = WEDNESDAY_1300;
  const advance = (ms: number) => {
    now += ms;
    ctx.app.clock.pin(now);
  };

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
  });
  beforeEach(() => ctx.app.clock.pin(now));
  afterAll(() => ctx.app.clock.pin(undefined));

  it('lets the right password in from a clean address while attackers keep failing the same email', async () => {
    // One attacker hammers the owner's email from one address…
    for (let i = 0; i < 20; i++) {
      const answer = await login(wrong(FUEGO_OWNER), '10.0.0.1');
      expect([401, 429]).toContain(answer.status);
    }
    // …and others spread their failures over many addresses, never waiting.
    for (let host = 10; host < 18; host++) {
      for (let i = 0; i < 5; i++) await login(wrong(FUEGO_OWNER), `10.0.1.${host}`);
    }
    const owner = await login(FUEGO_OWNER, '10.0.0.2');
    expect(owner.status).toBe(200);
    expect(owner.body.staff.email).toBe(FUEGO_OWNER.email);
    // The attackers' addresses stay held back, even with the right password.
    expect((await login(FUEGO_OWNER, '10.0.0.1')).status).toBe(429);
    expect((await login(FUEGO_OWNER, '10.0.1.10')).status).toBe(429);
  });

  it('makes an address that keeps failing an email wait longer after each failure', async () => {
    const who = FUEGO_PALERMO_STAFF;
    const ip = '10.0.2.1';
    for (let i = 0; i < 3; i++) expect((await login(wrong(who), ip)).status).toBe(401);
    // The fourth failure is still checked, and earns a 30-second wait.
    expect((await login(wrong(who), ip)).status).toBe(401);
    const first = await login(wrong(who), ip);
    expect(first.status).toBe(429);
    expect(first.body.message).toBe('Demasiados intentos fallidos; vuelva a intentar en 30 segundos');
    expect(first.headers['retry-after']).toBe('30');
    advance(30_000);
    expect((await login(wrong(who), ip)).status).toBe(401);
    const second = await login(wrong(who), ip);
    expect(second.status).toBe(429);
    expect(second.headers['retry-after']).toBe('60');
    expect(second.body.message).toBe('Demasiados intentos fallidos; vuelva a intentar en 1 minuto');
    advance(60_000);
    expect((await login(wrong(who), ip)).status).toBe(401);
    // Waiting is per address: even the right password waits here, not elsewhere.
    const third = await login(who, ip);
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBe('120');
    expect((await login(who, '10.0.2.2')).status).toBe(200);
    advance(120_000);
    expect((await login(who, ip)).status).toBe(200);
    // A success clears the pair: three free failures again.
    for (let i = 0; i < 4; i++) expect((await login(wrong(who), ip)).status).toBe(401);
  });

  it('never counts against an email the requests already refused for their IP', async () => {
    const ip = '10.0.3.1';
    for (let i = 0; i < 20; i++) {
      expect((await login({ email: `nadie${i}@fuego.example`, password: 'x' }, ip)).status).toBe(401);
    }
    for (let i = 0; i < 10; i++) {
      const refused = await login(wrong(FUEGO_OWNER), ip);
      expect(refused.status).toBe(429);
      // The IP's window, not a per-email delay.
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(15 * 60 - 60);
    }
    // Ten refused attempts on the owner's email cost the owner nothing, from any other address.
    for (let host = 2; host < 5; host++) {
      expect((await login(FUEGO_OWNER, `10.0.3.${host}`)).status).toBe(200);
    }
  });

  it('refuses an IP that used up its attempts, whatever the email, and no other IP', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await login({ email: `otro${i}@fuego.example`, password: 'x' }, '10.0.4.1')).status).toBe(401);
    }
    expect((await login(FUEGO_OWNER, '10.0.4.1')).status).toBe(429);
    expect((await login(FUEGO_OWNER, '10.0.4.2')).status).toBe(200);
  });

  it('counts upper case and spaces as the same email', async () => {
    const ip = '10.0.5.1';
    for (let i = 0; i < 4; i++) {
      const email = i % 2 ? ` ${FUEGO_OWNER.email.toUpperCase()} ` : FUEGO_OWNER.email;
      expect((await login({ email, password: 'x' }, ip)).status).toBe(401);
    }
    expect((await login({ email: FUEGO_OWNER.email.toUpperCase(), password: 'x' }, ip)).status).toBe(429);
  });
});
