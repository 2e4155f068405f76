/**
 * Issue 9, the rider shift page (follow-up §2.7, §4.6, §5, §8; ADR 022): a
 * rider is looked up by phone in any form, registers (not approved, shift
 * started, session issued), ends the shift (sessions revoked) and starts it
 * again with the security code; another location's or company's rider is not
 * found; a location without its own fleet starts no shift; a shift does not
 * end while the rider holds a shipment in progress.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { logisticsOrders, riders, shipmentStacks, shipments } from '../src/db/schema/logistics';
import { branchContacts } from '../src/db/schema/tenant';
import { SECRET_DISABLED } from '../src/lib/secret-hash';
import { freshPhone, orderPlace, palermoTakeAway } from './support/console-fixture';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './support/order-fixture';
import { CAMILA, DIEGO, riderOnShift, riderRow } from './support/rider-fixture';
import {
  riderCountersReset,
  riderLookup,
  riderRegister,
  riderShift,
  whoami,
} from './support/rider-shift-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const WRONG_CODE = 'El código de seguridad es erróneo';

describe.each(testDatabaseKinds())('rider shift page on %s', (kind) => {
  const ctx = useTestApp(kind);
  let palermo: LocationIds;
  let belgrano: LocationIds;
  let brasa: LocationIds;
  const db = () => ctx.database.db;
  const newRider = (name = 'Ana Gómez') => ({ name, phone: freshPhone(), securityCode: '2468' });

  beforeAll(async () => {
    await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('brasa'));
    palermo = await locationIds(ctx, 'fuego-palermo');
    belgrano = await locationIds(ctx, 'fuego-belgrano');
    brasa = await locationIds(ctx, 'brasa-palermo');
  });
  beforeEach(async () => {
    ctx.app.clock.pin(WEDNESDAY_1300);
    await riderCountersReset(ctx);
  });
  afterAll(() => ctx.app.clock.pin(undefined));

  describe('lookup by phone', () => {
    it('finds an imported rider off shift, in any form of the phone, approved, without the code', async () => {
      const diego = await riderRow(ctx, palermo.id, DIEGO.phone);
      await db().update(riders).set({ active: false }).where(eq(riders.id, diego.id));
      for (const typed of [DIEGO.phone, '9 11 6000-0001', '+54 9 11 6000 0001', '011 15 6000-0001']) {
        const answer = await riderLookup(ctx, palermo.id, typed);
        expect(answer.status, typed).toBe(200);
        expect(answer.body).toEqual({
          id: diego.id,
          riderId: diego.id,
          name: DIEGO.name,
          phone: DIEGO.phone,
          active: false,
          approved: true,
          riderUser: { branchContact: { id: palermo.id } },
        });
        expect(answer.headers['cache-control']).toBe('no-store');
      }
    });

    it('tells a rider on shift (the page offers to end it)', async () => {
      await riderOnShift(ctx, palermo.id, CAMILA.phone);
      const answer = await riderLookup(ctx, palermo.id, CAMILA.phone);
      expect(answer.status).toBe(200);
      expect(answer.body.active).toBe(true);
    });

    it('answers 404 for a phone no rider of this location has (the page offers to register)', async () => {
      const unknown = await riderLookup(ctx, palermo.id, freshPhone());
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('No hay un repartidor con este teléfono en este local');
      // Diego of Brasa has the same phone in another company: not this location's rider.
      const otherCompany = await riderLookup(ctx, brasa.id, DIEGO.phone);
      expect(otherCompany.status).toBe(200);
      expect(otherCompany.body.id).not.toBe((await riderRow(ctx, palermo.id, DIEGO.phone)).id);
      expect(otherCompany.body.riderUser.branchContact.id).toBe(brasa.id);
    });

    it('refuses a bad phone or location with a Spanish message per field', async () => {
      const bad = await riderLookup(ctx, palermo.id, '123');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        message: 'El número de teléfono es invalido',
        fields: { phone: 'El número de teléfono es invalido' },
      });
      const noPhone = await ctx.app.inject({ url: `/api/rider/bc/phone?branchContactId=${palermo.id}` });
      expect(noPhone.statusCode).toBe(400);
      expect(noPhone.json().fields).toEqual({ 'querystring.phone': 'es obligatorio' });
      const notAnId = await riderLookup(ctx, 'palermo', DIEGO.phone);
      expect(notAnId.status).toBe(400);
      expect(notAnId.body.fields).toEqual({ 'querystring.branchContactId': 'debe ser un número entero' });
      const unknown = await riderLookup(ctx, 999_999, DIEGO.phone);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('No existe el local 999999');
    });

    it('answers 403 where no shift can start, except to a rider on shift, who must be able to end it', async () => {
      const noFleet = await riderLookup(ctx, belgrano.id, freshPhone());
      expect(noFleet.status).toBe(403);
      expect(noFleet.body.message).toBe('Este local no trabaja con repartidores propios');

      const onShift = await riderOnShift(ctx, palermo.id, DIEGO.phone);
      await db().update(riders).set({ active: false }).where(eq(riders.phone, CAMILA.phone));
      await db().update(branchContacts).set({ blocked: true }).where(eq(branchContacts.id, palermo.id));
      try {
        expect((await riderLookup(ctx, palermo.id, CAMILA.phone)).body.message).toBe(
          'Este local no está habilitado en este momento; consulta con el local',
        );
        expect((await riderLookup(ctx, palermo.id, DIEGO.phone)).status).toBe(200);
        const start = await riderShift(
          ctx,
          (await riderRow(ctx, palermo.id, CAMILA.phone)).id,
          palermo.id,
          true,
          CAMILA.securityCode,
        );
        expect(start.status).toBe(403);
        const end = await riderShift(ctx, onShift.riderId, palermo.id, false, DIEGO.securityCode);
        expect(end.status).toBe(200);
        expect(end.body.active).toBe(false);
      } finally {
        await db().update(branchContacts).set({ blocked: false }).where(eq(branchContacts.id, palermo.id));
      }
    });
  });

  describe('registration', () => {
    it('registers a rider not approved, on shift, with a session that names the rider', async () => {
      const ana = newRider();
      const answer = await riderRegister(ctx, palermo.id, { ...ana, phone: `9 11 ${ana.phone.slice(-8)}` });
      expect(answer.status).toBe(201);
      const { session, ...rider } = answer.body;
      expect(rider).toEqual({
        id: expect.any(Number),
        riderId: rider.id,
        name: 'Ana Gómez',
        phone: ana.phone,
        active: true,
        approved: false,
        riderUser: { branchContact: { id: palermo.id } },
      });
      expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(session.expiresAt).toBe(new Date(WEDNESDAY_1300 + 16 * 3_600_000).toISOString());
      const row = await riderRow(ctx, palermo.id, ana.phone);
      expect(row.securityCodeHash).toMatch(/^scrypt\$/);
      expect(row.securityCodeHash).not.toContain(ana.securityCode);
      expect(row.shiftStartedAt?.getTime()).toBe(WEDNESDAY_1300);

      const me = await whoami(ctx, { token: session.token });
      expect(me.status).toBe(200);
      expect(me.body).toEqual({
        riderId: rider.id,
        name: 'Ana Gómez',
        phone: ana.phone,
        approved: false,
        branchContact: { id: palermo.id, alias: 'fuego-palermo', name: 'Fuego Palermo' },
      });
    });

    it('answers 409 for a phone already registered at the location, however it is typed', async () => {
      const again = await riderRegister(ctx, palermo.id, { ...newRider(), phone: '9 11 6000-0001' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(
        'Ya hay un repartidor registrado con este teléfono en este local; ingresa con tu teléfono para iniciar el turno',
      );
      // Another company's location is another roster.
      const elsewhere = await riderRegister(ctx, brasa.id, { ...newRider(), phone: freshPhone() });
      expect(elsewhere.status).toBe(201);
    });

    it('makes one rider of 10 simultaneous registrations of one phone', async () => {
      const ana = newRider();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => riderRegister(ctx, palermo.id, ana)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
      const rows = await db()
        .select()
        .from(riders)
        .where(and(eq(riders.branchContactId, palermo.id), eq(riders.phone, ana.phone)));
      expect(rows).toHaveLength(1);
    });

    it.each([
      ['a 3-digit code', { securityCode: '123' }, WRONG_CODE, { securityCode: WRONG_CODE }],
      ['letters in the code', { securityCode: '12a4' }, WRONG_CODE, { securityCode: WRONG_CODE }],
      [
        'an invalid phone',
        { phone: '5555' },
        'El número de teléfono es invalido',
        { phone: 'El número de teléfono es invalido' },
      ],
      [
        'a blank name',
        { name: '   ' },
        'Debe completar todos los campos para continuar',
        { name: 'Debe completar todos los campos para continuar' },
      ],
    ])('refuses %s with a message on its field', async (_, overrides, message, fields) => {
      const answer = await riderRegister(ctx, palermo.id, { ...newRider(), ...overrides });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
      expect(answer.body.fields).toEqual(fields);
    });

    it('refuses a body that is not the contract’s, field by field', async () => {
      const extra = await riderRegister(ctx, palermo.id, newRider(), { extra: { approved: true } });
      expect(extra.status).toBe(400);
      expect(extra.body.fields).toEqual({ 'body.approved': 'no es un campo admitido' });
      const noLocation = await riderRegister(ctx, palermo.id, newRider(), { extra: { riderUser: {} } });
      expect(noLocation.body.fields).toEqual({ 'body.riderUser.branchContact': 'es obligatorio' });
      const longName = await riderRegister(ctx, palermo.id, { ...newRider(), name: 'x'.repeat(81) });
      expect(longName.body.fields).toEqual({ 'body.name': 'debe tener como máximo 80 caracteres' });
    });

    it('registers a rider off shift, without a session, when asked with active: false', async () => {
      const ana = newRider();
      const answer = await riderRegister(ctx, palermo.id, ana, { extra: { active: false } });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ active: false, approved: false });
      expect(answer.body.session).toBeUndefined();
      expect((await riderShift(ctx, answer.body.id, palermo.id, true, ana.securityCode)).body.active).toBe(
        true,
      );
    });

    it('tells a rider removed by a tenant import to ask the venue, wherever the phone is typed', async () => {
      const ana = newRider();
      const { id } = (await riderRegister(ctx, palermo.id, ana)).body;
      // What the import does to a removed rider that shipments still name.
      await db()
        .update(riders)
        .set({ active: false, securityCodeHash: SECRET_DISABLED })
        .where(eq(riders.id, id));
      const message = 'Ya no figuras como repartidor de este local; consulta con el local';
      expect((await riderLookup(ctx, palermo.id, ana.phone)).body).toMatchObject({ message });
      expect((await riderRegister(ctx, palermo.id, ana)).status).toBe(403);
      const start = await riderShift(ctx, id, palermo.id, true, ana.securityCode);
      expect(start.status).toBe(403);
      expect(start.body.message).toBe(message);
    });

    it('registers nobody where no shift can start', async () => {
      const noFleet = await riderRegister(ctx, belgrano.id, newRider());
      expect(noFleet.status).toBe(403);
      expect(noFleet.body.message).toBe('Este local no trabaja con repartidores propios');
      expect((await riderRegister(ctx, 999_999, newRider())).status).toBe(404);
    });
  });

  describe('ending and starting a shift', () => {
    it('ends the shift and its sessions, then starts it again with a new token', async () => {
      const ana = newRider();
      const registered = await riderRegister(ctx, palermo.id, ana);
      const { id } = registered.body;
      const first = registered.body.session.token;

      const end = await riderShift(ctx, id, palermo.id, false, ana.securityCode);
      expect(end.status).toBe(200);
      expect(end.body).toMatchObject({ id, active: false, approved: false });
      expect(end.body.session).toBeUndefined();
      expect((await whoami(ctx, { token: first })).status).toBe(401);
      expect((await riderLookup(ctx, palermo.id, ana.phone)).body.active).toBe(false);

      const start = await riderShift(ctx, id, palermo.id, true, ` ${ana.securityCode} `);
      expect(start.status).toBe(200);
      expect(start.body.active).toBe(true);
      const second = start.body.session.token;
      expect(second).not.toBe(first);
      expect((await whoami(ctx, { token: second })).body.riderId).toBe(id);
      expect((await whoami(ctx, { token: first })).status).toBe(401);
    });

    it('answers 400 on securityCode for a wrong code and changes nothing', async () => {
      const diego = await riderOnShift(ctx, palermo.id, DIEGO.phone);
      for (const code of ['0000', 'abcd', '', '12345']) {
        const answer = await riderShift(ctx, diego.riderId, palermo.id, false, code);
        expect(answer.status, code).toBe(400);
        expect(answer.body).toMatchObject({ message: WRONG_CODE, fields: { securityCode: WRONG_CODE } });
      }
      expect((await whoami(ctx, { token: diego.token })).status).toBe(200);
    });

    it('does not find another location’s or company’s rider, even with the right code', async () => {
      const diego = await riderRow(ctx, palermo.id, DIEGO.phone);
      for (const location of [belgrano.id, brasa.id]) {
        const answer = await riderShift(ctx, diego.id, location, false, DIEGO.securityCode);
        expect(answer.status, `location ${location}`).toBe(404);
        expect(answer.body.message).toBe('No encontramos a este repartidor en este local');
      }
      expect((await riderShift(ctx, 999_999, palermo.id, true, '1234')).status).toBe(404);
      const notAnId = await riderShift(ctx, 'diego', palermo.id, true, DIEGO.securityCode);
      expect(notAnId.body.fields).toEqual({ 'params.riderId': 'debe ser un número entero' });
    });

    it('keeps the shift of a rider holding a shipment or a stack in progress', async () => {
      const diego = await riderOnShift(ctx, palermo.id, DIEGO.phone);
      const { companyId } = await riderRow(ctx, palermo.id, DIEGO.phone);
      const order = await orderPlace(ctx, palermoTakeAway(palermo));
      const [logistics] = await db()
        .insert(logisticsOrders)
        .values({ companyId, orderId: order.id, branchContactId: palermo.id, securityCode: '5511' })
        .returning();
      const [shipment] = await db()
        .insert(shipments)
        .values({
          companyId,
          logisticsOrderId: logistics?.id ?? 0,
          branchContactId: palermo.id,
          riderId: diego.riderId,
          status: 'ON_ROUTE_TO_PICK_UP',
          code: 'K7P2',
        })
        .returning();
      const end = () => riderShift(ctx, diego.riderId, palermo.id, false, DIEGO.securityCode);
      const refused = await end();
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'Tienes un envío en curso; entrégalo o cancélalo antes de finalizar el turno',
      );
      expect((await whoami(ctx, { token: diego.token })).status).toBe(200);

      await db()
        .update(shipments)
        .set({ status: 'DELIVERED' })
        .where(eq(shipments.id, shipment?.id ?? 0));
      const [stack] = await db()
        .insert(shipmentStacks)
        .values({
          companyId,
          branchContactId: palermo.id,
          riderId: diego.riderId,
          status: 'ON_ROUTE_TO_DROP_OFFS',
        })
        .returning();
      expect((await end()).status).toBe(409);

      await db()
        .update(shipmentStacks)
        .set({ status: 'DELIVERED' })
        .where(eq(shipmentStacks.id, stack?.id ?? 0));
      expect((await end()).status).toBe(200);
      expect((await whoami(ctx, { token: diego.token })).status).toBe(401);
    });
  });
});
