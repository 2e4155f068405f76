/** `POST /api/external-benefits/{partner}` (ordering §6 "External-loyalty user", §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorSchema, GeneralDiscountSchema, IdParam } from '../../../schemas/diner';
import { externalBenefitsGet } from '../../../services/external-benefits-service';

const ExternalBenefitsBody = Type.Object(
  {
    branchId: IdParam,
    branchContactId: IdParam,
    orderModeId: IdParam,
    externalUserId: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

const ExternalBenefitsSchema = Type.Object({
  partner: Type.String(),
  generalDiscounts: Type.Array(GeneralDiscountSchema),
  appliedDiscount: Type.Union([GeneralDiscountSchema, Type.Null()], {
    description: 'The benefit that applies: the lowest priority; a missing priority counts last',
  }),
});

const externalBenefitsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:partner',
    {
      // The same budget as the other discount check (codes): a preview called once per checkout.
      config: { rateLimit: { max: app.config.rateLimits.codeValidate, timeWindow: '1 minute' } },
      schema: {
        tags: ['order'],
        summary: 'The external-benefits partner’s discounts for one of its users',
        description:
          'Needs `Authorization: Bearer <token>`: an HS256 JWT signed with the partner’s secret, `sub` = ' +
          '`externalUserId`, with `exp`. 401 when it is missing or refused; 400 per field for an unknown ' +
          'partner (in the company of the location) or a location that does not hold together. The order ' +
          'itself (`POST /api/order` with `partnerName`, `userExternalReference` and the same header) is ' +
          'verified again and priced with the applied discount.',
        params: Type.Object({ partner: Type.String({ minLength: 1, maxLength: 120 }) }),
        body: ExternalBenefitsBody,
        response: { 200: ExternalBenefitsSchema, 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) =>
      externalBenefitsGet(app.db, {
        partnerName: request.params.partner,
        branchId: request.body.branchId,
        branchContactId: request.body.branchContactId,
        orderModeId: request.body.orderModeId,
        externalUserId: request.body.externalUserId,
        authorization: request.headers.authorization,
        now: app.clock.now(),
      }),
  );
};

export default externalBenefitsRoutes;
