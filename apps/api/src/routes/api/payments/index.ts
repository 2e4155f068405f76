/**
 * Provider-facing and browser-facing payment endpoints, under /api/payments:
 *
 * - `POST /notifications/mercadopago/{accountId|env}`: Mercado Pago's webhooks
 *   for one account (ADR 016; the sandbox's come in-process through the same
 *   service function). 200 once handled, when it is a repeat, or when it is
 *   ignored (unknown, another account's, or another amount), 401 for a bad
 *   signature or unknown account, 502 when the provider's status could not be
 *   fetched (the provider sends it again). `POST /notifications/mercadopago`
 *   (`?account=`) is the deprecated form, served by the same scoped handling.
 * - `GET|POST /webpay/return`: the diner back from Webpay; commits once and
 *   redirects to the order's follow-up page.
 * - `GET /webpay/redirect?token_ws=…`: our page that POSTs `token_ws` to the
 *   provider (its CSP allows exactly that form target).
 *
 * Routes whose URL carries a token log at `warn` only, so tokens stay out of
 * request logs.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ENV_ACCOUNT_SEGMENT } from '../../../payments/flow-common';
import { formBodyParserAdd } from '../../../payments/form-body';
import { paymentMessages } from '../../../payments/messages';
import { paymentNotificationReceive } from '../../../payments/notifications';
import { REDIRECT_JS, redirectPage, redirectPageCsp } from '../../../payments/pages';
import { NotificationRejected, ProviderError } from '../../../payments/provider';
import { redirectReturn, redirectTarget } from '../../../payments/redirect';
import { paymentsRuntime } from '../../../payments/runtime';
import { NotificationAccountParamsSchema, NotificationQuerySchema } from '../../../payments/schemas';
import { ErrorSchema } from '../../../schemas/diner';

const paymentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const payments = paymentsRuntime(app);
  formBodyParserAdd(app);

  const notificationResponses = {
    200: Type.Object({ received: Type.Boolean(), outcome: Type.String() }),
    401: ErrorSchema,
    404: ErrorSchema,
    502: ErrorSchema,
  };
  /** Handles a Mercado Pago notification for `accountId` (null: the environment's keys). */
  const notificationHandle = async (
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: number | null,
  ): Promise<FastifyReply> => {
    try {
      const outcome = await paymentNotificationReceive(
        payments,
        'MERCADOPAGO',
        { headers: request.headers, query: request.query as Record<string, unknown>, body: request.body },
        accountId,
      );
      return reply.send({ received: true, outcome });
    } catch (error) {
      if (error instanceof NotificationRejected) {
        request.log.warn({ accountId, reason: error.message }, 'payment notification refused');
        return reply.code(401).send({ error: 'Unauthorized', message: 'Firma de la notificación inválida' });
      }
      if (error instanceof ProviderError) {
        request.log.warn({ accountId, reason: error.message }, 'payment notification: status fetch failed');
        return reply.code(502).send({ error: 'Bad Gateway', message: 'No se pudo consultar el pago' });
      }
      throw error;
    }
  };

  app.post(
    '/notifications/mercadopago/:account',
    {
      config: { rateLimit: { max: 1200, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Mercado Pago webhook (`x-signature`) for one account',
        description:
          'Verified with the named account’s secret; settles only a payment that account made, of its company, ' +
          'charged at the order’s amount and currency. Anything else is answered `IGNORED` and changes nothing.',
        params: NotificationAccountParamsSchema,
        querystring: NotificationQuerySchema,
        response: notificationResponses,
      },
    },
    async (request, reply) =>
      notificationHandle(
        request,
        reply,
        request.params.account === ENV_ACCOUNT_SEGMENT ? null : Number(request.params.account),
      ),
  );

  // The URL handed to Mercado Pago before ADR 016: payments still open then keep it, so it is
  // served through the same account-scoped handling (`?account=N`, else the environment's keys).
  app.post(
    '/notifications/mercadopago',
    {
      config: { rateLimit: { max: 1200, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: 'Deprecated: Mercado Pago webhook with the account in `?account=`',
        deprecated: true,
        querystring: NotificationQuerySchema,
        response: notificationResponses,
      },
    },
    async (request, reply) => {
      request.log.info({ accountId: request.query.account ?? null }, 'notification on the deprecated URL');
      return notificationHandle(request, reply, request.query.account ?? null);
    },
  );

  const returnSchema = {
    tags: ['payments'],
    summary: 'Return from Webpay: commits once, then redirects to the follow-up page',
    description:
      '`token_ws` alone is committed (never twice); `TBK_TOKEN` (aborted or failed form) and only ' +
      '`TBK_ORDEN_COMPRA` + `TBK_ID_SESION` (timed-out form) close the payment without committing. ' +
      'Redirects (303) to `/menu/{alias}/order/{code}?token_ws=…`; 400 without return parameters, 404 for an ' +
      'unknown transaction.',
  };
  app.get('/webpay/return', { logLevel: 'warn', schema: returnSchema }, async (request, reply) => {
    const location = await redirectReturn(payments, request.query as Record<string, unknown>);
    return reply.header('cache-control', 'no-store').redirect(location, 303);
  });
  app.post('/webpay/return', { logLevel: 'warn', schema: returnSchema }, async (request, reply) => {
    const body =
      request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const location = await redirectReturn(payments, {
      ...(request.query as Record<string, unknown>),
      ...body,
    });
    return reply.header('cache-control', 'no-store').redirect(location, 303);
  });

  app.get(
    '/webpay/redirect',
    {
      logLevel: 'warn',
      schema: {
        tags: ['payments'],
        summary: 'Our page that POSTs `token_ws` to the redirect provider',
        description: 'An HTML page; 404 when the transaction is not waiting for the diner.',
        querystring: Type.Object({
          token_ws: Type.String({ minLength: 8, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
        }),
      },
    },
    async (request, reply) => {
      const target = await redirectTarget(payments, request.query.token_ws);
      if (!target)
        return reply.code(404).send({ error: 'Not Found', message: paymentMessages.paymentUnknown });
      return reply
        .header('content-security-policy', redirectPageCsp(target.url))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(redirectPage(target));
    },
  );

  app.get('/assets/redirect.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(REDIRECT_JS),
  );
};

export default paymentsRoutes;
