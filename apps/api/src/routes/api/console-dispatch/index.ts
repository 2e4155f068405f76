/**
 * The venue's dispatch view under /api/console (issue 9), for signed-in staff:
 * its own fleet's shipments (waiting for a rider, in progress, finished today),
 * the riders with their current shipment and last position, the rider
 * approval, and the dispatch actions — grouping, offering, cancelling,
 * confirming a delivery — which are the shipment lifecycle's
 * (services/shipment-staff.ts). Every route checks the staff session first
 * (401 unread), then the company (404 for another company's ids) and the
 * location (403 for one the staff member may not see).
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
import { ShipmentStaffItemSchema, StackStaffSchema } from '../../../presenters/shipment-schemas';
import { Nullable } from '../../../schemas/diner';
import {
  type DispatchDeps,
  dispatchGet,
  dispatchOffer,
  dispatchRiderApprovalSet,
} from '../../../services/dispatch-service';
import {
  type DispatchTarget,
  shipmentCancelByStaff,
  shipmentDeliveredByStaff,
  shipmentStackCreate,
  shipmentStackDissolve,
} from '../../../services/shipment-staff';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const security = [{ staffSession: [] }];
const tags = ['console'];
const writeErrors = { ...consoleErrors, 409: ConsoleErrorSchema };

/** `shipments` or `stacks` in a path, as the lifecycle names the target. */
const KINDS = { shipments: 'simple', stacks: 'stack' } as const;
const TargetParams = Type.Object({ kind: Type.Enum(['shipments', 'stacks']), id: Id });
const targetOf = (params: { kind: string; id: number }): DispatchTarget => ({
  kind: KINDS[params.kind as keyof typeof KINDS],
  id: params.id,
});

const consoleDispatchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Before the body is read: an unauthenticated request is refused unread.
  app.addHook('onRequest', app.staffAuth);
  const deps = (): DispatchDeps => ({
    db: app.db,
    realtime: app.realtime,
    now: () => app.clock.now(),
    log: app.log,
    publicUrl: app.config.publicUrl,
    routePlanner: app.routePlanner,
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

  app.post(
    '/dispatch/stacks',
    {
      schema: {
        tags,
        security,
        summary: 'Group shipments waiting for a rider into a stack (multi-delivery), in the order given',
        description:
          'Every shipment must be of the location, looking for a driver, unstacked and held by nobody. ' +
          'One conditional update takes them all: a rider accepting one of them at the same moment wins ' +
          'it (409, nothing grouped) or the stack does — never both.',
        body: Type.Object(
          {
            branchContactId: Id,
            shipmentIds: Type.Array(Id, { maxItems: 20, description: 'At least two' }),
          },
          { additionalProperties: false },
        ),
        response: { 201: StackStaffSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const stack = await shipmentStackCreate(deps(), staffOf(request), request.body);
      return reply.code(201).send(stack);
    },
  );

  app.delete(
    '/dispatch/stacks/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Ungroup a stack nobody took yet; answers its shipments, waiting again one by one',
        params: Type.Object({ id: Id }),
        response: { 200: Type.Array(ShipmentStaffItemSchema), ...writeErrors },
      },
    },
    async (request) => shipmentStackDissolve(deps(), staffOf(request), request.params.id),
  );

  app.post(
    '/dispatch/:kind/:id/offer',
    {
      schema: {
        tags,
        security,
        summary: 'Offer a shipment or stack waiting for a rider to one rider on shift, or (null) to all',
        description:
          'kind: shipments or stacks. An offered one is listed to that rider only; riderId null opens it ' +
          'to every rider on shift again. The rider must be of the location, approved and on shift (400).',
        params: TargetParams,
        body: Type.Object({ riderId: Nullable(Id) }, { additionalProperties: false }),
        response: { 200: ShipmentStaffItemSchema, ...writeErrors },
      },
    },
    async (request) =>
      dispatchOffer(deps(), staffOf(request), targetOf(request.params), request.body.riderId),
  );

  app.post(
    '/dispatch/:kind/:id/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Take a shipment or stack in progress away from its rider; each shipment waits again',
        description:
          'kind: shipments or stacks. A stack before drop-off is cancelled whole; in drop-offs, cancel its ' +
          'shipment in progress. Every cancelled shipment keeps its history (CANCELED, with the reason) and ' +
          'a fresh one looking for a driver takes its place, so the order is never lost.',
        params: TargetParams,
        body: Type.Object({ reason: Type.String({ maxLength: 500 }) }, { additionalProperties: false }),
        response: { 200: ShipmentStaffItemSchema, ...writeErrors },
      },
    },
    async (request) =>
      shipmentCancelByStaff(deps(), staffOf(request), targetOf(request.params), request.body.reason),
  );

  app.post(
    '/dispatch/shipments/:id/delivered',
    {
      schema: {
        tags,
        security,
        summary: 'Confirm a delivery without the customer’s code (recorded with the staff member)',
        description: 'Only for a shipment on its way to the customer; the order is delivered with it.',
        params: Type.Object({ id: Id }),
        response: { 200: ShipmentStaffItemSchema, ...writeErrors },
      },
    },
    async (request) => shipmentDeliveredByStaff(deps(), staffOf(request), request.params.id),
  );
};

export default consoleDispatchRoutes;
