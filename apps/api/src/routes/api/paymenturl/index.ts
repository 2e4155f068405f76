/** `POST /api/paymenturl` (ordering §3 "Payment link request", §7): the order's payment link. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { paymentLinkGet } from '../../../payments/payment-link';
import { paymentsRuntime } from '../../../payments/runtime';
import {
  OptionalIdempotencyHeadersSchema,
  PaymentLinkBodySchema,
  PaymentLinkConflictSchema,
  PaymentLinkSchema,
} from '../../../payments/schemas';
import { ErrorSchema } from '../../../schemas/diner';

const paymentUrlRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const payments = paymentsRuntime(app);
  app.post(
    '/',
    {
      config: { rateLimit: { max: app.config.payments.rateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'The payment link of an order (made once, given again while open)',
        description:
          'For payment-link orders and unpaid card orders within their payment window. `amount` must be the ' +
          'order’s total as the server computed it (409 with the server’s `amount` otherwise). An order of ' +
          'another branch contact is 404. Idempotent: the order keeps one open link, and an Idempotency-Key ' +
          '(optional) replays its first answer. 502 ‘Error generando link de pago, inténtelo nuevamente más ' +
          'tarde.’ when the provider fails.',
        headers: OptionalIdempotencyHeadersSchema,
        body: PaymentLinkBodySchema,
        response: {
          201: PaymentLinkSchema,
          400: ErrorSchema,
          404: ErrorSchema,
          409: PaymentLinkConflictSchema,
          422: ErrorSchema,
          429: ErrorSchema,
          502: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const link = await paymentLinkGet(payments, request.body, request.headers['idempotency-key']);
      return reply.code(201).send(link);
    },
  );
};

export default paymentUrlRoutes;
