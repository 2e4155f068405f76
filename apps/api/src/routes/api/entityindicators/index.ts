/** `GET /api/entityindicators/{entityType}/{entityId}` (ordering §7; shape ours, issue 12): one plate's or category's indicators. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, IdParam } from '../../../schemas/diner';
import { EntityIndicatorsSchema, IndicatorEntityTypeSchema } from '../../../schemas/indicators';
import { entityIndicatorsGet } from '../../../services/indicator-service';

const entityIndicatorsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:entityType/:entityId',
    {
      schema: {
        tags: ['diner'],
        summary: "A plate's or a category's own indicators, with their labels",
        description:
          'Only what a storefront lists: an active plate, or a category holding one, of a menu an active ' +
          'order mode serves. Anything else (retired by an import, unknown) is a 404.',
        params: Type.Object({ entityType: IndicatorEntityTypeSchema, entityId: IdParam }),
        response: { 200: EntityIndicatorsSchema, ...errorResponses },
      },
    },
    async (request) => entityIndicatorsGet(app.db, request.params.entityType, request.params.entityId),
  );
};

export default entityIndicatorsRoutes;
