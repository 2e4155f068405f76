import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type MoneyCountry,
  moneyFormat,
  moneyFormatNumber,
  moneyLocale,
  moneyMax,
  moneyMin,
  moneyMinor,
  moneyParseInput,
  moneyPercent,
  moneyPercentFloor,
  moneySplit,
  moneySum,
  moneyTimes,
  moneyToMajor,
  moneyToMinor,
} from './money';

const ARS: MoneyCountry = { code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 };
const UYU: MoneyCountry = { code: 'UY', currency: { code: 'UYU', symbol: '$' }, mantissaLength: 2 };
const MXN: MoneyCountry = { code: 'MX', currency: { code: 'MXN', symbol: '$' }, mantissaLength: 2 };
const m = moneyMinor;

describe('money units (architecture: integer minor units)', () => {
  it.each([
    [8500, 0, 8500],
    ['8500', 0, 8500],
    [1234.5, 2, 123450],
    ['1234.50', 2, 123450],
    ['0.005', 2, 1],
    ['0.004', 2, 0],
    [-2.5, 0, -3],
    ['-0.4', 0, 0],
    [0.1 + 0.2, 2, 30],
  ])('moneyToMinor(%s, %i) = %i', (major, mantissa, minor) => {
    expect(moneyToMinor(major, mantissa)).toBe(minor);
  });

  it('refuses what is not an amount', () => {
    expect(() => moneyToMinor('12,5', 2)).toThrow(RangeError);
    expect(() => moneyToMinor(Number.NaN, 2)).toThrow(RangeError);
    expect(() => moneyMinor(1.5)).toThrow(RangeError);
  });

  it('converts back to major units', () => {
    expect(moneyToMajor(m(123450), 2)).toBe(1234.5);
    expect(moneyToMajor(m(8500), 0)).toBe(8500);
  });

  it('round-trips any amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 0, max: 3 }),
        (minor, mantissa) => {
          expect(moneyToMinor(moneyToMajor(m(minor), mantissa), mantissa)).toBe(minor);
        },
      ),
    );
  });
});

describe('money formatting (ordering §9, Intl.NumberFormat per country)', () => {
  it.each([
    [ARS, 8500, '$ 8.500'],
    [ARS, 850, '$ 850'],
    [ARS, 1234567, '$ 1.234.567'],
    [ARS, 0, '$ 0'],
    [ARS, -500, '-$ 500'],
    [UYU, 123450, '$ 1.234,50'],
    [UYU, 5, '$ 0,05'],
    [MXN, 123450, '$ 1,234.50'],
  ])('moneyFormat(%o, %i) = %s', (country, minor, text) => {
    expect(moneyFormat(m(minor), country)).toBe(text);
  });

  it('formats the number alone', () => {
    expect(moneyFormatNumber(m(8000), ARS)).toBe('8.000');
  });

  it('uses the country locale, es-AR when unknown', () => {
    expect(moneyLocale('uy')).toBe('es-UY');
    expect(moneyLocale('ZZ')).toBe('es-AR');
  });

  it.each([
    ['10000', ARS, 10000],
    ['10.000', ARS, 10000],
    ['$ 10.000', ARS, 10000],
    ['1.234,50', UYU, 123450],
    ['1234.5', UYU, 123450],
    ['10.000', UYU, 1000000],
    ['0', ARS, 0],
    ['', ARS, null],
    ['abc', ARS, null],
    ['-5', ARS, null],
    ['.', ARS, null],
  ])('moneyParseInput(%s) = %s', (text, country, expected) => {
    expect(moneyParseInput(text, country)).toBe(expected);
  });
});

describe('percentages and the rounding step (README "Rounding")', () => {
  it.each([
    [8500, 15, 1275],
    [1005, 2.5, 25], // 25.125 rounds down
    [1010, 2.5, 25], // 25.25
    [1020, 2.5, 26], // 25.5 rounds half up
    [5900, 15, 885],
    [333, 33.333333, 111],
    [0, 50, 0],
    [-1020, 2.5, -26],
  ])('moneyPercent(%i, %d) = %i', (amount, percent, expected) => {
    expect(moneyPercent(m(amount), percent)).toBe(expected);
  });

  it('floors a limit', () => {
    expect(moneyPercentFloor(m(1999), 10)).toBe(199);
    expect(() => moneyPercentFloor(m(-1), 10)).toThrow(RangeError);
    expect(() => moneyPercent(m(1), -1)).toThrow(RangeError);
  });

  it('never leaves [0, amount] for a percent in [0, 100]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.double({ min: 0, max: 100, noNaN: true }), (a, p) => {
        const result = moneyPercent(m(a), p);
        expect(result).toBeGreaterThanOrEqual(0);
        expect(result).toBeLessThanOrEqual(a);
      }),
    );
  });

  it('sums, multiplies, compares', () => {
    expect(moneySum([m(1), m(2), m(3)])).toBe(6);
    expect(moneyTimes(m(4500), 7)).toBe(31500);
    expect(moneyMin(m(1), m(2))).toBe(1);
    expect(moneyMax(m(1), m(2))).toBe(2);
  });
});

describe('largest-remainder split', () => {
  it.each([
    [100, [1, 1, 1], undefined, [34, 33, 33]],
    [100, [1, 1, 1], ['c', 'a', 'b'], [33, 34, 33]],
    [10, [0, 0], undefined, [5, 5]],
    [7, [2, 1], undefined, [5, 2]],
    [1000, [8500, 4200, 2200], undefined, [570, 282, 148]],
    [-100, [1, 1, 1], undefined, [-34, -33, -33]],
    [0, [], undefined, []],
    [5, [1e-9, 1e-9], undefined, [3, 2]],
  ])('moneySplit(%i, %o)', (total, weights, keys, expected) => {
    expect(moneySplit(m(total), weights, keys)).toEqual(expected);
  });

  it('refuses impossible splits', () => {
    expect(() => moneySplit(m(1), [])).toThrow(RangeError);
    expect(() => moneySplit(m(1), [-1])).toThrow(RangeError);
  });

  it('never loses or invents a unit, and keyed splits ignore part order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          const keys = weights.map((_, i) => `k${i}`);
          const parts = moneySplit(m(total), weights, keys);
          expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
          const reversed = moneySplit(m(total), [...weights].reverse(), [...keys].reverse()).reverse();
          expect(reversed).toEqual(parts);
        },
      ),
    );
  });
});
