/** `GET /api/ordermodes/{id}/generaldiscounts|generalsurcharges|fees` (ordering §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  errorResponses,
  FeesSchema,
  GeneralDiscountSchema,
  IdParam,
  SurchargeSchema,
} from '../../../schemas/diner';
import {
  orderModeFees,
  orderModeGeneralDiscounts,
  orderModeGeneralSurcharges,
} from '../../../services/order-mode-service';

const params = Type.Object({ id: IdParam });

const orderModesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id/generaldiscounts',
    {
      schema: {
        tags: ['diner'],
        summary: "An order mode's general discounts (PERCENT in percent, FIXED in major units)",
        params,
        response: { 200: Type.Object({ discounts: Type.Array(GeneralDiscountSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ discounts: await orderModeGeneralDiscounts(app.db, request.params.id) }),
  );

  app.get(
    '/:id/generalsurcharges',
    {
      schema: {
        tags: ['diner'],
        summary: "An order mode's general surcharges (PERCENT in percent, FIXED in major units)",
        params,
        response: { 200: Type.Object({ surcharges: Type.Array(SurchargeSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ surcharges: await orderModeGeneralSurcharges(app.db, request.params.id) }),
  );

  app.get(
    '/:id/fees',
    {
      schema: {
        tags: ['diner'],
        summary: 'Service fee of an order mode: userFee plus percentageUserFee percent of the amount',
        params,
        response: { 200: FeesSchema, ...errorResponses },
      },
    },
    async (request) => orderModeFees(app.db, request.params.id),
  );
};

export default orderModesRoutes;
