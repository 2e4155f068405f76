/**
 * `GET /api/whoami` (follow-up §6, §7): the rider a session belongs to. The
 * rider app calls it first; any failure sends the rider to the 404 page with
 * 'Acceso denegado o link expirado' (ADR 022: 401 = no live shift session).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { riderOf } from '../../../plugins/app/rider-auth';
import { RiderErrorSchema, riderWhoamiPresent, WhoamiSchema } from '../../../presenters/rider-presenter';
import { riderWhoami } from '../../../services/rider-shift-service';

const whoamiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/whoami',
    {
      preHandler: app.riderAuth,
      schema: {
        tags: ['rider'],
        security: [{ riderToken: [] }],
        summary: 'The rider on shift the bearer token belongs to, and the location',
        description:
          '401 without a live shift session: no token, a malformed or unknown one, expired ' +
          '(RIDER_SHIFT_HOURS), or the shift ended. `approved: false` means the venue has not yet ' +
          'let the rider take shipments (the lists answer 403).',
        headers: Type.Object({
          authorization: Type.Optional(Type.String({ maxLength: 200, description: 'Bearer <token>' })),
        }),
        response: { 200: WhoamiSchema, 401: RiderErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return riderWhoamiPresent(await riderWhoami(app.db, riderOf(request)));
    },
  );
};

export default whoamiRoutes;
