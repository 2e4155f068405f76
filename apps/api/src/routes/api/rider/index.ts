/**
 * The rider shift page's routes under /api/rider (follow-up §2.7, §4.6, §7;
 * ADR 022): look a rider up by phone, register, start and end a shift with the
 * security code. No session is needed — these routes are how a rider gets one
 * — so each is limited per client IP, and code attempts per rider too.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpError } from '../../../lib/http-error';
import { RiderErrorSchema, RiderSchema, riderPresent } from '../../../presenters/rider-presenter';
import {
  type RiderShiftDeps,
  riderShiftLookup,
  riderShiftRegister,
  riderShiftUpdate,
} from '../../../services/rider-shift-service';

const tags = ['rider'];
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const PhoneField = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'In any form the phone normaliser reads, in the venue’s country; stored in E.164',
});
// Blank and malformed codes are the service's to refuse, with the spec's own text on `securityCode`.
const SecurityCodeField = Type.String({
  maxLength: 16,
  description: 'The rider’s 4-digit code; never answered, never logged',
});
const RiderUserField = Type.Object(
  { branchContact: Type.Object({ id: Id }, { additionalProperties: false }) },
  { additionalProperties: false, description: 'The location the rider works at' },
);

const LookupQuerySchema = Type.Object({ branchContactId: Id, phone: PhoneField });

const CreateBodySchema = Type.Object(
  {
    name: Type.String({ maxLength: 80 }),
    phone: PhoneField,
    securityCode: SecurityCodeField,
    active: Type.Boolean({ default: true, description: 'true (the page’s only use): start the shift now' }),
    riderUser: RiderUserField,
  },
  { additionalProperties: false },
);

const UpdateBodySchema = Type.Object(
  {
    active: Type.Boolean({ description: 'true starts the shift, false ends it' }),
    securityCode: SecurityCodeField,
    riderUser: RiderUserField,
  },
  { additionalProperties: false },
);

/** A 429 carries its wait as Retry-After too. */
function retryAfter(error: unknown, reply: FastifyReply): void {
  if (error instanceof HttpError && error.statusCode === 429) {
    reply.header('retry-after', String(error.extra?.retryAfterSeconds ?? 60));
  }
}

const riderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limits = app.config.riders;
  const deps = (request: FastifyRequest): RiderShiftDeps => ({
    db: app.db,
    now: app.clock.now(),
    limits,
    log: request.log,
  });
  const window = `${limits.limitWindowMinutes} minutes`;

  // Answers name personal data or carry a session token: never kept by a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/bc/phone',
    {
      schema: {
        tags,
        summary: 'The rider with this phone at a location (the shift page’s first step)',
        description:
          '404 when there is none (the page offers to register). 403 when the location cannot start ' +
          'shifts (blocked, or no own fleet) — except for a rider on shift, answered so the shift can ' +
          `end. At most ${limits.lookupsPerIp} lookups per client IP in ${window}; beyond that 429.`,
        querystring: LookupQuerySchema,
        response: {
          200: RiderSchema,
          400: RiderErrorSchema,
          403: RiderErrorSchema,
          404: RiderErrorSchema,
          429: RiderErrorSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const rider = await riderShiftLookup(deps(request), { ...request.query, ip: request.ip });
        return riderPresent(rider);
      } catch (error) {
        retryAfter(error, reply);
        throw error;
      }
    },
  );

  app.post(
    '/createwithcode',
    {
      schema: {
        tags,
        summary: 'Register as a rider of a location and start the shift',
        description:
          'The rider waits for the venue’s approval (`approved: false`): the shift starts and the ' +
          'session works, but the shipment lists answer 403 until then. 400 with a message per field ' +
          '(name, phone, securityCode: 4 digits); 409 when the phone is already registered at the ' +
          `location. At most ${limits.registrationsPerIp} registrations per client IP in ${window}.`,
        body: CreateBodySchema,
        response: {
          201: RiderSchema,
          400: RiderErrorSchema,
          403: RiderErrorSchema,
          404: RiderErrorSchema,
          409: RiderErrorSchema,
          429: RiderErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { riderUser, ...body } = request.body;
      try {
        const outcome = await riderShiftRegister(deps(request), {
          ...body,
          active: body.active ?? true,
          branchContactId: riderUser.branchContact.id,
          ip: request.ip,
        });
        return reply.code(201).send(riderPresent(outcome.rider, outcome.session));
      } catch (error) {
        retryAfter(error, reply);
        throw error;
      }
    },
  );

  app.put(
    '/:riderId/updatewithcode',
    {
      schema: {
        tags,
        summary: 'Start (active: true) or end (active: false) the shift with the security code',
        description:
          'Starting answers a new session; ending deletes every session of the rider, and is refused ' +
          '(409) while the rider holds a shipment in progress. 400 on `securityCode` for a wrong code; ' +
          `${limits.codeFailuresPerRider} wrong codes for a rider in ${window} (and ` +
          `${limits.codeFailuresPerRiderPerDay} in a day), or ${limits.codeFailuresPerIp} from a client IP ` +
          `in ${window}, answer 429 with Retry-After until the window ends (the right code too). 404 for ` +
          'a rider that is not of this location; 403 where no shift can start (active: true).',
        params: Type.Object({ riderId: Id }),
        body: UpdateBodySchema,
        response: {
          200: RiderSchema,
          400: RiderErrorSchema,
          403: RiderErrorSchema,
          404: RiderErrorSchema,
          409: RiderErrorSchema,
          429: RiderErrorSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const outcome = await riderShiftUpdate(deps(request), {
          riderId: request.params.riderId,
          branchContactId: request.body.riderUser.branchContact.id,
          active: request.body.active,
          securityCode: request.body.securityCode,
          ip: request.ip,
        });
        return riderPresent(outcome.rider, outcome.session);
      } catch (error) {
        retryAfter(error, reply);
        throw error;
      }
    },
  );
};

export default riderRoutes;
