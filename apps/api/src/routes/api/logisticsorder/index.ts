/**
 * The customer's live tracking (follow-up §2.8, §7; ADR 025):
 * `GET /api/logisticsorder/tracking/{alias}/{orderCode}`. No login: the order
 * code is the proof, as for the follow-up read. `alias` is the branch
 * contact's; an unknown code, a code of another location or an order without
 * a delivery of the own fleet all answer the same 404. The same answer is
 * published as `tracking-updated` on `tracking-{id}` after every change of
 * the order's shipment.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { TrackingSchema } from '../../../presenters/tracking-schemas';
import { AliasParam, errorResponses } from '../../../schemas/diner';
import { OrderCodeParam } from '../../../schemas/order';
import { trackingGet } from '../../../services/tracking-service';

const logisticsOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tracking/:alias/:orderCode',
    {
      schema: {
        tags: ['order'],
        summary: 'Live tracking of an own-fleet delivery, by the location’s alias and the order code',
        description:
          'The rider (name, phone, last position) only while the shipment is taken and on its way to this ' +
          'customer; the delivery code until delivered or cancelled; an arrival window from the rider’s last ' +
          'position. Realtime: join `tracking-{id}` with `{ room, orderCode }` for `tracking-updated` (this ' +
          'object) and `rider-position` (`{ lat, lng, at, eta }`).',
        params: Type.Object({ alias: AliasParam, orderCode: OrderCodeParam }),
        response: { 200: TrackingSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return trackingGet(
        {
          db: app.db,
          routePlanner: app.routePlanner,
          now: () => app.clock.now(),
          publicUrl: app.config.publicUrl,
        },
        request.params.alias,
        request.params.orderCode,
      );
    },
  );
};

export default logisticsOrderRoutes;
