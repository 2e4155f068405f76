/**
 * Loyalty programme (ordering §3 "Loyalty programme", §5 "Loyalty redeem", §9
 * "Loyalty value"): when it is active, how many points may be redeemed on an
 * order, the four redeem messages, the default redeem amount and the accrual.
 * 1 point = 1 currency unit (a major unit: 100 minor units for UYU). Points are
 * whole numbers.
 */
import { loyaltyMessages } from './messages';
import { type Minor, moneyMinor, moneyPercentFloor } from './money';

/** A branch's loyalty programme. */
export interface LoyaltyProgram {
  active: boolean;
  name: string;
  /** Percent of the order total earned as points. */
  orderPercentage?: number;
  minRedeemedPoints?: number;
  maxRedeemedPoints?: number;
  /** Percent of the order amount that points may pay at most. */
  maxRedeemedPercentage?: number;
  /** false: points and discounts do not combine. Default true. */
  supportsDiscounts?: boolean;
  branchContactIds: readonly string[];
}

/** Loyalty counts only when the programme is active and includes the branch contact. */
export function loyaltyIsActive(
  program: LoyaltyProgram | null | undefined,
  branchContactId: string | null | undefined,
): program is LoyaltyProgram {
  return (
    !!program && program.active && !!branchContactId && program.branchContactIds.includes(branchContactId)
  );
}

/** The money value of points: 1 point = 1 currency unit. */
export function loyaltyPointsValue(points: number, mantissaLength: number): Minor {
  return moneyMinor(points * 10 ** mantissaLength);
}

/** Whole points covering at most `amount` (floor). */
function pointsWithin(amount: Minor, mantissaLength: number): number {
  return Math.floor(Math.max(0, amount) / 10 ** mantissaLength);
}

/**
 * Most points this order can take: `maxRedeemedPercentage` % of the order amount
 * (rounded down to whole points), and never more than the order amount itself.
 */
export function loyaltyMaxPointsForOrder(
  program: LoyaltyProgram,
  orderAmount: Minor,
  mantissaLength: number,
): number {
  const amount = moneyMinor(Math.max(0, orderAmount));
  const limit =
    program.maxRedeemedPercentage === undefined
      ? amount
      : moneyPercentFloor(amount, program.maxRedeemedPercentage);
  return pointsWithin(limit, mantissaLength);
}

/** The facts a redemption is checked against. */
export interface LoyaltyRedeemContext {
  program: LoyaltyProgram;
  /** The customer's `loyaltyPointsBalance`. */
  balance: number;
  /** The order amount before redemption. */
  orderAmount: Minor;
  mantissaLength: number;
}

/**
 * The message refusing `points`, or null when they may be redeemed (0 is no
 * redemption). Checked in the spec's order: balance, maximum redeemable,
 * minimum, maximum percentage of the order.
 */
export function loyaltyRedeemCheck(points: number, context: LoyaltyRedeemContext): string | null {
  if (!Number.isInteger(points) || points < 0)
    throw new RangeError(`Points are a whole number, got ${points}`);
  if (points === 0) return null;
  const { program, balance } = context;
  if (points > balance) return loyaltyMessages.overBalance(program.name, balance);
  if (program.maxRedeemedPoints !== undefined && points > program.maxRedeemedPoints) {
    return loyaltyMessages.overMaximum(program.name, program.maxRedeemedPoints);
  }
  if (program.minRedeemedPoints !== undefined && points < program.minRedeemedPoints) {
    return loyaltyMessages.underMinimum(program.name, program.minRedeemedPoints);
  }
  const maxForOrder = loyaltyMaxPointsForOrder(program, context.orderAmount, context.mantissaLength);
  if (points > maxForOrder) return loyaltyMessages.overOrderPercentage(program.name, maxForOrder);
  return null;
}

/**
 * The points offered by default: the smallest of balance, maximum points and
 * maximum percentage of the order; 0 when that falls under the minimum (nothing
 * can be redeemed yet).
 */
export function loyaltyRedeemDefault(context: LoyaltyRedeemContext): number {
  const { program } = context;
  const points = Math.max(
    0,
    Math.min(
      Math.floor(context.balance),
      program.maxRedeemedPoints ?? Number.POSITIVE_INFINITY,
      loyaltyMaxPointsForOrder(program, context.orderAmount, context.mantissaLength),
    ),
  );
  return program.minRedeemedPoints !== undefined && points < program.minRedeemedPoints ? 0 : points;
}

/** Points earned by an order: `orderPercentage` % of its total, rounded down to whole points. */
export function loyaltyAccrual(program: LoyaltyProgram, total: Minor, mantissaLength: number): number {
  if (!program.orderPercentage) return 0;
  return pointsWithin(
    moneyPercentFloor(moneyMinor(Math.max(0, total)), program.orderPercentage),
    mantissaLength,
  );
}

/** (ours) Why points are refused on an order with a discount when the programme does not combine them. */
export function loyaltyNotWithDiscountsMessage(name: string): string {
  return `No se pueden canjear ${name} junto con otros descuentos`;
}

/** Whether points and discounts combine (`supportsDiscounts`, default true). */
export function loyaltyCombinesWithDiscounts(program: Pick<LoyaltyProgram, 'supportsDiscounts'>): boolean {
  return program.supportsDiscounts !== false;
}

/** The account menu's benefit button: 'Mis {name}' for a named programme, else 'Mi beneficio'. */
export function loyaltyMenuLabel(program: Pick<LoyaltyProgram, 'name'> | null | undefined): string {
  return program?.name ? loyaltyMessages.myProgramme(program.name) : loyaltyMessages.myBenefit;
}

/** The loyalty button shows only with an active programme and a signed-in customer. */
export function loyaltyShowsButton(
  program: LoyaltyProgram | null | undefined,
  branchContactId: string | null | undefined,
  signedIn: boolean,
): boolean {
  return signedIn && loyaltyIsActive(program, branchContactId);
}
