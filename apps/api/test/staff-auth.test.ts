import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configForTest } from '../src/config';
import { staffSessions, staffUsers } from '../src/db/schema/platform';
import { SECRET_DISABLED } from '../src/lib/secret-hash';
import { FUEGO_OWNER, FUEGO_PALERMO_STAFF, request } from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { WEDNESDAY_1300 } from './support/order-fixture';
import { scryptsDuring } from './support/scrypt-count';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(testDatabaseKinds())('staff login, session and logout on %s', (kind) => {
  // Throttle limits out of the way: this file fails logins on purpose (console-auth tests the throttle).
  const ctx = useTestApp(kind, {
    staffAuth: { ...configForTest().staffAuth, loginFailuresPerIp: 50, loginFreeFailures: 50 },
  });
  let companyId = 0;
  const login = (payload: unknown) => request(ctx, 'POST', '/api/staff/login', { payload });

  beforeAll(async () => {
    companyId = await tenantLoad(ctx, tenantExample());
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));

  it('answers a 12-hour session token and the staff member; only its sha256 is stored', async () => {
    const { status, body, headers } = await login(FUEGO_OWNER);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.expiresAt).toBe(new Date(WEDNESDAY_1300 + 12 * 3_600_000).toISOString());
    expect(body.staff).toMatchObject({
      name: 'Lucía Pereyra',
      email: 'lucia@fuego.example',
      role: 'OWNER',
      companyId,
    });
    expect(body.staff.branchContacts.map((contact: { alias: string }) => contact.alias).sort()).toEqual([
      'fuego-belgrano',
      'fuego-cafe-centro',
      'fuego-palermo',
    ]);
    expect(Object.keys(body.staff.branchContacts[0]).sort()).toEqual(['alias', 'id', 'name']);

    const stored = await ctx.database.db.select().from(staffSessions);
    const mine = stored.filter((row) => row.tokenHash === sha256(body.token));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ companyId, expiresAt: new Date(body.expiresAt) });
    expect(stored.some((row) => row.tokenHash === body.token)).toBe(false);
    // Two logins are two sessions with different tokens.
    const again = await login(FUEGO_OWNER);
    expect(again.body.token).not.toBe(body.token);
  });

  it('gives a STAFF user their listed locations only', async () => {
    const { body } = await login(FUEGO_PALERMO_STAFF);
    expect(body.staff.role).toBe('STAFF');
    expect(body.staff.branchContacts).toEqual([
      { id: expect.any(Number), alias: 'fuego-palermo', name: 'Fuego Palermo' },
    ]);
  });

  it('matches the email whatever its case and surrounding spaces', async () => {
    const { status } = await login({ email: '  LUCIA@Fuego.Example ', password: FUEGO_OWNER.password });
    expect(status).toBe(200);
  });

  it('answers a wrong password and an unknown email alike, after the same scrypt work', async () => {
    const wrong = await login({ email: FUEGO_OWNER.email, password: 'cambiar-esta-clave!' });
    const unknown = await login({ email: 'nadie@fuego.example', password: 'cambiar-esta-clave' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.message).toBe('Email o contraseña incorrectos');

    // The unknown email is verified against a dummy hash, so it costs the same one scrypt as a known one:
    // counted as the scrypt requests Node starts during each login, not timed (timing flakes on a busy machine).
    await scryptsDuring(() => login({ email: 'calentar@fuego.example', password: 'x' })); // the dummy hash is made on first use
    expect(await scryptsDuring(() => login({ email: FUEGO_PALERMO_STAFF.email, password: 'x' }))).toBe(1);
    expect(await scryptsDuring(() => login({ email: 'nadie@fuego.example', password: 'x' }))).toBe(1);
  });

  it('never lets a removed account in (its hash is disabled)', async () => {
    await ctx.database.db
      .update(staffUsers)
      .set({ passwordHash: SECRET_DISABLED })
      .where(eq(staffUsers.email, 'palermo@fuego.example'));
    try {
      const { status, body } = await login(FUEGO_PALERMO_STAFF);
      expect(status).toBe(401);
      expect(body.message).toBe('Email o contraseña incorrectos');
    } finally {
      await tenantLoad(ctx, tenantExample());
    }
  });

  it('refuses bad input with 400 per field', async () => {
    const missing = await login({ email: FUEGO_OWNER.email });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ 'body.password': 'es obligatorio' });
    const malformed = await login({ email: 'no-es-un-email', password: '' });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.fields).sort()).toEqual(['body.email', 'body.password']);
    const extra = await login({ ...FUEGO_OWNER, remember: true });
    expect(extra.status).toBe(400);
    const notJson = await request(ctx, 'POST', '/api/staff/login', {
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
  });

  it('reads the session with GET /api/staff/me until it expires', async () => {
    const { body } = await login(FUEGO_PALERMO_STAFF);
    const me = await request(ctx, 'GET', '/api/staff/me', { token: body.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ expiresAt: body.expiresAt, staff: body.staff });
    ctx.app.clock.pin(WEDNESDAY_1300 + 12 * 3_600_000);
    const expired = await request(ctx, 'GET', '/api/staff/me', { token: body.token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('La sesión expiró o fue cerrada; vuelva a iniciar sesión');
    expect((await request(ctx, 'GET', '/api/staff/me')).status).toBe(401);
  });

  it('ends the session at logout (the row is gone, the token is refused)', async () => {
    const { body } = await login(FUEGO_OWNER);
    const other = await login(FUEGO_OWNER);
    expect((await request(ctx, 'POST', '/api/staff/logout', { token: body.token })).status).toBe(204);
    const rows = await ctx.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, sha256(body.token)));
    expect(rows).toEqual([]);
    expect((await request(ctx, 'GET', '/api/staff/me', { token: body.token })).status).toBe(401);
    expect((await request(ctx, 'POST', '/api/staff/logout', { token: body.token })).status).toBe(401);
    // Only that session: the other login of the same person still works.
    expect((await request(ctx, 'GET', '/api/staff/me', { token: other.body.token })).status).toBe(200);
  });

  it('drops expired sessions of the account at its next login', async () => {
    const first = await login(FUEGO_OWNER);
    ctx.app.clock.pin(WEDNESDAY_1300 + 13 * 3_600_000);
    await login(FUEGO_OWNER);
    const left = await ctx.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, sha256(first.body.token)));
    expect(left).toEqual([]);
  });
});
