/**
 * Limits a real diner never meets but a script does (ADR 020), counted in
 * `AbuseCounters` (Redis when REDIS_URL is set, else memory):
 *
 * - orders per client IP per minute (every attempt counts, malformed ones too), per phone and per
 *   location in a window (only orders that go through count: a refused or
 *   failed attempt is taken back, so a flood of bad requests cannot use up a
 *   location's budget);
 * - failed discount-code lookups per client and brand, and per brand, shared by
 *   the validate route and order placement: once spent, code requests of that
 *   client (or brand) are refused before any lookup;
 * - anonymous writes (analytics events, browser logs) per client per day.
 *
 * Every refusal at a known location is recorded in `abuse_trips` for its
 * console (what, when, the phone masked).
 */
import { codeDiscountMessages } from '@comanda/domain/messages';
import type { Config } from '../config';
import type { Queryable } from '../db/client';
import { HttpError } from '../lib/http-error';
import {
  type AbuseTripKind,
  abuseTripRecord,
  orderModeVenueFind,
} from '../repositories/abuse-trip-repository';
import type { AbuseCounters } from './abuse-counters';
import { contentCachedVersioned } from './content-cache';

/** (ours) What a refused diner reads (storefront voice: tú). */
export const abuseMessages = {
  ordersFromAddress: (minutes: number) =>
    `Recibimos demasiados pedidos desde tu conexión. Espera ${minutesText(minutes)} y vuelve a intentarlo.`,
  ordersForPhone: (minutes: number) =>
    'Ya recibimos varios pedidos con este teléfono hace muy poco. Si quieres hacer otro, espera ' +
    `${minutesText(minutes)}; si necesitas cambiar tu pedido, comunícate con el local.`,
  ordersAtVenue: (minutes: number) =>
    `El local está recibiendo demasiados pedidos en este momento. Vuelve a intentarlo en ${minutesText(minutes)} o comunícate con el local.`,
  codeGuesses: (minutes: number) =>
    `Probaste demasiados códigos de descuento que no existen. Vuelve a intentarlo en ${minutesText(minutes)}.`,
} as const;

function minutesText(minutes: number): string {
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

export interface AbuseDeps {
  db: Queryable;
  counters: AbuseCounters;
  now: () => number;
  limits: Config['abuse'];
  orderPerMinute: number;
}

/** A venue as the limits see it. */
export interface AbuseVenue {
  companyId: number;
  branchContactId: number;
}

/** Digits a phone is counted by: the last 8, so '+54 9 11 5555-1234' and '011 15 5555 1234' are one phone. */
export function abusePhoneKey(phone: string | null | undefined): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 6 ? digits.slice(-8) : undefined;
}

/** '···4567': what the console shows of a phone. */
export function abusePhoneMask(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? `···${digits.slice(-4)}` : '';
}

function tooMany(message: string, resetInMs: number): HttpError {
  return new HttpError(429, message, undefined, {
    retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
  });
}

const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/** Records a refusal at a location (best effort: a failed write is the caller's to log, never the diner's). */
export async function abuseTripNote(
  deps: Pick<AbuseDeps, 'db' | 'now'>,
  venue: AbuseVenue,
  kind: AbuseTripKind,
  windowMs: number,
  phone?: string | null,
): Promise<void> {
  const now = deps.now();
  await abuseTripRecord(deps.db, {
    companyId: venue.companyId,
    branchContactId: venue.branchContactId,
    kind,
    phoneMasked: abusePhoneMask(phone),
    windowStart: new Date(Math.floor(now / windowMs) * windowMs),
    at: new Date(now),
  });
}

// ---------------------------------------------------------------- discount codes

const codeKeys = (ip: string, companyId: number) => ({
  client: `code-fail:client:${companyId}:${ip}`,
  brand: `code-fail:brand:${companyId}`,
});

/** Refuses (429) a code request from a client, or at a brand, whose failure budget is spent. */
export async function abuseCodeBudgetCheck(
  deps: AbuseDeps,
  input: { ip: string; companyId: number; venue?: AbuseVenue },
): Promise<void> {
  const keys = codeKeys(input.ip, input.companyId);
  const [client, brand] = await Promise.all([
    deps.counters.peek(keys.client),
    deps.counters.peek(keys.brand),
  ]);
  const spent = [
    client.count >= deps.limits.codeFailuresPerClient ? client.resetInMs : 0,
    brand.count >= deps.limits.codeFailuresPerBrand ? brand.resetInMs : 0,
  ];
  const waitMs = Math.max(...spent);
  if (waitMs <= 0) return;
  if (input.venue) {
    await abuseTripNote(deps, input.venue, 'CODE_GUESS', deps.limits.codeFailureWindowMinutes * 60_000);
  }
  throw tooMany(abuseMessages.codeGuesses(minutesOf(waitMs)), waitMs);
}

/** Counts one failed code lookup against the client and the brand. */
export async function abuseCodeFailureCount(
  deps: AbuseDeps,
  input: { ip: string; companyId: number },
): Promise<void> {
  const keys = codeKeys(input.ip, input.companyId);
  const windowMs = deps.limits.codeFailureWindowMinutes * 60_000;
  await Promise.all([deps.counters.hit(keys.client, windowMs), deps.counters.hit(keys.brand, windowMs)]);
}

/** Whether an error answers 'no such code' (unknown, inactive or used up): the guess failed. */
export function abuseIsCodeLookupFailure(error: unknown, field: 'code' | 'codeDiscount'): boolean {
  if (!(error instanceof HttpError)) return false;
  if (error.statusCode === 404 && field === 'code') return error.message === codeDiscountMessages.notFound;
  return error.statusCode === 400 && error.fields?.[field] === codeDiscountMessages.notFound;
}

// ---------------------------------------------------------------- orders

/** What an order request is judged by. */
export interface AbuseOrderInput {
  /** The client address: its discount-code failures are counted against it. */
  ip: string;
  orderModeId: number;
  phone?: string | null | undefined;
  codeDiscount?: string | null | undefined;
}

/** Refusals of one address a minute recorded for the console; the rest are refused unrecorded. */
export const ORDER_IP_TRIPS_NOTED = 50;

/**
 * Counts an order attempt of a client address and refuses it (429) beyond the
 * attempts per minute. Every attempt counts, a malformed one too: it runs
 * before the body is validated, so `orderModeId` is whatever was sent (the
 * location of a trip only when it names one).
 */
export async function abuseOrderAddressCheck(
  deps: AbuseDeps,
  input: { ip: string; orderModeId: unknown },
): Promise<void> {
  const byIp = await deps.counters.hit(`order-ip:${input.ip}`, 60_000);
  if (byIp.count <= deps.orderPerMinute) return;
  const id = input.orderModeId;
  // A flood past the limit costs no database work beyond its first refusals (the console's count
  // stops at ORDER_IP_TRIPS_NOTED a minute per address: enough to tell the venue).
  const noted = byIp.count - deps.orderPerMinute <= ORDER_IP_TRIPS_NOTED;
  const venue =
    noted && typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2147483647
      ? await orderModeVenue(deps.db, id)
      : undefined;
  if (venue) await abuseTripNote(deps, venue, 'ORDER_IP', 60_000);
  throw tooMany(abuseMessages.ordersFromAddress(minutesOf(byIp.resetInMs)), byIp.resetInMs);
}

/**
 * Runs `place` under the per-phone and per-location order limits (the address
 * was counted by `abuseOrderAddressCheck`): refuses with 429 before it when
 * the phone or the location has used up its budget (or the client its
 * discount-code failures, for an order with a code); takes the phone's and the
 * location's count back when `place` fails or replays; counts a failed code.
 */
/** The location of an order mode, from memory while its company's content is unchanged (no query per order). */
function orderModeVenue(
  db: Queryable,
  orderModeId: number,
): Promise<{ companyId: number; branchContactId: number } | undefined> {
  return contentCachedVersioned(db, `order-mode-venue:${orderModeId}`, async () => {
    const row = await orderModeVenueFind(db, orderModeId);
    if (!row) return undefined;
    const { contentVersion, ...venue } = row;
    return { companyId: venue.companyId, version: contentVersion, value: venue };
  });
}

export async function abuseOrderGuard<T extends { replayed: boolean }>(
  deps: AbuseDeps,
  input: AbuseOrderInput,
  place: () => Promise<T>,
): Promise<T> {
  const venue = await orderModeVenue(deps.db, input.orderModeId);
  // An order for no location is the service's to refuse (404/400); nothing else to count.
  if (!venue) return place();

  const withCode = Boolean(input.codeDiscount?.trim());
  if (withCode) await abuseCodeBudgetCheck(deps, { ip: input.ip, companyId: venue.companyId, venue });

  const windowMs = deps.limits.orderWindowMinutes * 60_000;
  const taken: string[] = [];
  const giveBack = () => Promise.all(taken.map((key) => deps.counters.forgive(key)));
  const phoneKey = abusePhoneKey(input.phone);
  if (phoneKey) {
    const key = `order-phone:${phoneKey}`;
    const byPhone = await deps.counters.hit(key, windowMs);
    taken.push(key);
    if (byPhone.count > deps.limits.ordersPerPhone) {
      await giveBack();
      await abuseTripNote(deps, venue, 'ORDER_PHONE', windowMs, input.phone);
      throw tooMany(abuseMessages.ordersForPhone(minutesOf(byPhone.resetInMs)), byPhone.resetInMs);
    }
  }
  const venueKey = `order-venue:${venue.branchContactId}`;
  const byVenue = await deps.counters.hit(venueKey, windowMs);
  taken.push(venueKey);
  if (byVenue.count > deps.limits.ordersPerVenue) {
    await giveBack();
    await abuseTripNote(deps, venue, 'ORDER_VENUE', windowMs, input.phone);
    throw tooMany(abuseMessages.ordersAtVenue(minutesOf(byVenue.resetInMs)), byVenue.resetInMs);
  }

  let result: T;
  try {
    result = await place();
  } catch (error) {
    await giveBack();
    if (withCode && abuseIsCodeLookupFailure(error, 'codeDiscount')) {
      await abuseCodeFailureCount(deps, { ip: input.ip, companyId: venue.companyId });
    }
    throw error;
  }
  // A replay created nothing: it uses no budget.
  if (result.replayed) await giveBack();
  return result;
}

// ---------------------------------------------------------------- anonymous writes

/**
 * Takes `amount` from a client's daily allowance of `what` and answers how
 * many of them fit (0 when the day's allowance is spent). The rest are dropped
 * by the caller, which still answers success.
 */
export async function abuseDailyTake(
  deps: Pick<AbuseDeps, 'counters'>,
  what: 'analytics' | 'client-log',
  ip: string,
  amount: number,
  perDay: number,
): Promise<number> {
  const { count } = await deps.counters.hit(`daily:${what}:${ip}`, 86_400_000, amount);
  const before = count - amount;
  return Math.max(0, Math.min(amount, perDay - before));
}
