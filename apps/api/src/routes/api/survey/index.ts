/**
 * The order survey under /api/survey (follow-up §7; ADR 031). Public like the
 * follow-up: a location's survey is no secret, and an order is reached only by
 * its unguessable code.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorSchema, IdParam } from '../../../schemas/diner';
import {
  OrderCodeParam,
  SurveySchema,
  SurveySubmitBodySchema,
  SurveySubmittedSchema,
  SurveySummarySchema,
} from '../../../schemas/survey';
import { surveyGet, surveyOrderSummary, surveySubmit } from '../../../services/survey-service';

const surveyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/order/:orderCode',
    {
      schema: {
        tags: ['survey'],
        summary: 'Whether an order’s survey was answered (ordering §3 “Survey summary”)',
        description:
          '`generalNPSAnswer` is the general rating given (the first rating question). `delivered` says ' +
          'whether the order may be rated yet; `branchContactId` whose survey to ask for.',
        params: Type.Object({ orderCode: OrderCodeParam }),
        response: { 200: SurveySummarySchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return surveyOrderSummary(app.db, request.params.orderCode);
    },
  );

  app.get(
    '/:branchContactId',
    {
      schema: {
        tags: ['survey'],
        summary: 'The survey of a location with its questions (follow-up §3 “Survey”)',
        description:
          'Top-level questions by questionOrder, each rating with its questionReasons (asked under 5). ' +
          '404 when the location is unknown or its branch has no survey.',
        params: Type.Object({ branchContactId: IdParam }),
        response: { 200: SurveySchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => surveyGet(app.db, request.params.branchContactId),
  );

  app.post(
    '/:orderCode',
    {
      config: { rateLimit: { max: app.config.orderDetailsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['survey'],
        summary: 'Answer an order’s survey, once (follow-up §3 “Survey answer”, §5)',
        description:
          'Only questionId, answer and reason are read; titles, types and flags are the server’s, the ' +
          'customer is the order’s. Checked by the page’s rules (packages/domain survey.ts): 400 with one ' +
          'message per field — `answers[i].answer|reason|questionId|surveyId|dinerOrderId` for an answer ' +
          'object that cannot be taken, `questions.{id}` for a question’s rule (‘La pregunta {title} es ' +
          'obligatoria’, the 180-character text, a rating 1–5, options of the question, reasons only under 5). ' +
          '409 when the order is not delivered yet, the survey is inactive, or the order’s survey was ' +
          'already answered (also when two submissions race).',
        params: Type.Object({ orderCode: OrderCodeParam }),
        body: SurveySubmitBodySchema,
        response: {
          201: SurveySubmittedSchema,
          400: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await surveySubmit(
        { db: app.db, realtime: app.realtime, log: request.log, now: () => app.clock.now() },
        { code: request.params.orderCode, body: request.body },
      );
      return reply.code(201).send(result);
    },
  );
};

export default surveyRoutes;
