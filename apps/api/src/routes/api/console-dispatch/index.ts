/**
 * The venue's dispatch view under /api/console (issue 9), for signed-in staff:
 * its own fleet's shipments (waiting for a rider, in progress, finished today),
 * the riders with their current shipment and last position, and the rider
 * approval. Every route checks the staff session first (401 unread), then the
 * company (404 for another company's ids) and the location (403 for one the
 * staff member may not see) — see services/dispatch-service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { staffOf } from '../../../plugins/app/staff-auth';
import { ConsoleErrorSchema, consoleErrors } from '../../../presenters/console-schemas';
import {
  DispatchViewSchema,
  RiderApprovalBodySchema,
  RiderApprovalResultSchema,
} from '../../../presenters/dispatch-schemas';
import { type DispatchDeps, dispatchGet, dispatchRiderApprovalSet } from '../../../services/dispatch-service';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const security = [{ staffSession: [] }];
const tags = ['console'];

const consoleDispatchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Before the body is read: an unauthenticated request is refused unread.
  app.addHook('onRequest', app.staffAuth);
  const deps = (): DispatchDeps => ({
    db: app.db,
    realtime: app.realtime,
    now: () => app.clock.now(),
    log: app.log,
  });

  app.get(
    '/dispatch',
    {
      schema: {
        tags,
        security,
        summary: 'The dispatch view of a location: its shipments by column and its riders',
        description:
          'waiting: shipments and stacks looking for a rider, oldest first; inProgress: held by a rider (or ' +
          'delivered while a cash return is on its way back); finishedToday: delivered, returned or cancelled ' +
          'since the venue’s day started (05:00 local time of the location), newest first. riders: every rider ' +
          'of the location — pending approval first, then on shift, then off shift — with what each holds now ' +
          'and, for approved riders on shift, the last position reported during this shift. Live: ' +
          '`shipment-updated`, `rider-position` and `rider-updated` on console-{branchContactId}.',
        querystring: Type.Object({ branchContactId: Id }, { additionalProperties: false }),
        response: { 200: DispatchViewSchema, ...consoleErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return dispatchGet(app.db, staffOf(request), request.query.branchContactId, app.clock.now());
    },
  );

  app.post(
    '/riders/:id/approval',
    {
      schema: {
        tags,
        security,
        summary: 'Approve a rider who registered from the shift page, or take the approval away',
        description:
          'approved: true lets the rider list and take the location’s shipments (until then the lists answer ' +
          '403). approved: false ends the rider’s shift (every session closed; offers made to the rider open ' +
          'to every rider) and is refused with 409 while the rider holds a shipment in progress. Asking for ' +
          'what the rider already has answers changed=false.',
        params: Type.Object({ id: Id }),
        body: RiderApprovalBodySchema,
        response: { 200: RiderApprovalResultSchema, ...consoleErrors, 409: ConsoleErrorSchema },
      },
    },
    async (request) =>
      dispatchRiderApprovalSet(deps(), staffOf(request), request.params.id, request.body.approved),
  );
};

export default consoleDispatchRoutes;
