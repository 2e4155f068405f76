/**
 * The scene of the survey tests (issue 12, ADR 031): the example tenant and its
 * renamed copy, delivered orders placed and moved through the API, the
 * location's survey as the page reads it, and answers built by packages/domain
 * as the page will build them.
 */
import { type SurveyAnswers, type SurveyQuestion, surveyBuildAnswers } from '@comanda/domain/survey';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { customers } from '../../src/db/schema/customers';
import { FUEGO_OWNER, freshPhone, orderPlace, palermoTakeAway, request, staffLogin } from './console-fixture';
import { tenantExample, tenantExampleRenamed, tenantLoad } from './diner-fixture';
import { type LocationIds, locationIds, WEDNESDAY_1300 } from './order-fixture';
import { type DatabaseKind, useTestApp } from './test-app';

export const MIN = 60_000;
const generous = { order: 100_000, codeValidate: 100_000, clientLog: 100_000 };

/** A survey as `GET /api/survey/{branchContactId}` answers it. */
export interface SurveyRead {
  id: number;
  active: boolean;
  branchContactId: number;
  questions: (SurveyQuestion & { id: number; questionReasons: (SurveyQuestion & { id: number })[] })[];
}

export function surveyScene(kind: DatabaseKind) {
  const ctx = useTestApp(kind, { rateLimits: generous, orderDetailsPerMinute: 100_000 });
  const scene = {
    ctx,
    companyId: 0,
    palermo: {} as LocationIds,
    belgrano: {} as LocationIds,
    cafe: {} as LocationIds,
    ownerToken: '',

    /** An order placed at a location (take-away, cash) and moved up to `status` by the owner. */
    async order(
      location: LocationIds,
      status: 'GENERATED' | 'READY' | 'DELIVERED' = 'DELIVERED',
      overrides: Record<string, unknown> = {},
      /** The staff session moving it; the Fuego owner's by default. */
      token?: string,
    ) {
      const placed = await orderPlace(ctx, palermoTakeAway(location, overrides));
      const path = {
        GENERATED: [],
        READY: ['ACCEPTED', 'READY'],
        DELIVERED: ['ACCEPTED', 'READY', 'DELIVERED'],
      };
      for (const next of path[status]) {
        const moved = await request(ctx, 'POST', `/api/console/orders/${placed.id}/status`, {
          token: token ?? scene.ownerToken,
          payload: { status: next },
        });
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      }
      return placed;
    },

    /** A customer of Fuego who opted in to messages (or not), and an order of theirs delivered now. */
    async customerOrder(location: LocationIds, optIn: boolean) {
      const phone = freshPhone();
      await ctx.database.db
        .insert(customers)
        .values({ companyId: scene.companyId, phone, optIn, createdAt: new Date(), updatedAt: new Date() });
      return { phone, order: await scene.order(location, 'DELIVERED', { phone }) };
    },

    async survey(branchContactId: number): Promise<SurveyRead> {
      const read = await request(ctx, 'GET', `/api/survey/${branchContactId}`);
      expect(read.status).toBe(200);
      return read.body;
    },

    /** The answer objects the page sends for `answers` (keyed by question title), built by the domain. */
    answersOf(
      survey: SurveyRead,
      order: { id: number },
      byTitle: Record<string, number | string | string[]>,
    ) {
      const all = survey.questions.flatMap((question) => [question, ...question.questionReasons]);
      const answers: Record<string, number | string | string[]> = {};
      for (const [title, answer] of Object.entries(byTitle)) {
        const question = all.find((candidate) => candidate.title === title);
        if (!question) throw new Error(`no question ${title}`);
        answers[question.id] = answer;
      }
      return surveyBuildAnswers(survey.questions, answers as SurveyAnswers, {
        surveyId: survey.id,
        dinerOrderId: order.id,
      });
    },

    submit: (code: string, answers: unknown) =>
      request(ctx, 'POST', `/api/survey/${code}`, { payload: { answers } }),

    summary: (code: string) => request(ctx, 'GET', `/api/survey/order/${code}`),

    idOf(survey: SurveyRead, title: string): number {
      const all = survey.questions.flatMap((question) => [question, ...question.questionReasons]);
      const found = all.find((question) => question.title === title);
      if (!found) throw new Error(`no question ${title}`);
      return found.id;
    },

    customersOf: (phone: string) =>
      ctx.database.db.select().from(customers).where(eq(customers.phone, phone)),
  };

  beforeAll(async () => {
    ctx.app.clock.pin(WEDNESDAY_1300);
    scene.companyId = await tenantLoad(ctx, tenantExample());
    await tenantLoad(ctx, tenantExampleRenamed('chispa'));
    scene.palermo = await locationIds(ctx, 'fuego-palermo');
    scene.belgrano = await locationIds(ctx, 'fuego-belgrano');
    scene.cafe = await locationIds(ctx, 'fuego-cafe-centro');
    scene.ownerToken = await staffLogin(ctx, FUEGO_OWNER);
  });
  beforeEach(() => ctx.app.clock.pin(WEDNESDAY_1300));
  afterAll(() => ctx.app.clock.pin(undefined));
  return scene;
}
