/**
 * ADR 022, a 4-digit code nobody can guess: wrong security codes are limited
 * per rider (5 in 15 minutes) and per client IP across riders, in database
 * counters every API process shares; a locked rider's right code is refused
 * too until the window ends (the app clock moves it); simultaneous guesses
 * never get more checks than the budget; only failures use it; an unknown
 * rider costs what a known one does. Lookups and registrations are limited
 * per client IP.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appBuild } from '../src/app';
import { configForTest, configFromEnv } from '../src/config';
import { freshPhone } from './support/console-fixture';
import { tenantExample, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { CAMILA, DIEGO, riderRow } from './support/rider-fixture';
import {
  riderAddress,
  riderCountersReset,
  riderLookup,
  riderRegister,
  riderShift,
} from './support/rider-shift-fixture';
import { scryptsDuring } from './support/scrypt-count';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const MINUTE = 60_000;
const PER_IP = 8;
const PER_DAY = 8;
const LOOKUPS = 4;
const REGISTRATIONS = 3;
const LOCKED =
  'Demasiados intentos con un código de seguridad equivocado. Vuelve a intentarlo en 15 minutos.';
const FROM_ADDRESS =
  'Demasiados códigos de seguridad equivocados desde tu conexión. Vuelve a intentarlo en 15 minutos.';

describe.each(testDatabaseKinds())('rider code attempt limits on %s', (kind) => {
  const ctx = useTestApp(kind, {
    riders: {
      ...configForTest().riders,
      codeFailuresPerIp: PER_IP,
      codeFailuresPerRiderPerDay: PER_DAY,
      lookupsPerIp: LOOKUPS,
      registrationsPerIp: REGISTRATIONS,
    },
  });
  let palermo: LocationIds;
  let diegoId = 0;
  let camilaId = 0;
  const statuses = (answers: { status: number }[]) =>
    answers.map((answer) => answer.status).sort((a, b) => a - b);
  const count = (answers: { status: number }[], status: number) =>
    answers.filter((answer) => answer.status === status).length;
  /** A rider registered (and on shift) for this test alone, from an address of its own. */
  const registered = async (securityCode = '1357') => {
    const answer = await riderRegister(ctx, palermo.id, {
      name: 'Nico Sosa',
      phone: freshPhone(),
      securityCode,
    });
    expect(answer.status).toBe(201);
    return { id: answer.body.id as number, securityCode };
  };

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    palermo = await locationIds(ctx, 'fuego-palermo');
    diegoId = (await riderRow(ctx, palermo.id, DIEGO.phone)).id;
    camilaId = (await riderRow(ctx, palermo.id, CAMILA.phone)).id;
  });
  beforeEach(async () => {
    ctx.app.clock.pin(WEDNESDAY_1300);
    await riderCountersReset(ctx);
  });
  afterAll(() => ctx.app.clock.pin(undefined));

  it('locks a rider after 5 wrong codes, the right one too, until the 15 minutes are over', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await riderShift(ctx, diegoId, palermo.id, true, `000${i}`)).status).toBe(400);
    }
    const sixth = await riderShift(ctx, diegoId, palermo.id, true, '0009');
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ message: LOCKED, retryAfterSeconds: 900 });
    expect(sixth.headers['retry-after']).toBe('900');
    // From any address, with the right code: still locked.
    expect((await riderShift(ctx, diegoId, palermo.id, true, DIEGO.securityCode)).status).toBe(429);

    ctx.app.clock.pin(WEDNESDAY_1300 + 10 * MINUTE);
    const later = await riderShift(ctx, diegoId, palermo.id, true, DIEGO.securityCode);
    expect(later.status).toBe(429);
    expect(later.body).toMatchObject({
      message: 'Demasiados intentos con un código de seguridad equivocado. Vuelve a intentarlo en 5 minutos.',
      retryAfterSeconds: 300,
    });

    ctx.app.clock.pin(WEDNESDAY_1300 + 15 * MINUTE);
    const open = await riderShift(ctx, diegoId, palermo.id, true, DIEGO.securityCode);
    expect(open.status).toBe(200);
    expect(open.body.session.token).toBeTruthy();
    // The rider's other location-mates were never held back.
    expect((await riderShift(ctx, camilaId, palermo.id, true, CAMILA.securityCode)).status).toBe(200);
  });

  it(`allows a rider ${PER_DAY} wrong codes a day, however they are spread over the windows`, async () => {
    const rider = await registered();
    for (let i = 0; i < 5; i++)
      expect((await riderShift(ctx, rider.id, palermo.id, false, '0000')).status).toBe(400);
    ctx.app.clock.pin(WEDNESDAY_1300 + 15 * MINUTE);
    for (let i = 0; i < PER_DAY - 5; i++) {
      expect((await riderShift(ctx, rider.id, palermo.id, false, '0000')).status).toBe(400);
    }
    const day = await riderShift(ctx, rider.id, palermo.id, false, rider.securityCode);
    expect(day.status).toBe(429);
    expect(day.body).toMatchObject({
      message: 'Demasiados intentos con un código de seguridad equivocado. Vuelve a intentarlo en 24 horas.',
      retryAfterSeconds: 24 * 3600 - 15 * 60,
    });
    ctx.app.clock.pin(WEDNESDAY_1300 + 2 * 60 * MINUTE);
    expect((await riderShift(ctx, rider.id, palermo.id, false, rider.securityCode)).status).toBe(429);
    ctx.app.clock.pin(WEDNESDAY_1300 + 24 * 60 * MINUTE);
    expect((await riderShift(ctx, rider.id, palermo.id, false, rider.securityCode)).status).toBe(200);
  });

  it('counts only wrong codes: a right one gives its attempt back', async () => {
    const rider = await registered();
    for (let i = 0; i < 4; i++)
      expect((await riderShift(ctx, rider.id, palermo.id, false, '0000')).status).toBe(400);
    expect((await riderShift(ctx, rider.id, palermo.id, false, rider.securityCode)).status).toBe(200);
    expect((await riderShift(ctx, rider.id, palermo.id, true, rider.securityCode)).status).toBe(200);
    expect((await riderShift(ctx, rider.id, palermo.id, false, '0000')).status).toBe(400);
    expect((await riderShift(ctx, rider.id, palermo.id, false, '0000')).status).toBe(429);
  });

  it('does not count a code that cannot be one', async () => {
    const rider = await registered();
    for (const code of ['', 'abcd', '123', '12345', '１２３４', '12 4', '0', '99999', 'code', '-123']) {
      expect((await riderShift(ctx, rider.id, palermo.id, false, code)).status, code).toBe(400);
    }
    expect((await riderShift(ctx, rider.id, palermo.id, false, rider.securityCode)).status).toBe(200);
  });

  it('limits wrong codes per client IP across riders, and only that address', async () => {
    const ip = riderAddress();
    const third = await registered();
    for (let i = 0; i < 4; i++) {
      expect((await riderShift(ctx, diegoId, palermo.id, false, '0000', ip)).status).toBe(400);
      expect((await riderShift(ctx, camilaId, palermo.id, false, '0000', ip)).status).toBe(400);
    }
    const refused = await riderShift(ctx, third.id, palermo.id, false, '0000', ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: FROM_ADDRESS, retryAfterSeconds: 900 });
    expect((await riderShift(ctx, third.id, palermo.id, false, third.securityCode, ip)).status).toBe(429);
    // Refused for its address before any check: none of it counted against the third rider.
    for (let i = 0; i < 6; i++) await riderShift(ctx, third.id, palermo.id, false, '0000', ip);
    expect((await riderShift(ctx, third.id, palermo.id, false, third.securityCode)).status).toBe(200);
    expect((await riderShift(ctx, diegoId, palermo.id, true, DIEGO.securityCode)).status).toBe(200);
  });

  it('counts a probe of unknown rider ids against the address', async () => {
    const ip = riderAddress();
    for (let i = 0; i < PER_IP; i++) {
      expect((await riderShift(ctx, 900_000 + i, palermo.id, true, '1234', ip)).status).toBe(404);
    }
    expect((await riderShift(ctx, 900_100, palermo.id, true, '1234', ip)).status).toBe(429);
  });

  it('lets no more than 5 of 20 simultaneous wrong codes for one rider be checked', async () => {
    const rider = await registered();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => riderShift(ctx, rider.id, palermo.id, false, String(1000 + i))),
    );
    expect(statuses(answers)).toEqual([...Array(5).fill(400), ...Array(15).fill(429)]);
    expect((await riderShift(ctx, rider.id, palermo.id, false, rider.securityCode)).status).toBe(429);
  });

  it(`lets no more than ${PER_IP} of 20 simultaneous wrong codes from one address be checked`, async () => {
    const ip = riderAddress();
    const ids = [diegoId, camilaId, (await registered()).id, (await registered()).id];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => riderShift(ctx, ids[i % 4] ?? 0, palermo.id, false, '0000', ip)),
    );
    expect(count(answers, 400)).toBe(PER_IP);
    expect(count(answers, 429)).toBe(20 - PER_IP);
  });

  it('shares the counts between API processes (the database holds them)', async () => {
    const other = await appBuild(ctx.config, ctx.database);
    await other.ready();
    other.clock.pin(WEDNESDAY_1300);
    try {
      const rider = await registered();
      const wrong = (app: typeof other) =>
        app.inject({
          method: 'PUT',
          url: `/api/rider/${rider.id}/updatewithcode`,
          remoteAddress: riderAddress(),
          payload: { active: false, securityCode: '0000', riderUser: { branchContact: { id: palermo.id } } },
        });
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await wrong(i % 2 === 0 ? ctx.app : other));
      expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400, 429]);
    } finally {
      await other.close();
    }
  });

  it('makes an unknown rider cost what a wrong code does (one scrypt each)', async () => {
    const rider = await registered();
    await riderShift(ctx, 999_000, palermo.id, true, '1234'); // the dummy hash is made on first use
    const statuses: number[] = [];
    const unknown = await scryptsDuring(async () => {
      statuses.push((await riderShift(ctx, 999_001, palermo.id, true, '1234')).status);
    });
    const wrong = await scryptsDuring(async () => {
      statuses.push((await riderShift(ctx, rider.id, palermo.id, true, '0000')).status);
    });
    expect(statuses).toEqual([404, 400]);
    expect({ unknown, wrong }).toEqual({ unknown: 1, wrong: 1 });
  });

  it(`limits lookups to ${LOOKUPS} and registrations to ${REGISTRATIONS} per client IP`, async () => {
    const ip = riderAddress();
    for (let i = 0; i < LOOKUPS; i++) {
      expect([200, 404]).toContain(
        (await riderLookup(ctx, palermo.id, i % 2 ? DIEGO.phone : freshPhone(), ip)).status,
      );
    }
    const lookup = await riderLookup(ctx, palermo.id, DIEGO.phone, ip);
    expect(lookup.status).toBe(429);
    expect(lookup.body.message).toBe(
      'Demasiadas búsquedas desde tu conexión. Vuelve a intentarlo en 15 minutos.',
    );
    expect((await riderLookup(ctx, palermo.id, DIEGO.phone)).status).toBe(200);

    const rider = () => ({ name: 'Eva Ruiz', phone: freshPhone(), securityCode: '8642' });
    for (let i = 0; i < REGISTRATIONS; i++)
      expect((await riderRegister(ctx, palermo.id, rider(), { ip })).status).toBe(201);
    const register = await riderRegister(ctx, palermo.id, rider(), { ip });
    expect(register.status).toBe(429);
    expect(register.body.message).toBe(
      'Demasiados registros desde tu conexión. Vuelve a intentarlo en 15 minutos.',
    );
    expect(register.headers['retry-after']).toBe('900');
  });
});

describe('rider limits in the environment (README settings)', () => {
  it('reads every rider setting, with its default, and refuses zero', () => {
    expect(configFromEnv({}).riders).toEqual({
      shiftHours: 16,
      limitWindowMinutes: 15,
      codeFailuresPerRider: 5,
      codeFailuresPerRiderPerDay: 20,
      codeFailuresPerIp: 20,
      lookupsPerIp: 30,
      registrationsPerIp: 10,
    });
    const env = {
      RIDER_SHIFT_HOURS: '10',
      RIDER_LIMIT_WINDOW_MINUTES: '30',
      RIDER_CODE_FAILURES_PER_RIDER: '3',
      RIDER_CODE_FAILURES_PER_RIDER_PER_DAY: '12',
      RIDER_CODE_FAILURES_PER_IP: '40',
      RIDER_LOOKUPS_PER_IP: '60',
      RIDER_REGISTRATIONS_PER_IP: '5',
    };
    expect(configFromEnv(env).riders).toEqual({
      shiftHours: 10,
      limitWindowMinutes: 30,
      codeFailuresPerRider: 3,
      codeFailuresPerRiderPerDay: 12,
      codeFailuresPerIp: 40,
      lookupsPerIp: 60,
      registrationsPerIp: 5,
    });
    for (const name of Object.keys(env)) {
      expect(() => configFromEnv({ [name]: '0' }), name).toThrow(`${name} must be at least 1`);
    }
  });
});
