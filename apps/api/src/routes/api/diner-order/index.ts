/**
 * The order follow-up read (follow-up §7): `GET /api/diner/order/{orderCode}`
 * and `GET /api/diner/{branchContactId}/order/{orderCode}`. Mounted under
 * /api/diner beside the diner reads: the static `order` segment and the
 * numeric branch contact id never match another diner route (tested).
 * `GET /api/diner/order/{orderCode}/card-tokenization` tells the follow-up
 * page how to tokenize a card for the order's payment type (ADR 010).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../../../lib/http-error';
import { orderCardTokenization } from '../../../payments/card-tokenization';
import { CardTokenizationSchema, errorResponses, IdParam } from '../../../schemas/diner';
import { OrderCodeParam, OrderFollowUpSchema } from '../../../schemas/order';
import { orderMessages } from '../../../services/order-placement-common';
import { orderFollowUpGet } from '../../../services/order-service';

const dinerOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/order/:orderCode',
    {
      schema: {
        tags: ['order'],
        summary: 'Follow-up view of an order, by its code',
        params: Type.Object({ orderCode: OrderCodeParam }),
        response: { 200: OrderFollowUpSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return orderFollowUpGet(app.db, request.params.orderCode, { now: app.clock.now() });
    },
  );

  app.get(
    '/order/:orderCode/card-tokenization',
    {
      schema: {
        tags: ['order'],
        summary: "How the browser tokenizes a card for the order's payment type",
        description:
          'The provider that will pay the order (the same choice as POST /api/order/payment): our sandbox, ' +
          'or Mercado Pago with its public key. Null when the order is not paid by card online, or its ' +
          'provider takes the card on its own page (Webpay) or is not configured.',
        params: Type.Object({ orderCode: OrderCodeParam }),
        response: { 200: Type.Object({ cardTokenization: CardTokenizationSchema }), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const found = await orderCardTokenization(app, request.params.orderCode);
      if (!found) throw notFound(orderMessages.orderNotFound(request.params.orderCode));
      return found;
    },
  );

  app.get(
    '/:branchContactId/order/:orderCode',
    {
      schema: {
        tags: ['order'],
        summary: 'Follow-up view of an order of a branch contact (404 when the code is another location’s)',
        params: Type.Object({ branchContactId: IdParam, orderCode: OrderCodeParam }),
        response: { 200: OrderFollowUpSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return orderFollowUpGet(app.db, request.params.orderCode, {
        branchContactId: request.params.branchContactId,
        now: app.clock.now(),
      });
    },
  );
};

export default dinerOrderRoutes;
