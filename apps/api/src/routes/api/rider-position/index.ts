/**
 * `POST /api/rider/position` (ADR 023), next to the shift routes under
 * /api/rider: the rider app's position reports. Rider shift session only.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { riderOf } from '../../../plugins/app/rider-auth';
import { shipmentErrors } from '../../../presenters/shipment-schemas';
import { riderPositionReport } from '../../../services/shipment-rider-position';

const riderPositionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.riderAuth);

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
      await riderPositionReport(
        { db: app.db, realtime: app.realtime, now: () => app.clock.now(), log: app.log },
        riderOf(request),
        request.body,
      );
      return reply.status(204).send(null);
    },
  );
};

export default riderPositionRoutes;
