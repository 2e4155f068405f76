/**
 * The venue's dispatch view (issue 9): reads, the rider approval, and the
 * calls into the shipment lifecycle that the dispatch routes make.
 *
 * Authorization is the console's (services/console-service.ts): the row is
 * looked up within the staff member's company — another company's id answers
 * 404, exactly like one that does not exist — and its branch contact must be
 * one the staff member may see, else 403.
 */
import { dispatchDayStart } from '@comanda/domain/dispatch';
import type { Db, Queryable } from '../db/client';
import { conflict, forbidden, notFound } from '../lib/http-error';
import { rooms } from '../plugins/app/realtime';
import { dispatchViewPresent } from '../presenters/dispatch-presenter';
import type { DispatchRider, DispatchView, RiderApprovalResult } from '../presenters/dispatch-schemas';
import {
  type DispatchScope,
  dispatchLocationOf,
  dispatchRiderRows,
  dispatchShipmentRows,
  dispatchStackRows,
  riderApprovalWrite,
  riderHoldsWork,
  riderLockOfCompany,
  riderOfCompany,
  riderOffersRelease,
} from '../repositories/dispatch-repository';
import { afterCommit, type ConsoleDeps, consoleBranchContactCheck, consoleMessages } from './console-service';
import { riderSessionsClose } from './rider-session-service';
import type { StaffPrincipal } from './staff-auth-service';

/** (ours) Texts of the dispatch view's refusals. */
export const dispatchMessages = {
  riderNotFound: (id: number) => `No existe el repartidor ${id}`,
  riderForbidden: 'No tiene acceso a los repartidores de este local',
  riderBusy:
    'El repartidor tiene un envío en curso: cancélelo o confirme la entrega antes de quitarle la aprobación',
} as const;

/** What the dispatch writes need. */
export type DispatchDeps = Pick<ConsoleDeps, 'realtime' | 'now' | 'log'> & { db: Db };

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
        stacks.map((row) => row.stack.id),
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
    if (!approved && (await riderHoldsWork(tx, staff.companyId, riderId)))
      throw conflict(dispatchMessages.riderBusy);
    const changed = await riderApprovalWrite(tx, { companyId: staff.companyId, riderId, approved, now });
    if (approved) return { changed, released: { shipmentIds: [], stackIds: [] } };
    await riderSessionsClose(tx, riderId);
    const released = await riderOffersRelease(tx, { companyId: staff.companyId, riderId, now });
    return { changed, released };
  });
  const view = await dispatchRiderGet(deps.db, staff, rider.branchContactId, riderId, deps.now());
  const room = rooms.console(rider.branchContactId);
  if (outcome.changed) {
    await afterCommit(deps, 'rider-updated', async () => deps.realtime.publish(room, 'rider-updated', view));
  }
  for (const [kind, ids] of [
    ['simple', outcome.released.shipmentIds],
    ['stack', outcome.released.stackIds],
  ] as const) {
    for (const id of ids) {
      await afterCommit(deps, 'shipment-updated', async () =>
        deps.realtime.publish(room, 'shipment-updated', {
          kind,
          id,
          status: 'LOOKING_FOR_DRIVER',
          riderId: null,
        }),
      );
    }
  }
  return { changed: outcome.changed, rider: view };
}
