/**
 * A rider moves a stack (multi-delivery): `PUT /api/stacking/{id}` (ADR 023).
 *
 * Accepting is decided by one conditional update of the stack row
 * (`stackAcceptIfFree`); in the same transaction every shipment of the stack
 * gets the rider, so a stack is never half taken. Every other change runs
 * under the locks of the stack's orders (ascending), the stack, then its
 * shipments; only the holder changes it. What a status does is the domain's
 * (follow-up §4.3, §4.5): before drop-off the stack advances as one (its
 * shipments with it; leaving the store puts each order on its way), in
 * drop-offs the current shipment is delivered (with its code) or cancelled
 * alone, and at the end the delivered return shipments are RETURNED
 * (`shipmentNextAction`, `shipmentCancelPlan`). `selectedShipmentId` persists
 * the header selection (`shipmentStackSelect`: the chosen one takes the
 * current one's place in the stack order).
 */
import {
  type ShipmentStack,
  type ShipmentStatus,
  shipmentCancelPlan,
  shipmentIsFinished,
  shipmentNextAction,
  shipmentStackSort,
  shipmentTransition,
} from '@comanda/domain/shipment';
import { shipmentStackCurrentIndex, shipmentStackSelectOrders } from '@comanda/domain/shipment-lifecycle';
import type { Tx } from '../db/client';
import { badRequest, notFound } from '../lib/http-error';
import { shipmentDomainOf, stackPresent } from '../presenters/shipment-presenter';
import type { StackUpdateBody } from '../presenters/shipment-schemas';
import { orderCodesOfLogistics, ordersOfLogisticsLock } from '../repositories/shipment-order-repository';
import {
  type ShipmentRow,
  shipmentEventInsert,
  shipmentsOfStack,
  shipmentsOfStackLock,
  shipmentUpdate,
  shipmentViewsOfStack,
} from '../repositories/shipment-repository';
import {
  type StackRow,
  stackAcceptIfFree,
  stackFind,
  stackLock,
  stackShipmentsAccept,
} from '../repositories/shipment-stack-repository';
import type { RiderPrincipal } from './rider-session-service';
import {
  expiredByOther,
  moveRefused,
  type ShipmentChanges,
  type ShipmentDeps,
  shipmentApiMessages,
  shipmentChangesNew,
} from './shipment-common';
import { riderPayloadCheck, shipmentHeldMove } from './shipment-moves';
import { shipmentOrderFollow } from './shipment-order-step';
import { riderApprovedCheck, riderScope } from './shipment-reads';
import { type ShipmentAnswer, type ShipmentWork, shipmentRequestRun } from './shipment-requests';
import { shipmentRepool, shipmentStatusWrite, stackStatusWrite } from './shipment-writes';

type LockedOrders = Awaited<ReturnType<typeof ordersOfLogisticsLock>>;

async function stackAnswer(tx: Tx, rider: RiderPrincipal, id: number): Promise<ShipmentAnswer> {
  const stack = await stackFind(tx, riderScope(rider), id);
  if (!stack) throw notFound(shipmentApiMessages.stackNotFound(id));
  const rows = await shipmentViewsOfStack(tx, riderScope(rider), id);
  return { status: 200, body: stackPresent(stack, rows, { kind: 'rider', riderId: rider.id }) };
}

/** Accepting a stack: its row decides; its shipments follow in the same transaction. */
async function stackAccept(
  deps: ShipmentDeps,
  tx: Tx,
  rider: RiderPrincipal,
  id: number,
): Promise<ShipmentWork> {
  const now = new Date(deps.now());
  const taken = await stackAcceptIfFree(tx, { ...riderScope(rider), id, riderId: rider.id, now });
  if (!taken) {
    const current = await stackFind(tx, riderScope(rider), id);
    if (!current) throw notFound(shipmentApiMessages.stackNotFound(id));
    if (current.riderId === rider.id) {
      if (current.status === 'ON_ROUTE_TO_PICK_UP')
        return { answer: await stackAnswer(tx, rider, id), changes: null };
      throw moveRefused(current.status as ShipmentStatus, 'ON_ROUTE_TO_PICK_UP');
    }
    if (current.riderId !== null || current.status === 'LOOKING_FOR_DRIVER') throw expiredByOther();
    throw moveRefused(current.status as ShipmentStatus, 'ON_ROUTE_TO_PICK_UP');
  }
  const changes = shipmentChangesNew(taken.companyId, taken.branchContactId);
  const event = {
    companyId: taken.companyId,
    branchContactId: taken.branchContactId,
    riderId: rider.id,
    createdAt: now,
  };
  await shipmentEventInsert(tx, {
    ...event,
    stackId: taken.id,
    fromStatus: 'LOOKING_FOR_DRIVER',
    toStatus: 'ON_ROUTE_TO_PICK_UP',
  });
  changes.stackIds.add(taken.id);
  const accepted = await stackShipmentsAccept(tx, {
    companyId: taken.companyId,
    stackId: taken.id,
    riderId: rider.id,
    now,
  });
  for (const row of accepted) {
    await shipmentEventInsert(tx, {
      ...event,
      shipmentId: row.id,
      stackId: taken.id,
      fromStatus: 'LOOKING_FOR_DRIVER',
      toStatus: 'ON_ROUTE_TO_PICK_UP',
    });
  }
  // Codes read without locking: orders are locked before stacks and shipments, never after.
  const codes = await orderCodesOfLogistics(
    tx,
    taken.companyId,
    accepted.map((row) => row.logisticsOrderId),
  );
  for (const code of codes) changes.orderCodes.add(code);
  return { answer: await stackAnswer(tx, rider, id), changes };
}

/** The stack in the domain's terms: shipments in stack order, on the first unfinished. */
function stackDomainOf(stack: StackRow, rows: readonly ShipmentRow[]): ShipmentStack {
  const sorted = shipmentStackSort(rows.map(shipmentDomainOf));
  return {
    id: String(stack.id),
    status: stack.status as ShipmentStatus,
    shipments: sorted,
    selectedIndex: shipmentStackCurrentIndex(sorted),
    returnStack: stack.isReturn,
    riderId: stack.riderId === null ? null : String(stack.riderId),
  };
}

/** Persists a header selection: the chosen shipment swaps stacking order with the current one. */
async function stackSelect(
  tx: Tx,
  stack: StackRow,
  rows: readonly ShipmentRow[],
  shipmentId: number,
  changes: ShipmentChanges,
) {
  const selection = shipmentStackSelectOrders(stackDomainOf(stack, rows).shipments, String(shipmentId));
  if (!selection) return;
  const now = new Date();
  for (const entry of selection.stackingOrders) {
    await shipmentUpdate(tx, stack.companyId, Number(entry.id), {
      stackingOrder: entry.stackingOrder,
      updatedAt: now,
    });
  }
  changes.stackIds.add(stack.id);
}

/** Moves the whole stack one step before drop-off, its unfinished shipments with it. */
async function stackAdvance(
  deps: ShipmentDeps,
  tx: Tx,
  input: {
    rider: RiderPrincipal;
    stack: StackRow;
    rows: ShipmentRow[];
    orders: LockedOrders;
    to: ShipmentStatus;
  },
  changes: ShipmentChanges,
) {
  const { stack, to } = input;
  if (!shipmentTransition('stack', stack.status as ShipmentStatus, to).ok)
    throw moveRefused(stack.status as ShipmentStatus, to);
  const now = deps.now();
  const actor = { riderId: input.rider.id, staffUserId: null };
  await stackStatusWrite(tx, stack, to, { actor, now: new Date(now) }, changes);
  const each: ShipmentStatus = to === 'ON_ROUTE_TO_DROP_OFFS' ? 'ON_ROUTE_TO_DROP_OFF' : to;
  for (const row of input.rows) {
    if (shipmentIsFinished(row.status as ShipmentStatus)) continue;
    await shipmentStatusWrite(tx, row, each, { actor, now: new Date(now) }, changes);
    const locked = input.orders.find((entry) => entry.logistics.id === row.logisticsOrderId);
    if (locked)
      await shipmentOrderFollow(
        tx,
        deps,
        { ...locked, shipmentStatus: each, staffUserId: null, now },
        changes,
      );
  }
}

/**
 * Cancels a whole stack (the rider's before drop-off, or the venue's): every
 * unfinished shipment is cancelled and re-pooled; the caller holds the locks.
 */
export async function stackCancelWhole(
  deps: ShipmentDeps,
  tx: Tx,
  input: {
    actor: { riderId: number | null; staffUserId: number | null };
    stack: StackRow;
    rows: ShipmentRow[];
    orders: LockedOrders;
    to: ShipmentStatus;
    reason?: string | null;
  },
  changes: ShipmentChanges,
) {
  const now = deps.now();
  const at = new Date(now);
  await stackStatusWrite(
    tx,
    input.stack,
    input.to,
    { actor: input.actor, now: at, reason: input.reason ?? null },
    changes,
  );
  for (const row of input.rows) {
    if (shipmentIsFinished(row.status as ShipmentStatus)) continue;
    const patch = input.reason ? { cancelReason: input.reason } : undefined;
    await shipmentStatusWrite(
      tx,
      row,
      input.to,
      { actor: input.actor, now: at, reason: input.reason ?? null, ...(patch ? { patch } : {}) },
      changes,
    );
    await shipmentRepool(tx, row, { actor: input.actor, now: at }, changes);
    const locked = input.orders.find((entry) => entry.logistics.id === row.logisticsOrderId);
    if (locked) changes.orderCodes.add(locked.order.code);
  }
}

/** `PUT /api/stacking/{id}` (see the module comment). */
export async function shipmentStackMove(
  deps: ShipmentDeps,
  rider: RiderPrincipal,
  id: number,
  body: StackUpdateBody,
  key: string | undefined,
): Promise<ShipmentAnswer & { replayed: boolean }> {
  riderPayloadCheck(rider, id, body);
  if (body.status === undefined && body.selectedShipmentId === undefined) {
    throw badRequest(shipmentApiMessages.stackBodyEmpty, {
      'body.status': shipmentApiMessages.stackBodyEmpty,
    });
  }
  await riderApprovedCheck(deps.db, rider);
  const preview = await stackFind(deps.db, riderScope(rider), id);
  if (!preview) throw notFound(shipmentApiMessages.stackNotFound(id));
  const request = { key, method: 'PUT', path: `/api/stacking/${id}`, body };
  return shipmentRequestRun(deps, rider, request, async (tx) => {
    if (body.status === 'ON_ROUTE_TO_PICK_UP') return stackAccept(deps, tx, rider, id);
    const members = await shipmentsOfStack(tx, rider.companyId, id);
    const orders = await ordersOfLogisticsLock(
      tx,
      rider.companyId,
      members.map((row) => row.logisticsOrderId),
    );
    const stack = await stackLock(tx, rider.companyId, id);
    if (!stack) throw notFound(shipmentApiMessages.stackNotFound(id));
    let rows = await shipmentsOfStackLock(tx, rider.companyId, id);
    const to = body.status;
    if (stack.riderId !== rider.id) {
      if (stack.riderId !== null) throw expiredByOther();
      throw moveRefused(stack.status as ShipmentStatus, to ?? (stack.status as ShipmentStatus));
    }
    const changes = shipmentChangesNew(stack.companyId, stack.branchContactId);
    if (body.selectedShipmentId !== undefined) {
      await stackSelect(tx, stack, rows, body.selectedShipmentId, changes);
      rows = await shipmentsOfStackLock(tx, rider.companyId, id);
    }
    if (to === undefined || to === stack.status) return { answer: await stackAnswer(tx, rider, id), changes };
    const target = { kind: 'stack' as const, stack: stackDomainOf(stack, rows) };
    const byId = (shipmentId: string) => rows.find((row) => String(row.id) === shipmentId) as ShipmentRow;
    const lockedOf = (row: ShipmentRow) =>
      orders.find((entry) => entry.logistics.id === row.logisticsOrderId);
    const held = async (row: ShipmentRow) => {
      const lockedOrder = lockedOf(row);
      if (!lockedOrder) throw notFound(shipmentApiMessages.notFound(row.id));
      return shipmentHeldMove(
        deps,
        tx,
        { rider, row, stack, lockedOrder, to, securityCode: body.securityCode },
        changes,
      );
    };

    if (to === 'DRIVER_CANCELED') {
      const plan = shipmentCancelPlan(target, String(rider.id));
      if (!plan) throw moveRefused(stack.status as ShipmentStatus, to);
      if (plan.scope === 'STACK') {
        await stackCancelWhole(
          deps,
          tx,
          { actor: { riderId: rider.id, staffUserId: null }, stack, rows, orders, to },
          changes,
        );
      } else {
        const refusal = await held(byId(plan.targetIds[0] as string));
        if (refusal) return { answer: refusal, changes: null };
      }
      return { answer: await stackAnswer(tx, rider, id), changes };
    }
    const action = shipmentNextAction(target);
    if (!action || action.nextStatus !== to) throw moveRefused(stack.status as ShipmentStatus, to);
    if (action.scope === 'STACK') {
      await stackAdvance(deps, tx, { rider, stack, rows, orders, to }, changes);
    } else {
      for (const shipmentId of action.targetIds) {
        const refusal = await held(byId(shipmentId));
        if (refusal) return { answer: refusal, changes: null };
      }
    }
    return { answer: await stackAnswer(tx, rider, id), changes };
  });
}
