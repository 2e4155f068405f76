import { bigint, integer, numeric, timestamp } from 'drizzle-orm/pg-core';

/** Money: integer minor units of the company's currency (see packages/domain/src/money.ts). */
export const money = (name?: string) =>
  name ? bigint(name, { mode: 'number' }) : bigint({ mode: 'number' });

/** A percent as written by the venue (`2` is 2 %), exact to four decimals. */
export const percent = () => numeric({ precision: 9, scale: 4, mode: 'number' });

/** A discount or surcharge value: a percent for PERCENT, minor units for FIXED. */
export const percentOrAmount = () => numeric({ precision: 18, scale: 4, mode: 'number' });

/**
 * Position of a row an import kept only for history (a plate that was ordered, a
 * location with orders…): it left the tenant file, so diners never see it and the
 * export leaves it out.
 */
export const RETIRED_POSITION = -1;

/** Every tenant-owned row says which company it belongs to; queries filter on it. */
export const companyId = () => integer().notNull();

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const instant = () => timestamp({ withTimezone: true });
