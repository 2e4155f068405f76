/**
 * `Idempotency-Key` for writes a retry could repeat (placing an order, paying).
 *
 * The key is claimed as the FIRST statement of the write's own transaction —
 * `insert … on conflict do nothing`, then `select … for update` when it already
 * existed — and the answer is stored in that same transaction. Consequences:
 *
 * - Concurrent requests with one key serialize on the key's row: the second
 *   waits for the first to commit, then finds the stored answer and replays it.
 *   On PostgreSQL the wait is the unique index's; on PGlite every transaction is
 *   serialized anyway.
 * - A write that fails (validation, a 409, a crash) rolls its key back with it:
 *   nothing is remembered, and the client may retry with the same key and a
 *   corrected body. Only successful answers are ever replayed.
 * - A committed key always has its answer: there is no "in progress" state to
 *   recover from after a crash.
 *
 * Keys live `IDEMPOTENCY_TTL_MS` (24 h) at least; expired ones are deleted lazily,
 * a batch at a time, at most every `PURGE_INTERVAL_MS` per process and database.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema/platform';
import { HttpError } from '../lib/http-error';

/** How long an answer is kept for replay. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How long a key derived from a request's content (a client that sends no
 * Idempotency-Key, ADR 044) answers a repeat of it: long enough for a double
 * tap or a client's retry after a time-out, short enough that the same order
 * placed again on purpose a few minutes later is a new order.
 */
export const IDEMPOTENCY_DERIVED_TTL_MS = 2 * 60 * 1000;

/** The header's length bounds (UUIDs, ULIDs and the like fit). */
export const IDEMPOTENCY_KEY_MIN_LENGTH = 8;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;

const PURGE_INTERVAL_MS = 10 * 60 * 1000;
const PURGE_BATCH = 1000;

/** An answer as stored and replayed. */
export interface IdempotentResponse<T = unknown> {
  status: number;
  body: T;
}

/** What claiming a key found. */
export type IdempotencyClaim =
  | { kind: 'fresh' }
  | { kind: 'replay'; response: IdempotentResponse }
  | { kind: 'mismatch' };

/** Identifies one key: `scope` separates uses (`order`, `payment`) so they never collide. */
export interface IdempotencyKeyRef {
  scope: string;
  key: string;
}

/** 422 for a key reused with another body. */
export const idempotencyMismatch = () =>
  new HttpError(
    422,
    'La clave Idempotency-Key ya se usó con otra solicitud; use una clave nueva para un pedido distinto',
  );

/**
 * A stable hash of a request body: JSON with object keys sorted at every
 * level, so `{a, b}` and `{b, a}` are the same request.
 */
export function idempotencyRequestHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('base64url');
}

/** The key a write runs under, with the hash a repeat must match and how long its answer is kept. */
export interface IdempotencyKeyed extends IdempotencyKeyRef {
  requestHash: string;
  ttlMs: number;
}

/**
 * The client's `Idempotency-Key` (scope `scope`) with the body's hash; or, for
 * a client that sends none (the spec's own clients, ADR 044), a key derived
 * from what identifies the attempt (`identity`), in a scope of its own so no
 * header can name it, kept for `IDEMPOTENCY_DERIVED_TTL_MS`. A derived key's
 * request hash is its identity: a repeat that differs elsewhere (a note
 * retyped) replays the first answer instead of a 422 the client never asked for.
 */
export function idempotencyKeyOf(
  scope: string,
  header: string | undefined,
  body: unknown,
  identity: unknown,
): IdempotencyKeyed {
  if (header !== undefined) {
    return { scope, key: header, requestHash: idempotencyRequestHash(body), ttlMs: IDEMPOTENCY_TTL_MS };
  }
  const hash = idempotencyRequestHash(identity);
  return { scope: `${scope}-derived`, key: hash, requestHash: hash, ttlMs: IDEMPOTENCY_DERIVED_TTL_MS };
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/**
 * Claims a key inside the caller's transaction. `fresh`: do the work, then
 * `idempotencyComplete` in the same transaction. `replay`: answer the stored
 * response. `mismatch`: the key was used with another body (answer 422).
 * An expired key is taken over as fresh.
 */
export async function idempotencyClaim(
  tx: Tx,
  ref: IdempotencyKeyRef & { requestHash: string; now: number; ttlMs?: number },
): Promise<IdempotencyClaim> {
  const expiresAt = new Date(ref.now + (ref.ttlMs ?? IDEMPOTENCY_TTL_MS));
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({
      scope: ref.scope,
      key: ref.key,
      requestHash: ref.requestHash,
      createdAt: new Date(ref.now),
      expiresAt,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return { kind: 'fresh' };

  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key)))
    .for('update');
  // Deleted by a purge between the two statements: claim it again.
  if (!row) return idempotencyClaim(tx, ref);
  if (row.expiresAt.getTime() <= ref.now || row.responseStatus === null) {
    await tx
      .update(idempotencyKeys)
      .set({
        requestHash: ref.requestHash,
        responseStatus: null,
        responseBody: null,
        createdAt: new Date(ref.now),
        expiresAt,
      })
      .where(and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key)));
    return { kind: 'fresh' };
  }
  if (row.requestHash !== ref.requestHash) return { kind: 'mismatch' };
  return { kind: 'replay', response: { status: row.responseStatus, body: row.responseBody } };
}

/**
 * The stored answer of a key, without claiming it: for a request refused
 * before it could claim (a retry of a placed order must still get its first
 * answer). Null when the key holds no live answer; 422 when it answered
 * another body.
 */
export async function idempotencyLookup(
  db: Queryable,
  ref: IdempotencyKeyRef & { requestHash: string; now: number },
): Promise<IdempotentResponse | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key)))
    .limit(1);
  if (!row || row.responseStatus === null || row.expiresAt.getTime() <= ref.now) return null;
  if (row.requestHash !== ref.requestHash) throw idempotencyMismatch();
  return { status: row.responseStatus, body: row.responseBody };
}

/** Stores the answer of a fresh claim, in the same transaction as the work. */
export async function idempotencyComplete(
  tx: Tx,
  ref: IdempotencyKeyRef,
  response: IdempotentResponse,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: response.status, responseBody: response.body })
    .where(and(eq(idempotencyKeys.scope, ref.scope), eq(idempotencyKeys.key, ref.key)));
}

const lastPurge = new WeakMap<Db, number>();

/**
 * Deletes up to a batch of expired keys, at most every ten minutes per process
 * and database (a no-op otherwise). Returns how many it deleted.
 */
export async function idempotencyPurgeExpired(db: Db, now: number, force = false): Promise<number> {
  const last = lastPurge.get(db);
  if (!force && last !== undefined && now - last < PURGE_INTERVAL_MS && now >= last) return 0;
  lastPurge.set(db, now);
  const expired = db
    .select({ scope: idempotencyKeys.scope, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, new Date(now)))
    .limit(PURGE_BATCH);
  const deleted = await db
    .delete(idempotencyKeys)
    .where(sql`(${idempotencyKeys.scope}, ${idempotencyKeys.key}) in (${expired})`)
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

/** Options of `idempotent`. */
export interface IdempotentOptions extends IdempotencyKeyRef {
  /** `idempotencyRequestHash(body)`. */
  requestHash: string;
  now: number;
  ttlMs?: number;
}

/**
 * Runs `work` once per key: in one transaction, claims the key, runs the work
 * and stores its answer. A retry with the same key and body gets the stored
 * answer (`replayed: true`) and `work` does not run; another body gets 422.
 * If `work` throws, nothing is stored and the error propagates.
 *
 * `work` receives the transaction and must use only it (PGlite would wait on
 * itself otherwise). `deferred` is whatever the work wants to do after commit
 * (realtime publishes); it is returned only when the work actually ran. A work
 * that stored its answer itself in the key's row (same scope and key, same
 * transaction; the order placement does it in its one write statement) returns
 * `stored: true`.
 */
export async function idempotent<T, D = undefined>(
  db: Db,
  options: IdempotentOptions,
  work: (tx: Tx) => Promise<IdempotentResponse<T> & { deferred?: D; stored?: boolean }>,
): Promise<IdempotentResponse<T> & { replayed: boolean; deferred?: D }> {
  try {
    await idempotencyPurgeExpired(db, options.now);
  } catch {
    // Cleanup is best effort; the next interval tries again.
  }
  return db.transaction(async (tx) => {
    const claim = await idempotencyClaim(tx, options);
    if (claim.kind === 'mismatch') throw idempotencyMismatch();
    if (claim.kind === 'replay') {
      return { status: claim.response.status, body: claim.response.body as T, replayed: true };
    }
    const { deferred, stored, ...response } = await work(tx);
    // A work may store its answer itself, in one of its own statements, to save a round trip.
    if (!stored) await idempotencyComplete(tx, options, response);
    return { ...response, replayed: false, ...(deferred !== undefined ? { deferred } : {}) };
  });
}
