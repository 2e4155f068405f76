import { describe, expect, it } from 'vitest';
import {
  type LoyaltyProgram,
  type LoyaltyRedeemContext,
  loyaltyAccrual,
  loyaltyAmountText,
  loyaltyCombinesWithDiscounts,
  loyaltyIsActive,
  loyaltyIsCashback,
  loyaltyMaxPointsForOrder,
  loyaltyMenuLabel,
  loyaltyPointsValue,
  loyaltyRedeemCheck,
  loyaltyRedeemDefault,
  loyaltyShowsButton,
} from './loyalty';
import { loyaltyMessages } from './messages';
import { type MoneyCountry, moneyMinor as m } from './money';

const argentina: MoneyCountry = { code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 };
const uruguay: MoneyCountry = { code: 'UY', currency: { code: 'UYU', symbol: '$' }, mantissaLength: 2 };

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
const ctx = (
  balance: number,
  orderAmount: number,
  program: LoyaltyProgram = fueguitos,
  country: MoneyCountry = argentina,
): LoyaltyRedeemContext => ({ program, balance, orderAmount: m(orderAmount), country });

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

describe('ordering §3 cashback (ADR 033): the same wallet, credited at the cashback percent, read as money', () => {
  const cashbackFuego: LoyaltyProgram = {
    ...fueguitos,
    name: 'Cashback Fuego',
    orderPercentage: 0,
    cashback: 10,
  };

  it("is a cashback programme only with a cashback over zero (the spec's default is zero)", () => {
    expect(loyaltyIsCashback(cashbackFuego)).toBe(true);
    expect(loyaltyIsCashback(fueguitos)).toBe(false);
    expect(loyaltyIsCashback({ cashback: 0 })).toBe(false);
    expect(loyaltyIsCashback(null)).toBe(false);
  });

  it('credits cashback % of the total in whole currency units, not orderPercentage', () => {
    expect(loyaltyAccrual(cashbackFuego, m(53439), 0)).toBe(5343);
    expect(loyaltyAccrual({ ...cashbackFuego, orderPercentage: 5 }, m(53439), 0)).toBe(5343);
    // UYU 1.234,50 at 10 %: 123,45 → 123 whole pesos.
    expect(loyaltyAccrual(cashbackFuego, m(123450), 2)).toBe(123);
  });

  it("reads amounts as money with the country's format, points as grouped counts", () => {
    expect(loyaltyAmountText(cashbackFuego, 3500, argentina)).toBe('$ 3.500');
    expect(loyaltyAmountText(cashbackFuego, 460, argentina, true)).toBe('+$ 460');
    expect(loyaltyAmountText(cashbackFuego, -500, argentina, true)).toBe('−$ 500');
    expect(loyaltyAmountText(cashbackFuego, 1234, uruguay)).toBe('$ 1.234,00');
    expect(loyaltyAmountText(fueguitos, 3500, argentina)).toBe('3.500');
    expect(loyaltyAmountText(fueguitos, 350, argentina, true)).toBe('+350');
    expect(loyaltyAmountText(fueguitos, 0, argentina, true)).toBe('0');
  });

  it('says the four limits in money, with the same checks and default as points', () => {
    expect(loyaltyRedeemCheck(4201, ctx(4200, 100000, cashbackFuego))).toBe(
      'El máximo de Cashback Fuego acumulados es: $ 4.200',
    );
    expect(loyaltyRedeemCheck(5001, ctx(9000, 100000, cashbackFuego))).toBe(
      'El máximo de Cashback Fuego canjeable es: $ 5.000',
    );
    expect(loyaltyRedeemCheck(499, ctx(4200, 100000, cashbackFuego))).toBe(
      'El mínimo de Cashback Fuego canjeable es: $ 500',
    );
    expect(loyaltyRedeemCheck(3001, ctx(4200, 1000000, cashbackFuego, uruguay))).toBe(
      'El máximo de Cashback Fuego utilizable para este pedido es: $ 3.000,00',
    );
    expect(loyaltyRedeemDefault(ctx(4200, 10000, cashbackFuego))).toBe(3000);
  });
});
