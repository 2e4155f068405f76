/**
 * Menu discounts (ordering §3 "Menu > Discounts"): PERCENT, FIXED, MULTIPLE
 * (buy/pay) and FINAL_PRICE, each limited to its plates and, where given, its
 * `validDays`. They lower a line's price; they are the cart item's `discount`.
 */
import { type Minor, moneyMinor, moneyPercent } from './money';
import type { DayOfWeek, MenuDiscount } from './types';

/** Whether a discount holds on a weekday (no `validDays`, or an empty list: every day). */
export function menuDiscountValidOn(discount: Pick<MenuDiscount, 'validDays'>, day: DayOfWeek): boolean {
  return !discount.validDays || discount.validDays.length === 0 || discount.validDays.includes(day);
}

/**
 * The discount of a plate on a weekday: the first discount of the menu's list
 * that names the plate and holds that day (the venue orders its list).
 */
export function menuDiscountForPlate(
  discounts: readonly MenuDiscount[],
  plateId: string,
  day: DayOfWeek,
): MenuDiscount | null {
  return (
    discounts.find((discount) => discount.plates.includes(plateId) && menuDiscountValidOn(discount, day)) ??
    null
  );
}

/** A line as menu discounts see it. */
export interface MenuDiscountLine {
  /** Stable identity of the line (cart item key), used to break ties independently of line order. */
  key: string;
  referenceId: string;
  quantity: number;
  /** Unit price with extras. */
  unitPrice: Minor;
  /** Unit price of the size or plate, without extras (FINAL_PRICE replaces this part only). */
  basePrice: Minor;
}

/** The discount computed for one line. */
export interface MenuDiscountLineResult {
  amount: Minor;
  discount: MenuDiscount | null;
}

/**
 * Each line's menu discount, aligned with `lines`:
 * - PERCENT: `percentage` % of the line, rounded half up once per line;
 * - FIXED: `fixedDiscount` off each unit, at most the unit price;
 * - FINAL_PRICE: each unit's base price becomes `finalPrice` (extras still charged);
 * - MULTIPLE: for every `buy` units of the discount's plates (all lines together,
 *   so an IPA and a Honey pint make a 2x1) `buy − pay` units are free, the
 *   cheapest ones. Buy 3 pay 2 on 7 units charges 5.
 * A discount never exceeds its line.
 */
export function menuDiscountLines(
  lines: readonly MenuDiscountLine[],
  discounts: readonly MenuDiscount[],
  day: DayOfWeek,
): MenuDiscountLineResult[] {
  const chosen = lines.map((line) => menuDiscountForPlate(discounts, line.referenceId, day));
  const results: MenuDiscountLineResult[] = lines.map((line, index) => {
    const discount = chosen[index] ?? null;
    const gross = line.unitPrice * line.quantity;
    let amount = 0;
    if (discount?.type === 'PERCENT') amount = moneyPercent(moneyMinor(gross), discount.percentage);
    else if (discount?.type === 'FIXED')
      amount = Math.min(discount.fixedDiscount, line.unitPrice) * line.quantity;
    else if (discount?.type === 'FINAL_PRICE') {
      amount = Math.max(0, Math.min(line.basePrice, line.unitPrice) - discount.finalPrice) * line.quantity;
    }
    return { amount: moneyMinor(Math.max(0, Math.min(amount, gross))), discount };
  });
  for (const discount of new Set(chosen)) {
    if (discount?.type !== 'MULTIPLE') continue;
    const members = lines
      .map((line, index) => ({ line, index }))
      .filter(({ index }) => chosen[index] === discount)
      .sort(
        (a, b) =>
          a.line.unitPrice - b.line.unitPrice ||
          (a.line.key < b.line.key ? -1 : a.line.key > b.line.key ? 1 : 0),
      );
    const units = members.reduce((sum, { line }) => sum + line.quantity, 0);
    let free = menuDiscountFreeUnits(discount.buy, discount.pay, units);
    for (const { line, index } of members) {
      const taken = Math.min(free, line.quantity);
      free -= taken;
      results[index] = { amount: moneyMinor(taken * line.unitPrice), discount };
    }
  }
  return results;
}

/** Free units of a buy/pay offer over `units` units; 0 when the offer is malformed (pay ≥ buy). */
export function menuDiscountFreeUnits(buy: number, pay: number, units: number): number {
  if (!Number.isInteger(buy) || !Number.isInteger(pay) || buy < 1 || pay < 0 || pay >= buy) return 0;
  return Math.floor(units / buy) * (buy - pay);
}

/**
 * The unit price the menu shows for a plate under a discount (PERCENT, FIXED,
 * FINAL_PRICE); MULTIPLE leaves the unit price as is.
 */
export function menuDiscountUnitPrice(discount: MenuDiscount | null, price: Minor): Minor {
  if (!discount) return price;
  switch (discount.type) {
    case 'PERCENT':
      return moneyMinor(Math.max(0, price - moneyPercent(price, discount.percentage)));
    case 'FIXED':
      return moneyMinor(Math.max(0, price - discount.fixedDiscount));
    case 'FINAL_PRICE':
      return moneyMinor(Math.min(price, discount.finalPrice));
    default:
      return price;
  }
}
