/**
 * Readings of a shipment or stack for the rider's screens. The rules are the
 * domain's (packages/domain/src/shipment.ts); this only brings the API's shape
 * (numeric ids, nulls) to the domain's, and lays the rider's pending changes
 * (lib/outbox.ts) over the server's last answer so the screen shows what the
 * rider did while offline.
 */
import {
  type Shipment,
  type ShipmentStatus,
  type ShipmentTarget,
  shipmentIsFinished,
  shipmentNextAction,
  shipmentStackCurrent,
  shipmentWonByOther,
} from '@comanda/domain/shipment';
import type { RiderShipment, RiderStack, RiderTarget } from '../api/rider-api';
import type { OutboxItem } from './outbox';

const idOf = (id: number | null | undefined) => (id === null || id === undefined ? null : String(id));

export function shipmentToDomain(shipment: RiderShipment): Shipment {
  return {
    id: String(shipment.id),
    status: shipment.status,
    code: shipment.code,
    returnShipment: shipment.returnShipment,
    stackingOrder: shipment.stackingOrder,
    riderId: idOf(shipment.riderId),
  };
}

export function targetToDomain(target: RiderTarget): ShipmentTarget {
  if (target.kind === 'simple') return { kind: 'simple', shipment: shipmentToDomain(target.shipment) };
  const { stack } = target;
  return {
    kind: 'stack',
    stack: {
      id: String(stack.id),
      status: stack.status,
      shipments: stack.shipments.map(shipmentToDomain),
      selectedIndex: stack.selectedIndex,
      returnStack: stack.returnStack,
      riderId: idOf(stack.riderId),
    },
  };
}

/** The id the page is about. */
export function targetId(target: RiderTarget): number {
  return target.kind === 'simple' ? target.shipment.id : target.stack.id;
}

/** Whether another rider holds it (the server says so, or its holder is not the viewer). */
export function targetWonByOther(target: RiderTarget, viewerRiderId: number): boolean {
  const holder = target.kind === 'simple' ? target.shipment : target.stack;
  return holder.wonByOther || shipmentWonByOther({ riderId: idOf(holder.riderId) }, String(viewerRiderId));
}

/** The shipment the rider is on: the shipment itself, or the stack's current (else its selected) one. */
export function targetCurrentShipment(target: RiderTarget): RiderShipment | null {
  if (target.kind === 'simple') return target.shipment;
  const domain = targetToDomain(target);
  const current = domain.kind === 'stack' ? shipmentStackCurrent(domain.stack) : null;
  const { shipments, selectedIndex } = target.stack;
  return (
    shipments.find((shipment) => String(shipment.id) === current?.id) ?? shipments[selectedIndex] ?? null
  );
}

/** Held by the viewer, taken, and with something left to do: the 'Ver envíos' button hides. */
export function targetInProgress(target: RiderTarget, viewerRiderId: number): boolean {
  const holder = target.kind === 'simple' ? target.shipment : target.stack;
  return (
    holder.riderId === viewerRiderId &&
    !targetWonByOther(target, viewerRiderId) &&
    holder.status !== 'LOOKING_FOR_DRIVER' &&
    shipmentNextAction(targetToDomain(target)) !== null
  );
}

/** A shipment's status once its stack moved to `status` (a stack in drop-offs has its shipments on route). */
function shipmentStatusInStack(status: ShipmentStatus): ShipmentStatus {
  return status === 'ON_ROUTE_TO_DROP_OFFS' ? 'ON_ROUTE_TO_DROP_OFF' : status;
}

function shipmentApply(
  shipment: RiderShipment,
  status: ShipmentStatus,
  rider: { id: number; name: string; phone: string },
): RiderShipment {
  return status === 'ON_ROUTE_TO_PICK_UP'
    ? { ...shipment, status, riderId: rider.id, rider, wonByOther: false }
    : { ...shipment, status };
}

/**
 * The target as it will be once the rider's pending changes (those of this
 * page, in the order made) reach the server. Refused changes are not applied.
 */
export function targetWithPending(
  target: RiderTarget,
  pending: readonly OutboxItem[],
  rider: { id: number; name: string; phone: string },
): RiderTarget {
  let next = target;
  for (const item of pending) {
    if (item.state !== 'pending') continue;
    const { status, selectedShipmentId } = item.body;
    if (next.kind === 'simple') {
      if (status && item.kind === 'simple' && item.targetId === next.shipment.id)
        next = { kind: 'simple', shipment: shipmentApply(next.shipment, status, rider) };
      continue;
    }
    let stack: RiderStack = next.stack;
    if (item.kind === 'stack' && status) {
      stack = {
        ...stack,
        status,
        ...(status === 'ON_ROUTE_TO_PICK_UP' ? { riderId: rider.id, rider, wonByOther: false } : {}),
        shipments: stack.shipments.map((shipment) =>
          shipmentIsFinished(shipment.status)
            ? shipment
            : shipmentApply(shipment, shipmentStatusInStack(status), rider),
        ),
      };
    } else if (item.kind === 'simple' && status) {
      stack = {
        ...stack,
        shipments: stack.shipments.map((shipment) =>
          shipment.id === item.targetId ? shipmentApply(shipment, status, rider) : shipment,
        ),
      };
    }
    if (item.kind === 'stack' && selectedShipmentId !== undefined) {
      const index = stack.shipments.findIndex((shipment) => shipment.id === selectedShipmentId);
      const current = stack.shipments[stack.selectedIndex];
      const chosen = stack.shipments[index];
      if (chosen && current && index !== stack.selectedIndex) {
        const shipments = [...stack.shipments];
        shipments[stack.selectedIndex] = chosen;
        shipments[index] = current;
        stack = { ...stack, shipments };
      }
    }
    next = { kind: 'stack', stack };
  }
  return next;
}

/** Whether the order is paid in cash on delivery (the rider collects it). */
export function shipmentPaidInCash(shipment: RiderShipment): boolean {
  return shipment.order.paymentMethod === 'CASH';
}

/** A maps app's directions to a point, or to an address when the point is unknown. */
export function directionsUrl(
  to: { lat: number | null; lng: number | null } | null,
  address: string,
): string {
  const destination =
    to && typeof to.lat === 'number' && typeof to.lng === 'number' && (to.lat !== 0 || to.lng !== 0)
      ? `${to.lat},${to.lng}`
      : address;
  return `https://www.google.com/maps/dir/?${new URLSearchParams({ api: '1', destination }).toString()}`;
}

/** The destination as one line (street and number only when the server sent them). */
export function destinationLine(destination: RiderShipment['destination']): string {
  if (!destination) return '';
  const street =
    [destination.street, destination.number].filter(Boolean).join(' ') || destination.fullAddress;
  return [street, destination.zone, destination.locality].filter(Boolean).join(', ');
}
