/**
 * What the venue's staff do with shipments from the dispatch view (ADR 023):
 * group shipments into a stack and ungroup it, offer a shipment or stack to
 * one rider (or to all again), cancel one in progress (re-pooled, so the order
 * is never lost) and confirm a delivery without the code (a customer who
 * cannot give it). The dispatch routes (routes/api/console-dispatch) call
 * these; each answers the dispatch item after commit and announces through
 * shipment-events.ts.
 *
 * Authorization as in the console: a row of another company is 404, a
 * location of the company the staff member may not see is 403. Races are
 * decided like a rider's: grouping takes only shipments still free in one
 * conditional update (a rider accepting one of them at the same moment wins
 * it or the stack does, never both); ungrouping only a stack nobody took;
 * every other change under the locks orders → stack → shipments.
 */
import { type ShipmentStatus, shipmentCanCancel } from '@comanda/domain/shipment';
import type { Tx } from '../db/client';
import { badRequest, conflict, forbidden, notFound } from '../lib/http-error';
import { shipmentStaffPresent, stackStaffPresent } from '../presenters/shipment-presenter';
import type { ShipmentStaffItem, StackStaffView } from '../presenters/shipment-schemas';
import { ordersOfLogisticsLock } from '../repositories/shipment-order-repository';
import {
  riderOfScope,
  type ShipmentRow,
  shipmentEventInsert,
  shipmentFind,
  shipmentsLock,
  shipmentsOfStack,
  shipmentsOfStackLock,
  shipmentUpdate,
  shipmentViewById,
  shipmentViewsOfStack,
} from '../repositories/shipment-repository';
import {
  type StackRow,
  shipmentsStackIfFree,
  stackDissolveIfFree,
  stackFind,
  stackInsert,
  stackLock,
  stackShipmentsRelease,
  stackUpdate,
} from '../repositories/shipment-stack-repository';
import { consoleBranchContactCheck } from './console-service';
import {
  shipmentStaffMessages as messages,
  type ShipmentChanges,
  type ShipmentDeps,
  shipmentChangesNew,
} from './shipment-common';
import { DELIVERY_CODE_CLEARED } from './shipment-delivery-code';
import { shipmentChangesAnnounce } from './shipment-events';
import { shipmentOrderFollow } from './shipment-order-step';
import { stackCancelWhole } from './shipment-stack-moves';
import { shipmentRepool, shipmentStatusWrite, stackAfterShipmentMove } from './shipment-writes';
import type { StaffPrincipal } from './staff-auth-service';

/** A shipment or a stack, as the dispatch routes name them. */
export interface DispatchTarget {
  kind: 'simple' | 'stack';
  id: number;
}

function locationCheck(staff: StaffPrincipal, branchContactId: number) {
  if (!staff.branchContactIds.has(branchContactId)) throw forbidden(messages.forbidden);
}

async function targetCheck(deps: ShipmentDeps, staff: StaffPrincipal, target: DispatchTarget) {
  const scope = { companyId: staff.companyId };
  const row =
    target.kind === 'simple'
      ? await shipmentFind(deps.db, scope, target.id)
      : await stackFind(deps.db, scope, target.id);
  if (!row)
    throw notFound(
      target.kind === 'simple' ? messages.notFound(target.id) : messages.stackNotFound(target.id),
    );
  locationCheck(staff, row.branchContactId);
  return row;
}

/** The dispatch item of a shipment or stack, read after commit. */
export async function shipmentStaffItem(
  deps: Pick<ShipmentDeps, 'db'>,
  staff: StaffPrincipal,
  target: DispatchTarget,
): Promise<ShipmentStaffItem> {
  const scope = { companyId: staff.companyId };
  if (target.kind === 'stack') {
    const stack = await stackFind(deps.db, scope, target.id);
    if (!stack) throw notFound(messages.stackNotFound(target.id));
    return {
      kind: 'stack',
      stack: stackStaffPresent(stack, await shipmentViewsOfStack(deps.db, scope, target.id)),
    };
  }
  const view = await shipmentViewById(deps.db, scope, target.id);
  if (!view) throw notFound(messages.notFound(target.id));
  const stack =
    view.shipment.stackId === null ? undefined : await stackFind(deps.db, scope, view.shipment.stackId);
  return { kind: 'simple', shipment: shipmentStaffPresent(view, (stack?.status as ShipmentStatus) ?? null) };
}

async function runAndAnnounce(deps: ShipmentDeps, work: (tx: Tx) => Promise<ShipmentChanges>): Promise<void> {
  const changes = await deps.db.transaction(work);
  await shipmentChangesAnnounce(deps, changes);
}

/** `POST /api/console/dispatch/stacks`: groups free shipments of one location, in the order given. */
export async function shipmentStackCreate(
  deps: ShipmentDeps,
  staff: StaffPrincipal,
  input: { branchContactId: number; shipmentIds: readonly number[] },
): Promise<StackStaffView> {
  const ids = [...new Set(input.shipmentIds)];
  if (ids.length < 2)
    throw badRequest(messages.stackNeedsTwo, { 'body.shipmentIds': messages.stackNeedsTwo });
  await consoleBranchContactCheck(deps.db, staff, input.branchContactId);
  let stackId = 0;
  await runAndAnnounce(deps, async (tx) => {
    const now = new Date(deps.now());
    const changes = shipmentChangesNew(staff.companyId, input.branchContactId);
    const stack = await stackInsert(tx, {
      companyId: staff.companyId,
      branchContactId: input.branchContactId,
      status: 'LOOKING_FOR_DRIVER',
      createdAt: now,
      updatedAt: now,
    });
    const taken = await shipmentsStackIfFree(tx, {
      ...input,
      companyId: staff.companyId,
      ids,
      stackId: stack.id,
      now,
    });
    // All or nothing: a rider took one (or it is stacked, or elsewhere) → the whole grouping rolls back.
    if (taken.length !== ids.length) throw conflict(messages.stackTaken);
    for (const [index, id] of ids.entries()) {
      await shipmentUpdate(tx, staff.companyId, id, { stackingOrder: index + 1 });
      changes.shipmentIds.add(id);
    }
    await stackUpdate(tx, staff.companyId, stack.id, { isReturn: taken.some((row) => row.returnShipment) });
    await shipmentEventInsert(tx, {
      companyId: staff.companyId,
      branchContactId: input.branchContactId,
      stackId: stack.id,
      toStatus: 'LOOKING_FOR_DRIVER',
      staffUserId: staff.id,
      reason: `grouped shipments ${ids.join(', ')}`,
      createdAt: now,
    });
    changes.stackIds.add(stack.id);
    stackId = stack.id;
    return changes;
  });
  const item = await shipmentStaffItem(deps, staff, { kind: 'stack', id: stackId });
  if (item.kind !== 'stack') throw new Error('unreachable');
  return item.stack;
}

/** `DELETE /api/console/dispatch/stacks/{id}`: ungroups a stack nobody took yet; answers its shipments. */
export async function shipmentStackDissolve(
  deps: ShipmentDeps,
  staff: StaffPrincipal,
  stackId: number,
): Promise<ShipmentStaffItem[]> {
  const found = await targetCheck(deps, staff, { kind: 'stack', id: stackId });
  let released: number[] = [];
  await runAndAnnounce(deps, async (tx) => {
    const now = new Date(deps.now());
    const stack = await stackDissolveIfFree(tx, { companyId: staff.companyId, id: stackId, now });
    if (!stack) throw conflict(messages.stackNotFree);
    const changes = shipmentChangesNew(staff.companyId, found.branchContactId);
    released = (await stackShipmentsRelease(tx, { companyId: staff.companyId, stackId, now })).map(
      (row) => row.id,
    );
    for (const id of released) changes.shipmentIds.add(id);
    await shipmentEventInsert(tx, {
      companyId: staff.companyId,
      branchContactId: stack.branchContactId,
      stackId,
      fromStatus: 'LOOKING_FOR_DRIVER',
      toStatus: 'CANCELED',
      staffUserId: staff.id,
      reason: 'ungrouped',
      createdAt: now,
    });
    changes.stackIds.add(stackId);
    return changes;
  });
  return Promise.all(released.map((id) => shipmentStaffItem(deps, staff, { kind: 'simple', id })));
}

/** `POST /api/console/dispatch/{shipments|stacks}/{id}/offer`: to one approved rider of the location, or to all (null). */
export async function shipmentOffer(
  deps: ShipmentDeps,
  staff: StaffPrincipal,
  target: DispatchTarget,
  riderId: number | null,
): Promise<ShipmentStaffItem> {
  const found = await targetCheck(deps, staff, target);
  if (riderId !== null) {
    const rider = await riderOfScope(
      deps.db,
      { companyId: staff.companyId, branchContactId: found.branchContactId },
      riderId,
    );
    if (!rider)
      throw badRequest(messages.riderUnknown(riderId), { 'body.riderId': messages.riderUnknown(riderId) });
    if (!rider.approved)
      throw badRequest(messages.riderNotApproved, { 'body.riderId': messages.riderNotApproved });
  }
  await runAndAnnounce(deps, async (tx) => {
    const now = new Date(deps.now());
    const changes = shipmentChangesNew(staff.companyId, found.branchContactId);
    const row: ShipmentRow | StackRow | undefined =
      target.kind === 'simple'
        ? (await shipmentsLock(tx, staff.companyId, [target.id]))[0]
        : await stackLock(tx, staff.companyId, target.id);
    const free = row && row.status === 'LOOKING_FOR_DRIVER' && row.riderId === null;
    if (!free || (target.kind === 'simple' && (row as ShipmentRow).stackId !== null))
      throw conflict(messages.notLooking);
    if (target.kind === 'simple') {
      await shipmentUpdate(tx, staff.companyId, target.id, { offeredToRiderId: riderId, updatedAt: now });
      changes.shipmentIds.add(target.id);
    } else {
      await stackUpdate(tx, staff.companyId, target.id, { offeredToRiderId: riderId, updatedAt: now });
      changes.stackIds.add(target.id);
    }
    await shipmentEventInsert(tx, {
      companyId: staff.companyId,
      branchContactId: found.branchContactId,
      ...(target.kind === 'simple' ? { shipmentId: target.id } : { stackId: target.id }),
      fromStatus: 'LOOKING_FOR_DRIVER',
      toStatus: 'LOOKING_FOR_DRIVER',
      staffUserId: staff.id,
      reason: riderId === null ? 'offered to every rider' : `offered to rider ${riderId}`,
      createdAt: now,
    });
    return changes;
  });
  return shipmentStaffItem(deps, staff, target);
}

/** Locks a target's orders, its stack and its shipments, in that order. */
async function targetLock(
  tx: Tx,
  staff: StaffPrincipal,
  target: DispatchTarget,
  found: ShipmentRow | StackRow,
) {
  const stackId = target.kind === 'stack' ? target.id : (found as ShipmentRow).stackId;
  const members =
    target.kind === 'stack' ? await shipmentsOfStack(tx, staff.companyId, target.id) : [found as ShipmentRow];
  const orders = await ordersOfLogisticsLock(
    tx,
    staff.companyId,
    members.map((row) => row.logisticsOrderId),
  );
  const stack = stackId === null ? null : ((await stackLock(tx, staff.companyId, stackId)) ?? null);
  const rows =
    target.kind === 'stack'
      ? await shipmentsOfStackLock(tx, staff.companyId, target.id)
      : await shipmentsLock(tx, staff.companyId, [target.id]);
  return { orders, stack, rows };
}

/**
 * `POST /api/console/dispatch/{shipments|stacks}/{id}/cancel` `{ reason }`:
 * takes a shipment or stack in progress away from its rider. Each cancelled
 * shipment (CANCELED, with the reason) is re-pooled at once.
 */
export async function shipmentCancelByStaff(
  deps: ShipmentDeps,
  staff: StaffPrincipal,
  target: DispatchTarget,
  reason: string,
): Promise<ShipmentStaffItem> {
  const why = reason.trim();
  if (!why) throw badRequest(messages.reasonRequired, { 'body.reason': messages.reasonRequired });
  const found = await targetCheck(deps, staff, target);
  await runAndAnnounce(deps, async (tx) => {
    const now = deps.now();
    const changes = shipmentChangesNew(staff.companyId, found.branchContactId);
    const { orders, stack, rows } = await targetLock(tx, staff, target, found);
    const actor = { riderId: null, staffUserId: staff.id };
    if (target.kind === 'stack') {
      if (!stack || !shipmentCanCancel(stack.status as ShipmentStatus))
        throw conflict(messages.cancelNotAllowed);
      await stackCancelWhole(deps, tx, { actor, stack, rows, orders, to: 'CANCELED', reason: why }, changes);
      return changes;
    }
    const [row] = rows;
    if (!row || !shipmentCanCancel(row.status as ShipmentStatus)) throw conflict(messages.cancelNotAllowed);
    await shipmentStatusWrite(
      tx,
      row,
      'CANCELED',
      { actor, now: new Date(now), reason: why, patch: { cancelReason: why } },
      changes,
    );
    await shipmentRepool(tx, row, { actor, now: new Date(now) }, changes);
    for (const { order } of orders) changes.orderCodes.add(order.code);
    if (stack) await stackAfterShipmentMove(tx, stack, { actor, now: new Date(now) }, changes);
    return changes;
  });
  return shipmentStaffItem(deps, staff, target);
}

/**
 * `POST /api/console/dispatch/shipments/{id}/delivered`: staff confirm a
 * delivery without the code (logged with who did it); the order follows as
 * for a rider's delivery.
 */
export async function shipmentDeliveredByStaff(
  deps: ShipmentDeps,
  staff: StaffPrincipal,
  shipmentId: number,
): Promise<ShipmentStaffItem> {
  const target: DispatchTarget = { kind: 'simple', id: shipmentId };
  const found = await targetCheck(deps, staff, target);
  await runAndAnnounce(deps, async (tx) => {
    const now = deps.now();
    const changes = shipmentChangesNew(staff.companyId, found.branchContactId);
    const { orders, stack, rows } = await targetLock(tx, staff, target, found);
    const [row] = rows;
    const [locked] = orders;
    if (!row || !locked || row.status !== 'ON_ROUTE_TO_DROP_OFF')
      throw conflict(messages.deliveredNotAllowed);
    const actor = { riderId: null, staffUserId: staff.id };
    await shipmentStatusWrite(
      tx,
      row,
      'DELIVERED',
      { actor, now: new Date(now), reason: 'delivery confirmed by staff', patch: DELIVERY_CODE_CLEARED },
      changes,
    );
    await shipmentOrderFollow(
      tx,
      deps,
      { ...locked, shipmentStatus: 'DELIVERED', staffUserId: staff.id, now },
      changes,
    );
    if (stack) await stackAfterShipmentMove(tx, stack, { actor, now: new Date(now) }, changes);
    return changes;
  });
  return shipmentStaffItem(deps, staff, target);
}
