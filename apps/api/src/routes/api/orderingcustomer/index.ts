/**
 * A diner proves a phone under /api/orderingcustomer (ADR 018): ask for a
 * one-time code, trade it for a session, sign out, and read the customer's own
 * data (ordering §7) with that session.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError } from '../../../lib/http-error';
import { CustomerSessionHeadersSchema } from '../../../schemas/diner';
import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  customerCodeRequest,
  customerSessionClose,
  customerSessionOpen,
} from '../../../services/customer-auth-service';
import { customerProfileGet } from '../../../services/customer-profile-service';

const ErrorSchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
  retryAfterSeconds: Type.Optional(Type.Integer()),
});

const PhoneField = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'As typed; read in the venue’s country',
});

const CodeBodySchema = Type.Object(
  {
    phone: PhoneField,
    branchContactId: Type.Integer({ minimum: 1, description: 'The location the diner is ordering from' }),
  },
  { additionalProperties: false },
);

const CodeSentSchema = Type.Object({
  phone: Type.String({ description: 'The phone the code was sent to, E.164' }),
  expiresAt: Type.String({ format: 'date-time' }),
  code: Type.Optional(
    Type.String({
      description: 'Only with CUSTOMER_CODE_IN_ANSWER=true (demos and tests; refused in production)',
    }),
  ),
});

const SessionBodySchema = Type.Object(
  {
    phone: PhoneField,
    branchContactId: Type.Integer({ minimum: 1 }),
    code: Type.String({ minLength: 1, maxLength: 16 }),
  },
  { additionalProperties: false },
);

const SessionSchema = Type.Object({
  token: Type.String({ description: 'Send as the `X-Customer-Session` header; shown only here' }),
  expiresAt: Type.String({ format: 'date-time' }),
  phone: Type.String({ description: 'E.164' }),
});

const CustomerSchema = Type.Object({
  optIn: Type.Boolean(),
  addressesRegistered: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  name: Type.Union([Type.String(), Type.Null()]),
  phone: Type.String(),
  loyaltyPointsBalance: Type.Integer(),
});

const orderingCustomerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limits = app.config.customerAuth;
  const retryAfter = (error: unknown, reply: { header: (name: string, value: string) => unknown }) => {
    if (error instanceof HttpError && error.statusCode === 429) {
      reply.header('retry-after', String(error.extra?.retryAfterSeconds ?? 60));
    }
  };

  app.post(
    '/code',
    {
      schema: {
        tags: ['orderingcustomer'],
        summary: 'Send a one-time sign-in code to a phone (WhatsApp, through the outbox)',
        description:
          `${CODE_LENGTH} digits, valid 10 minutes, once; a new code ends the older ones. At most ` +
          `${limits.codesPerPhone} codes per phone and ${limits.codesPerIp} per client IP within ` +
          `${limits.codeWindowMinutes} minutes; beyond that 429 with Retry-After.`,
        body: CodeBodySchema,
        response: { 200: CodeSentSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const sent = await customerCodeRequest(
          { db: app.db, now: app.clock.now(), limits },
          { ...request.body, ip: request.ip },
        );
        return {
          phone: sent.phone,
          expiresAt: sent.expiresAt.toISOString(),
          ...(sent.code ? { code: sent.code } : {}),
        };
      } catch (error) {
        retryAfter(error, reply);
        throw error;
      }
    },
  );

  app.post(
    '/session',
    {
      // Each try costs an scrypt: a coarse cap per IP on top of the per-code attempt limit.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['orderingcustomer'],
        summary: 'Trade a sign-in code for a customer session',
        description:
          `400 on \`code\` for a wrong, expired or used code; after ${CODE_MAX_ATTEMPTS} wrong tries the code is ` +
          `ended (the right one is refused too) and a new one must be asked for. The session lasts ` +
          `${limits.sessionDays} days, for this phone at this company only.`,
        body: SessionBodySchema,
        response: { 200: SessionSchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = await customerSessionOpen({ db: app.db, now: app.clock.now(), limits }, request.body);
      return { token: session.token, expiresAt: session.expiresAt.toISOString(), phone: session.phone };
    },
  );

  app.delete(
    '/session',
    {
      schema: {
        tags: ['orderingcustomer'],
        summary: 'Sign out: end the session the X-Customer-Session header names',
        headers: CustomerSessionHeadersSchema,
        response: { 204: Type.Null(), 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      await customerSessionClose(app.db, request.headers['x-customer-session'], app.clock.now());
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:phone',
    {
      schema: {
        tags: ['orderingcustomer'],
        summary: 'The signed-in customer’s own data (ordering §7)',
        description:
          'Only with a session for this phone at the branch’s company: 401 without one, 403 with another ' +
          'phone’s; nothing about the phone is answered otherwise.',
        headers: CustomerSessionHeadersSchema,
        params: Type.Object({ phone: PhoneField }),
        querystring: Type.Object({ branchId: Type.Integer({ minimum: 1 }) }),
        response: {
          200: CustomerSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return customerProfileGet(app.db, {
        phone: request.params.phone,
        branchId: request.query.branchId,
        token: request.headers['x-customer-session'],
        now: app.clock.now(),
      });
    },
  );
};

export default orderingCustomerRoutes;
