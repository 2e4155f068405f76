/**
 * The loyalty reward sign-up under /api/diner (ordering §5 "Loyalty reward
 * sign-up", §7 `POST /api/diner/customer/{phone}/loyalty-reward/{rewardId}`;
 * ADR 027).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CustomerSessionHeadersSchema, ErrorSchema } from '../../../schemas/diner';
import {
  RewardAlreadyCreditedSchema,
  RewardCreditedSchema,
  RewardSignupBodySchema,
  RewardSignupParamsSchema,
} from '../../../schemas/loyalty-reward';
import { loyaltyRewardSignUp } from '../../../services/loyalty-reward-service';

const dinerCustomerRewardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/customer/:phone/loyalty-reward/:rewardId',
    {
      // Each sign-up may create a customer for any phone: a coarse cap per client IP.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['loyalty'],
        summary: 'Sign up for a loyalty reward: its points are credited to the phone once',
        description:
          'Per-field 400s with the spec’s texts (\u2018El número de teléfono es invalido\u2019, \u2018Debe completar ' +
          'todos los campos para continuar\u2019). No session needed; without the `X-Customer-Session` of this ' +
          'phone a stored customer’s name and email are not changed. 409 \u2018Ya ha canjeado este premio\u2019 ' +
          '(its `detail` says \u2018already exists\u2019) when the phone got this reward before.',
        headers: CustomerSessionHeadersSchema,
        params: RewardSignupParamsSchema,
        body: RewardSignupBodySchema,
        response: {
          201: RewardCreditedSchema,
          400: ErrorSchema,
          404: ErrorSchema,
          409: RewardAlreadyCreditedSchema,
        },
      },
    },
    async (request, reply) => {
      const credited = await loyaltyRewardSignUp(
        { db: app.db, now: app.clock.now() },
        {
          pathPhone: request.params.phone,
          rewardId: request.params.rewardId,
          body: request.body,
          token: request.headers['x-customer-session'],
        },
      );
      return reply.code(201).send(credited);
    },
  );
};

export default dinerCustomerRewardRoutes;
