/** A loyalty reward under /api/loyalty-reward (ordering §7 `GET /api/loyalty-reward/{id}`; ADR 027). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorSchema, IdParam } from '../../../schemas/diner';
import { LoyaltyRewardSchema } from '../../../schemas/loyalty-reward';
import { loyaltyRewardGet } from '../../../services/loyalty-reward-service';

const loyaltyRewardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id',
    {
      schema: {
        tags: ['loyalty'],
        summary: 'A loyalty reward (ordering §3): its points and where it is offered',
        description:
          'Public fields only. An unknown reward, an inactive one and one whose branch’s loyalty programme ' +
          'is off answer the same 404.',
        params: Type.Object({ id: IdParam }),
        response: { 200: LoyaltyRewardSchema, 400: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => loyaltyRewardGet(app.db, request.params.id),
  );
};

export default loyaltyRewardRoutes;
