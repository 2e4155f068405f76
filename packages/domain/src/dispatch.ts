/**
 * The venue's dispatch view of its own fleet (issue 9, ADR 023 "Dispatch"):
 * which column a shipment or a stack belongs in, where the venue's day starts
 * (for "finished today"), which riders are shown how, and whether a rider's
 * last position may be shown. The API decides with these; the console shows
 * what the API answers.
 */
import {
  type ShipmentStatus,
  shipmentIsFinished,
  shipmentIsOnRouteToDropOff,
  shipmentIsPreDropOff,
} from './shipment';
import { localDateAddDays, zonedDate, zonedInstant } from './zoned-time';

/** The dispatch view's columns: waiting for a rider, in progress, finished today. */
export type DispatchStage = 'waiting' | 'inProgress' | 'finished';

/**
 * (decision, ADR 023) The venue's day starts at 05:00 local time, not at
 * midnight: a service that runs past midnight keeps tonight's deliveries under
 * "finished today" until the small hours are over.
 */
export const DISPATCH_DAY_START_MINUTE = 5 * 60;

/**
 * The instant the venue's current day started (`DISPATCH_DAY_START_MINUTE` of
 * the local date, or of the day before when that is still ahead), in
 * `timeZone`. Finished shipments since then are "finished today".
 */
export function dispatchDayStart(now: number, timeZone: string): number {
  const today = zonedDate(now, timeZone);
  const start = zonedInstant(today, DISPATCH_DAY_START_MINUTE, timeZone).instant;
  if (start <= now) return start;
  return zonedInstant(localDateAddDays(today, -1), DISPATCH_DAY_START_MINUTE, timeZone).instant;
}

/** A delivered return shipment whose rider still has to bring it (the cash) back to the store. */
function returnPending(shipment: { status: ShipmentStatus; returnShipment: boolean }): boolean {
  return shipment.returnShipment && shipment.status === 'DELIVERED';
}

/**
 * The column of a shipment (alone, or inside a stack): looking for a rider is
 * waiting; held by a rider, or delivered with the money still to come back, is
 * in progress; delivered, returned or cancelled is finished.
 */
export function dispatchShipmentStage(shipment: {
  status: ShipmentStatus;
  returnShipment: boolean;
}): DispatchStage {
  if (returnPending(shipment)) return 'inProgress';
  if (shipmentIsFinished(shipment.status)) return 'finished';
  if (shipment.status === 'PENDING' || shipment.status === 'STACKING') return 'waiting';
  if (shipment.status === 'LOOKING_FOR_DRIVER') return 'waiting';
  return 'inProgress';
}

/**
 * The column of a stack: by its own status before drop-off, then in progress
 * until every shipment is finished and every return is back.
 */
export function dispatchStackStage(stack: {
  status: ShipmentStatus;
  shipments: readonly { status: ShipmentStatus; returnShipment: boolean }[];
}): DispatchStage {
  if (stack.status === 'CANCELED' || stack.status === 'DRIVER_CANCELED') return 'finished';
  if (stack.status === 'LOOKING_FOR_DRIVER' || stack.status === 'PENDING' || stack.status === 'STACKING')
    return 'waiting';
  if (shipmentIsPreDropOff(stack.status) || shipmentIsOnRouteToDropOff(stack.status)) return 'inProgress';
  // Delivered (or returned) as a stack: in progress while a return is still on its way back.
  return stack.shipments.some((shipment) => dispatchShipmentStage(shipment) === 'inProgress')
    ? 'inProgress'
    : 'finished';
}

/** A rider as the dispatch view groups them. */
export interface DispatchRiderState {
  approved: boolean;
  /** On shift. */
  active: boolean;
}

/**
 * (decision, ADR 023) How the venue sees a rider: `pending` (registered from
 * the shift page and on shift, waiting for the venue's approval: shown first,
 * with 'Aprobar' and 'Rechazar', never on the map nor offered shipments),
 * `onShift`, `offShift`, or `notApproved` (never approved, or rejected, and
 * off shift: listed with the riders off shift, still approvable; a rejected
 * rider who starts a shift again is pending again).
 */
export function dispatchRiderGroup(
  rider: DispatchRiderState,
): 'pending' | 'onShift' | 'offShift' | 'notApproved' {
  if (!rider.approved) return rider.active ? 'pending' : 'notApproved';
  return rider.active ? 'onShift' : 'offShift';
}

/**
 * Whether the venue may see a rider's last position: an approved rider on
 * shift, with a position reported during this shift (one from an earlier
 * shift says nothing about where the rider is now, and is theirs alone).
 */
export function dispatchPositionVisible(rider: {
  approved: boolean;
  active: boolean;
  positionAt: number | null;
  shiftStartedAt: number | null;
}): boolean {
  if (!rider.approved || !rider.active || rider.positionAt === null) return false;
  return rider.shiftStartedAt === null || rider.positionAt >= rider.shiftStartedAt;
}

/**
 * A rider's position in a fresh read of the dispatch view, against the one the
 * live feed brought meanwhile: a read that left before the position was
 * stored answers after it arrived live, so the newer of the two stands (an
 * older read never takes a shown position away). The live one counts only
 * where the read's rider may be seen at all (`dispatchPositionVisible`).
 */
export function dispatchPositionNewest<P extends { at: string }>(
  read: P | null,
  live: P | null,
  rider: { approved: boolean; active: boolean; shiftStartedAt: string | null },
): P | null {
  if (live === null) return read;
  const liveAt = Date.parse(live.at);
  const visible = dispatchPositionVisible({
    approved: rider.approved,
    active: rider.active,
    positionAt: liveAt,
    shiftStartedAt: rider.shiftStartedAt === null ? null : Date.parse(rider.shiftStartedAt),
  });
  if (!visible) return read;
  return read === null || liveAt > Date.parse(read.at) ? live : read;
}

/**
 * Whether the venue may offer a shipment or stack to a rider: approved and on
 * shift (a pending rider cannot even list shipments).
 */
export function dispatchRiderOfferable(rider: DispatchRiderState): boolean {
  return dispatchRiderGroup(rider) === 'onShift';
}

/** The venue's words for shipment statuses (console register). */
export const DISPATCH_STATUS_LABELS: Readonly<Record<ShipmentStatus, string>> = {
  PENDING: 'Pendiente',
  STACKING: 'Agrupando',
  LOOKING_FOR_DRIVER: 'Buscando repartidor',
  ON_ROUTE_TO_PICK_UP: 'Yendo al local',
  IN_STORE: 'En el local',
  ON_ROUTE_TO_DROP_OFF: 'En camino al cliente',
  ON_ROUTE_TO_DROP_OFFS: 'En camino a los clientes',
  DELIVERED: 'Entregado',
  RETURNED: 'De vuelta en el local',
  DRIVER_CANCELED: 'Cancelado por el repartidor',
  CANCELED: 'Cancelado por el local',
};

/** The label of a shipment's status, saying when a delivered return shipment is still on its way back. */
export function dispatchStatusLabel(shipment: { status: ShipmentStatus; returnShipment?: boolean }): string {
  if (shipment.returnShipment && shipment.status === 'DELIVERED') return 'Entregado, vuelve al local';
  return DISPATCH_STATUS_LABELS[shipment.status];
}
