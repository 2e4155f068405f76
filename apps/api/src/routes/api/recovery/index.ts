/**
 * `GET /api/recovery/cart/{phone}/{branchContactId}` (ordering §7, ADR 028):
 * the cart a recovery message's link restores. The link is
 * `{publicUrl}/menu/{alias}/preview?abandoned=true&phone={E.164}&cart={token}`;
 * the storefront sends the `cart` query back as `token`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorSchema } from '../../../schemas/diner';
import { abandonedCartRecoveryGet } from '../../../services/abandoned-cart-service';

const ExtraSchema = Type.Object({
  groupId: Type.Integer(),
  groupItems: Type.Array(Type.Object({ referenceId: Type.Integer(), quantity: Type.Integer() })),
});

const ItemSchema = Type.Object({
  referenceId: Type.Integer({ description: 'Plate id' }),
  sizeId: Type.Optional(Type.Integer()),
  quantity: Type.Integer(),
  notes: Type.Optional(Type.String()),
  extras: Type.Optional(Type.Array(ExtraSchema)),
});

const recoveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/cart/:phone/:branchContactId',
    {
      // Tokens are 256-bit; the cap keeps scanners from hammering the lookup anyway.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['abandoned'],
        summary: 'The abandoned cart a recovery link restores (order mode and lines, no prices)',
        description:
          'Needs the link’s `token` (the `cart` query of the message’s link): it proves the link came in the ' +
          'message sent to this phone. 404 for an unknown token, another phone or location, a link older ' +
          'than 7 days, or a cart already turned into an order. The storefront prices the lines with ' +
          'today’s menu and drops what is no longer sold. The first read marks the cart opened: an order ' +
          'placed after it counts as recovered.',
        params: Type.Object({
          phone: Type.String({ minLength: 1, maxLength: 40 }),
          branchContactId: Type.Integer({ minimum: 1, maximum: 2147483647 }),
        }),
        querystring: Type.Object({
          token: Type.String({ minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]+$' }),
        }),
        response: {
          200: Type.Object({
            orderModeId: Type.Union([Type.Integer(), Type.Null()]),
            items: Type.Array(ItemSchema),
          }),
          400: ErrorSchema,
          404: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return abandonedCartRecoveryGet(app.db, {
        ...request.params,
        token: request.query.token,
        now: app.clock.now(),
      });
    },
  );
};

export default recoveryRoutes;
