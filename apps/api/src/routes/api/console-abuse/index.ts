/**
 * `GET /api/console/abuse-trips` (ADR 020): the abuse limits that tripped at a
 * location the staff member may see, for the orders console's notice. Same
 * checks as the rest of /api/console: session first, then tenant and location.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { staffOf } from '../../../plugins/app/staff-auth';
import { consoleErrors } from '../../../presenters/console-schemas';
import { consoleAbuseTripsList } from '../../../services/abuse-console-service';

const AbuseTripSchema = Type.Object({
  kind: Type.Enum(['ORDER_IP', 'ORDER_PHONE', 'ORDER_VENUE', 'CODE_GUESS', 'MESSAGE_CAP']),
  phoneMasked: Type.String({ description: "'···4567', or '' when the limit is not about a phone" }),
  count: Type.Integer({ description: 'Requests refused (or messages not sent)' }),
  firstAt: Type.String({ format: 'date-time' }),
  lastAt: Type.String({ format: 'date-time' }),
  message: Type.String({ description: 'The notice to show, in Spanish' }),
});

const consoleAbuseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.staffAuth);
  app.get(
    '/abuse-trips',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: 'Suspicious orders, code guesses and messages refused at a location in the last minutes',
        querystring: Type.Object(
          {
            branchContactId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
            minutes: Type.Integer({ minimum: 1, maximum: 1440, default: 60 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ trips: Type.Array(AbuseTripSchema) }), ...consoleErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return consoleAbuseTripsList(app.db, staffOf(request), { ...request.query, now: app.clock.now() });
    },
  );
};

export default consoleAbuseRoutes;
