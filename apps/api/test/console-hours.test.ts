/**
 * The console's hours editor (ADR 054): a location's order modes read and
 * saved through the tenant import's rules. STAFF change hours of their
 * locations only; the OWNER also names, switches and fees. Across companies
 * another company's ids answer 404, a location not the staff member's 403.
 * A save is in the history, the export still round-trips, and the diner's
 * schedule read and the order route follow it at once.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { tenantExport } from '../src/tenant/tenant-export';
import { tenantImport } from '../src/tenant/tenant-import';
import {
  CHISPA_OWNER,
  FUEGO_OWNER,
  FUEGO_PALERMO_STAFF,
  palermoTakeAway,
  request,
  staffLogin,
} from './support/console-fixture';
import { dinerGet, tenantExample, tenantExampleRenamed, tenantLoad } from './support/diner-fixture';
import { locationIds, orderPost, WEDNESDAY_1300 } from './support/order-fixture';
import { testDatabaseKinds, useTestApp } from './support/test-app';

const url = (id: number) => `/api/console/branchcontacts/${id}/order-modes`;
/** WEDNESDAY_1300 is 2025-06-04 in Buenos Aires. */
const TODAY = '2025-06-04';

describe.each(testDatabaseKinds())('the hours editor on %s', (kind) => {
  const ctx = useTestApp(kind);
  let owner: string;
  let staff: string;
  let palermoId: number;
  let belgranoId: number;
  let chispaPalermoId: number;

  beforeEach(async () => {
    ctx.app.clock.pin(WEDNESDAY_1300);
    await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    owner = await staffLogin(ctx, FUEGO_OWNER);
    staff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    palermoId = (await dinerGet(ctx, '/api/diner/fuego-palermo')).body.branchContact.id;
    belgranoId = (await dinerGet(ctx, '/api/diner/fuego-belgrano')).body.branchContact.id;
    chispaPalermoId = (await dinerGet(ctx, '/api/diner/chispa-palermo')).body.branchContact.id;
  });

  it('answers the session first, then the company (404) and the location (403)', async () => {
    expect((await request(ctx, 'GET', url(palermoId))).status).toBe(401);
    expect(
      (await request(ctx, 'PUT', url(palermoId), { payload: { version: 'x', orderModes: [] } })).status,
    ).toBe(401);
    for (const token of [owner, staff]) {
      expect((await request(ctx, 'GET', url(chispaPalermoId), { token })).status).toBe(404);
      const put = await request(ctx, 'PUT', url(chispaPalermoId), {
        token,
        payload: { version: 'x', orderModes: [] },
      });
      expect(put.status).toBe(404);
    }
    const other = await request(ctx, 'GET', url(belgranoId), { token: staff });
    expect(other.status).toBe(403);
    const read = await request(ctx, 'GET', url(belgranoId), { token: owner });
    const put = await request(ctx, 'PUT', url(belgranoId), {
      token: staff,
      payload: { version: read.body.version, orderModes: read.body.orderModes },
    });
    expect(put.status).toBe(403);
    // The other company's owner reaches their own copy, not ours.
    const chispa = await staffLogin(ctx, CHISPA_OWNER);
    expect((await request(ctx, 'GET', url(palermoId), { token: chispa })).status).toBe(404);
    expect((await request(ctx, 'GET', url(chispaPalermoId), { token: chispa })).status).toBe(200);
  });

  it('lets STAFF close today with a special day: the diner, the order route, the history and the export follow', async () => {
    const read = await request(ctx, 'GET', url(palermoId), { token: staff });
    expect(read.status).toBe(200);
    expect(read.body.timeZone).toBe('America/Argentina/Buenos_Aires');
    expect(read.body.orderModes.map((mode: { key: string }) => mode.key)).toEqual([
      'palermo-delivery',
      'palermo-takeaway',
      'palermo-salon',
    ]);
    const palermo = await locationIds(ctx, 'fuego-palermo');
    const takeAwayId = palermo.modes.TAKE_AWAY!;
    const before = await dinerGet(ctx, `/api/ordermode/schedule/${takeAwayId}`);
    expect(before.body.schedulerDaysInfo[0].date).toBe(TODAY);

    const modes = structuredClone(read.body.orderModes);
    modes[1].specialDays = [{ date: TODAY, workingHours: [] }];
    modes[1].minDelayInMinutes = 25;
    const saved = await request(ctx, 'PUT', url(palermoId), {
      token: staff,
      payload: { version: read.body.version, orderModes: modes },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.changed).toBe(true);
    expect(saved.body.orderModes[1].specialDays).toEqual([{ date: TODAY, workingHours: [] }]);

    // The diner's schedule read and location read, right after the save.
    const after = await dinerGet(ctx, `/api/ordermode/schedule/${takeAwayId}`);
    expect(after.body.specialDays).toEqual([{ date: TODAY, workingHours: [] }]);
    expect(after.body.minDelayInMinutes).toBe(25);
    expect(after.body.schedulerDaysInfo.map((day: { date: string }) => day.date)).not.toContain(TODAY);
    const location = await dinerGet(ctx, '/api/diner/fuego-palermo');
    const takeAway = location.body.branchContact.deliveryConfig.orderModes.find(
      (mode: { type: string }) => mode.type === 'TAKE_AWAY',
    );
    expect(takeAway.specialDays).toEqual([{ date: TODAY, workingHours: [] }]);

    // The server's timing check: an order for now is refused while the special day closes it.
    const now = await orderPost(ctx, palermoTakeAway(palermo));
    expect(now.status).toBe(400);
    expect(JSON.stringify(now.body)).toMatch(/cerrado|programa/i);

    const history = await request(ctx, 'GET', '/api/console/changes', { token: owner });
    expect(history.body.changes[0]).toMatchObject({
      subject: 'orderModes',
      subjectName: expect.any(String),
      branchContactId: palermoId,
      staffName: expect.any(String),
    });
    const paths = history.body.changes[0].changes.map((change: { path: string }) => change.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        expect.stringContaining('specialDays'),
        '[palermo-takeaway].minDelayInMinutes',
      ]),
    );

    const exported = (await tenantExport(ctx.app.db, 'fuego'))!;
    const contact = exported.branches[0]!.branchContacts.find((c) => c.alias === 'fuego-palermo')!;
    expect(contact.orderModes[1]!.specialDays).toEqual([{ date: TODAY, workingHours: [] }]);
    expect(await tenantImport(ctx.app.db, exported)).toMatchObject({ ok: true, changed: false });

    // The OWNER restores it; the diner is offered today again.
    const current = await request(ctx, 'GET', url(palermoId), { token: owner });
    const restored = structuredClone(current.body.orderModes);
    delete restored[1].specialDays;
    const back = await request(ctx, 'PUT', url(palermoId), {
      token: owner,
      payload: { version: current.body.version, orderModes: restored },
    });
    expect(back.status).toBe(200);
    const again = await dinerGet(ctx, `/api/ordermode/schedule/${takeAwayId}`);
    expect(again.body.schedulerDaysInfo.map((day: { date: string }) => day.date)).toContain(TODAY);
  });

  it('refuses STAFF the owner’s fields with a 403 naming them, and lets the OWNER change them', async () => {
    const read = await request(ctx, 'GET', url(palermoId), { token: staff });
    const modes = structuredClone(read.body.orderModes);
    modes[0].fees.userFee = 500;
    modes[0].showName = 'Envío rápido';
    const refused = await request(ctx, 'PUT', url(palermoId), {
      token: staff,
      payload: { version: read.body.version, orderModes: modes },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Solo el dueño puede cambiar el nombre, el costo de servicio de «/);

    const byOwner = await request(ctx, 'PUT', url(palermoId), {
      token: owner,
      payload: { version: read.body.version, orderModes: modes },
    });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.orderModes[0]).toMatchObject({ showName: 'Envío rápido', fees: { userFee: 500 } });

    // Payment types are not edited here, not even by the OWNER.
    const next = structuredClone(byOwner.body.orderModes);
    next[0].paymentTypes = next[0].paymentTypes.slice(1);
    const fixed = await request(ctx, 'PUT', url(palermoId), {
      token: owner,
      payload: { version: byOwner.body.version, orderModes: next },
    });
    expect(fixed.status).toBe(400);
    expect(fixed.body.fields['[0].paymentTypes']).toBe('Aquí no se cambia los medios de pago');
    const removed = await request(ctx, 'PUT', url(palermoId), {
      token: owner,
      payload: { version: byOwner.body.version, orderModes: byOwner.body.orderModes.slice(1) },
    });
    expect(removed.status).toBe(400);
  });

  it('refuses bad hours with the import’s message at their field, and a stale version with the current modes', async () => {
    const read = await request(ctx, 'GET', url(palermoId), { token: staff });
    const modes = structuredClone(read.body.orderModes);
    modes[0].schedules[0].scheduleConfigs[0].workingDays[0].workingHours[0].startAt = '25:00';
    modes[0].specialDays = [
      { date: '2025-02-30', workingHours: [] },
      { date: '9 de julio', workingHours: [] },
      { date: '2025-07-09', workingHours: [{ startAt: '10:00', endAt: '10:00' }] },
      { date: '2025-07-09', workingHours: [] },
    ];
    const invalid = await request(ctx, 'PUT', url(palermoId), {
      token: staff,
      payload: { version: read.body.version, orderModes: modes },
    });
    expect(invalid.status).toBe(400);
    const fields = invalid.body.fields as Record<string, string>;
    expect(fields['[0].schedules[0].scheduleConfigs[0].workingDays[0].workingHours[0].startAt']).toBe(
      'expected a time as HH:MM (00:00 to 23:59)',
    );
    expect(fields['[0].specialDays[0].date']).toMatch(/not a calendar date/);
    expect(fields['[0].specialDays[1].date']).toBe('expected a date as YYYY-MM-DD');
    expect(fields['[0].specialDays[2].workingHours[0].endAt']).toMatch(/must differ from startAt/);
    expect(fields['[0].specialDays[3].date']).toMatch(/duplicate special day/);

    const first = structuredClone(read.body.orderModes);
    first[0].maxDelayInMinutes = 90;
    const ok = await request(ctx, 'PUT', url(palermoId), {
      token: owner,
      payload: { version: read.body.version, orderModes: first },
    });
    expect(ok.status).toBe(200);
    const stale = structuredClone(read.body.orderModes);
    stale[0].minDelayInMinutes = 5;
    const conflict = await request(ctx, 'PUT', url(palermoId), {
      token: staff,
      payload: { version: read.body.version, orderModes: stale },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.current.value[0].maxDelayInMinutes).toBe(90);
    expect(conflict.body.current.version).toBe(ok.body.version);
  });

  it('of many saves over one version, exactly one is written', async () => {
    const read = await request(ctx, 'GET', url(palermoId), { token: staff });
    const changes = async () =>
      (await request(ctx, 'GET', '/api/console/changes', { token: owner })).body.changes.length as number;
    const recorded = await changes();
    const answers = await Promise.all(
      [41, 42, 43, 44, 45].map((minutes) => {
        const modes = structuredClone(read.body.orderModes);
        modes[0].minDelayInMinutes = minutes;
        return request(ctx, 'PUT', url(palermoId), {
          token: staff,
          payload: { version: read.body.version, orderModes: modes },
        });
      }),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await changes()).toBe(recorded + 1);
  });
});
