/**
 * ADR 022, who a rider request is from: `GET /api/whoami` answers only with a
 * live shift session sent as `Authorization: Bearer` — not without one, not a
 * malformed, unknown or expired one (RIDER_SHIFT_HOURS), not one of a shift
 * that ended, never from a URL — and a token of another company's rider with
 * the same phone tells that rider, never ours. The security code and its hash
 * never leave in an answer or a log line.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configForTest } from '../src/config';
import { riderSessions, riders } from '../src/db/schema/logistics';
import { riderSessionsExpiredDelete } from '../src/repositories/rider-session-repository';
import { freshPhone } from './support/console-fixture';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { CAMILA, DIEGO, riderRow } from './support/rider-fixture';
import {
  riderCountersReset,
  riderLookup,
  riderRegister,
  riderShift,
  whoami,
} from './support/rider-shift-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const SHIFT_HOURS = 2;
const HOUR = 3_600_000;

describe.each(testDatabaseKinds())('rider authentication on %s', (kind) => {
  const lines: string[] = [];
  const ctx = useTestApp(
    kind,
    { logLevel: 'info', riders: { ...configForTest().riders, shiftHours: SHIFT_HOURS } },
    { logStream: { write: (line) => lines.push(line) } },
  );
  let palermo: LocationIds;
  let brasa: LocationIds;

  /** Starts the shift of an imported rider through the route and answers the rider id and token. */
  const startShift = async (location: LocationIds, rider: typeof DIEGO) => {
    const row = await riderRow(ctx, location.id, rider.phone);
    await ctx.database.db.update(riders).set({ active: false }).where(eq(riders.id, row.id));
    const answer = await riderShift(ctx, row.id, location.id, true, rider.securityCode);
    expect(answer.status).toBe(200);
    return { riderId: row.id as number, token: answer.body.session.token as string };
  };

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('brasa'));
    palermo = await locationIds(ctx, 'fuego-palermo');
    brasa = await locationIds(ctx, 'brasa-palermo');
  });
  beforeEach(async () => {
    ctx.app.clock.pin(WEDNESDAY_1300);
    await riderCountersReset(ctx);
  });
  afterAll(() => ctx.app.clock.pin(undefined));

  it('tells the rider of a live session', async () => {
    const diego = await startShift(palermo, DIEGO);
    const answer = await whoami(ctx, { token: diego.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      riderId: diego.riderId,
      name: DIEGO.name,
      phone: DIEGO.phone,
      approved: true,
      branchContact: { id: palermo.id, alias: 'fuego-palermo', name: 'Fuego Palermo' },
    });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['no Authorization header', {}, 'Inicia tu turno para ver los envíos'],
    ['an empty bearer', { header: 'Bearer ' }, 'Inicia tu turno para ver los envíos'],
    ['another scheme', { header: 'Basic ZGllZ286NDgyMQ==' }, 'Inicia tu turno para ver los envíos'],
    ['a malformed token', { token: 'abc' }, 'Tu turno terminó o el link venció; vuelve a iniciar tu turno'],
    [
      'a token one character too long',
      { token: 'A'.repeat(44) },
      'Tu turno terminó o el link venció; vuelve a iniciar tu turno',
    ],
    [
      'an unknown well-formed token',
      { token: 'A'.repeat(43) },
      'Tu turno terminó o el link venció; vuelve a iniciar tu turno',
    ],
  ])('refuses %s with 401', async (_, auth, message) => {
    const answer = await whoami(ctx, auth);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(message);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="rider"');
  });

  it('never reads a token from the URL', async () => {
    const diego = await startShift(palermo, DIEGO);
    for (const query of [
      `token=${diego.token}`,
      `access_token=${diego.token}`,
      `authorization=Bearer%20${diego.token}`,
    ]) {
      const answer = await ctx.app.inject({ url: `/api/whoami?${query}` });
      expect(answer.statusCode, query).toBe(401);
    }
  });

  it(`lets a session live ${SHIFT_HOURS} hours (RIDER_SHIFT_HOURS), then refuses it`, async () => {
    const diego = await startShift(palermo, DIEGO);
    ctx.app.clock.pin(WEDNESDAY_1300 + SHIFT_HOURS * HOUR - 1000);
    expect((await whoami(ctx, { token: diego.token })).status).toBe(200);
    ctx.app.clock.pin(WEDNESDAY_1300 + SHIFT_HOURS * HOUR);
    const expired = await whoami(ctx, { token: diego.token });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Tu turno terminó o el link venció; vuelve a iniciar tu turno');
    // The rider starts the shift again (a new shift: the old one ran its hours) and gets a session that works.
    const again = await riderShift(ctx, diego.riderId, palermo.id, true, DIEGO.securityCode);
    expect((await riderRow(ctx, palermo.id, DIEGO.phone)).shiftStartedAt?.getTime()).toBe(
      WEDNESDAY_1300 + SHIFT_HOURS * HOUR,
    );
    expect(again.body.session.expiresAt).toBe(
      new Date(WEDNESDAY_1300 + 2 * SHIFT_HOURS * HOUR).toISOString(),
    );
    expect((await whoami(ctx, { token: again.body.session.token })).status).toBe(200);

    // The background jobs drop the dead sessions (this one's first among them) and keep the live ones.
    const now = ctx.app.clock.now();
    const sessions = () => ctx.database.db.select().from(riderSessions);
    const dead = (await sessions()).filter((row) => row.expiresAt.getTime() <= now);
    expect(dead.map((row) => row.riderId)).toContain(diego.riderId);
    expect(await riderSessionsExpiredDelete(ctx.database.db, new Date(now))).toBe(dead.length);
    const kept = await sessions();
    expect(kept.every((row) => row.expiresAt.getTime() > now)).toBe(true);
    expect(kept.filter((row) => row.riderId === diego.riderId)).toHaveLength(1);
    expect((await whoami(ctx, { token: again.body.session.token })).status).toBe(200);
  });

  it('refuses every session of a shift that ended, and only that rider’s', async () => {
    const diego = await startShift(palermo, DIEGO);
    // Signing in again (another phone) while on shift: a second session, the same shift.
    ctx.app.clock.pin(WEDNESDAY_1300 + HOUR);
    const second = await riderShift(ctx, diego.riderId, palermo.id, true, DIEGO.securityCode);
    expect((await riderRow(ctx, palermo.id, DIEGO.phone)).shiftStartedAt?.getTime()).toBe(WEDNESDAY_1300);
    expect((await whoami(ctx, { token: diego.token })).status).toBe(200);
    const camila = await startShift(palermo, CAMILA);
    expect((await riderShift(ctx, diego.riderId, palermo.id, false, DIEGO.securityCode)).status).toBe(200);
    expect((await whoami(ctx, { token: diego.token })).status).toBe(401);
    expect((await whoami(ctx, { token: second.body.session.token })).status).toBe(401);
    expect((await whoami(ctx, { token: camila.token })).status).toBe(200);
  });

  it('tells another company’s rider with the same phone as that company’s, and keeps the shifts apart', async () => {
    const ours = await startShift(palermo, DIEGO);
    const theirs = await startShift(brasa, DIEGO);
    expect(theirs.riderId).not.toBe(ours.riderId);
    const answer = await whoami(ctx, { token: theirs.token });
    expect(answer.body).toEqual({
      riderId: theirs.riderId,
      name: DIEGO.name,
      phone: DIEGO.phone,
      approved: true,
      branchContact: { id: brasa.id, alias: 'brasa-palermo', name: 'Fuego Palermo' },
    });
    // Our rider's code and id with their location, or their rider with ours: not found.
    expect((await riderShift(ctx, ours.riderId, brasa.id, false, DIEGO.securityCode)).status).toBe(404);
    expect((await riderShift(ctx, theirs.riderId, palermo.id, false, DIEGO.securityCode)).status).toBe(404);
    expect((await riderShift(ctx, ours.riderId, palermo.id, false, DIEGO.securityCode)).status).toBe(200);
    expect((await whoami(ctx, { token: ours.token })).status).toBe(401);
    expect((await whoami(ctx, { token: theirs.token })).status).toBe(200);
  });

  it('tells approval as it is now: a registered rider is not approved until the venue says so', async () => {
    const registered = await riderRegister(ctx, palermo.id, {
      name: 'Leo Paz',
      phone: freshPhone(),
      securityCode: '3579',
    });
    const token = registered.body.session.token;
    expect((await whoami(ctx, { token })).body.approved).toBe(false);
    await ctx.database.db.update(riders).set({ approved: true }).where(eq(riders.id, registered.body.id));
    expect((await whoami(ctx, { token })).body.approved).toBe(true);
  });

  it('never lets the security code or its hash out, in an answer or in a log line', async () => {
    const code = '9137';
    const phone = freshPhone();
    lines.length = 0;
    const answers: { raw: string; headers: Record<string, unknown> }[] = [];
    const keep = <T extends { raw: string; headers: Record<string, unknown> }>(answer: T) => {
      answers.push(answer);
      return answer;
    };
    const registered = keep(
      await riderRegister(ctx, palermo.id, { name: 'Sol Vera', phone, securityCode: code }),
    );
    const { id } = registered.body;
    keep(await riderLookup(ctx, palermo.id, phone));
    keep(await whoami(ctx, { token: registered.body.session.token }));
    keep(await riderShift(ctx, id, palermo.id, false, code));
    keep(await riderShift(ctx, id, palermo.id, true, code));
    keep(await riderRegister(ctx, palermo.id, { name: 'Sol Vera', phone, securityCode: code }));
    const ip = '198.51.100.7';
    for (let i = 0; i < 6; i++) keep(await riderShift(ctx, id, palermo.id, false, '0000', ip));
    const locked = keep(await riderShift(ctx, id, palermo.id, false, code, ip));
    expect(locked.status).toBe(429);

    const hash = (await riderRow(ctx, palermo.id, phone)).securityCodeHash;
    for (const answer of answers) {
      // Request ids and dates are random or clock digits, where any 4 digits may turn up.
      const { 'x-request-id': _id, date: _date, ...headers } = answer.headers;
      const text = `${answer.raw} ${JSON.stringify(headers)}`;
      expect(text).not.toContain(code);
      expect(text).not.toContain('scrypt$');
    }
    const log = lines
      .map((line) => {
        const { time: _t, pid: _p, reqId: _r, responseTime: _rt, hostname: _h, ...rest } = JSON.parse(line);
        return JSON.stringify(rest);
      })
      .join('\n');
    expect(lines.length).toBeGreaterThan(20);
    expect(log).not.toContain(code);
    expect(log).not.toContain(hash);
    expect(log).not.toContain(registered.body.session.token);
    // The lockout is told to whoever runs the service once, by rider and location only.
    const warnings = lines
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg === 'rider security code: attempts exhausted');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, riderId: id, branchContactId: palermo.id });
  });
});
