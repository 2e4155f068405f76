/**
 * One stack (multi-delivery) under /api/stacking (follow-up §2.6, §4.3, §4.5;
 * ADR 023): read it, move it, persist the header selection. Rider shift
 * session; the rider's location only (another's: 404); 403 for a rider the
 * venue has not approved.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { riderOf } from '../../../plugins/app/rider-auth';
import {
  IdempotencyHeadersSchema,
  StackSchema,
  StackUpdateBodySchema,
  shipmentErrors,
} from '../../../presenters/shipment-schemas';
import type { ShipmentDeps } from '../../../services/shipment-common';
import { stackGet } from '../../../services/shipment-reads';
import { shipmentStackMove } from '../../../services/shipment-stack-moves';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const security = [{ riderToken: [] }];
const tags = ['rider'];

const stackingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.riderAuth);
  const deps = (): ShipmentDeps => ({
    db: app.db,
    realtime: app.realtime,
    now: () => app.clock.now(),
    log: app.log,
    publicUrl: app.config.publicUrl,
    routePlanner: app.routePlanner,
  });

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One stack, its shipments in stack order and the one the rider is on (selectedIndex)',
        params: Type.Object({ id: Id }),
        response: { 200: StackSchema, ...shipmentErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return stackGet(app.db, riderOf(request), request.params.id);
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Moves a stack, or persists the shipment selected in its header',
        description:
          'Before drop-off the stack advances as one (ON_ROUTE_TO_PICK_UP accepts it: one rider wins, the others ' +
          'get 409 EXPIRED_BY_OTHER; IN_STORE; ON_ROUTE_TO_DROP_OFFS). In drop-offs DELIVERED (with securityCode) ' +
          'or DRIVER_CANCELED applies to the current shipment; at the end RETURNED brings the return shipments ' +
          'back. DRIVER_CANCELED before drop-off cancels the whole stack, each shipment re-pooled. ' +
          'selectedShipmentId swaps that shipment into the current position. Idempotency-Key as for shipments.',
        params: Type.Object({ id: Id }),
        headers: IdempotencyHeadersSchema,
        body: StackUpdateBodySchema,
        response: { 200: StackSchema, ...shipmentErrors },
      },
    },
    async (request, reply) => {
      const answer = await shipmentStackMove(
        deps(),
        riderOf(request),
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
      );
      const retryAfter = (answer.body as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      return reply
        .status(answer.status as 200)
        .header('idempotent-replayed', answer.replayed ? 'true' : 'false')
        .send(answer.body as never);
    },
  );
};

export default stackingRoutes;
