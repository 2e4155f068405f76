/**
 * The invitation to rate a delivered order (issue 12, ADR 031) on PGlite and
 * PostgreSQL: one WhatsApp message through the outbox after the location's
 * delay, with the survey's link, only to a customer who opted in, never for an
 * order already rated — and never two, with two app instances running the job
 * at once on one database.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type App, appBuild } from '../src/app';
import { outboxMessages, surveyInvitations } from '../src/db/schema/platform';
import { request } from './support/console-fixture';
import { WEDNESDAY_1300 } from './support/order-fixture';
import { MIN, surveyScene } from './support/survey-fixture';
import { testDatabaseKinds } from './support/test-app';

describe.each(testDatabaseKinds())('survey invitation on %s', (kind) => {
  const scene = surveyScene(kind);
  const { ctx } = scene;
  const db = () => ctx.database.db;
  const invitationsTo = (phone: string) =>
    db()
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.toPhone, phone), eq(outboxMessages.kind, 'SURVEY_INVITATION')));
  const invitationOf = async (orderId: number) =>
    (await db().select().from(surveyInvitations).where(eq(surveyInvitations.orderId, orderId)))[0];
  const runAt = (at: number) => {
    ctx.app.clock.pin(at);
    return ctx.app.jobs.surveyInvitationsRunOnce();
  };

  it('writes one message an hour after delivery with the survey’s link, not before, not twice', async () => {
    const { phone, order } = await scene.customerOrder(scene.palermo, true);
    await runAt(WEDNESDAY_1300 + 60 * MIN - 1);
    expect(await invitationsTo(phone)).toHaveLength(0);
    expect((await runAt(WEDNESDAY_1300 + 60 * MIN)).invited).toBeGreaterThan(0);
    await runAt(WEDNESDAY_1300 + 61 * MIN);
    const messages = await invitationsTo(phone);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      status: 'PENDING',
      orderId: order.id,
      branchContactId: scene.palermo.id,
      body:
        `¡Hola! ¿Qué tal estuvo tu pedido ${order.code} de Fuego Palermo? Cuéntanos en un minuto, del 1 al 5: ` +
        `${ctx.config.publicUrl}/encuesta/fuego-palermo/${order.code}`,
    });
    expect(await invitationOf(order.id)).toMatchObject({ status: 'SENT', outboxMessageId: messages[0]?.id });
  });

  it('never writes to a customer who did not opt in, nor about an order already rated', async () => {
    const notOptedIn = await scene.customerOrder(scene.palermo, false);
    const rated = await scene.customerOrder(scene.palermo, true);
    const survey = await scene.survey(scene.palermo.id);
    const sent = await scene.submit(
      rated.order.code,
      scene.answersOf(survey, rated.order, { '¿Cómo calificarías tu pedido?': 5 }),
    );
    expect(sent.status).toBe(201);
    await runAt(WEDNESDAY_1300 + 2 * 60 * MIN);
    expect(await invitationsTo(notOptedIn.phone)).toHaveLength(0);
    expect(await invitationsTo(rated.phone)).toHaveLength(0);
    expect(await invitationOf(notOptedIn.order.id)).toMatchObject({
      status: 'SKIPPED',
      skipReason: 'NO_OPT_IN',
    });
    expect(await invitationOf(rated.order.id)).toMatchObject({ status: 'SKIPPED', skipReason: 'ANSWERED' });
  });

  it('waits the location’s own delay, and never invites an order that was not delivered', async () => {
    const url = `/api/console/survey-nps/${scene.palermo.id}/invite-delay`;
    const set = await request(ctx, 'PUT', url, { token: scene.ownerToken, payload: { delayMinutes: 10 } });
    expect(set.status).toBe(200);
    try {
      const { phone } = await scene.customerOrder(scene.palermo, true);
      await runAt(WEDNESDAY_1300 + 10 * MIN - 1);
      expect(await invitationsTo(phone)).toHaveLength(0);
      await runAt(WEDNESDAY_1300 + 10 * MIN);
      expect(await invitationsTo(phone)).toHaveLength(1);
    } finally {
      await request(ctx, 'PUT', url, { token: scene.ownerToken, payload: { delayMinutes: 60 } });
    }
    ctx.app.clock.pin(WEDNESDAY_1300);
    const ready = await scene.order(scene.palermo, 'READY');
    await runAt(WEDNESDAY_1300 + 5 * 60 * MIN);
    expect(await invitationOf(ready.id)).toBeUndefined();
  });

  it('gives up on an order delivered more than a day before its invitation was due', async () => {
    const { phone, order } = await scene.customerOrder(scene.palermo, true);
    await runAt(WEDNESDAY_1300 + 60 * MIN + 24 * 60 * MIN + 1);
    expect(await invitationsTo(phone)).toHaveLength(0);
    expect(await invitationOf(order.id)).toMatchObject({ status: 'SKIPPED', skipReason: 'TOO_LATE' });
  });

  it('writes exactly one message per order when two app instances run the job at once', async () => {
    const second: App = await appBuild(ctx.config, ctx.database);
    await second.ready();
    try {
      const phones: string[] = [];
      for (let i = 0; i < 8; i++) phones.push((await scene.customerOrder(scene.palermo, true)).phone);
      const at = WEDNESDAY_1300 + 61 * MIN;
      ctx.app.clock.pin(at);
      second.clock.pin(at);
      const passes = await Promise.all(
        Array.from({ length: 3 }, () => [
          ctx.app.jobs.surveyInvitationsRunOnce(),
          second.jobs.surveyInvitationsRunOnce(),
        ]).flat(),
      );
      for (const phone of phones) expect(await invitationsTo(phone), phone).toHaveLength(1);
      expect(passes.reduce((sum, pass) => sum + pass.invited, 0)).toBe(8);
    } finally {
      await second.close();
    }
  });
});
