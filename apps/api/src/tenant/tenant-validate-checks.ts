/**
 * What the cross-file rules of tenant-file validation share: defensive
 * readers of the loose input and the FileChecks that collect problems.
 */
import { type Minor, moneyMinor, moneyToMajor, moneyToMinor } from '@comanda/domain/money';

// ------------------------------------------------------------------ loose reading
//
// The rules below run even when the shape is wrong (so that every problem is
// listed at once), hence they read the input defensively: a value of the wrong
// type is simply skipped here, the schema pass has reported it already.

export type Loose = Record<string, unknown>;
export const rec = (value: unknown): Loose | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : undefined;
export const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
export const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
export const recs = (value: unknown): [number, Loose][] =>
  arr(value).flatMap((item, index): [number, Loose][] => {
    const record = rec(item);
    return record ? [[index, record]] : [];
  });

/** Largest fixed discount or surcharge accepted, in minor units (the column is numeric(18,4)). */
export const VALUE_COLUMN_MAX_MINOR = 1_000_000_000_000;

export function timezoneValid(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Reports a reference to a branch contact alias that the file does not define. */
export type ContactRef = (path: string, value: unknown) => void;

/**
 * The problems found so far, and the checks every part of the file shares
 * (money in the currency's decimals, percents, unique keys, value discounts).
 */
export class FileChecks {
  readonly errors: string[] = [];
  private readonly mantissa: number | undefined;

  constructor(file: Loose) {
    const mantissa = rec(file.country)?.mantissaLength;
    this.mantissa =
      typeof mantissa === 'number' && Number.isInteger(mantissa) && mantissa >= 0 && mantissa <= 4
        ? mantissa
        : undefined;
  }

  error(path: string, message: string): void {
    this.errors.push(`${path}: ${message}`);
  }

  /** A money amount must be written with at most the currency's decimals. */
  money(path: string, value: unknown): void {
    const amount = num(value);
    if (amount === undefined || amount < 0 || this.mantissa === undefined) return;
    let minor: Minor;
    try {
      minor = moneyToMinor(amount, this.mantissa);
    } catch {
      this.error(path, 'expected an amount that fits a safe integer of minor units');
      return;
    }
    if (moneyToMajor(minor, this.mantissa) !== amount) {
      this.error(
        path,
        this.mantissa === 0
          ? `expected a whole amount: the currency has no decimals (country.mantissaLength is 0)`
          : `expected at most ${this.mantissa} decimal(s) (country.mantissaLength)`,
      );
    }
  }

  /** A fixed amount stored in a discount or surcharge value column. */
  valueMoney(path: string, value: unknown): void {
    this.money(path, value);
    const amount = num(value);
    if (amount === undefined || this.mantissa === undefined) return;
    if (moneyToMinor(amount, this.mantissa) > VALUE_COLUMN_MAX_MINOR) {
      this.error(path, `expected at most ${moneyToMajor(moneyMinor(VALUE_COLUMN_MAX_MINOR), this.mantissa)}`);
    }
  }

  /** Percents are kept exact to four decimals. */
  percent(path: string, value: unknown): void {
    const percent = num(value);
    if (percent === undefined) return;
    if (Math.abs(Math.round(percent * 10_000) - percent * 10_000) > 1e-6) {
      this.error(path, 'expected a percent with at most 4 decimals');
    }
  }

  /** Reports the second and later occurrences of a key among `items`. */
  unique(
    items: [string, unknown][],
    what: string,
    normalise: (value: string) => string = (value) => value,
  ): void {
    const first = new Map<string, string>();
    for (const [path, value] of items) {
      const text = str(value);
      if (text === undefined) continue;
      const seenAt = first.get(normalise(text));
      if (seenAt) this.error(path, `duplicate ${what} "${text}" (also at ${seenAt})`);
      else first.set(normalise(text), path);
    }
  }

  valueDiscount(path: string, discount: Loose): void {
    if (discount.type === 'FIXED') this.valueMoney(`${path}.value`, discount.value);
    if (discount.type === 'PERCENT') {
      this.percent(`${path}.value`, discount.value);
      const value = num(discount.value);
      if (value !== undefined && value > 100)
        this.error(`${path}.value`, 'expected a percent of at most 100');
    }
  }
}
