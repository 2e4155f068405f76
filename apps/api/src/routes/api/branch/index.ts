/**
 * Branch-contact reads under /api/branch (ordering §7). `{id}` is a branch
 * contact id, as the spec's delivery-fee call names it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { deliveryInfoPresent } from '../../../presenters/delivery-info-presenter';
import { DeliveryInfoQuerySchema, DeliveryInfoSchema } from '../../../schemas/delivery-info';
import { errorResponses, IdParam } from '../../../schemas/diner';
import { deliveryInfoForPoint } from '../../../services/delivery-info-service';

const branchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id/deliveryzones/fee',
    {
      schema: {
        tags: ['delivery'],
        summary: "Delivery info of a point: the applying zone's fees, inside the area, rider availability",
        description:
          'Money in major units. `providersFailed` is true when the location delivers with its own riders and ' +
          'none is on shift; `cashAvailable` is false when no rider on shift takes cash. The address, city and ' +
          'phone are accepted as the spec sends them but the answer depends only on the coordinates; none is ' +
          'stored or logged.',
        params: Type.Object({ id: IdParam }),
        querystring: DeliveryInfoQuerySchema,
        response: { 200: DeliveryInfoSchema, ...errorResponses },
      },
      // Anonymous and cheap, but it reads riders: keep scrapers from polling it.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { lat, lng } = request.query;
      const result = await deliveryInfoForPoint(app.db, request.params.id, { lat, lng });
      // Rider shifts change at any time: never let a cache answer for the next diner.
      reply.header('cache-control', 'no-store');
      return deliveryInfoPresent(result.info, result.mantissaLength);
    },
  );
};

export default branchRoutes;
