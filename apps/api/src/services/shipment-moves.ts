/**
 * A rider moves one shipment: `PUT /api/shipments/{id}` (ADR 023).
 *
 * Accepting (LOOKING_FOR_DRIVER → ON_ROUTE_TO_PICK_UP) is a race decided by
 * one conditional update (`shipmentAcceptIfFree`): of riders accepting at
 * once exactly one changes the row; the others find it taken and get 409
 * EXPIRED_BY_OTHER. Nothing is read before that write decides.
 *
 * Every other move runs under row locks, always taken in the same order —
 * the order, then the stack (if any), then the shipment — so two flows on
 * the same rows queue instead of deadlocking. Then: only the holder moves it
 * (another rider → 409 EXPIRED_BY_OTHER; nobody yet → the move is not
 * allowed, 409); the state machine (`shipmentTransition`) decides; a stacked
 * shipment moves alone only once its stack left the store; DELIVERED needs
 * the delivery code. The order follows (READY on leaving the store,
 * DELIVERED on delivery); a driver's cancel re-pools the order at once.
 * Asking for the status it already has answers it unchanged (a double tap).
 */
import { type ShipmentStatus, shipmentStackIsFinished, shipmentTransition } from '@comanda/domain/shipment';
import { shipmentInStackMovesAlone } from '@comanda/domain/shipment-lifecycle';
import type { Tx } from '../db/client';
import { badRequest, notFound } from '../lib/http-error';
import { shipmentDomainOf, shipmentPresent } from '../presenters/shipment-presenter';
import type { ShipmentUpdateBody } from '../presenters/shipment-schemas';
import { orderCodesOfLogistics, ordersOfLogisticsLock } from '../repositories/shipment-order-repository';
import {
  type ShipmentRow,
  shipmentAcceptIfFree,
  shipmentEventInsert,
  shipmentFind,
  shipmentsLock,
  shipmentsOfStackLock,
  shipmentViewById,
} from '../repositories/shipment-repository';
import { type StackRow, stackLock } from '../repositories/shipment-stack-repository';
import type { RiderPrincipal } from './rider-session-service';
import {
  expiredByOther,
  moveRefused,
  type ShipmentChanges,
  type ShipmentDeps,
  shipmentApiMessages,
  shipmentChangesNew,
} from './shipment-common';
import { DELIVERY_CODE_CLEARED, shipmentDeliveryCodeCheck } from './shipment-delivery-code';
import { shipmentOrderFollow } from './shipment-order-step';
import { riderApprovedCheck, riderScope } from './shipment-reads';
import { type ShipmentAnswer, type ShipmentWork, shipmentRequestRun } from './shipment-requests';
import { shipmentRepool, shipmentStatusWrite, stackAfterShipmentMove } from './shipment-writes';

/** The rider fields of the status payload must name the rider of the session, and `id` the path's. */
export function riderPayloadCheck(
  rider: RiderPrincipal,
  pathId: number,
  body: { id?: unknown; rider_id?: unknown },
) {
  if (body.id !== undefined && String(body.id) !== String(pathId)) {
    throw badRequest(shipmentApiMessages.idMismatch, { 'body.id': shipmentApiMessages.idMismatch });
  }
  if (body.rider_id !== undefined && String(body.rider_id) !== String(rider.id)) {
    throw badRequest(shipmentApiMessages.riderMismatch, {
      'body.rider_id': shipmentApiMessages.riderMismatch,
    });
  }
}

/** The answer with a shipment as the rider sees it now (read in the transaction, so it can be stored). */
async function shipmentAnswer(
  tx: Tx,
  rider: RiderPrincipal,
  id: number,
  stack: StackRow | null,
): Promise<ShipmentAnswer> {
  const view = await shipmentViewById(tx, riderScope(rider), id);
  if (!view) throw notFound(shipmentApiMessages.notFound(id));
  return {
    status: 200,
    body: shipmentPresent(
      view,
      { kind: 'rider', riderId: rider.id },
      (stack?.status as ShipmentStatus) ?? null,
    ),
  };
}

/** Accepting: the conditional update decides; the losers learn why. */
async function shipmentAccept(
  deps: ShipmentDeps,
  tx: Tx,
  rider: RiderPrincipal,
  id: number,
): Promise<ShipmentWork> {
  const now = new Date(deps.now());
  const taken = await shipmentAcceptIfFree(tx, { ...riderScope(rider), id, riderId: rider.id, now });
  if (!taken) {
    // Read after the deciding write: on PostgreSQL this sees the winner's committed row.
    const current = await shipmentFind(tx, riderScope(rider), id);
    if (!current) throw notFound(shipmentApiMessages.notFound(id));
    if (current.riderId === rider.id) {
      if (current.status === 'ON_ROUTE_TO_PICK_UP')
        return { answer: await shipmentAnswer(tx, rider, id, null), changes: null };
      throw moveRefused(current.status as ShipmentStatus, 'ON_ROUTE_TO_PICK_UP');
    }
    // Taken by another rider, grouped into a stack, or offered to someone else.
    if (current.riderId !== null || current.status === 'LOOKING_FOR_DRIVER') throw expiredByOther();
    throw moveRefused(current.status as ShipmentStatus, 'ON_ROUTE_TO_PICK_UP');
  }
  const changes = shipmentChangesNew(taken.companyId, taken.branchContactId);
  await shipmentEventInsert(tx, {
    companyId: taken.companyId,
    branchContactId: taken.branchContactId,
    shipmentId: taken.id,
    fromStatus: 'LOOKING_FOR_DRIVER',
    toStatus: 'ON_ROUTE_TO_PICK_UP',
    riderId: rider.id,
    createdAt: now,
  });
  changes.shipmentIds.add(taken.id);
  for (const code of await orderCodesOfLogistics(tx, taken.companyId, [taken.logisticsOrderId])) {
    changes.orderCodes.add(code);
  }
  return { answer: await shipmentAnswer(tx, rider, id, null), changes };
}

/**
 * Applies the move of a shipment held by the rider, under the caller's locks
 * (order, stack, shipment). Shared with stacks in drop-offs.
 */
export async function shipmentHeldMove(
  deps: ShipmentDeps,
  tx: Tx,
  input: {
    rider: RiderPrincipal;
    row: ShipmentRow;
    stack: StackRow | null;
    lockedOrder: Awaited<ReturnType<typeof ordersOfLogisticsLock>>[number];
    to: ShipmentStatus;
    securityCode: string | undefined;
  },
  changes: ShipmentChanges,
): Promise<ShipmentAnswer | null> {
  const { rider, row, stack, to } = input;
  const from = row.status as ShipmentStatus;
  if (stack) {
    if (!shipmentInStackMovesAlone(stack.status as ShipmentStatus)) {
      throw moveRefused(from, to, shipmentApiMessages.stackMovesAsOne);
    }
    if (to === 'RETURNED') {
      const members = await shipmentsOfStackLock(tx, stack.companyId, stack.id);
      if (!shipmentStackIsFinished({ shipments: members.map(shipmentDomainOf) })) {
        throw moveRefused(from, to, shipmentApiMessages.returnAfterAll);
      }
    }
  }
  if (!shipmentTransition('shipment', from, to, { returnShipment: row.returnShipment }).ok)
    throw moveRefused(from, to);
  const now = deps.now();
  if (to === 'DELIVERED') {
    const refusal = await shipmentDeliveryCodeCheck(tx, row, input.securityCode, now);
    if (refusal) return refusal;
  }
  const actor = { riderId: rider.id, staffUserId: null };
  await shipmentStatusWrite(
    tx,
    row,
    to,
    { actor, now: new Date(now), ...(to === 'DELIVERED' ? { patch: DELIVERY_CODE_CLEARED } : {}) },
    changes,
  );
  if (to === 'DRIVER_CANCELED') await shipmentRepool(tx, row, { actor, now: new Date(now) }, changes);
  await shipmentOrderFollow(
    tx,
    deps,
    { ...input.lockedOrder, shipmentStatus: to, staffUserId: null, now },
    changes,
  );
  if (stack) await stackAfterShipmentMove(tx, stack, { actor, now: new Date(now) }, changes);
  return null;
}

/** `PUT /api/shipments/{id}` (see the module comment). */
export async function shipmentMove(
  deps: ShipmentDeps,
  rider: RiderPrincipal,
  id: number,
  body: ShipmentUpdateBody,
  key: string | undefined,
): Promise<ShipmentAnswer & { replayed: boolean }> {
  riderPayloadCheck(rider, id, body);
  await riderApprovedCheck(deps.db, rider);
  const preview = await shipmentFind(deps.db, riderScope(rider), id);
  if (!preview) throw notFound(shipmentApiMessages.notFound(id));
  const request = { key, method: 'PUT', path: `/api/shipments/${id}`, body };
  return shipmentRequestRun(deps, rider, request, async (tx) => {
    if (body.status === 'ON_ROUTE_TO_PICK_UP') return shipmentAccept(deps, tx, rider, id);
    // Locks: the order, the stack, the shipment (a shipment's order never changes; its stack only while free).
    const [lockedOrder] = await ordersOfLogisticsLock(tx, rider.companyId, [preview.logisticsOrderId]);
    const stack =
      preview.stackId === null ? null : ((await stackLock(tx, rider.companyId, preview.stackId)) ?? null);
    const [row] = await shipmentsLock(tx, rider.companyId, [id]);
    if (!row || !lockedOrder) throw notFound(shipmentApiMessages.notFound(id));
    const from = row.status as ShipmentStatus;
    if (row.riderId !== rider.id) {
      if (row.riderId !== null) throw expiredByOther();
      throw moveRefused(from, body.status);
    }
    if (from === body.status) return { answer: await shipmentAnswer(tx, rider, id, stack), changes: null };
    if ((row.stackId ?? null) !== (stack?.id ?? null)) throw moveRefused(from, body.status);
    const changes = shipmentChangesNew(row.companyId, row.branchContactId);
    const refusal = await shipmentHeldMove(
      deps,
      tx,
      { rider, row, stack, lockedOrder, to: body.status, securityCode: body.securityCode },
      changes,
    );
    if (refusal) return { answer: refusal, changes: null };
    const after = stack ? ((await stackLock(tx, rider.companyId, stack.id)) ?? stack) : null;
    return { answer: await shipmentAnswer(tx, rider, id, after), changes };
  });
}
