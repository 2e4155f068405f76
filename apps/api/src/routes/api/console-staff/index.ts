/**
 * The company's staff under /api/console/staff (ADR 056), for its OWNER:
 * list, invite (answers a one-time link to set the password), change role and
 * locations, issue a reset link, remove access. Session first (401), then the
 * role (403), then the company (another company's ids are 404).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { staffOf } from '../../../plugins/app/staff-auth';
import { ConsoleErrorSchema, consoleErrors } from '../../../presenters/console-schemas';
import {
  STAFF_LINK_HOURS,
  type TeamDeps,
  teamChange,
  teamInvite,
  teamList,
  teamRemove,
  teamReset,
} from '../../../services/staff-team-service';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Role = Type.Union([Type.Literal('OWNER'), Type.Literal('STAFF')], {
  description: 'OWNER manages everything of the company; STAFF works the listed locations',
});
const Name = Type.String({ minLength: 1, maxLength: 120 });
const BranchContactIds = Type.Array(Id, {
  maxItems: 200,
  description: "The locations a STAFF member works at (the company's; at least one). Ignored for an OWNER.",
});

const LocationSchema = Type.Object({ id: Type.Integer(), alias: Type.String(), name: Type.String() });

const MemberSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  role: Role,
  branchContacts: Type.Array(LocationSchema),
  state: Type.Union([Type.Literal('ACTIVE'), Type.Literal('INVITED'), Type.Literal('DISABLED')], {
    description: 'ACTIVE: has a password; INVITED: has not set one yet; DISABLED: access removed',
  }),
  pendingLink: Type.Union([
    Type.Object({
      purpose: Type.Union([Type.Literal('INVITE'), Type.Literal('RESET')]),
      expiresAt: Type.String({ format: 'date-time' }),
    }),
    Type.Null(),
  ]),
});

const LinkSchema = Type.Object({
  url: Type.String({
    description: `{console}/console/clave#<token>: works once, for ${STAFF_LINK_HOURS} h; shown only in this answer`,
  }),
  purpose: Type.Union([Type.Literal('INVITE'), Type.Literal('RESET')]),
  expiresAt: Type.String({ format: 'date-time' }),
});

const MemberWithLink = Type.Object({ staff: MemberSchema, link: LinkSchema });
const errors = { ...consoleErrors, 409: ConsoleErrorSchema };

const consoleStaffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.staffAuth);
  const deps = (): TeamDeps => ({
    db: app.db,
    now: () => app.clock.now(),
    consoleBaseUrl: app.config.origins.consoleOrigin ?? app.config.publicUrl,
  });

  app.get(
    '/staff',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: "The company's staff with their role, locations and access (owner only)",
        response: { 200: Type.Object({ staff: Type.Array(MemberSchema) }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { staff: await teamList(deps(), staffOf(request)) };
    },
  );

  app.post(
    '/staff',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: 'Invite a person: an account without a password and a one-time link to set it (owner only)',
        description:
          "409 'Ese email ya tiene una cuenta' when the email has an account anywhere (an account this " +
          'company removed is invited again). 404 for a location that is not the company’s.',
        body: Type.Object(
          {
            name: Name,
            email: Type.String({
              minLength: 3,
              maxLength: 254,
              pattern: '^\\s*[^\\s@]+@[^\\s@]+\\.[^\\s@]+\\s*$',
            }),
            role: Role,
            branchContactIds: BranchContactIds,
          },
          { additionalProperties: false },
        ),
        response: { 201: MemberWithLink, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const answer = await teamInvite(deps(), staffOf(request), request.body);
      return reply.code(201).send(answer);
    },
  );

  app.patch(
    '/staff/:id',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: "Change a member's name, role or locations (owner only)",
        description: 'An OWNER cannot demote themself nor the last OWNER with access (409).',
        params: Type.Object({ id: Id }, { additionalProperties: false }),
        body: Type.Object(
          {
            name: Type.Optional(Name),
            role: Type.Optional(Role),
            branchContactIds: Type.Optional(BranchContactIds),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ staff: MemberSchema }), ...errors },
      },
    },
    async (request) => {
      const staff = await teamChange(deps(), staffOf(request), request.params.id, request.body);
      await app.realtime.staffRecheck();
      return { staff };
    },
  );

  app.post(
    '/staff/:id/reset',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: 'A new one-time link to set the password; earlier unused links stop working (owner only)',
        description: 'The current password keeps working until the link is used.',
        params: Type.Object({ id: Id }, { additionalProperties: false }),
        response: { 200: MemberWithLink, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return teamReset(deps(), staffOf(request), request.params.id);
    },
  );

  app.delete(
    '/staff/:id',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: "Remove a member's access: sessions end at once, links stop working (owner only)",
        description:
          'The account stays (its orders name it; it can be invited again). An OWNER cannot remove themself ' +
          'nor the last OWNER with access (409).',
        params: Type.Object({ id: Id }, { additionalProperties: false }),
        response: { 200: Type.Object({ staff: MemberSchema }), ...errors },
      },
    },
    async (request) => {
      const { staff, endedSessions } = await teamRemove(deps(), staffOf(request), request.params.id);
      for (const tokenHash of endedSessions) app.realtime.sessionDisconnect(tokenHash);
      return { staff };
    },
  );
};

export default consoleStaffRoutes;
