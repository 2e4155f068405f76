/**
 * The points ledger (ordering §3 "Loyalty history row", §9 "Loyalty history"
 * and "Loyalty value"): which moves of an order write a ledger row, and how
 * many history rows one reading answers. How many points an order earns is
 * `loyaltyAccrual` (loyalty.ts), fixed when the order is placed.
 */
import type { OrderStatus } from './order-status';

/** Why a customer's points changed; every change of the balance is one row of one kind. */
export type LoyaltyLedgerKind = 'OPENING' | 'ACCRUAL' | 'REDEMPTION' | 'REWARD' | 'REVERSAL';

/** Most history rows one reading answers (ordering §9: "Limit 20 in one reading"). */
export const LOYALTY_HISTORY_LIMIT = 20;

/**
 * The ledger row an order's status move writes: DELIVERED credits the points
 * the order earned (ACCRUAL); CANCELED gives back the points it redeemed
 * (REVERSAL), so a canceled order never earns and never keeps a diner's
 * points. Other moves touch no points. A delivered order cannot be canceled
 * (order-status.ts), so an accrual is never taken back.
 */
export function loyaltyLedgerKindOfMove(to: OrderStatus): 'ACCRUAL' | 'REVERSAL' | null {
  if (to === 'DELIVERED') return 'ACCRUAL';
  if (to === 'CANCELED') return 'REVERSAL';
  return null;
}
