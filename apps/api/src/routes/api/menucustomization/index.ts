/** `GET /api/menucustomization/{branchId}` (ordering §7): banner, document label and notes limits. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, IdParam, MenuCustomizationSchema } from '../../../schemas/diner';
import { menuCustomizationGet } from '../../../services/diner-service';

const menuCustomizationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:branchId',
    {
      schema: {
        tags: ['diner'],
        summary: "A branch's menu customization; notes limits default to 250 characters, enabled",
        params: Type.Object({ branchId: IdParam }),
        response: { 200: MenuCustomizationSchema, ...errorResponses },
      },
    },
    async (request) => menuCustomizationGet(app.db, request.params.branchId),
  );
};

export default menuCustomizationRoutes;
