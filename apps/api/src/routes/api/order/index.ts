/**
 * `POST /api/order` (ordering §7): places an order. The handler is thin: the
 * schema validates the payload and the Idempotency-Key header, the service
 * does the rest, and realtime events leave only after the order committed.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdempotencyHeadersSchema,
  OrderPayloadSchema,
  OrderPlacedSchema,
  orderErrorResponses,
} from '../../../schemas/order';
import { afterCommit, consoleOutboxPublish } from '../../../services/console-service';
import { orderPlace } from '../../../services/order-service';

const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { rateLimit: { max: app.config.rateLimits.order, timeWindow: '1 minute' } },
      schema: {
        tags: ['order'],
        summary: 'Place an order: re-validated and re-priced by the server, idempotent per Idempotency-Key',
        description:
          'Every figure is recomputed from the menu and the venue’s configuration; when the client’s `price` ' +
          'differs from the server’s total the answer is 409 with the server’s breakdown and nothing is stored. ' +
          'A retry with the same Idempotency-Key and body answers the first 201 (header `idempotent-replayed: ' +
          'true`) and creates nothing; the same key with another body is 422. Failed attempts are not remembered.',
        headers: IdempotencyHeadersSchema,
        body: OrderPayloadSchema,
        response: { 201: OrderPlacedSchema, ...orderErrorResponses },
      },
    },
    async (request, reply) => {
      const result = await orderPlace(app.db, {
        payload: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        now: app.clock.now(),
        publicUrl: app.config.publicUrl,
        authorization: request.headers.authorization,
        customerSession: request.headers['x-customer-session'],
      });
      const { deferred } = result;
      if (deferred) {
        await afterCommit(app, 'order-created', async () => {
          app.realtime.publish(deferred.room, deferred.event, deferred.payload);
          if (deferred.outboxId !== null) await consoleOutboxPublish(app, deferred.outboxId);
        });
      }
      return reply
        .code(201)
        .header('idempotent-replayed', result.replayed ? 'true' : 'false')
        .send(result.body);
    },
  );
};

export default orderRoutes;
