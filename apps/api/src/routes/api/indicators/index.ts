/** `GET /api/indicators` (ordering §7; shape ours, issue 12): the indicator catalogue, and what a menu uses. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, IdParam } from '../../../schemas/diner';
import { IndicatorListSchema } from '../../../schemas/indicators';
import { indicatorsList } from '../../../services/indicator-service';

const indicatorsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['diner'],
        summary: 'The indicator catalogue; with orderModeId, also the codes that mode’s menu uses',
        description:
          'Without a query: the catalogue, the same for every company. With the id of an active order mode: ' +
          '`inUse` lists the codes its listed plates and categories carry, and codes outside the catalogue ' +
          'follow it in `indicators`, labelled from the code. An unknown or inactive mode is a 404.',
        querystring: Type.Object({ orderModeId: Type.Optional(IdParam) }),
        response: { 200: IndicatorListSchema, ...errorResponses },
      },
    },
    async (request) => indicatorsList(app.db, request.query.orderModeId),
  );
};

export default indicatorsRoutes;
