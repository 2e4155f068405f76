/**
 * `POST /api/diner/order/details` (follow-up §7 "Updates a diner order";
 * §2.2 "report an order error by picking exactly one error type"). Public:
 * the unguessable order code is the diner's only credential, as for the
 * follow-up read. Mounted under /api/diner.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConsoleErrorSchema,
  OrderDetailsBodySchema,
  OrderDetailsResultSchema,
} from '../../../presenters/console-schemas';
import { orderErrorReport } from '../../../services/order-status-service';

const dinerOrderDetailsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/order/details',
    {
      config: { rateLimit: { max: app.config.orderDetailsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['order'],
        summary: 'Report an error of an order (exactly one error type); answers the venue’s wa.me link',
        description:
          'Stores the report and sets the order’s errorType; the orders console hears of it live ' +
          '(order-reported). The same report sent again within 10 minutes is not stored twice. ' +
          'Answers the updated follow-up view, the text and the wa.me link that opens a chat with the ' +
          'venue with that text (null when the venue has no WhatsApp phone). On failure the page shows ' +
          '‘Hubo un error actualizando el pedido’.',
        body: OrderDetailsBodySchema,
        response: {
          200: OrderDetailsResultSchema,
          400: ConsoleErrorSchema,
          404: ConsoleErrorSchema,
          429: ConsoleErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return orderErrorReport(
        {
          db: app.db,
          realtime: app.realtime,
          now: () => app.clock.now(),
          log: app.log,
          publicUrl: app.config.publicUrl,
          routePlanner: app.routePlanner,
        },
        {
          code: request.body.code,
          errorType: request.body.errorType as Parameters<typeof orderErrorReport>[1]['errorType'],
          details: request.body.details,
        },
      );
    },
  );
};

export default dinerOrderDetailsRoutes;
