/**
 * The orders console API under /api/console, for signed-in staff
 * (`Authorization: Bearer <token>` from `POST /api/staff/login`). Every route
 * checks the session first (401 before anything is read), then the tenant and
 * the branch contact (404 for another company's ids, 403 for a location of
 * the company the staff member may not see) — see services/console-service.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { paymentLinkGet } from '../../../payments/payment-link';
import { paymentsRuntime } from '../../../payments/runtime';
import { PaymentLinkSchema } from '../../../payments/schemas';
import { staffOf } from '../../../plugins/app/staff-auth';
import {
  CONSOLE_STATES,
  ConsoleBranchContactSchema,
  ConsoleErrorSchema,
  ConsoleOrderDetailSchema,
  ConsoleOrderListSchema,
  consoleErrors,
  OutboxListSchema,
  StatusMoveBodySchema,
  StatusMoveResultSchema,
} from '../../../presenters/console-schemas';
import { companyCountryOf } from '../../../repositories/console-repository';
import {
  consoleBranchContactsList,
  consoleClosingSet,
  consoleOrderCheck,
  consoleOrderDetailGet,
  consoleOrderingSet,
  consoleOrdersList,
  consoleOutboxList,
} from '../../../services/console-service';
import { orderAmountMajor } from '../../../services/order-service';
import { type OrderChangeDeps, orderStatusChange } from '../../../services/order-status-service';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const security = [{ staffSession: [] }];
const tags = ['console'];

const ControlResultSchema = Type.Object({
  /** False when the control already had that value (nothing written, nothing published). */
  changed: Type.Boolean(),
  branchContact: ConsoleBranchContactSchema,
});

const consoleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Before the body is read: an unauthenticated request is refused unread.
  app.addHook('onRequest', app.staffAuth);
  const deps = (): OrderChangeDeps => ({
    db: app.db,
    realtime: app.realtime,
    now: () => app.clock.now(),
    log: app.log,
    publicUrl: app.config.publicUrl,
    routePlanner: app.routePlanner,
  });

  app.get(
    '/branchcontacts',
    {
      schema: {
        tags,
        security,
        summary: 'The locations this staff member may see, with their venue controls and order modes',
        response: { 200: Type.Array(ConsoleBranchContactSchema), 401: ConsoleErrorSchema },
      },
    },
    async (request) => consoleBranchContactsList(app.db, staffOf(request)),
  );

  app.get(
    '/orders',
    {
      schema: {
        tags,
        security,
        summary: 'The board of a location: orders by state, newest first, with counts',
        description:
          'The board holds every open order of the location (new, accepted, ready), whatever its age, and the ' +
          'delivered and canceled ones finished in the last 24 hours; counts and unpaidCardOrders (open, ' +
          'unpaid, within the payment window) are computed over exactly those. state (repeatable): new, ' +
          'accepted, ready, delivered, canceled; all when absent. since: only orders placed at or after this ' +
          'instant; counts follow it too. Scheduled orders carry scheduled=true and scheduledAt.',
        querystring: Type.Object(
          {
            branchContactId: Id,
            state: Type.Optional(Type.Array(Type.Enum([...CONSOLE_STATES]), { maxItems: 5 })),
            since: Type.Optional(Type.String({ format: 'date-time' })),
            offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
            limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: ConsoleOrderListSchema, ...consoleErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { branchContactId, state, since, offset, limit } = request.query;
      return consoleOrdersList(
        app.db,
        staffOf(request),
        {
          branchContactId,
          ...(state ? { states: state } : {}),
          ...(since ? { since: new Date(since) } : {}),
          offset,
          limit,
        },
        app.clock.now(),
      );
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags,
        security,
        summary: 'An order in full: items, customer, phone and address links, payment, reports, history',
        params: Type.Object({ id: Id }),
        response: { 200: ConsoleOrderDetailSchema, ...consoleErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const order = await consoleOrderCheck(app.db, staffOf(request), request.params.id);
      return consoleOrderDetailGet(app.db, order, app.clock.now());
    },
  );

  app.post(
    '/orders/:id/status',
    {
      schema: {
        tags,
        security,
        summary: 'Move an order: ACCEPTED, READY, DELIVERED, or CANCELED with a reason',
        description:
          'Checked by the order state machine under a row lock: one step forward (GENERATED → ACCEPTED → ' +
          'READY → DELIVERED) or CANCELED before delivery. Anything else is 409 with the order’s status and ' +
          'nextStatuses. Asking for the status the order already has answers 200 with changed=false and does ' +
          'nothing (a retry is harmless). A change is published to order-{code} and console-{branchContactId} ' +
          'and puts a message for the diner in the outbox.',
        params: Type.Object({ id: Id }),
        body: StatusMoveBodySchema,
        response: { 200: StatusMoveResultSchema, ...consoleErrors, 409: ConsoleErrorSchema },
      },
    },
    async (request) =>
      orderStatusChange(deps(), staffOf(request), request.params.id, {
        status: request.body.status as 'ACCEPTED' | 'READY' | 'DELIVERED' | 'CANCELED',
        reason: request.body.reason,
      }),
  );

  app.post(
    '/orders/:id/payment-link',
    {
      config: { rateLimit: { max: app.config.payments.rateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'The payment link of an order paid by link (made once, given again while open)',
        description:
          'Through the payments service (the same flow as POST /api/paymenturl, for the order’s own total): ' +
          '409 when the order is not paid by link or card, is canceled, already paid or past its payment ' +
          'window; 502 when the provider fails.',
        params: Type.Object({ id: Id }),
        response: {
          201: PaymentLinkSchema,
          ...consoleErrors,
          409: ConsoleErrorSchema,
          429: ConsoleErrorSchema,
          502: ConsoleErrorSchema,
          503: ConsoleErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const order = await consoleOrderCheck(app.db, staffOf(request), request.params.id);
      const country = await companyCountryOf(app.db, order.companyId);
      const link = await paymentLinkGet(
        paymentsRuntime(app),
        {
          code: order.code,
          branchContactId: order.branchContactId,
          amount: orderAmountMajor(order, country?.mantissaLength ?? 0),
        },
        undefined,
      );
      return reply.code(201).send(link);
    },
  );

  app.put(
    '/branchcontacts/:id/closing',
    {
      schema: {
        tags,
        security,
        summary: 'Close (or reopen) a location by hand; the storefront shows it closed',
        params: Type.Object({ id: Id }),
        body: Type.Object({ manualClosing: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: ControlResultSchema, ...consoleErrors },
      },
    },
    async (request) =>
      consoleClosingSet(deps(), staffOf(request), request.params.id, request.body.manualClosing),
  );

  app.put(
    '/ordermodes/:id/ordering',
    {
      schema: {
        tags,
        security,
        summary:
          'Enable or disable ordering in an order mode (disabled: ‘Menú informativo. Pedidos deshabilitados.’)',
        params: Type.Object({ id: Id }),
        body: Type.Object({ orderEnabled: Type.Boolean() }, { additionalProperties: false }),
        response: { 200: ControlResultSchema, ...consoleErrors },
      },
    },
    async (request) =>
      consoleOrderingSet(deps(), staffOf(request), request.params.id, request.body.orderEnabled),
  );

  app.get(
    '/outbox',
    {
      schema: {
        tags,
        security,
        summary:
          'Messages for the location’s diners: waiting, sent, failed, or kept (no provider configured)',
        querystring: Type.Object(
          {
            branchContactId: Id,
            status: Type.Optional(
              Type.Array(Type.Enum(['PENDING', 'SENT', 'FAILED', 'KEPT']), { maxItems: 4 }),
            ),
            offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
            limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: OutboxListSchema, ...consoleErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { branchContactId, status, offset, limit } = request.query;
      return consoleOutboxList(app.db, staffOf(request), {
        branchContactId,
        ...(status ? { statuses: status as ('PENDING' | 'SENT' | 'FAILED' | 'KEPT')[] } : {}),
        offset,
        limit,
      });
    },
  );
};

export default consoleRoutes;
