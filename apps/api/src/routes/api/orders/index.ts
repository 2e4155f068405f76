/**
 * 'Mis pedidos' under /api/orders (ordering §7 `GET /api/orders?phone=&branchContactId=&offset=`):
 * the signed-in customer's orders at one location (ADR 018, ADR 027).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CustomerSessionHeadersSchema, ErrorSchema } from '../../../schemas/diner';
import {
  DINER_ORDERS_PAGE_SIZE,
  DinerOrdersQuerySchema,
  DinerOrdersSchema,
} from '../../../schemas/diner-orders';
import { dinerOrdersList } from '../../../services/diner-orders-service';

const ordersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['orderingcustomer'],
        summary: '\u2018Mis pedidos\u2019: the signed-in customer’s orders at one location, newest first',
        description:
          `${DINER_ORDERS_PAGE_SIZE} orders a page (\`offset\` = page × ${DINER_ORDERS_PAGE_SIZE}), each with ` +
          'its lines (for \u2018Repetir pedido\u2019) and its follow-up page. Only with a session for this phone ' +
          'at the location’s company: 401 without one, 403 with another phone’s or another company’s.',
        headers: CustomerSessionHeadersSchema,
        querystring: DinerOrdersQuerySchema,
        response: { 200: DinerOrdersSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return dinerOrdersList(app.db, {
        ...request.query,
        token: request.headers['x-customer-session'],
        now: app.clock.now(),
      });
    },
  );
};

export default ordersRoutes;
