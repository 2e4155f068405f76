/** Loyalty reads of ordering §3 and §7: a branch's programme and a customer's points history. */
import { LOYALTY_HISTORY_LIMIT } from '@comanda/domain/loyalty-ledger';
import { type Static, Type } from 'typebox';
import { Nullable } from './diner';

export const LoyaltyProgramSchema = Type.Object(
  {
    id: Type.Integer(),
    branchId: Type.Integer(),
    active: Type.Boolean({ description: 'Always true here: an inactive programme answers 404' }),
    name: Type.String({ description: "The points' name ('Mis {name}', 'Canjear {name}')" }),
    orderPercentage: Type.Number({ description: 'Percent of the order total earned as points on delivery' }),
    cashback: Type.Number({
      description:
        'Percent of the order total credited back as money on delivery; over 0 makes a cashback programme, ' +
        'whose balance reads as money (orderPercentage is then 0). Default 0 (docs/decisions/033-loyalty-cashback.md)',
    }),
    minRedeemedPoints: Type.Integer(),
    maxRedeemedPoints: Nullable(Type.Integer()),
    maxRedeemedPercentage: Nullable(Type.Number({ description: 'Percent of the order points may pay' })),
    supportsDiscounts: Type.Boolean({ description: 'false: points and discounts do not combine' }),
    welcomeText: Nullable(Type.String({ description: "The 'Mis {name}' modal's welcome text" })),
    branchContactIds: Type.Array(Type.Integer(), {
      description: 'The locations where points are earned and redeemed',
    }),
  },
  { description: 'ordering §3 "Loyalty programme"; 1 point = 1 currency unit' },
);
export type LoyaltyProgramView = Static<typeof LoyaltyProgramSchema>;

export const LoyaltyHistoryQuerySchema = Type.Object({
  offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: LOYALTY_HISTORY_LIMIT, default: LOYALTY_HISTORY_LIMIT }),
});

export const LoyaltyHistoryRowSchema = Type.Object({
  orderCode: Nullable(Type.String({ description: "The 'Pedidos' column; null for a reward or opening" })),
  createdAt: Type.String({ format: 'date-time' }),
  amount: Type.Integer({ description: "The 'Puntos' column: earned or given back (+), redeemed (−)" }),
  postBalance: Type.Integer({ description: "The 'Saldo' column: the balance after this row" }),
  kind: Type.Union(
    [
      Type.Literal('OPENING'),
      Type.Literal('ACCRUAL'),
      Type.Literal('REDEMPTION'),
      Type.Literal('REWARD'),
      Type.Literal('REVERSAL'),
    ],
    { description: '(ours) Why the points moved, to label rows without an order' },
  ),
});
export type LoyaltyHistoryRowView = Static<typeof LoyaltyHistoryRowSchema>;

export const LoyaltyHistorySchema = Type.Object({
  history: Type.Array(LoyaltyHistoryRowSchema, {
    description: 'Newest first; fewer rows than `limit` means the end of the history',
  }),
  offset: Type.Integer(),
  limit: Type.Integer(),
});
export type LoyaltyHistoryView = Static<typeof LoyaltyHistorySchema>;
