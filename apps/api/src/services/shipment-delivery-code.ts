/**
 * The delivery code a rider types to deliver (ADR 023): it must equal the
 * logistics order's code (the 'Clave de entrega' the customer reads on the
 * follow-up page, later the tracking page and the "on the way" message).
 * Wrong codes are counted on the shipment; the fifth locks it for 15
 * minutes (`shipmentDeliveryCodeTry`), during which even the right code is
 * refused — the venue can confirm the delivery from the dispatch view.
 */
import { timingSafeEqual } from 'node:crypto';
import { shipmentDeliveryCodeTry } from '@comanda/domain/shipment-codes';
import type { Tx } from '../db/client';
import { HttpError } from '../lib/http-error';
import { logisticsOrderOf } from '../repositories/shipment-order-repository';
import { type ShipmentRow, shipmentUpdate } from '../repositories/shipment-repository';
import { httpErrorBody, shipmentApiMessages } from './shipment-common';
import type { ShipmentAnswer } from './shipment-requests';

/** The attempts to write with the delivering move: a right code clears them. */
export const DELIVERY_CODE_CLEARED = { deliveryCodeFailures: 0, deliveryCodeLockedUntil: null };

function sameCode(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks the code for delivering `row` (locked by the caller). Null: right,
 * go on (and write `DELIVERY_CODE_CLEARED`). Otherwise the refusal to answer —
 * 400 wrong, 429 locked — after the attempt was counted in this transaction
 * (the caller commits it: the answer is a refusal, not a rollback). A missing
 * code is a 400 thrown before anything is counted.
 */
export async function shipmentDeliveryCodeCheck(
  tx: Tx,
  row: ShipmentRow,
  securityCode: string | undefined,
  now: number,
): Promise<ShipmentAnswer | null> {
  const given = securityCode?.trim() ?? '';
  if (!given) {
    throw new HttpError(400, shipmentApiMessages.deliveryCodeRequired, {
      securityCode: shipmentApiMessages.deliveryCodeRequired,
    });
  }
  const logistics = await logisticsOrderOf(tx, row.companyId, row.logisticsOrderId);
  if (!logistics) throw new Error(`logistics order ${row.logisticsOrderId} of shipment ${row.id} missing`);
  const tried = shipmentDeliveryCodeTry(
    { failures: row.deliveryCodeFailures, lockedUntil: row.deliveryCodeLockedUntil?.getTime() ?? null },
    sameCode(logistics.securityCode, given),
    now,
  );
  if (tried.outcome === 'ACCEPTED') return null;
  const lockedUntil = tried.attempts.lockedUntil;
  if (
    tried.attempts.failures !== row.deliveryCodeFailures ||
    lockedUntil !== (row.deliveryCodeLockedUntil?.getTime() ?? null)
  ) {
    await shipmentUpdate(tx, row.companyId, row.id, {
      deliveryCodeFailures: tried.attempts.failures,
      deliveryCodeLockedUntil: lockedUntil === null ? null : new Date(lockedUntil),
    });
  }
  if (tried.outcome === 'WRONG') {
    const error = new HttpError(
      400,
      shipmentApiMessages.deliveryCodeWrong,
      { securityCode: shipmentApiMessages.deliveryCodeWrong },
      { attemptsLeft: tried.attemptsLeft },
    );
    return { status: 400, body: httpErrorBody(error) };
  }
  const retryAfterSeconds = Math.ceil(tried.retryAfterMs / 1000);
  const error = new HttpError(
    429,
    shipmentApiMessages.deliveryCodeLocked(Math.ceil(retryAfterSeconds / 60)),
    undefined,
    {
      retryAfterSeconds,
    },
  );
  return { status: 429, body: httpErrorBody(error) };
}
