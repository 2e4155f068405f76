/**
 * Staff access under /api/staff: log in with the email and password of the
 * tenant file, log out, change the password, and read who the session belongs to.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError } from '../../../lib/http-error';
import { staffOf } from '../../../plugins/app/staff-auth';
import { staffSessionDelete } from '../../../repositories/staff-repository';
import { staffLogin, staffViewOf } from '../../../services/staff-auth-service';
import { STAFF_PASSWORD_MIN_LENGTH, staffPasswordChange } from '../../../services/staff-password-service';

const ErrorSchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  fields: Type.Optional(Type.Record(Type.String(), Type.String())),
  retryAfterSeconds: Type.Optional(Type.Integer()),
});

export const StaffSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  role: Type.Union([Type.Literal('OWNER'), Type.Literal('STAFF')]),
  companyId: Type.Integer(),
  branchContacts: Type.Array(Type.Object({ id: Type.Integer(), alias: Type.String(), name: Type.String() }), {
    description: 'What the staff member may see: every location of the company (OWNER) or the listed ones',
  }),
});

const LoginBodySchema = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254, pattern: '^\\s*[^\\s@]+@[^\\s@]+\\s*$' }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);

const PasswordBodySchema = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 256 }),
    newPassword: Type.String({ minLength: STAFF_PASSWORD_MIN_LENGTH, maxLength: 256 }),
  },
  { additionalProperties: false },
);

const SessionSchema = Type.Object({
  token: Type.String({ description: 'Send as `Authorization: Bearer <token>`; shown only here' }),
  expiresAt: Type.String({ format: 'date-time' }),
  staff: StaffSchema,
});

const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limits = app.config.staffAuth;

  app.post(
    '/login',
    {
      // A coarse cap per IP on top of the failure throttle: each attempt costs an scrypt.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['staff'],
        summary: 'Log in with email and password; answers a session token (12 h)',
        description:
          `401 'Email o contraseña incorrectos' for a wrong email or password alike. Attempts are counted per ` +
          `IP (${limits.loginFailuresPerIp} within ${limits.loginFailureWindowMinutes} minutes) and per email ` +
          `and IP together: after ${limits.loginFreeFailures} failures each one makes that address wait ` +
          `${limits.loginDelaySeconds} s, doubling up to ${limits.loginMaxDelayMinutes} minutes (429 with ` +
          'Retry-After). Failures from other addresses never refuse this one; a success clears its count.',
        body: LoginBodySchema,
        response: { 200: SessionSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const { token, staff } = await staffLogin(
          {
            db: app.db,
            now: () => app.clock.now(),
            throttle: app.staffSessions.throttle,
            limits,
          },
          { email: request.body.email, password: request.body.password, ip: request.ip },
        );
        return { token, expiresAt: staff.expiresAt.toISOString(), staff: staffViewOf(staff) };
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429) {
          reply.header('retry-after', String(error.extra?.retryAfterSeconds ?? 60));
        }
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.staffAuth,
      schema: {
        tags: ['staff'],
        summary: 'End this session (its sockets are disconnected too)',
        security: [{ staffSession: [] }],
        response: { 204: Type.Null(), 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      await staffSessionDelete(app.db, staff.tokenHash);
      app.realtime.sessionDisconnect(staff.tokenHash);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/password',
    {
      onRequest: app.staffAuth,
      // Each call costs two scrypts; the (email, IP) throttle holds back guesses of the current password.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['staff'],
        summary: 'Change my password; every other session of mine ends (this one goes on)',
        description:
          `The new password needs at least ${STAFF_PASSWORD_MIN_LENGTH} characters and must differ from the ` +
          "current one. A wrong current password is 400 with `fields['body.currentPassword']`, and counts " +
          'like a failed login from this address. The other sessions are deleted and their sockets disconnected.',
        security: [{ staffSession: [] }],
        body: PasswordBodySchema,
        response: { 204: Type.Null(), 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const { endedSessions } = await staffPasswordChange(
          { db: app.db, now: () => app.clock.now(), throttle: app.staffSessions.throttle },
          staffOf(request),
          { ...request.body, ip: request.ip },
        );
        for (const tokenHash of endedSessions) app.realtime.sessionDisconnect(tokenHash);
        return reply.code(204).send(null);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429) {
          reply.header('retry-after', String(error.extra?.retryAfterSeconds ?? 60));
        }
        throw error;
      }
    },
  );

  app.get(
    '/me',
    {
      onRequest: app.staffAuth,
      schema: {
        tags: ['staff'],
        summary: 'Who this session belongs to, and until when',
        security: [{ staffSession: [] }],
        response: {
          200: Type.Object({ expiresAt: Type.String({ format: 'date-time' }), staff: StaffSchema }),
          401: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const staff = staffOf(request);
      return { expiresAt: staff.expiresAt.toISOString(), staff: staffViewOf(staff) };
    },
  );
};

export default staffRoutes;
