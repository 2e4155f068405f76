/**
 * `rider_requests`: a rider's status change sent with an `Idempotency-Key`
 * and its answer (ADR 023). The key is claimed as the first statement of the
 * change's own transaction (`insert … on conflict do nothing`, then `select …
 * for update` when it existed), so concurrent requests with one key queue on
 * the unique index and the second reads the first's answer.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { riderRequests } from '../db/schema/logistics';

/** A claimed key: fresh (do the work), a stored answer, or the key with another request. */
export type RiderRequestClaim =
  | { kind: 'fresh' }
  | { kind: 'replay'; statusCode: number; answer: unknown }
  | { kind: 'mismatch' };

/** Claims `key` for the rider inside the caller's transaction. */
export async function riderRequestClaim(
  tx: Tx,
  input: { riderId: number; key: string; requestHash: string; now: Date },
): Promise<RiderRequestClaim> {
  const inserted = await tx
    .insert(riderRequests)
    .values({ riderId: input.riderId, key: input.key, requestHash: input.requestHash, createdAt: input.now })
    .onConflictDoNothing()
    .returning({ id: riderRequests.id });
  if (inserted.length > 0) return { kind: 'fresh' };
  const [row] = await tx
    .select()
    .from(riderRequests)
    .where(and(eq(riderRequests.riderId, input.riderId), eq(riderRequests.key, input.key)))
    .for('update');
  if (!row) return riderRequestClaim(tx, input);
  if (row.requestHash !== input.requestHash) return { kind: 'mismatch' };
  // A row without an answer never commits (it is written in the same transaction); treat it as fresh.
  if (row.statusCode === null) return { kind: 'fresh' };
  return { kind: 'replay', statusCode: row.statusCode, answer: row.answer };
}

/** Stores the answer of a fresh claim, in the same transaction as the work. */
export async function riderRequestComplete(
  tx: Tx,
  input: { riderId: number; key: string; statusCode: number; answer: unknown },
): Promise<void> {
  await tx
    .update(riderRequests)
    .set({ statusCode: input.statusCode, answer: input.answer })
    .where(and(eq(riderRequests.riderId, input.riderId), eq(riderRequests.key, input.key)));
}
