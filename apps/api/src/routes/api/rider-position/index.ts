/**
 * `POST /api/rider/position` (ADR 023), next to the shift routes under
 * /api/rider: the rider app's position reports. Rider shift session only:
 * checked in the statement that stores the position (the hot path: one round
 * trip per report), with `app.riderAuth`'s answers — 401, the same texts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError } from '../../../lib/http-error';
import { shipmentErrors } from '../../../presenters/shipment-schemas';
import { riderAuthMessages, riderBearerToken } from '../../../services/rider-session-service';
import { riderPositionReport } from '../../../services/shipment-rider-position';

/** A token as issued (43 base64url characters); anything else is refused before any query. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const riderPositionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/position',
    {
      schema: {
        tags: ['rider'],
        security: [{ riderToken: [] }],
        summary: 'Reports the rider’s position (kept at most once every 2 s; the last one only)',
        description:
          '204 whether kept or dropped by the throttle. Published to the venue’s console and to the tracking ' +
          'room of each order the rider is on, from pick-up to delivery.',
        body: Type.Object(
          {
            lat: Type.Number({ minimum: -90, maximum: 90 }),
            lng: Type.Number({ minimum: -180, maximum: 180 }),
            accuracy: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000, description: 'Metres' })),
          },
          { additionalProperties: false },
        ),
        response: { 204: Type.Null(), ...shipmentErrors },
      },
    },
    async (request, reply) => {
      const token = riderBearerToken(request.headers.authorization);
      const outcome =
        token && TOKEN.test(token)
          ? await riderPositionReport(
              {
                db: app.db,
                realtime: app.realtime,
                now: () => app.clock.now(),
                log: app.log,
                routePlanner: app.routePlanner,
              },
              token,
              request.body,
            )
          : 'unauthorized';
      if (outcome === 'unauthorized') {
        reply.header('www-authenticate', 'Bearer realm="rider"');
        throw new HttpError(
          401,
          token ? riderAuthMessages.sessionExpired : riderAuthMessages.sessionRequired,
        );
      }
      return reply.status(204).send(null);
    },
  );
};

export default riderPositionRoutes;
