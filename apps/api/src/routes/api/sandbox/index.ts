/**
 * The sandbox payment provider's own HTTP side, under /api/sandbox (see
 * `payments/sandbox/sandbox.ts`): card tokenization for the storefront's card
 * fields, the hosted checkout page of payment links, and the Webpay-style card
 * form reached by POSTing `token_ws`. Its server-to-server side (create, status,
 * commit) is called in-process by the sandbox adapter, and its notifications
 * enter our notification handler in-process too.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { formBodyParserAdd } from '../../../payments/form-body';
import { paymentsRuntime } from '../../../payments/runtime';
import { sandboxMessages } from '../../../payments/sandbox/messages';
import {
  SANDBOX_CHECKOUT_CSS,
  SANDBOX_CHECKOUT_JS,
  sandboxCardPage,
  sandboxMessagePage,
} from '../../../payments/sandbox/pages';
import { ErrorSchema } from '../../../schemas/diner';

const Token = Type.String({ minLength: 8, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' });
const Redirect = Type.Object({ redirectUrl: Type.String() });
const html = 'text/html; charset=utf-8';

const sandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { sandbox } = paymentsRuntime(app);
  if (app.config.payments.sandboxInProduction) {
    app.log.warn(
      'PAYMENTS_SANDBOX_IN_PRODUCTION is set: this production deployment marks orders PAID with public test ' +
        'cards and no money moves. The storefront and console show "Modo de prueba".',
    );
  }
  const limit = {
    rateLimit: { max: Math.max(60, app.config.payments.rateLimitPerMinute * 2), timeWindow: '1 minute' },
  };
  formBodyParserAdd(app);

  app.post(
    '/card_tokens',
    {
      config: limit,
      schema: {
        tags: ['sandbox'],
        summary: 'Tokenize a test card (the sandbox’s card fields SDK)',
        description:
          'Test cards: 4509 9535 6623 3704 approves, 4000 0000 0000 0002 declines, 4000 0000 0000 0036 stays ' +
          'pending then approves. Any future expiry (MM/AA), CVV of 3–4 digits. The token pays once, within 7 days.',
        body: Type.Object(
          {
            cardNumber: Type.String({ maxLength: 30 }),
            cardholderName: Type.String({ maxLength: 100 }),
            cardExpiry: Type.String({ maxLength: 10, description: 'MM/AA' }),
            securityCode: Type.String({ maxLength: 10 }),
            identificationType: Type.Optional(Type.String({ maxLength: 10 })),
            identificationNumber: Type.Optional(Type.String({ maxLength: 20 })),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Object({
            id: Type.String(),
            paymentMethodId: Type.String(),
            lastFourDigits: Type.String(),
            expiresAt: Type.String(),
          }),
          400: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await sandbox.tokenize(request.body)),
  );

  app.get(
    '/checkout/:id',
    {
      logLevel: 'warn',
      schema: {
        tags: ['sandbox'],
        summary: 'Hosted checkout page of a payment link',
        params: Type.Object({ id: Token }),
      },
    },
    async (request, reply) => {
      reply.type(html).header('cache-control', 'no-store');
      const link = await sandbox.linkFind(request.params.id);
      if (!link) return reply.code(404).send(sandboxMessagePage('Link de pago', sandboxMessages.linkUnknown));
      if (link.status !== 'open')
        return reply.send(sandboxMessagePage('Link de pago', sandboxMessages.linkPaid));
      if (link.expiresAt && link.expiresAt.getTime() < Date.now()) {
        return reply.send(sandboxMessagePage('Link de pago', sandboxMessages.linkExpired));
      }
      return reply.send(
        sandboxCardPage({
          mode: 'link',
          title: link.description ?? '',
          amount: link.amount,
          currency: String(link.detail.currency ?? 'ARS'),
          payUrl: `/api/sandbox/checkout/${link.id}/pay`,
        }),
      );
    },
  );

  app.post(
    '/checkout/:id/pay',
    {
      logLevel: 'warn',
      config: limit,
      schema: {
        tags: ['sandbox'],
        summary: 'Pay a payment link with a card token (hosted page)',
        params: Type.Object({ id: Token }),
        body: Type.Object({ token: Token }),
        response: {
          200: Type.Object({ status: Type.String(), redirectUrl: Type.String() }),
          400: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
        },
      },
    },
    async (request) => sandbox.linkPay(request.params.id, request.body.token),
  );

  const formPage = async (token: string | undefined) => {
    const transaction = token ? await sandbox.redirectFind(token) : undefined;
    if (transaction?.status !== 'INITIALIZED') {
      return { status: 404, page: sandboxMessagePage('Webpay de prueba', sandboxMessages.transactionClosed) };
    }
    return {
      status: 200,
      page: sandboxCardPage({
        mode: 'webpay',
        title: `Orden de compra ${transaction.externalReference ?? ''}`,
        amount: transaction.amount,
        currency: 'CLP',
        payUrl: `/api/sandbox/webpay/${transaction.id}/pay`,
        abortUrl: `/api/sandbox/webpay/${transaction.id}/abort`,
      }),
    };
  };
  const formSchema = {
    tags: ['sandbox'],
    summary: 'Webpay-style card form (the browser POSTs token_ws here)',
  };
  app.post('/webpay/form', { logLevel: 'warn', schema: formSchema }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const { status, page } = await formPage(typeof body.token_ws === 'string' ? body.token_ws : undefined);
    return reply.code(status).type(html).header('cache-control', 'no-store').send(page);
  });
  app.get('/webpay/form', { logLevel: 'warn', schema: formSchema }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const { status, page } = await formPage(typeof query.token_ws === 'string' ? query.token_ws : undefined);
    return reply.code(status).type(html).header('cache-control', 'no-store').send(page);
  });

  app.post(
    '/webpay/:token/pay',
    {
      logLevel: 'warn',
      config: limit,
      schema: {
        tags: ['sandbox'],
        summary: 'Pay a Webpay-style transaction with a card token (its form)',
        params: Type.Object({ token: Token }),
        body: Type.Object({ token: Token }),
        response: { 200: Redirect, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => sandbox.redirectPay(request.params.token, request.body.token),
  );

  app.post(
    '/webpay/:token/abort',
    {
      logLevel: 'warn',
      config: limit,
      schema: {
        tags: ['sandbox'],
        summary: '‘Anular compra’ on the Webpay-style form',
        params: Type.Object({ token: Token }),
        response: { 200: Redirect, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => sandbox.redirectAbort(request.params.token),
  );

  app.get('/assets/checkout.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(SANDBOX_CHECKOUT_JS),
  );
  app.get('/assets/checkout.css', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(SANDBOX_CHECKOUT_CSS),
  );
};

export default sandboxRoutes;
