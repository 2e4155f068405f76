/**
 * Reads under /api/branch (ordering §7). In the delivery-fee call `{id}` is a
 * branch contact id, as the spec's call names it; in the delivery-reach call (ours) and the loyalty
 * calls it is a branch id (a programme belongs to a branch, ADR 026).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { deliveryInfoPresent } from '../../../presenters/delivery-info-presenter';
import {
  DeliveryInfoQuerySchema,
  DeliveryInfoSchema,
  DeliveryReachQuerySchema,
  DeliveryReachSchema,
} from '../../../schemas/delivery-info';
import { CustomerSessionHeadersSchema, ErrorSchema, errorResponses, IdParam } from '../../../schemas/diner';
import {
  LoyaltyHistoryQuerySchema,
  LoyaltyHistorySchema,
  LoyaltyProgramSchema,
} from '../../../schemas/loyalty';
import { deliveryInfoForPoint, deliveryReachForBranch } from '../../../services/delivery-info-service';
import { loyaltyHistoryGet, loyaltyProgramGet } from '../../../services/loyalty-service';

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

  app.get(
    '/:id/delivery-reach',
    {
      schema: {
        tags: ['delivery'],
        summary: "Which of a brand's locations deliver to a point, in one request",
        description:
          '`id` is a branch (brand) id. The branch screen asks once for all its locations instead of one ' +
          '`deliveryzones/fee` per location. The point is neither stored nor logged.',
        params: Type.Object({ id: IdParam }),
        querystring: DeliveryReachQuerySchema,
        response: { 200: DeliveryReachSchema, ...errorResponses },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { lat, lng } = request.query;
      const branchContacts = await deliveryReachForBranch(app.db, request.params.id, { lat, lng });
      reply.header('cache-control', 'no-store');
      return { branchContacts };
    },
  );

  app.get(
    '/:id/loyalty-program',
    {
      schema: {
        tags: ['loyalty'],
        summary: "A branch's active loyalty programme (public: nothing about any customer)",
        description:
          '404 when the branch has no programme or it is switched off (the storefront then shows no points). ' +
          'Points are earned and redeemed only at the listed `branchContactIds`.',
        params: Type.Object({ id: IdParam }),
        response: { 200: LoyaltyProgramSchema, ...errorResponses },
      },
    },
    async (request) => loyaltyProgramGet(app.db, request.params.id),
  );

  app.get(
    '/:branchId/loyalty-points/history/:customerPhone',
    {
      schema: {
        tags: ['loyalty'],
        summary: "The signed-in customer's points history ('Mis {name}': Pedidos / Puntos / Saldo)",
        description:
          'Only with a session for this phone at the branch’s company (X-Customer-Session, ADR 018): 401 ' +
          'without one, 403 with another phone’s or another company’s. Every row of the customer’s wallet ' +
          'at the company, newest first, at most 20 per reading.',
        headers: CustomerSessionHeadersSchema,
        params: Type.Object({
          branchId: IdParam,
          customerPhone: Type.String({
            minLength: 1,
            maxLength: 40,
            description: 'As typed; read in the venue’s country',
          }),
        }),
        querystring: LoyaltyHistoryQuerySchema,
        response: { 200: LoyaltyHistorySchema, 401: ErrorSchema, 403: ErrorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return loyaltyHistoryGet(app.db, {
        branchId: request.params.branchId,
        phone: request.params.customerPhone,
        token: request.headers['x-customer-session'],
        now: app.clock.now(),
        offset: request.query.offset,
        limit: request.query.limit,
      });
    },
  );
};

export default branchRoutes;
