/**
 * `GET /api/console/changes` (ADR 051): the history of what was changed from
 * the console's management screens, for the company's OWNER. Session first,
 * then the role; the company is the session's, never a parameter.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { staffOf } from '../../../plugins/app/staff-auth';
import { consoleErrors } from '../../../presenters/console-schemas';
import { VENUE_SUBJECTS, venueChangesList } from '../../../services/venue-history';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

const ChangeSchema = Type.Object({
  path: Type.String({
    description: 'Where, list items named by key: categories[pizzas].plates[muzza].price',
  }),
  before: Type.Optional(Type.Unknown({ description: 'Absent when the value was added' })),
  after: Type.Optional(Type.Unknown({ description: 'Absent when the value was removed' })),
});

const VenueChangeSchema = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  staffName: Type.String(),
  subject: Type.Enum([...VENUE_SUBJECTS]),
  subjectName: Type.String(),
  branchContactId: Type.Union([Type.Integer(), Type.Null()]),
  changes: Type.Array(ChangeSchema),
  more: Type.Boolean({ description: 'The edit changed more values than the listed ones' }),
});

const consoleChangesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.staffAuth);
  app.get(
    '/changes',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: 'Who changed what in the venue and when, newest first (owner only)',
        querystring: Type.Object(
          {
            limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
            beforeId: Type.Optional(Id),
            branchContactId: Type.Optional(Id),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            changes: Type.Array(VenueChangeSchema),
            nextBeforeId: Type.Union([Type.Integer(), Type.Null()], {
              description: 'Pass as beforeId for the next page; null on the last',
            }),
          }),
          ...consoleErrors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { limit, beforeId, branchContactId } = request.query;
      return venueChangesList(app.db, staffOf(request), {
        limit,
        ...(beforeId === undefined ? {} : { beforeId }),
        ...(branchContactId === undefined ? {} : { branchContactId }),
      });
    },
  );
};

export default consoleChangesRoutes;
