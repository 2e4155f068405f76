/**
 * The one-time link that sets a staff password, under /api/staff (ADR 056).
 * Public: the link's token is the only credential, sent in an
 * `Authorization: Link <token>` header (read) or the body (use), never in a
 * URL, so no access log holds it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { HttpError } from '../../../lib/http-error';
import { staffViewOf } from '../../../services/staff-auth-service';
import {
  type StaffLinkDeps,
  staffLinkHeaderToken,
  staffLinkRead,
  staffLinkUseToSetPassword,
} from '../../../services/staff-link-service';
import { STAFF_PASSWORD_MIN_LENGTH } from '../../../services/staff-password-service';
import { StaffSchema } from '../staff/index';

const ErrorSchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
  retryAfterSeconds: Type.Optional(Type.Integer()),
});
const errors = { 400: ErrorSchema, 404: ErrorSchema, 410: ErrorSchema, 429: ErrorSchema };
const Purpose = Type.Union([Type.Literal('INVITE'), Type.Literal('RESET')], {
  description: 'INVITE: a new account chooses its first password; RESET: the owner asked for a new one',
});

async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  reply.header('cache-control', 'no-store');
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 429)
      reply.header('retry-after', String(error.extra?.retryAfterSeconds ?? 60));
    throw error;
  }
}

const staffLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = (): StaffLinkDeps => ({
    db: app.db,
    now: () => app.clock.now(),
    throttle: app.staffSessions.throttle,
    limits: app.config.staffAuth,
  });

  app.get(
    '/password-link',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['staff'],
        summary: 'Whose one-time password link this is (token in `Authorization: Link <token>`)',
        description:
          "404 for an unknown token, 410 'El enlace venció o ya se usó' for a used, expired or revoked one. " +
          'Attempts count per IP in the staff login’s window.',
        headers: Type.Object({ authorization: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: {
          200: Type.Object({
            name: Type.String(),
            email: Type.String(),
            purpose: Purpose,
            expiresAt: Type.String({ format: 'date-time' }),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, () =>
        staffLinkRead(deps(), { token: staffLinkHeaderToken(request.headers.authorization), ip: request.ip }),
      ),
  );

  app.post(
    '/password-link',
    {
      // Each use costs an scrypt.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['staff'],
        summary: 'Set the password through a one-time link; answers a session like a login',
        description:
          `The password needs at least ${STAFF_PASSWORD_MIN_LENGTH} characters. Works exactly once (410 after); ` +
          'every other session of the account ends.',
        body: Type.Object(
          {
            token: Type.String({ minLength: 1, maxLength: 200 }),
            password: Type.String({ minLength: STAFF_PASSWORD_MIN_LENGTH, maxLength: 256 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            token: Type.String({ description: 'Send as `Authorization: Bearer <token>`; shown only here' }),
            expiresAt: Type.String({ format: 'date-time' }),
            staff: StaffSchema,
          }),
          ...errors,
        },
      },
    },
    async (request, reply) =>
      withRetryAfter(reply, async () => {
        const { token, staff, endedSessions } = await staffLinkUseToSetPassword(deps(), {
          ...request.body,
          ip: request.ip,
        });
        for (const tokenHash of endedSessions) app.realtime.sessionDisconnect(tokenHash);
        return { token, expiresAt: staff.expiresAt.toISOString(), staff: staffViewOf(staff) };
      }),
  );
};

export default staffLinkRoutes;
