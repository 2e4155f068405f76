/**
 * POST /api/analytics/events: the storefront's analytics events (ordering §7),
 * in batches, with the diner's session id header. Each event is attributed to
 * the company of its branch contact (or of its order mode). An id that names
 * nothing is dropped from the event rather than failing the batch, so a stale
 * tab never loses the rest of its events, and an event is never attributed to a
 * company its ids do not prove.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inArray } from 'drizzle-orm';
import { analyticsEvents } from '../../../db/schema/platform';
import { branchContacts, orderModes } from '../../../db/schema/tenant';
import { badRequest } from '../../../lib/http-error';
import {
  ANALYTICS_PAYLOAD_MAX_BYTES,
  AnalyticsAcceptedSchema,
  AnalyticsBatchSchema,
  type AnalyticsEventInput,
  ORDER_IMPEDIMENTS,
  SessionIdHeaderSchema,
} from '../../../schemas/analytics';
import { ErrorSchema } from '../../../schemas/diner';
import { abuseDailyTake } from '../../../services/abuse-service';

/** Per-field problems the schema cannot express: payload size and the impediment name. */
function payloadProblems(events: AnalyticsEventInput[]): Record<string, string> {
  const fields: Record<string, string> = {};
  events.forEach((event, index) => {
    const path = `body.events[${index}].payload`;
    if (
      event.payload &&
      Buffer.byteLength(JSON.stringify(event.payload), 'utf8') > ANALYTICS_PAYLOAD_MAX_BYTES
    ) {
      fields[path] = `no debe superar ${ANALYTICS_PAYLOAD_MAX_BYTES} bytes`;
    }
    if (event.type === 'ORDER_IMPEDIMENT') {
      const impediment = event.payload?.impediment;
      if (typeof impediment !== 'string' || !(ORDER_IMPEDIMENTS as readonly string[]).includes(impediment)) {
        fields[`${path}.impediment`] = `debe ser uno de: ${ORDER_IMPEDIMENTS.join(', ')}`;
      }
    }
  });
  return fields;
}

const analyticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/events',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Store a batch of 1–50 storefront analytics events',
        description:
          'Answers 202 once stored. Unknown branch contact or order mode ids are dropped from their event (the ' +
          'event is kept, unattributed); an order mode that is not of the given branch contact is dropped too. ' +
          'Beyond a client’s daily allowance of events the rest of a batch is dropped, still with 202 ' +
          '(`accepted` counts what was stored): the storefront never retries or shows an error for analytics.',
        headers: SessionIdHeaderSchema,
        body: AnalyticsBatchSchema,
        response: { 202: AnalyticsAcceptedSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const problems = payloadProblems(request.body.events);
      const first = Object.entries(problems)[0];
      if (first) throw badRequest(`${first[0]}: ${first[1]}`, problems);
      const fits = await abuseDailyTake(
        app.abuse.deps,
        'analytics',
        request.ip,
        request.body.events.length,
        app.config.abuse.analyticsEventsPerClientPerDay,
      );
      const events = request.body.events.slice(0, fits);
      if (events.length === 0) return reply.code(202).send({ accepted: 0 });

      const contactIds = [...new Set(events.flatMap((event) => event.branchContactId ?? []))];
      const modeIds = [...new Set(events.flatMap((event) => event.orderModeId ?? []))];
      const [contacts, modes] = await Promise.all([
        contactIds.length
          ? app.db
              .select({ id: branchContacts.id, companyId: branchContacts.companyId })
              .from(branchContacts)
              .where(inArray(branchContacts.id, contactIds))
          : [],
        modeIds.length
          ? app.db
              .select({
                id: orderModes.id,
                companyId: orderModes.companyId,
                branchContactId: orderModes.branchContactId,
              })
              .from(orderModes)
              .where(inArray(orderModes.id, modeIds))
          : [],
      ]);
      const contactById = new Map(contacts.map((row) => [row.id, row]));
      const modeById = new Map(modes.map((row) => [row.id, row]));

      const sessionId = request.headers['x-session-id'];
      const rows = events.map((event) => {
        const contact =
          event.branchContactId === undefined ? undefined : contactById.get(event.branchContactId);
        let mode = event.orderModeId === undefined ? undefined : modeById.get(event.orderModeId);
        // An order mode proves its branch contact; one that contradicts the given branch contact proves nothing.
        if (mode && contact && mode.branchContactId !== contact.id) mode = undefined;
        const branchContactId = contact?.id ?? mode?.branchContactId ?? null;
        const companyId = contact?.companyId ?? mode?.companyId ?? null;
        // The table has no order-mode column: a verified order mode travels in the payload, and an
        // unverified `orderModeId` a client put there is not kept to pass for one.
        const { orderModeId: _unverified, ...details } = event.payload ?? {};
        const payload = { ...details, ...(mode ? { orderModeId: mode.id } : {}) };
        return { companyId, branchContactId, sessionId, type: event.type, payload };
      });
      await app.db.insert(analyticsEvents).values(rows);
      return reply.code(202).send({ accepted: rows.length });
    },
  );
};

export default analyticsRoutes;
