/**
 * Loyalty programme (ordering §3 "Loyalty programme", §5 "Loyalty redeem", §9
 * "Loyalty value"): when it is active, how many points may be redeemed on an
 * order, the four redeem messages, the default redeem amount and the accrual.
 * 1 point = 1 currency unit (a major unit: 100 minor units for UYU). Points are
 * whole numbers.
 *
 * A cashback programme (`cashback` > 0, docs/decisions/033-loyalty-cashback.md)
 * is the same wallet and the same rules: it credits `cashback` % of the total
 * instead of `orderPercentage` %, and its amounts read as money ('$ 460')
 * rather than as a count of points.
 */
import { loyaltyMessages } from './messages';
import {
  type Minor,
  type MoneyCountry,
  moneyFormat,
  moneyLocale,
  moneyMinor,
  moneyPercentFloor,
} from './money';

/** A branch's loyalty programme. */
export interface LoyaltyProgram {
  active: boolean;
  name: string;
  /** Percent of the order total earned as points. */
  orderPercentage?: number;
  /** Percent of the order total credited back as money; > 0 makes a cashback programme. */
  cashback?: number;
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

/** Whether the programme returns money (cashback) rather than points. */
export function loyaltyIsCashback(program: Pick<LoyaltyProgram, 'cashback'> | null | undefined): boolean {
  return (program?.cashback ?? 0) > 0;
}

const pointFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount of the programme as the diner reads it: a cashback programme's as money
 * ('$ 1.200', '+$ 460'), points grouped like the venue's numbers ('3.500', '+350',
 * '−500'). `signed` marks a move of the balance.
 */
export function loyaltyAmountText(
  program: Pick<LoyaltyProgram, 'cashback'>,
  amount: number,
  country: MoneyCountry,
  signed = false,
): string {
  const sign = amount < 0 ? '−' : signed && amount > 0 ? '+' : '';
  if (loyaltyIsCashback(program))
    return `${sign}${moneyFormat(loyaltyPointsValue(Math.abs(amount), country.mantissaLength), country)}`;
  const locale = moneyLocale(country.code);
  let format = pointFormats.get(locale);
  if (!format) {
    // 'always': Spanish CLDR data leaves 4-digit numbers ungrouped, the product groups them (money.ts).
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: 'always' });
    pointFormats.set(locale, format);
  }
  return `${sign}${format.format(Math.abs(amount))}`;
}

/** The spec's {n} in the redeem messages: a plain count of points, or money for a cashback programme. */
export function loyaltyMessageAmount(
  program: Pick<LoyaltyProgram, 'cashback'>,
  amount: number,
  country: MoneyCountry,
): number | string {
  return loyaltyIsCashback(program) ? loyaltyAmountText(program, amount, country) : amount;
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
  country: MoneyCountry;
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
  const { program, balance, country } = context;
  const n = (amount: number) => loyaltyMessageAmount(program, amount, country);
  if (points > balance) return loyaltyMessages.overBalance(program.name, n(balance));
  if (program.maxRedeemedPoints !== undefined && points > program.maxRedeemedPoints) {
    return loyaltyMessages.overMaximum(program.name, n(program.maxRedeemedPoints));
  }
  if (program.minRedeemedPoints !== undefined && points < program.minRedeemedPoints) {
    return loyaltyMessages.underMinimum(program.name, n(program.minRedeemedPoints));
  }
  const maxForOrder = loyaltyMaxPointsForOrder(program, context.orderAmount, country.mantissaLength);
  if (points > maxForOrder) return loyaltyMessages.overOrderPercentage(program.name, n(maxForOrder));
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
      loyaltyMaxPointsForOrder(program, context.orderAmount, context.country.mantissaLength),
    ),
  );
  return program.minRedeemedPoints !== undefined && points < program.minRedeemedPoints ? 0 : points;
}

/**
 * Points earned by an order: `orderPercentage` % of its total (`cashback` % for a
 * cashback programme), rounded down to whole points (whole currency units).
 */
export function loyaltyAccrual(program: LoyaltyProgram, total: Minor, mantissaLength: number): number {
  const percent = loyaltyIsCashback(program) ? program.cashback : program.orderPercentage;
  if (!percent) return 0;
  return pointsWithin(moneyPercentFloor(moneyMinor(Math.max(0, total)), percent), mantissaLength);
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
