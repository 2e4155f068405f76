/**
 * The follow-up view's survey summary (ordering §3 "Survey summary"; ADR 031)
 * on PGlite and PostgreSQL: `GET /api/diner/order/{code}` says whether the
 * order may be rated now — delivered, its branch's survey on, not answered —
 * and, once answered, the general rating given. The follow-up page offers the
 * survey from it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { surveys } from '../src/db/schema/platform';
import { publishRecorder } from './support/payments-fixture';
import { surveyScene } from './support/survey-fixture';
import { testDatabaseKinds } from './support/test-app';

describe.each(testDatabaseKinds())('the follow-up’s survey summary on %s', (kind) => {
  const scene = surveyScene(kind);
  const { ctx } = scene;
  const GENERAL = '¿Cómo calificarías tu pedido?';
  const REASON = '¿Qué podemos mejorar?';
  const followUp = async (code: string) => {
    const answer = await ctx.app.inject({ method: 'GET', url: `/api/diner/order/${code}` });
    expect(answer.statusCode).toBe(200);
    return answer.json().survey;
  };

  it('offers the survey of a delivered order only, until it is answered, then gives its rating', async () => {
    const ready = await scene.order(scene.palermo, 'READY');
    expect(await followUp(ready.code)).toEqual({
      orderHasResponse: false,
      generalNPSAnswer: null,
      canRate: false,
    });

    const order = await scene.order(scene.palermo);
    expect(await followUp(order.code)).toEqual({
      orderHasResponse: false,
      generalNPSAnswer: null,
      canRate: true,
    });
    const survey = await scene.survey(scene.palermo.id);
    const published = publishRecorder(ctx);
    const sent = await scene.submit(
      order.code,
      scene.answersOf(survey, order, { [GENERAL]: 2, [REASON]: ['Demora'] }),
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    // An open follow-up hears of it and stops offering the survey, without a reload.
    const announced = published.find(
      (event) => event.room === `order-${order.code}` && event.event === 'order-updated',
    );
    expect((announced?.payload as { survey?: unknown } | undefined)?.survey).toEqual({
      orderHasResponse: true,
      generalNPSAnswer: 2,
      canRate: false,
    });
    expect(await followUp(order.code)).toEqual({
      orderHasResponse: true,
      generalNPSAnswer: 2,
      canRate: false,
    });
  });

  it('offers nothing while the branch’s survey is switched off', async () => {
    const order = await scene.order(scene.palermo);
    const survey = await scene.survey(scene.palermo.id);
    const db = ctx.database.db;
    await db.update(surveys).set({ active: false }).where(eq(surveys.id, survey.id));
    try {
      expect((await followUp(order.code)).canRate).toBe(false);
    } finally {
      await db.update(surveys).set({ active: true }).where(eq(surveys.id, survey.id));
    }
    expect((await followUp(order.code)).canRate).toBe(true);
  });
});
