/**
 * `GET /api/shipmentstacks` (follow-up §7; ADR 023): the stacks
 * (multi-deliveries) of the rider's location looking for a driver, offered
 * to every rider or to this one. Rider shift session; 403 for a rider the
 * venue has not approved.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { riderOf } from '../../../plugins/app/rider-auth';
import { StackSchema, shipmentErrors } from '../../../presenters/shipment-schemas';
import { stackList } from '../../../services/shipment-reads';

const shipmentStackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.riderAuth);

  app.get(
    '/',
    {
      schema: {
        tags: ['rider'],
        security: [{ riderToken: [] }],
        summary: 'Stacks looking for a driver at the rider’s location (last 3 days)',
        querystring: Type.Object(
          {
            status: Type.Enum(['LOOKING_FOR_DRIVER'], { default: 'LOOKING_FOR_DRIVER' }),
            delivery_provider_name: Type.Enum(['OWN_FLEET'], { default: 'OWN_FLEET' }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ items: Type.Array(StackSchema) }), ...shipmentErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return stackList(app.db, riderOf(request), request.query.status, app.clock.now());
    },
  );
};

export default shipmentStackRoutes;
