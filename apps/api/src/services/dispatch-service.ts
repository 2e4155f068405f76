/**
 * The venue's dispatch view (issue 9): reads, the rider approval, and the
 * calls into the shipment lifecycle that the dispatch routes make.
 *
 * Authorization is the console's (services/console-service.ts): the row is
 * looked up within the staff member's company — another company's id answers
 * 404, exactly like one that does not exist — and its branch contact must be
 * one the staff member may see, else 403.
 */
import { dispatchDayStart, dispatchRiderOfferable } from '@comanda/domain/dispatch';
import type { Db, Queryable } from '../db/client';
import { badRequest, conflict, forbidden, notFound } from '../lib/http-error';
import { type Realtime, rooms } from '../plugins/app/realtime';
import { dispatchViewPresent } from '../presenters/dispatch-presenter';
import type { DispatchRider, DispatchView, RiderApprovalResult } from '../presenters/dispatch-schemas';
import type { ShipmentStaffItem } from '../presenters/shipment-schemas';
import {
  type DispatchScope,
  dispatchLocationOf,
  dispatchRiderRows,
  dispatchShipmentRows,
  dispatchStackRows,
  riderApprovalWrite,
  riderLockOfCompany,
  riderOfCompany,
  riderOffersRelease,
} from '../repositories/dispatch-repository';
import { riderHoldsShipment } from '../repositories/rider-repository';
import { afterCommit, consoleBranchContactCheck, consoleMessages } from './console-service';
import { riderSessionsClose } from './rider-session-service';
import { type ShipmentDeps, shipmentChangesNew } from './shipment-common';
import { shipmentChangesAnnounce } from './shipment-events';
import { type DispatchTarget, shipmentOffer } from './shipment-staff';
import type { StaffPrincipal } from './staff-auth-service';

/** (ours) Texts of the dispatch view's refusals. */
export const dispatchMessages = {
  riderNotFound: (id: number) => `No existe el repartidor ${id}`,
  riderForbidden: 'No tiene acceso a los repartidores de este local',
  riderOffShift: 'El repartidor no está en turno: ofrézcalo a uno en turno o a todos',
  riderBusy:
    'El repartidor tiene un envío en curso: cancélelo o confirme la entrega antes de quitarle la aprobación',
} as const;

/**
 * What the dispatch writes need: the shipment lifecycle's deps (they call into
 * it), and the realtime re-check that drops a disapproved rider's sockets.
 */
export type DispatchDeps = ShipmentDeps & { realtime: Pick<Realtime, 'publish' | 'staffRecheck'> };

// ---------------------------------------------------------------- authorization

/** A rider the staff member may manage: 404 outside their company, 403 when of a location not theirs. */
export async function dispatchRiderCheck(db: Queryable, staff: StaffPrincipal, riderId: number) {
  const rider = await riderOfCompany(db, staff.companyId, riderId);
  if (!rider) throw notFound(dispatchMessages.riderNotFound(riderId));
  if (!staff.branchContactIds.has(rider.branchContactId)) throw forbidden(dispatchMessages.riderForbidden);
  return rider;
}

// ---------------------------------------------------------------- reads

/** The dispatch view of one location (see `DispatchViewSchema`), read from one snapshot. */
export async function dispatchGet(
  db: Db,
  staff: StaffPrincipal,
  branchContactId: number,
  now: number,
): Promise<DispatchView> {
  await consoleBranchContactCheck(db, staff, branchContactId);
  return db.transaction(
    async (tx) => {
      const location = await dispatchLocationOf(tx, staff.companyId, branchContactId);
      if (!location) throw notFound(consoleMessages.branchContactNotFound(branchContactId));
      const dayStart = dispatchDayStart(now, location.timezone);
      const scope: DispatchScope = {
        companyId: staff.companyId,
        branchContactId,
        finishedSince: new Date(dayStart),
      };
      const stacks = await dispatchStackRows(tx, scope);
      const shipments = await dispatchShipmentRows(
        tx,
        scope,
        stacks.map((row) => row.id),
      );
      const riders = await dispatchRiderRows(tx, staff.companyId, branchContactId);
      return dispatchViewPresent({ location, dayStart, stacks, shipments, riders });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** One rider as the dispatch view shows it (with what they hold now). */
async function dispatchRiderGet(
  db: Db,
  staff: StaffPrincipal,
  branchContactId: number,
  riderId: number,
  now: number,
): Promise<DispatchRider> {
  const view = await dispatchGet(db, staff, branchContactId, now);
  const rider = view.riders.find((candidate) => candidate.id === riderId);
  if (!rider) throw notFound(dispatchMessages.riderNotFound(riderId));
  return rider;
}

// ---------------------------------------------------------------- rider approval

/**
 * Approves a rider (they may list and take the location's shipments) or takes
 * the approval away. Taking it away ends the shift: the rider goes off shift,
 * every session of theirs is closed (their app asks them to start a shift
 * again, and gets 403 until approved), and shipments or stacks the venue had
 * offered to them only become open to every rider. Refused (409) while the
 * rider holds a shipment in progress: the venue cancels it or confirms its
 * delivery first. Setting what the rider already has changes nothing.
 * Published to the location's consoles as `rider-updated`, and the released
 * offers as `shipment-updated`.
 */
export async function dispatchRiderApprovalSet(
  deps: DispatchDeps,
  staff: StaffPrincipal,
  riderId: number,
  approved: boolean,
): Promise<RiderApprovalResult> {
  const rider = await dispatchRiderCheck(deps.db, staff, riderId);
  const now = new Date(deps.now());
  const outcome = await deps.db.transaction(async (tx) => {
    const locked = await riderLockOfCompany(tx, staff.companyId, riderId);
    if (!locked) throw notFound(dispatchMessages.riderNotFound(riderId));
    // The rule a shift end follows (rider-shift-service): not while holding a shipment.
    if (!approved && (await riderHoldsShipment(tx, { id: riderId, companyId: staff.companyId })))
      throw conflict(dispatchMessages.riderBusy);
    const changed = await riderApprovalWrite(tx, { companyId: staff.companyId, riderId, approved, now });
    if (approved) return { changed, released: { shipmentIds: [], stackIds: [] } };
    await riderSessionsClose(tx, riderId);
    const released = await riderOffersRelease(tx, { companyId: staff.companyId, riderId, now });
    return { changed, released };
  });
  const view = await dispatchRiderGet(deps.db, staff, rider.branchContactId, riderId, deps.now());
  if (outcome.changed) {
    await afterCommit(deps, 'rider-updated', async () =>
      deps.realtime.publish(rooms.console(rider.branchContactId), 'rider-updated', view),
    );
  }
  if (!approved) {
    // The rider's sockets go with their sessions (realtime re-checks rider sockets with staff ones).
    await afterCommit(deps, 'rider socket re-check', () => deps.realtime.staffRecheck());
    const changes = shipmentChangesNew(staff.companyId, rider.branchContactId);
    for (const id of outcome.released.shipmentIds) changes.shipmentIds.add(id);
    for (const id of outcome.released.stackIds) changes.stackIds.add(id);
    // Offers that opened to every rider: riders and consoles hear it as any shipment change.
    await shipmentChangesAnnounce(deps, changes);
  }
  return { changed: outcome.changed, rider: view };
}

// ---------------------------------------------------------------- offers

/**
 * Offers a shipment or a stack to one rider, or (null) to every rider, through
 * the shipment lifecycle (`shipmentOffer`). The venue offers to riders on
 * shift only (`dispatchRiderOfferable`): an offer to a rider off shift would
 * wait for nobody. A rider who ends the shift after the offer keeps it (ADR
 * 023, "Offers and the end of a shift").
 */
export async function dispatchOffer(
  deps: DispatchDeps,
  staff: StaffPrincipal,
  target: DispatchTarget,
  riderId: number | null,
): Promise<ShipmentStaffItem> {
  if (riderId !== null) {
    const rider = await riderOfCompany(deps.db, staff.companyId, riderId);
    // Unknown, of another location or not approved: the lifecycle says which, with its own words.
    if (rider?.approved && !dispatchRiderOfferable(rider))
      throw badRequest(dispatchMessages.riderOffShift, { 'body.riderId': dispatchMessages.riderOffShift });
  }
  return shipmentOffer(deps, staff, target, riderId);
}
