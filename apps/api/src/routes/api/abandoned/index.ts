/**
 * `/api/abandoned/cart/` (ordering §7, ADR 028): the storefront reports that a
 * signed-in diner left with items, and that the order was placed or the cart
 * emptied.
 *
 * The storefront sends the leave with `navigator.sendBeacon` when the page is
 * hidden or closed. A beacon's body is a string (sent as
 * `text/plain;charset=UTF-8`) or a Blob (sent with the Blob's type, e.g.
 * `application/json`), and it can carry no header: both routes read the same
 * JSON under either type, and take the customer session (ADR 018) from the
 * `X-Customer-Session` header or, for a beacon, from the body's
 * `customerSession`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { jsonGuardedParser } from '../../../plugins/external/input-guard';
import { CustomerSessionHeadersSchema, ErrorSchema } from '../../../schemas/diner';
import { OrderItemSchema } from '../../../schemas/order';
import { abandonedCartCancel, abandonedCartLeave } from '../../../services/abandoned-cart-service';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

/** What the beacon and the cancel share (ordering §7), and the session a beacon cannot put in a header. */
const callerFields = {
  branchContactId: Id,
  branchId: Id,
  phone: Type.String({ minLength: 1, maxLength: 40, description: 'As typed; read in the venue’s country' }),
  email: Type.Optional(
    Type.Union([
      Type.String({ maxLength: 99, description: 'Under 100 characters (ordering §9)' }),
      Type.Null(),
    ]),
  ),
  navigationEvent: Type.Optional(
    Type.Union([
      Type.String({
        maxLength: 40,
        description: 'The page event that sent it, e.g. `pagehide`, `visibilitychange`',
      }),
      Type.Null(),
    ]),
  ),
  customerSession: Type.Optional(
    Type.String({
      maxLength: 128,
      description: 'The customer session token, for a beacon (no headers); else send X-Customer-Session',
    }),
  ),
};

const LeaveBodySchema = Type.Object({
  ...callerFields,
  orderModeId: Id,
  items: Type.Array(OrderItemSchema, { minItems: 1, maxItems: 100 }),
});

const CancelBodySchema = Type.Object(callerFields);

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema };

/** The body's session when the header has none (a beacon). */
const sessionOf = (header: string | undefined, body: { customerSession?: string | undefined }) =>
  header ?? body.customerSession;

const abandonedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // sendBeacon's string body: the same guarded JSON parser as application/json, in this scope only.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    jsonGuardedParser(app),
  );

  // A beacon fires on every leave; a person never leaves 60 times a minute.
  const rateLimit = { max: 60, timeWindow: '1 minute' };

  app.post(
    '/cart',
    {
      config: { rateLimit },
      schema: {
        tags: ['abandoned'],
        summary: 'A signed-in diner left with items (navigator.sendBeacon)',
        description:
          'Body: JSON as `application/json` or `text/plain` (sendBeacon with a string). Keeps one open cart ' +
          'per location and phone: a newer leave replaces its items and its time. Only with a customer ' +
          'session for this phone at the location’s company (header, or `customerSession` in the body). ' +
          'The cart gets one WhatsApp message after the location’s delay, if the customer opted in and the ' +
          'location is open then.',
        headers: CustomerSessionHeadersSchema,
        body: LeaveBodySchema,
        response: {
          202: Type.Object({
            status: Type.Literal('OPEN'),
            notifyAfter: Type.String({ format: 'date-time', description: 'Not messaged before this' }),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const cart = await abandonedCartLeave(app.db, {
        ...body,
        session: sessionOf(request.headers['x-customer-session'], body),
        now: app.clock.now(),
        delaySeconds: app.config.abandonedCartDelaySeconds,
      });
      return reply.code(202).send({
        status: 'OPEN' as const,
        notifyAfter: (cart.notifyAfter ?? cart.leftAt).toISOString(),
      });
    },
  );

  app.put(
    '/cart/cancel',
    {
      config: { rateLimit },
      schema: {
        tags: ['abandoned'],
        summary: 'The order was placed or the cart emptied: the open cart gets no message',
        description:
          'Same body types and session as the leave. An open cart whose phone ordered at the location since ' +
          'is settled ORDERED (RECOVERED when it came back through the message’s link); otherwise CANCELED. ' +
          'Answers the statuses the carts moved to (empty when there was none).',
        headers: CustomerSessionHeadersSchema,
        body: CancelBodySchema,
        response: {
          200: Type.Object({
            settled: Type.Array(Type.String({ description: 'CANCELED, ORDERED or RECOVERED' })),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { body } = request;
      const settled = await abandonedCartCancel(app.db, {
        ...body,
        session: sessionOf(request.headers['x-customer-session'], body),
        now: app.clock.now(),
      });
      return { settled };
    },
  );
};

export default abandonedRoutes;
