import type { LoyaltyProgramRow } from '../repositories/customer-repository';
import type { LoyaltyLedgerRow } from '../repositories/loyalty-repository';
import type { LoyaltyHistoryRowView, LoyaltyProgramView } from '../schemas/loyalty';

export function loyaltyProgramPresent(
  program: LoyaltyProgramRow,
  branchContactIds: number[],
): LoyaltyProgramView {
  return {
    id: program.id,
    branchId: program.branchId,
    active: program.active,
    name: program.name,
    orderPercentage: program.orderPercentage,
    cashback: program.cashback,
    minRedeemedPoints: program.minRedeemedPoints,
    maxRedeemedPoints: program.maxRedeemedPoints,
    maxRedeemedPercentage: program.maxRedeemedPercentage,
    supportsDiscounts: program.supportsDiscounts,
    welcomeText: program.welcomeText?.trim() || null,
    branchContactIds,
  };
}

export function loyaltyHistoryRowPresent(row: LoyaltyLedgerRow): LoyaltyHistoryRowView {
  return {
    orderCode: row.orderCode,
    createdAt: row.createdAt.toISOString(),
    amount: row.amount,
    postBalance: row.postBalance,
    kind: row.kind,
  };
}
