/**
 * `POST /api/menu/near` (follow-up §7 "Commerces for the guide"): the branch
 * guide's nearby locations. Public: a card carries only what the venue shows
 * anyway. The diner's position is personal, so the answer is never cached and
 * the position is neither stored nor logged.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { siteCompanyOfHost } from '../../../lib/site-origins';
import { ErrorSchema } from '../../../schemas/diner';
import { GuidePageSchema, GuideSearchBodySchema } from '../../../schemas/guide';
import { guideSearch } from '../../../services/guide-service';

const menuNearRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/near',
    {
      schema: {
        tags: ['guide'],
        summary: 'Listed locations nearest to a point, by true distance, paged',
        description:
          'Nearest first by great-circle distance, ties by name. Listed: not blocked, not retired, with ' +
          'coordinates and an active order mode. On a company’s own host only its locations. ' +
          '`reachableByDelivery`: the location takes delivery orders and one of its zones holds the point.',
        body: GuideSearchBodySchema,
        response: { 200: GuidePageSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
      // Anonymous: enough for a diner scrolling, not for walking the whole map.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return guideSearch(app.db, request.body, siteCompanyOfHost(app.config.origins, request));
    },
  );
};

export default menuNearRoutes;
