/**
 * Money inside the product is always an integer number of minor units of the
 * country's currency (`mantissaLength` decimals). Major units only exist at the
 * edges (the API's JSON and the tenant file), and cross through these functions.
 *
 * Rounding rule of the whole product (see README "Rounding"): every percentage
 * is computed exactly and rounded once, half up, to the currency's minor unit,
 * at the moment it is computed. Every figure of a breakdown is therefore an
 * integer and the breakdown adds up to the total exactly.
 */

declare const minorBrand: unique symbol;
/** An integer amount of the currency's minor unit (cents for UYU, pesos for ARS). */
export type Minor = number & { readonly [minorBrand]: 'Minor' };

/** Brands an integer as minor units; throws on a non-integer so a fraction never leaks in. */
export function moneyMinor(value: number): Minor {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Minor units must be a safe integer, got ${value}`);
  return value as Minor;
}

/**
 * Converts a major-unit amount as a person writes it (`8500`, `1234.5`) to minor
 * units. Rounds half away from zero at the currency's precision; decimal strings
 * are parsed without going through binary floating point.
 */
export function moneyToMinor(major: number | string, mantissaLength: number): Minor {
  const text = typeof major === 'number' ? numberToPlainString(major) : major.trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not an amount: ${major}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const padded = fraction.padEnd(mantissaLength + 1, '0');
  const kept = padded.slice(0, mantissaLength);
  const nextDigit = Number(padded[mantissaLength] ?? '0');
  let minor = Number(whole) * 10 ** mantissaLength + (kept ? Number(kept) : 0);
  if (nextDigit >= 5) minor += 1;
  return moneyMinor(sign === '-' && minor !== 0 ? -minor : minor);
}

/** Converts minor units back to a major-unit number for the API's JSON (`8500`, `1234.5`). */
export function moneyToMajor(minor: Minor, mantissaLength: number): number {
  return Number((minor / 10 ** mantissaLength).toFixed(mantissaLength));
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${value}`);
  // toFixed(10) avoids exponent notation; trailing zeros are dropped by the parser.
  return value.toFixed(10).replace(/\.?0+$/, '');
}

/** The zero amount, typed. */
export const MONEY_ZERO = 0 as Minor;

/** What formatting needs to know about a country (a subset of the tenant's `country`). */
export interface MoneyCountry {
  /** ISO 3166 alpha-2 code, e.g. `AR`. Picks the number locale. */
  code: string;
  currency: { code: string; symbol: string };
  /** Decimals the currency shows: 0 for ARS and CLP, 2 for UYU, MXN, USD. */
  mantissaLength: number;
}

// Number locale per country of the product. Unknown countries fall back to es-AR,
// the product's home market, so a figure is never printed in an English style by accident.
const NUMBER_LOCALES: Readonly<Record<string, string>> = {
  AR: 'es-AR',
  UY: 'es-UY',
  CL: 'es-CL',
  CO: 'es-CO',
  PE: 'es-PE',
  BR: 'pt-BR',
  VE: 'es-VE',
  PY: 'es-PY',
  MX: 'es-MX',
  EC: 'es-EC',
  BO: 'es-BO',
  US: 'en-US',
};

/** The Intl locale used for the numbers of a country (`es-AR` for `AR`). */
export function moneyLocale(countryCode: string): string {
  return NUMBER_LOCALES[countryCode.toUpperCase()] ?? 'es-AR';
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    // 'always' grouping: Spanish CLDR data leaves 4-digit numbers ungrouped (1234),
    // but the product shows $ 8.500 everywhere, on every ICU version.
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: 'always',
    });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * The amount without symbol, grouped and with the country's decimals:
 * `8.500` (ARS), `1.234,50` (UYU).
 */
export function moneyFormatNumber(amount: Minor, country: MoneyCountry): string {
  const digits = country.mantissaLength;
  return numberFormat(moneyLocale(country.code), digits).format(Math.abs(amount) / 10 ** digits);
}

/**
 * The amount as the diner reads it: symbol, one space, grouped number —
 * `$ 8.500` for ARS, `$ 1.234,50` for UYU, `-$ 500` when negative.
 * The symbol comes from the tenant's country rather than from Intl, so the API's
 * text (messages to the venue) and the browser print exactly the same string.
 */
export function moneyFormat(amount: Minor, country: MoneyCountry): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}${country.currency.symbol} ${moneyFormatNumber(amount, country)}`;
}

/**
 * Parses what a diner types in an amount field (`10000`, `10.000`, `1.234,50`,
 * `1234.5`) into minor units, or null when it is not a non-negative amount.
 * A `.` or `,` followed by 1…mantissaLength digits at the end is the decimal
 * separator; every other separator is grouping.
 */
export function moneyParseInput(text: string, country: MoneyCountry): Minor | null {
  const trimmed = text.trim().replace(/^\$\s*/, '');
  if (!/^\d[\d.,]*$/.test(trimmed)) return null;
  const digits = country.mantissaLength;
  let whole = trimmed;
  let fraction = '';
  if (digits > 0) {
    const decimal = new RegExp(`[.,](\\d{1,${digits}})$`).exec(trimmed);
    if (decimal) {
      whole = trimmed.slice(0, decimal.index);
      fraction = decimal[1] ?? '';
    }
  }
  const wholeDigits = whole.replace(/[.,]/g, '');
  if (wholeDigits === '' || !Number.isSafeInteger(Number(wholeDigits))) return null;
  return moneyToMinor(fraction ? `${wholeDigits}.${fraction}` : wholeDigits, digits);
}

/** Rounds numerator/denominator half up (both non-negative BigInts). */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

// Percents are read with up to six decimals (2.5 %, 12.345678 %), exactly.
const PERCENT_SCALE = 1_000_000n;

function percentToScaled(percent: number): bigint {
  if (!Number.isFinite(percent) || percent < 0) throw new RangeError(`Not a percentage: ${percent}`);
  return BigInt(Math.round(percent * Number(PERCENT_SCALE)));
}

/**
 * `percent` % of `amount`, rounded half up to the minor unit. This is THE rounding
 * step of the product: every percentage (menu discount, code discount, general
 * discount, surcharge, service fee, loyalty limits) goes through it.
 * `moneyPercent(8500, 15)` = 1275; `moneyPercent(1005, 2.5)` = 25 (25.125 → 25).
 */
export function moneyPercent(amount: Minor, percent: number): Minor {
  const negative = amount < 0;
  const scaled = divideHalfUp(BigInt(Math.abs(amount)) * percentToScaled(percent), 100n * PERCENT_SCALE);
  const result = Number(scaled);
  return moneyMinor(negative && result !== 0 ? -result : result);
}

/**
 * `percent` % of `amount` rounded DOWN: used where a figure is a limit that must
 * not be exceeded (loyalty's maximum percentage of the order, points accrual).
 */
export function moneyPercentFloor(amount: Minor, percent: number): Minor {
  if (amount < 0) throw new RangeError('moneyPercentFloor takes a non-negative amount');
  return moneyMinor(Number((BigInt(amount) * percentToScaled(percent)) / (100n * PERCENT_SCALE)));
}

/** Sum of amounts, typed. */
export function moneySum(amounts: readonly Minor[]): Minor {
  let total = 0;
  for (const amount of amounts) total += amount;
  return moneyMinor(total);
}

/** `unit × quantity`, checked to stay a safe integer. */
export function moneyTimes(unit: Minor, quantity: number): Minor {
  return moneyMinor(unit * quantity);
}

/** The smaller of two amounts. */
export function moneyMin(a: Minor, b: Minor): Minor {
  return (a < b ? a : b) as Minor;
}

/** The larger of two amounts (use `moneyMax(x, MONEY_ZERO)` to clamp at zero). */
export function moneyMax(a: Minor, b: Minor): Minor {
  return (a > b ? a : b) as Minor;
}

/**
 * Splits `total` across parts in proportion to `weights` without losing or
 * inventing a minor unit (largest-remainder method): each part gets the floor of
 * its exact share, and the units left over go to the largest remainders.
 * Ties go to the larger weight, then to the smaller `keys` entry (or the lower
 * index when no keys are given) — pass keys to make the split independent of
 * the order of the parts. All weights zero: the split is even.
 * `moneySplit(100, [1, 1, 1])` = [34, 33, 33].
 */
export function moneySplit(total: Minor, weights: readonly number[], keys?: readonly string[]): Minor[] {
  if (weights.length === 0) {
    if (total !== 0) throw new RangeError('Cannot split a non-zero amount into no parts');
    return [];
  }
  if (total < 0) return moneySplit(moneyMinor(-total), weights, keys).map((part) => moneyMinor(-part));
  if (weights.some((weight) => !Number.isFinite(weight) || weight < 0)) {
    throw new RangeError('Split weights must be finite and non-negative');
  }
  // Weights may be fractional; scale them to integers so the arithmetic is exact.
  let scaled = weights.map((weight) => BigInt(Math.round(weight * 1_000_000)));
  let scaledSum = scaled.reduce((sum, weight) => sum + weight, 0n);
  if (scaledSum === 0n) {
    scaled = weights.map(() => 1n);
    scaledSum = BigInt(weights.length);
  }
  const bigTotal = BigInt(total);
  const parts = scaled.map((weight, index) => {
    const exact = bigTotal * weight;
    return { index, floor: exact / scaledSum, remainder: exact % scaledSum, weight };
  });
  let left = bigTotal - parts.reduce((sum, part) => sum + part.floor, 0n);
  const byRemainder = [...parts].sort((a, b) => {
    if (a.remainder !== b.remainder) return a.remainder > b.remainder ? -1 : 1;
    if (a.weight !== b.weight) return a.weight > b.weight ? -1 : 1;
    const keyA = keys?.[a.index];
    const keyB = keys?.[b.index];
    if (keyA !== undefined && keyB !== undefined && keyA !== keyB) return keyA < keyB ? -1 : 1;
    return a.index - b.index;
  });
  const result = parts.map((part) => part.floor);
  for (const part of byRemainder) {
    if (left <= 0n) break;
    result[part.index] = (result[part.index] ?? 0n) + 1n;
    left -= 1n;
  }
  return result.map((part) => moneyMinor(Number(part)));
}
