/**
 * `POST /api/callback/{provider}/{a}{b}` (ordering §7, follow-up §7): starts
 * the payment of a card order through a redirect provider (Webpay Plus, or
 * the sandbox's Webpay-style form). `{a}{b}` is `{branchContactId}-{orderCode}`:
 * the dash keeps the two apart, since an order code never has one.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { redirectStart } from '../../../payments/redirect';
import { paymentsRuntime } from '../../../payments/runtime';
import { CallbackParamsSchema, RedirectStartSchema } from '../../../payments/schemas';
import { ErrorSchema } from '../../../schemas/diner';

const callbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const payments = paymentsRuntime(app);
  app.post(
    '/:provider/:reference',
    {
      config: { rateLimit: { max: app.config.payments.rateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Start a redirect payment (Webpay Plus) of a card order; no body',
        description:
          '`reference` is `{branchContactId}-{orderCode}`; `provider` must be the order’s payment type’s ' +
          '(`transbank` or `webpay`). The answer says where the browser POSTs `token_ws`; `redirectUrl` is a ' +
          'page of ours that does it. 404 for an unknown order or another location’s; 409 when paid, expired ' +
          '(‘Tiempo de pago vencido, vuelva a generar el pedido’) or in progress; 502 ‘Tuvimos un problema al ' +
          'generar el pago de tu pedido. Por favor intente nuevamente más tarde.’ when the provider fails.',
        params: CallbackParamsSchema,
        response: {
          201: RedirectStartSchema,
          400: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
          502: ErrorSchema,
          503: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const started = await redirectStart(payments, request.params);
      return reply.code(201).header('cache-control', 'no-store').send(started);
    },
  );
};

export default callbackRoutes;
