/**
 * A rider's state-changing request, run once (ADR 023). `PUT
 * /api/shipments/{id}` and `PUT /api/stacking/{id}` accept an
 * `Idempotency-Key` (the app's offline queue replays with it): in one
 * transaction the key is claimed first (rider_requests, unique per rider),
 * the change is made and its answer stored; a replay — even one sent while
 * the first is still running — waits on the key and gets the stored answer,
 * so nothing moves twice and nothing is announced twice. The same key with
 * another request is refused (422). A change refused before any write rolls
 * its key back with it (the retry is judged afresh); a refusal that writes —
 * a wrong delivery code counted — is stored and replayed like a success.
 */
import type { Tx } from '../db/client';
import { HttpError } from '../lib/http-error';
import { riderRequestClaim, riderRequestComplete } from '../repositories/shipment-request-repository';
import { idempotencyRequestHash } from './idempotency';
import type { RiderPrincipal } from './rider-session-service';
import {
  type ShipmentChanges,
  type ShipmentDeps,
  shipmentApiMessages,
  shipmentChangesAny,
} from './shipment-common';
import { shipmentChangesAnnounce } from './shipment-events';

/** An answer: the HTTP status and its JSON body. */
export interface ShipmentAnswer {
  status: number;
  body: unknown;
}

/** What a change's work gives back: its answer and what to announce. */
export interface ShipmentWork {
  answer: ShipmentAnswer;
  changes: ShipmentChanges | null;
}

/**
 * Runs `work` in a transaction, once per `key` (when given; see the module
 * comment), then announces its changes after commit. Answers the answer, and
 * whether it was a replay.
 */
export async function shipmentRequestRun(
  deps: ShipmentDeps,
  rider: RiderPrincipal,
  request: { key: string | undefined; method: string; path: string; body: unknown },
  work: (tx: Tx) => Promise<ShipmentWork>,
): Promise<ShipmentAnswer & { replayed: boolean }> {
  const key = request.key?.trim() || undefined;
  const requestHash = idempotencyRequestHash({
    method: request.method,
    path: request.path,
    body: request.body,
  });
  const outcome = await deps.db.transaction(async (tx) => {
    if (key) {
      const claim = await riderRequestClaim(tx, {
        riderId: rider.id,
        key,
        requestHash,
        now: new Date(deps.now()),
      });
      if (claim.kind === 'mismatch') throw new HttpError(422, shipmentApiMessages.keyReused);
      if (claim.kind === 'replay') {
        return { answer: { status: claim.statusCode, body: claim.answer }, changes: null, replayed: true };
      }
    }
    const done = await work(tx);
    if (key) {
      await riderRequestComplete(tx, {
        riderId: rider.id,
        key,
        statusCode: done.answer.status,
        answer: done.answer.body,
      });
    }
    return { ...done, replayed: false };
  });
  if (shipmentChangesAny(outcome.changes)) await shipmentChangesAnnounce(deps, outcome.changes);
  return { ...outcome.answer, replayed: outcome.replayed };
}
