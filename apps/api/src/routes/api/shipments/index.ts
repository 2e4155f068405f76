/**
 * The rider's shipments under /api/shipments (follow-up §2.5, §2.6, §7; ADR
 * 023). Every route needs a rider shift session (`Authorization: Bearer`;
 * 401, checked once the input is valid, before anything is read) and sees only the rider's company and
 * location (another location's shipment: 404); a rider the venue has not
 * approved gets 403. `GET /order/{logisticsOrderId}` also takes a staff
 * session of that location (the spec calls it without one; we do not: it
 * names riders of an order).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpError } from '../../../lib/http-error';
import { riderOf } from '../../../plugins/app/rider-auth';
import {
  IdempotencyHeadersSchema,
  OrderShipmentsSchema,
  ShipmentSchema,
  ShipmentTargetSchema,
  ShipmentUpdateBodySchema,
  shipmentErrors,
} from '../../../presenters/shipment-schemas';
import { Nullable } from '../../../schemas/diner';
import { riderAuthMessages, riderBearerToken } from '../../../services/rider-session-service';
import { type ShipmentDeps, shipmentStaffMessages } from '../../../services/shipment-common';
import { shipmentMove } from '../../../services/shipment-moves';
import {
  riderApprovedCheck,
  SHIPMENT_PAGE_SIZE,
  SHIPMENT_PAGE_SIZE_MAX,
  shipmentGet,
  shipmentList,
  shipmentRiderCurrentGet,
  shipmentsOfOrderGet,
} from '../../../services/shipment-reads';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const security = [{ riderToken: [] }];
const tags = ['rider'];

const ListQuerySchema = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1, description: 'From 1' }),
    pageSize: Type.Integer({ minimum: 1, maximum: SHIPMENT_PAGE_SIZE_MAX, default: SHIPMENT_PAGE_SIZE }),
    sort: Type.Enum(['ASC', 'DESC'], { default: 'ASC', description: 'By creation time' }),
    branchContactId: Type.Optional(Id),
    startDate: Type.Optional(Type.String({ format: 'date-time' })),
    endDate: Type.Optional(Type.String({ format: 'date-time' })),
    status: Type.Enum(['LOOKING_FOR_DRIVER'], { default: 'LOOKING_FOR_DRIVER' }),
    providerName: Type.Enum(['OWN_FLEET'], { default: 'OWN_FLEET' }),
  },
  { additionalProperties: false },
);

const ListSchema = Type.Object({
  items: Type.Array(ShipmentSchema),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
});

const shipmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = (): ShipmentDeps => ({
    db: app.db,
    realtime: app.realtime,
    now: () => app.clock.now(),
    log: app.log,
    publicUrl: app.config.publicUrl,
    routePlanner: app.routePlanner,
  });

  // Public in the spec; ours needs a rider of the location or a staff member who may see it.
  app.get(
    '/order/:logisticsOrderId',
    {
      schema: {
        tags,
        security: [{ riderToken: [] }, { staffSession: [] }],
        summary: 'The shipments of a logistics order (public fields) and whether one is looking for a driver',
        params: Type.Object({ logisticsOrderId: Id }),
        response: { 200: OrderShipmentsSchema, ...shipmentErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = riderBearerToken(request.headers.authorization);
      const rider = token ? await app.riderSessions.resolve(token) : undefined;
      const staff = rider || !token ? undefined : await app.staffSessions.resolve(token);
      if (!rider && !staff) {
        reply.header('www-authenticate', 'Bearer realm="rider"');
        throw new HttpError(
          401,
          token ? riderAuthMessages.sessionExpired : riderAuthMessages.sessionRequired,
        );
      }
      if (rider) await riderApprovedCheck(app.db, rider);
      const scope = rider
        ? { companyId: rider.companyId, branchContactId: rider.branchContactId }
        : { companyId: staff?.companyId ?? 0 };
      const { branchContactId, ...view } = await shipmentsOfOrderGet(
        app.db,
        scope,
        request.params.logisticsOrderId,
      );
      if (staff && !staff.branchContactIds.has(branchContactId))
        throw new HttpError(403, shipmentStaffMessages.forbidden);
      return view;
    },
  );

  const riderOnlyRoutes: FastifyPluginAsyncTypebox = async (riderOnly) => {
    // After validation (the input guard names bad input first), before any handler reads data.
    riderOnly.addHook('preHandler', app.riderAuth);

    riderOnly.get(
      '/',
      {
        schema: {
          tags,
          security,
          summary: 'Shipments looking for a driver at the rider’s location (last 3 days at most)',
          description:
            'Unstacked shipments offered to every rider or to this one, oldest first by default. 403 for another ' +
            'location (branchContactId) and for a rider the venue has not approved yet.',
          querystring: ListQuerySchema,
          response: { 200: ListSchema, ...shipmentErrors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const query = request.query;
        return shipmentList(
          app.db,
          riderOf(request),
          {
            page: query.page,
            pageSize: query.pageSize,
            descending: query.sort === 'DESC',
            branchContactId: query.branchContactId,
            startDate: query.startDate ? new Date(query.startDate) : undefined,
            endDate: query.endDate ? new Date(query.endDate) : undefined,
          },
          app.clock.now(),
        );
      },
    );

    riderOnly.get(
      '/rider',
      {
        schema: {
          tags,
          security,
          summary: 'The rider’s shipment or stack in progress, or null (the invisible redirect page)',
          response: { 200: Nullable(ShipmentTargetSchema), ...shipmentErrors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return shipmentRiderCurrentGet(app.db, riderOf(request));
      },
    );

    riderOnly.get(
      '/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One shipment of the rider’s location',
          params: Type.Object({ id: Id }),
          response: { 200: ShipmentSchema, ...shipmentErrors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return shipmentGet(app.db, riderOf(request), request.params.id);
      },
    );

    riderOnly.put(
      '/:id',
      {
        schema: {
          tags,
          security,
          summary:
            'Moves a shipment: accept, at the store, on the way, delivered (with the code), returned, cancel',
          description:
            'The state machine of packages/domain decides (409 INVALID_TRANSITION otherwise). Accepting is a race: ' +
            'one rider wins, the others get 409 EXPIRED_BY_OTHER. DELIVERED needs securityCode, the customer’s ' +
            'delivery code: wrong → 400, the fifth wrong in a row locks it for 15 minutes (429). A retry with the ' +
            'same Idempotency-Key answers the first answer (header idempotent-replayed: true) and moves nothing.',
          params: Type.Object({ id: Id }),
          headers: IdempotencyHeadersSchema,
          body: ShipmentUpdateBodySchema,
          response: { 200: ShipmentSchema, ...shipmentErrors },
        },
      },
      async (request, reply) => {
        const answer = await shipmentMove(
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
  await app.register(riderOnlyRoutes);
};

export default shipmentRoutes;
