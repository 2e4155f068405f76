/**
 * `POST /api/order` (ordering §7): places an order. The handler is thin: the
 * schema validates the payload and the Idempotency-Key header, the service
 * does the rest, and realtime events leave only after the order committed.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { messagingIsConfigured } from '../../../messaging/messaging-adapter';
import {
  OrderHeadersSchema,
  OrderPayloadSchema,
  OrderPlacedSchema,
  orderErrorResponses,
} from '../../../schemas/order';
import { abuseOrderAddressCheck, abuseOrderGuard } from '../../../services/abuse-service';
import { afterCommit, consoleOutboxRowPublish } from '../../../services/console-service';
import { orderPayloadNormalize, orderPlace } from '../../../services/order-service';

const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      preValidation: [
        // Every attempt of an address counts, a malformed one too (ADR 020); with the body already
        // read, a refusal can name the location in its console.
        async (request) =>
          abuseOrderAddressCheck(app.abuse.deps, {
            ip: request.ip,
            orderModeId: (request.body as { orderModeId?: unknown } | null)?.orderModeId,
          }),
      ],
      schema: {
        tags: ['order'],
        summary: 'Place an order: re-validated and re-priced by the server, idempotent',
        description:
          'Every figure is recomputed from the menu and the venue’s configuration; when the client’s `price` ' +
          'differs from the server’s total the answer is 409 with the server’s breakdown and nothing is stored. ' +
          'A retry with the same Idempotency-Key and body answers the first 201 (header `idempotent-replayed: ' +
          'true`) and creates nothing; the same key with another body is 422. Without the header, the same ' +
          'location, mode, phone, items, price and payment type within two minutes replays the first order. ' +
          'Failed attempts are not remembered. The coupon may be sent as `codeDiscount` or as `discounts[].code`. ' +
          '429 (in Spanish, with `retryAfterSeconds`) beyond the orders per minute of a client address, per ' +
          'phone or per location in a window, or after too many unknown discount codes.',
        headers: OrderHeadersSchema,
        body: OrderPayloadSchema,
        response: { 201: OrderPlacedSchema, ...orderErrorResponses },
      },
    },
    async (request, reply) => {
      const body = orderPayloadNormalize(request.body);
      const result = await abuseOrderGuard(
        app.abuse.deps,
        { ip: request.ip, orderModeId: body.orderModeId, phone: body.phone, codeDiscount: body.codeDiscount },
        () =>
          orderPlace(app.db, {
            payload: body,
            idempotencyKey: request.headers['idempotency-key'],
            now: app.clock.now(),
            publicUrl: app.config.publicUrl,
            authorization: request.headers.authorization,
            customerSession: request.headers['x-customer-session'],
            messagesKept: !messagingIsConfigured(app.config),
          }),
      );
      const { deferred } = result;
      if (deferred) {
        await afterCommit(app, 'order-created', async () => {
          app.realtime.publish(deferred.room, deferred.event, deferred.payload);
          if (deferred.outbox) consoleOutboxRowPublish(app, deferred.outbox);
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
