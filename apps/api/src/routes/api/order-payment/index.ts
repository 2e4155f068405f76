/**
 * `POST /api/order/payment` (ordering §3 "Card payment submission", §7): pays
 * a card order with a token from the provider's card fields. Mounted at
 * /api/order/payment, beside the order routes.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { orderCardPay } from '../../../payments/card-pay';
import { paymentsRuntime } from '../../../payments/runtime';
import {
  CardPaymentBodySchema,
  OptionalIdempotencyHeadersSchema,
  PaymentResultSchema,
} from '../../../payments/schemas';
import { ErrorSchema } from '../../../schemas/diner';

const orderPaymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const payments = paymentsRuntime(app);
  app.post(
    '/',
    {
      config: { rateLimit: { max: app.config.payments.rateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Pay a card order with a provider card token (idempotent)',
        description:
          'One payment per Idempotency-Key: a retry with the same key and body answers that payment’s current ' +
          'state and never charges again; the same key with another body is 422. Without the header, the same ' +
          'body within two minutes is the same payment. 409 when the order is paid, ' +
          'canceled, past its payment window (‘Tiempo de pago vencido, vuelva a generar el pedido’), not a card ' +
          'order, or already has a charge in progress. The answer is 200 for every result: APPROVED (‘Pago ' +
          'procesado con éxito.’), REJECTED (‘El pago no pudo ser procesado.’) or PROCESSING (the provider ' +
          'decides later; the order’s `order-updated` event brings the result).',
        headers: OptionalIdempotencyHeadersSchema,
        body: CardPaymentBodySchema,
        response: {
          200: PaymentResultSchema,
          400: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          422: ErrorSchema,
          429: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { view, replayed } = await orderCardPay(
        payments,
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.header('idempotent-replayed', replayed ? 'true' : 'false').send(view);
    },
  );
};

export default orderPaymentRoutes;
