/** `GET /api/ordermode/schedule/{orderModeId}` (ordering §7): what slot computation needs. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, IdParam, ScheduleConfigSchema } from '../../../schemas/diner';
import { orderModeSchedule } from '../../../services/order-mode-service';

const orderModeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/schedule/:orderModeId',
    {
      schema: {
        tags: ['diner'],
        summary: "An order mode's schedule: schedulerDaysInfo, raw schedules and the location's time zone",
        params: Type.Object({ orderModeId: IdParam }),
        response: { 200: ScheduleConfigSchema, ...errorResponses },
      },
    },
    // The server's clock, as the order route that validates the chosen slot reads it.
    async (request) => orderModeSchedule(app.db, request.params.orderModeId, new Date(app.clock.now())),
  );
};

export default orderModeRoutes;
