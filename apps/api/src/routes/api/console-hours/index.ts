/**
 * `/api/console/branchcontacts/{id}/order-modes` (ADR 054): a location's
 * order modes in the tenant format, for the console's 'Horarios' tab, and
 * their save through the tenant import's rules (ADR 051). Session first, then
 * the company (404) and the location (403); STAFF change only hours.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { staffOf } from '../../../plugins/app/staff-auth';
import { ConsoleErrorSchema, consoleErrors } from '../../../presenters/console-schemas';
import { venueHoursGet, venueHoursSave } from '../../../services/venue-hours';
import { OrderModeSchema, type TenantOrderMode } from '../../../tenant/tenant-format';

const Params = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

const HoursSchema = Type.Object({
  version: Type.String({
    description: 'Send it back with a save: a save over a version that moved is a 409',
  }),
  timeZone: Type.String({ description: "The location's IANA zone (its own or its country's)" }),
  orderModes: Type.Array(OrderModeSchema, { description: 'As in the tenant file, money in major units' }),
});

const ConflictSchema = Type.Object({
  ...ConsoleErrorSchema.properties,
  current: Type.Object({ version: Type.String(), value: Type.Array(OrderModeSchema) }),
});

const consoleHoursRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('onRequest', app.staffAuth);
  const deps = { db: app.db, log: app.log, now: () => app.clock.now() };

  app.get(
    '/branchcontacts/:id/order-modes',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary: "A location's order modes with their hours, for the hours editor",
        description:
          'The modes as the tenant file has them (schedules, special days, lead times, fees…), the version to send back with a save, and the time zone the hours are in.',
        params: Params,
        response: { 200: HoursSchema, ...consoleErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return venueHoursGet(deps, staffOf(request), request.params.id);
    },
  );

  app.put(
    '/branchcontacts/:id/order-modes',
    {
      schema: {
        tags: ['console'],
        security: [{ staffSession: [] }],
        summary:
          "Saves a location's order modes (hours for staff; also name, switches and fees for the owner)",
        description:
          'Validated by the tenant import (400 with a message per field, paths relative to the list: `[0].schedules[0]…`), one transaction, recorded in the history. 403 when STAFF change more than hours; 409 with the current modes when they changed since `version`.',
        params: Params,
        body: Type.Object(
          {
            version: Type.String({ minLength: 1, maxLength: 64 }),
            // Checked field by field by the tenant import, so its messages reach the editor.
            orderModes: Type.Array(Type.Object({ key: Type.String({ maxLength: 100 }) }), { maxItems: 20 }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ ...HoursSchema.properties, changed: Type.Boolean() }),
          ...consoleErrors,
          409: ConflictSchema,
        },
      },
    },
    async (request) =>
      venueHoursSave(deps, staffOf(request), request.params.id, {
        version: request.body.version,
        orderModes: request.body.orderModes as TenantOrderMode[],
      }),
  );
};

export default consoleHoursRoutes;
