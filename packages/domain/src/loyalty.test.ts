import { describe, expect, it } from 'vitest';
import {
  type LoyaltyProgram,
  type LoyaltyRedeemContext,
  loyaltyAccrual,
  loyaltyCombinesWithDiscounts,
  loyaltyIsActive,
  loyaltyMaxPointsForOrder,
  loyaltyMenuLabel,
  loyaltyPointsValue,
  loyaltyRedeemCheck,
  loyaltyRedeemDefault,
  loyaltyShowsButton,
} from './loyalty';
import { loyaltyMessages } from './messages';
import { moneyMinor as m } from './money';

const fueguitos: LoyaltyProgram = {
  active: true,
  name: 'Fueguitos',
  orderPercentage: 5,
  minRedeemedPoints: 500,
  maxRedeemedPoints: 5000,
  maxRedeemedPercentage: 30,
  supportsDiscounts: true,
  branchContactIds: ['fuego-palermo', 'fuego-belgrano'],
};
const ctx = (balance: number, orderAmount: number, mantissaLength = 0): LoyaltyRedeemContext => ({
  program: fueguitos,
  balance,
  orderAmount: m(orderAmount),
  mantissaLength,
});

describe('ordering §5 Loyalty: active', () => {
  it.each([
    [fueguitos, 'fuego-palermo', true],
    [fueguitos, 'fuego-cafe-centro', false],
    [{ ...fueguitos, active: false }, 'fuego-palermo', false],
    [null, 'fuego-palermo', false],
    [fueguitos, null, false],
  ])('%#', (program, branchContactId, active) => {
    expect(loyaltyIsActive(program, branchContactId)).toBe(active);
  });

  it('shows the button only to a signed-in customer of an active programme', () => {
    expect(loyaltyShowsButton(fueguitos, 'fuego-palermo', true)).toBe(true);
    expect(loyaltyShowsButton(fueguitos, 'fuego-palermo', false)).toBe(false);
    expect(loyaltyMenuLabel(fueguitos)).toBe('Mis Fueguitos');
    expect(loyaltyMenuLabel(null)).toBe('Mi beneficio');
    expect(loyaltyMessages.redeem('Fueguitos')).toBe('Canjear Fueguitos');
  });
});

describe('ordering §5 Loyalty redeem: limits and messages', () => {
  it.each([
    [4201, ctx(4200, 100000), 'El máximo de Fueguitos acumulados es: 4200'],
    [5001, ctx(9000, 100000), 'El máximo de Fueguitos canjeable es: 5000'],
    [499, ctx(4200, 100000), 'El mínimo de Fueguitos canjeable es: 500'],
    [3001, ctx(4200, 10000), 'El máximo de Fueguitos utilizable para este pedido es: 3000'],
    [3000, ctx(4200, 10000), null],
    [0, ctx(0, 10000), null],
  ])('%i points → %s', (points, context, message) => {
    expect(loyaltyRedeemCheck(points, context)).toBe(message);
  });

  it('refuses non-whole points', () => {
    expect(() => loyaltyRedeemCheck(1.5, ctx(10, 10))).toThrow(RangeError);
    expect(() => loyaltyRedeemCheck(-1, ctx(10, 10))).toThrow(RangeError);
  });

  it.each([
    ['balance is the smallest', ctx(4200, 100000), 4200],
    ['maximum points is the smallest', ctx(9000, 100000), 5000],
    ['maximum percentage is the smallest', ctx(4200, 10000), 3000],
    ['under the minimum: nothing', ctx(400, 100000), 0],
  ])('default redeem: %s', (_, context, points) => {
    expect(loyaltyRedeemDefault(context)).toBe(points);
  });

  it('values 1 point as 1 currency unit', () => {
    expect(loyaltyPointsValue(4200, 0)).toBe(4200);
    expect(loyaltyPointsValue(100, 2)).toBe(10000);
    expect(loyaltyMaxPointsForOrder(fueguitos, m(123456), 2)).toBe(370);
    expect(loyaltyMaxPointsForOrder({ ...fueguitos, maxRedeemedPercentage: undefined }, m(99999), 2)).toBe(
      999,
    );
    expect(loyaltyMaxPointsForOrder(fueguitos, m(-5), 0)).toBe(0);
  });

  it('earns orderPercentage % of the total, rounded down', () => {
    expect(loyaltyAccrual(fueguitos, m(53439), 0)).toBe(2671);
    expect(loyaltyAccrual(fueguitos, m(123450), 2)).toBe(61);
    expect(loyaltyAccrual({ ...fueguitos, orderPercentage: undefined }, m(123450), 2)).toBe(0);
  });

  it('combines with discounts unless supportsDiscounts is false', () => {
    expect(loyaltyCombinesWithDiscounts({})).toBe(true);
    expect(loyaltyCombinesWithDiscounts({ supportsDiscounts: false })).toBe(false);
  });
});
