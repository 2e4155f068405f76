/**
 * TypeBox schemas of loyalty rewards (ordering §3 "Loyalty reward", §5 "Loyalty
 * reward sign-up", §7): the public reward and the sign-up that credits it.
 */
import { type Static, Type } from 'typebox';
import { IdParam, Nullable } from './diner';

export const LoyaltyRewardSchema = Type.Object({
  id: Type.Integer(),
  active: Type.Boolean({ description: 'Always true: an inactive reward is not found' }),
  reward: Type.Integer({ description: 'Points credited once per customer' }),
  branchId: Type.Integer(),
  branchContactId: Nullable(Type.Integer({ description: 'The one location it is offered at; null: any' })),
});
export type LoyaltyRewardView = Static<typeof LoyaltyRewardSchema>;

export const RewardSignupParamsSchema = Type.Object({
  phone: Type.String({ minLength: 1, maxLength: 40, description: 'The same phone as the body’s' }),
  rewardId: IdParam,
});

const FormText = (maxLength: number, description: string) =>
  Type.Optional(Type.String({ maxLength, description }));

export const RewardSignupBodySchema = Type.Object(
  {
    name: FormText(200, 'Required: empty → \u2018Debe completar todos los campos para continuar\u2019'),
    phone: FormText(
      40,
      'As typed, read in the venue’s country: \u2018El número de teléfono es invalido\u2019',
    ),
    email: FormText(300, 'Required and well formed, under 100 characters'),
    branchId: IdParam,
    branchContactId: IdParam,
    loyaltyRewardId: IdParam,
    acquisitionChannel: Type.Optional(
      Type.String({ maxLength: 60, description: 'Accepted; not stored yet (no column, ADR 027)' }),
    ),
  },
  { additionalProperties: false },
);
export type RewardSignupBody = Static<typeof RewardSignupBodySchema>;

export const RewardCreditedSchema = Type.Object({
  loyaltyRewardId: Type.Integer(),
  phone: Type.String({ description: 'E.164' }),
  reward: Type.Integer({ description: 'Points credited' }),
});
export type RewardCreditedView = Static<typeof RewardCreditedSchema>;

export const RewardAlreadyCreditedSchema = Type.Object({
  error: Type.String(),
  message: Type.String({ description: '\u2018Ya ha canjeado este premio\u2019' }),
  detail: Type.String({
    description: 'Contains \u2018already exists\u2019, which the storefront’s rule reads (ordering §8)',
  }),
});
