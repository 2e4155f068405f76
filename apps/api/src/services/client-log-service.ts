/**
 * `POST /api/diner/log`: error context a browser reports (ordering §7). The
 * route caps the body at 16 KB; here every string is cut to a few kB and the
 * free-form parts (payload, address, coordinates) to a bounded JSON size, so a
 * stored entry never exceeds the cap whatever was sent.
 */
import type { Queryable } from '../db/client';
import { nulStrip } from '../lib/nul-guard';
import { clientLogCompanyFind, clientLogInsert } from '../repositories/client-log-repository';
import type { ClientLogBody } from '../schemas/order';

/** Longest string kept for a field. */
export const CLIENT_LOG_MAX_STRING = 2000;
/** Longest JSON kept for a free-form field (payload, address, coordinates). */
export const CLIENT_LOG_MAX_JSON = 4000;

/** Cuts a string, marking the cut. */
export function truncate(value: string, max: number): string {
  if (value.length <= max) return value;
  // Never cut between the two halves of a surrogate pair: a lone half cannot be stored (jsonb).
  const cut = /[\uD800-\uDBFF]/.test(value.charAt(max - 1)) ? max - 1 : max;
  return `${value.slice(0, cut)}…[truncated ${value.length - cut}]`;
}

/** A free-form value kept as is when small, else as its truncated JSON text. */
function boundedJson(value: unknown): unknown {
  if (value === undefined) return null;
  const json = JSON.stringify(value) ?? 'null';
  return json.length <= CLIENT_LOG_MAX_JSON ? value : truncate(json, CLIENT_LOG_MAX_JSON);
}

/** Stores one client log entry, attributed to the company of the branch contact or branch it names. */
export async function clientLogStore(
  db: Queryable,
  body: ClientLogBody,
  meta: { now: number; userAgent: string | undefined },
): Promise<void> {
  const companyId = await clientLogCompanyFind(db, {
    branchContactId: body.bcId ?? null,
    branchId: body.branchId ?? null,
  });
  const cut = (value: string | null | undefined) =>
    value == null ? null : truncate(value, CLIENT_LOG_MAX_STRING);
  await clientLogInsert(db, {
    companyId,
    payload: {
      bcId: body.bcId ?? null,
      branchId: body.branchId ?? null,
      url: cut(body.url),
      component: cut(body.component),
      stack: body.stack == null ? null : truncate(body.stack, CLIENT_LOG_MAX_STRING * 2),
      coordinates: boundedJson(body.coordinates),
      address: boundedJson(body.address),
      payload: boundedJson(body.payload),
      // The body was cleaned by the input guard (the route replaces); a header is not its to see.
      userAgent: cut(meta.userAgent ? nulStrip(meta.userAgent) : undefined),
    },
    createdAt: new Date(meta.now),
  });
}
