import { describe, expect, it } from 'vitest';
import { menuDiscounts } from '../test/fixtures';
import {
  type MenuDiscountLine,
  menuDiscountForPlate,
  menuDiscountFreeUnits,
  menuDiscountLines,
  menuDiscountUnitPrice,
  menuDiscountValidOn,
} from './menu-discount';
import { moneyMinor as m } from './money';
import type { MenuDiscount } from './types';

const l = (
  referenceId: string,
  quantity: number,
  unitPrice: number,
  key = referenceId,
  basePrice = unitPrice,
) => ({
  key,
  referenceId,
  quantity,
  unitPrice: m(unitPrice),
  basePrice: m(basePrice),
});

describe('ordering §3 Menu discounts', () => {
  it('charges 5 units when buying 7 with buy 3 pay 2', () => {
    const discount: MenuDiscount = { type: 'MULTIPLE', buy: 3, pay: 2, plates: ['gaseosa'] };
    const [result] = menuDiscountLines([l('gaseosa', 7, 2200)], [discount], 'MONDAY');
    expect(result?.amount).toBe(2 * 2200);
    expect(7 * 2200 - (result?.amount ?? 0)).toBe(5 * 2200);
  });

  it.each([
    [2, 1, 3, 1],
    [2, 1, 4, 2],
    [3, 2, 7, 2],
    [3, 2, 2, 0],
    [2, 2, 10, 0],
    [0, 0, 10, 0],
    [2.5, 1, 10, 0],
  ])('buy %d pay %d on %d units frees %d', (buy, pay, units, free) => {
    expect(menuDiscountFreeUnits(buy, pay, units)).toBe(free);
  });

  it('counts a 2x1 across lines of the plate (IPA + Honey) and frees the cheapest unit', () => {
    const lines: MenuDiscountLine[] = [l('cerveza', 1, 4500, 'ipa'), l('cerveza', 1, 4000, 'honey')];
    const results = menuDiscountLines(lines, menuDiscounts, 'THURSDAY');
    expect(results.map((r) => r.amount)).toEqual([0, 4000]);
    expect(results[1]?.discount?.type).toBe('MULTIPLE');
  });

  it('limits a discount to its validDays', () => {
    const results = menuDiscountLines([l('cerveza', 2, 4500)], menuDiscounts, 'WEDNESDAY');
    expect(results[0]).toEqual({ amount: 0, discount: null });
    expect(menuDiscountValidOn({ validDays: ['THURSDAY'] }, 'THURSDAY')).toBe(true);
    expect(menuDiscountValidOn({ validDays: [] }, 'MONDAY')).toBe(true);
    expect(menuDiscountValidOn({}, 'SUNDAY')).toBe(true);
  });

  it.each([
    ['PERCENT 15 % on papas con cheddar', l('papas-cheddar', 1, 5900), 885],
    ['PERCENT rounded once per line', l('papas-cheddar', 3, 5900), 2655],
    ['FIXED 500 off each brownie', l('brownie', 2, 5200), 1000],
    ['FINAL_PRICE 12900 on the combo, extras still charged', l('combo-fuego', 1, 16000, 'c', 14500), 1600],
    ['nothing on a plate without discount', l('papas', 3, 4200), 0],
  ])('%s', (_, line, amount) => {
    expect(menuDiscountLines([line], menuDiscounts, 'MONDAY')[0]?.amount).toBe(amount);
  });

  it('never discounts more than the line', () => {
    const discounts: MenuDiscount[] = [
      { type: 'FIXED', fixedDiscount: m(9000), plates: ['a'] },
      { type: 'PERCENT', percentage: 150, plates: ['b'] },
      { type: 'FINAL_PRICE', finalPrice: m(9000), plates: ['c'] },
    ];
    const results = menuDiscountLines(
      [l('a', 2, 1000), l('b', 1, 1000), l('c', 1, 1000)],
      discounts,
      'MONDAY',
    );
    expect(results.map((r) => r.amount)).toEqual([2000, 1000, 0]);
  });

  it('applies the first listed discount of a plate', () => {
    const discounts: MenuDiscount[] = [
      { type: 'PERCENT', percentage: 10, plates: ['a'], validDays: ['FRIDAY'] },
      { type: 'PERCENT', percentage: 20, plates: ['a'] },
      { type: 'PERCENT', percentage: 30, plates: ['a'] },
    ];
    expect(
      menuDiscountForPlate(discounts, 'a', 'MONDAY')?.type === 'PERCENT' &&
        menuDiscountForPlate(discounts, 'a', 'MONDAY'),
    ).toMatchObject({
      percentage: 20,
    });
    expect(menuDiscountForPlate(discounts, 'a', 'FRIDAY')).toMatchObject({ percentage: 10 });
    expect(menuDiscountForPlate(discounts, 'z', 'FRIDAY')).toBeNull();
  });

  it('shows the discounted unit price on the menu', () => {
    expect(menuDiscountUnitPrice(menuDiscounts[0] ?? null, m(5900))).toBe(5015);
    expect(menuDiscountUnitPrice(menuDiscounts[1] ?? null, m(4500))).toBe(4500);
    expect(menuDiscountUnitPrice(menuDiscounts[2] ?? null, m(5200))).toBe(4700);
    expect(menuDiscountUnitPrice(menuDiscounts[3] ?? null, m(14500))).toBe(12900);
    expect(menuDiscountUnitPrice(null, m(14500))).toBe(14500);
    expect(menuDiscountUnitPrice({ type: 'FIXED', fixedDiscount: m(9000), plates: [] }, m(100))).toBe(0);
  });
});
