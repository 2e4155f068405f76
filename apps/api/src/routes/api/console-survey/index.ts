/**
 * The console's survey results (issue 12, ADR 031): NPS figures per location
 * over a period, and the delay before the invitation to rate. Same checks as
 * the rest of /api/console: session first, then tenant and location.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { staffOf } from '../../../plugins/app/staff-auth';
import { consoleErrors } from '../../../presenters/console-schemas';
import { SurveyFiguresSchema } from '../../../schemas/survey';
import { surveyFiguresGet, surveyInviteDelayUpdate } from '../../../services/survey-figures-service';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

const consoleSurveyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.staffAuth);

  app.get(
    '/survey-nps',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: 'NPS of the order survey per location over a period, with ratings, reasons and comments',
        description:
          'Responses answered from `from` to `to`, both included (default: the 30 days up to now; at most 366 days). NPS from the ' +
          'general rating (the first rating question): 5 promoter, 4 passive, 1–3 detractor (ADR 031). ' +
          'Without `branchContactId`, every location the staff member may see; 404 for another company’s ' +
          'location, 403 for one not theirs.',
        querystring: Type.Object(
          {
            branchContactId: Type.Optional(Id),
            from: Type.Optional(Type.String({ format: 'date-time' })),
            to: Type.Optional(Type.String({ format: 'date-time' })),
          },
          { additionalProperties: false },
        ),
        response: { 200: SurveyFiguresSchema, ...consoleErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return surveyFiguresGet(app.db, staffOf(request), { ...request.query, now: app.clock.now() });
    },
  );

  app.put(
    '/survey-nps/:branchContactId/invite-delay',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: 'Set the minutes after delivery before the invitation to rate the order (owners only)',
        params: Type.Object({ branchContactId: Id }),
        body: Type.Object({ delayMinutes: Type.Integer() }, { additionalProperties: false }),
        response: {
          200: Type.Object({ branchContactId: Type.Integer(), delayMinutes: Type.Integer() }),
          ...consoleErrors,
        },
      },
    },
    async (request) =>
      surveyInviteDelayUpdate(app.db, staffOf(request), {
        branchContactId: request.params.branchContactId,
        delayMinutes: request.body.delayMinutes,
      }),
  );
};

export default consoleSurveyRoutes;
