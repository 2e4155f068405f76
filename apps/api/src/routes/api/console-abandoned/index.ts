/**
 * The console's abandoned-cart recovery (ADR 028): the figures per location and
 * the delay before a message. Same checks as the rest of /api/console: session
 * first, then tenant and location.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { staffOf } from '../../../plugins/app/staff-auth';
import { consoleErrors } from '../../../presenters/console-schemas';
import {
  abandonedCartDelayUpdate,
  abandonedCartFiguresGet,
} from '../../../services/abandoned-cart-console-service';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

const PeriodSchema = Type.Object({
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  abandoned: Type.Integer({
    description: 'Carts a signed-in diner left with items (first left in the period)',
  }),
  messagesSent: Type.Integer({ description: 'Recovery messages written to the outbox in the period' }),
  recovered: Type.Integer({
    description:
      'Carts turned into an order after the diner opened the message’s link (ordered in the period)',
  }),
  recoveredAmount: Type.Number({ description: 'What those orders came to, major units' }),
});

const LocationSchema = Type.Object({
  branchContactId: Type.Integer(),
  name: Type.String(),
  delayMinutes: Type.Integer({ description: 'Minutes after the diner left before the message' }),
  today: PeriodSchema,
  last30Days: PeriodSchema,
});

const consoleAbandonedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.staffAuth);

  app.get(
    '/abandoned-carts',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: 'Abandoned carts, recovery messages sent and carts recovered into orders, per location',
        description:
          '`today` runs from the location’s local midnight, `last30Days` is the rolling 30 days; both end now. ' +
          'Without `branchContactId`, every location the staff member may see.',
        querystring: Type.Object({ branchContactId: Type.Optional(Id) }, { additionalProperties: false }),
        response: { 200: Type.Object({ locations: Type.Array(LocationSchema) }), ...consoleErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return abandonedCartFiguresGet(app.db, staffOf(request), {
        branchContactId: request.query.branchContactId,
        now: app.clock.now(),
      });
    },
  );

  app.put(
    '/abandoned-carts/:branchContactId/delay',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: 'Set the minutes after a diner leaves before the recovery message (owners only)',
        params: Type.Object({ branchContactId: Id }),
        body: Type.Object({ delayMinutes: Type.Integer() }, { additionalProperties: false }),
        response: {
          200: Type.Object({ branchContactId: Type.Integer(), delayMinutes: Type.Integer() }),
          ...consoleErrors,
        },
      },
    },
    async (request) =>
      abandonedCartDelayUpdate(app.db, staffOf(request), {
        branchContactId: request.params.branchContactId,
        delayMinutes: request.body.delayMinutes,
      }),
  );
};

export default consoleAbandonedRoutes;
