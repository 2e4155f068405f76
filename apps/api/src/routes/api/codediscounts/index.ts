/** `POST /api/codediscounts/validate` (ordering §5 "Discount code", §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorSchema } from '../../../schemas/diner';
import { CodeDiscountInfoSchema, CodeDiscountValidateSchema } from '../../../schemas/order';
import { codeDiscountValidate } from '../../../services/code-discount-service';

const codeDiscountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/validate',
    {
      config: { rateLimit: { max: app.config.rateLimits.codeValidate, timeWindow: '1 minute' } },
      schema: {
        tags: ['order'],
        summary: 'Validate a discount code for the diner’s order',
        description:
          '404 when no active code of the branch has that text (or it is used up); 400 with the domain’s ' +
          'message for a missing payment method or data, and for each condition the request lets us check ' +
          '(minimum, required plate or category — with `items` and `orderModeId` —, first purchase with ' +
          '`phone`, free delivery already reached with `destination`). Usage limits are enforced when the ' +
          'order is placed.',
        body: CodeDiscountValidateSchema,
        response: { 200: CodeDiscountInfoSchema, 400: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => codeDiscountValidate(app.db, request.body, app.clock.now()),
  );
};

export default codeDiscountRoutes;
