/**
 * The venue's survey results (issue 12, ADR 031) on PGlite and PostgreSQL: the
 * console's NPS per location over a period — count, distribution, reasons,
 * latest comments with their order codes — only for the staff member's company
 * and locations, and the storefront's `npsAvg` from the same figures once the
 * threshold of 5 ratings is reached.
 */

import { describe, expect, it } from 'vitest';
import { contentCacheClear } from '../src/services/content-cache';
import { CHISPA_OWNER, FUEGO_PALERMO_STAFF, request, staffLogin } from './support/console-fixture';
import { dinerGet } from './support/diner-fixture';
import { WEDNESDAY_1300 } from './support/order-fixture';
import { MIN, surveyScene } from './support/survey-fixture';
import { testDatabaseKinds } from './support/test-app';

describe.each(testDatabaseKinds())('survey figures on %s', (kind) => {
  const scene = surveyScene(kind);
  const { ctx } = scene;
  const GENERAL = '¿Cómo calificarías tu pedido?';
  const REASON = '¿Qué podemos mejorar?';
  const COMMENT = '¿Algo más para contarnos?';
  // A rating bumps no content version: the storefront's cached entity shows a new average once it
  // expires (CONTENT_CACHE_MAX_AGE_MS, ADR 039); clearing the cache stands for that minute here.
  const npsAvgOf = async (alias: string) => {
    contentCacheClear();
    return (await dinerGet(ctx, `/api/diner/${alias}`)).body.branchContact.deliveryConfig.npsAvg;
  };
  const figures = (query: string, token = scene.ownerToken) =>
    request(ctx, 'GET', `/api/console/survey-nps?${query}`, { token });

  /** Palermo's ratings (this file's database has no others), one a minute from 14:00. */
  const rated: { code: string; at: number }[] = [];
  async function rate(rating: number, reasons: string[] = [], comment?: string) {
    ctx.app.clock.pin(WEDNESDAY_1300);
    const order = await scene.order(scene.palermo);
    const survey = await scene.survey(scene.palermo.id);
    const at = WEDNESDAY_1300 + (60 + rated.length) * MIN;
    ctx.app.clock.pin(at);
    const answers = scene.answersOf(survey, order, {
      [GENERAL]: rating,
      ...(reasons.length ? { [REASON]: reasons } : {}),
      ...(comment ? { [COMMENT]: comment } : {}),
    });
    const sent = await scene.submit(order.code, answers);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    rated.push({ code: order.code, at });
  }

  it('gives NPS, count, distribution, reasons and the latest comments; npsAvg from 5 ratings on', async () => {
    expect(await npsAvgOf('fuego-palermo')).toBeNull();
    await rate(5, [], 'Excelente');
    await rate(5);
    await rate(4);
    await rate(2, ['Demora', 'Temperatura'], 'Llegó tarde y frío');
    // Four ratings: under the threshold, the storefront shows none.
    expect(await npsAvgOf('fuego-palermo')).toBeNull();
    await rate(1, ['Demora']);
    const answer = await figures(`branchContactId=${scene.palermo.id}`);
    expect(answer.status).toBe(200);
    const [palermo] = answer.body.locations;
    expect(palermo).toMatchObject({
      branchContactId: scene.palermo.id,
      name: 'Fuego Palermo',
      count: 5,
      // 2 promoters (5), 1 passive (4), 2 detractors (2, 1): (2 − 2) / 5 → 0.
      promoters: 2,
      passives: 1,
      detractors: 2,
      nps: 0,
      average: 3.4,
      distribution: [
        { rating: 1, count: 1 },
        { rating: 2, count: 1 },
        { rating: 3, count: 0 },
        { rating: 4, count: 1 },
        { rating: 5, count: 2 },
      ],
      reasons: [
        { reason: 'Demora', count: 2 },
        { reason: 'Temperatura', count: 1 },
      ],
    });
    expect(palermo.comments).toEqual([
      {
        orderId: expect.any(Number),
        orderCode: rated[3]?.code,
        questionTitle: COMMENT,
        text: 'Llegó tarde y frío',
        rating: 2,
        answeredAt: new Date(rated[3]?.at ?? 0).toISOString(),
      },
      expect.objectContaining({ orderCode: rated[0]?.code, text: 'Excelente', rating: 5 }),
    ]);
    // The storefront's figure is the console's average over everything.
    expect(await npsAvgOf('fuego-palermo')).toBe(palermo.average);
    expect(await npsAvgOf('fuego-palermo')).toBe(3.4);
    expect(await npsAvgOf('fuego-belgrano')).toBeNull();
  });

  it('counts only the period asked for, and refuses a period that ends before it starts', async () => {
    const iso = (at: number) => new Date(at).toISOString();
    const before = await figures(
      `branchContactId=${scene.palermo.id}&from=${iso(WEDNESDAY_1300 - 60 * MIN)}&to=${iso(WEDNESDAY_1300 + 61.5 * MIN)}`,
    );
    // 14:00 and 14:01 only.
    expect(before.body.locations[0]).toMatchObject({ count: 2, nps: 100, reasons: [] });
    expect(before.body.from).toBe(iso(WEDNESDAY_1300 - 60 * MIN));
    const backwards = await figures(`from=${iso(WEDNESDAY_1300)}&to=${iso(WEDNESDAY_1300 - MIN)}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.fields).toEqual({ from: 'La fecha de inicio debe ser anterior a la de fin' });
    const bad = await figures('from=ayer');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['querystring.from']);
  });

  it('shows a staff member only their company’s and their own locations', async () => {
    expect((await request(ctx, 'GET', '/api/console/survey-nps')).status).toBe(401);
    const chispa = await staffLogin(ctx, CHISPA_OWNER);
    expect((await figures(`branchContactId=${scene.belgrano.id}`, chispa)).status).toBe(404);
    const theirs = await figures('', chispa);
    expect(theirs.status).toBe(200);
    const fuegoIds = [scene.palermo.id, scene.belgrano.id, scene.cafe.id];
    expect(theirs.body.locations.length).toBeGreaterThan(0);
    for (const location of theirs.body.locations) {
      expect(fuegoIds).not.toContain(location.branchContactId);
      expect(location.count).toBe(0);
    }
    const palermoStaff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    expect((await figures(`branchContactId=${scene.belgrano.id}`, palermoStaff)).status).toBe(403);
    const own = await figures('', palermoStaff);
    expect(
      own.body.locations.map((location: { branchContactId: number }) => location.branchContactId),
    ).toEqual([scene.palermo.id]);
  });

  it('lets an owner set the delay before the invitation, within 0 to 1440 minutes', async () => {
    const url = `/api/console/survey-nps/${scene.belgrano.id}/invite-delay`;
    const palermoStaff = await staffLogin(ctx, FUEGO_PALERMO_STAFF);
    expect(
      (await request(ctx, 'PUT', url, { token: palermoStaff, payload: { delayMinutes: 5 } })).status,
    ).toBe(403);
    const tooLong = await request(ctx, 'PUT', url, {
      token: scene.ownerToken,
      payload: { delayMinutes: 1441 },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toEqual({ delayMinutes: 'Indique entre 0 y 1440 minutos' });
    const set = await request(ctx, 'PUT', url, { token: scene.ownerToken, payload: { delayMinutes: 90 } });
    expect(set.body).toEqual({ branchContactId: scene.belgrano.id, delayMinutes: 90 });
    const read = await figures(`branchContactId=${scene.belgrano.id}`);
    expect(read.body.locations[0].inviteDelayMinutes).toBe(90);
  });
});
