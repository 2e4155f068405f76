/**
 * Own-fleet shipments beyond the rider's slider (ADR 023): how the order
 * follows its shipment, when a stack closes, what counts as in progress for a
 * rider, the persisted selection inside a stack, and the status names the
 * venue and the rider read.
 */
import type { OrderStatus } from './order-status';
import {
  type Shipment,
  type ShipmentStack,
  type ShipmentStatus,
  shipmentIsFinished,
  shipmentIsPreDropOff,
  shipmentStackCanUpdate,
  shipmentStackIsFinished,
  shipmentStackSelect,
} from './shipment';

/** (ours) A status as the dispatch view and error messages name it. */
export const SHIPMENT_STATUS_NAMES: Readonly<Record<ShipmentStatus, string>> = {
  PENDING: 'Pendiente',
  STACKING: 'Agrupando',
  LOOKING_FOR_DRIVER: 'Buscando repartidor',
  ON_ROUTE_TO_PICK_UP: 'En camino al local',
  IN_STORE: 'En el local',
  ON_ROUTE_TO_DROP_OFF: 'En camino al cliente',
  ON_ROUTE_TO_DROP_OFFS: 'En camino a los clientes',
  DELIVERED: 'Entregado',
  RETURNED: 'De regreso en el local',
  DRIVER_CANCELED: 'Cancelado por el repartidor',
  CANCELED: 'Cancelado',
};

/**
 * The order moves a shipment's new status brings (the order keeps in step
 * with its delivery): leaving the store makes an accepted order READY;
 * delivering it makes it DELIVERED (through READY if it was still accepted).
 * Nothing for an order already there, or finished some other way.
 */
export function shipmentOrderMoves(shipment: ShipmentStatus, order: OrderStatus): OrderStatus[] {
  if (shipment === 'ON_ROUTE_TO_DROP_OFF' && order === 'ACCEPTED') return ['READY'];
  if (shipment === 'DELIVERED') {
    if (order === 'ACCEPTED') return ['READY', 'DELIVERED'];
    if (order === 'READY') return ['DELIVERED'];
  }
  return [];
}

/**
 * The status a stack in drop-offs closes with once every shipment is
 * finished: DELIVERED when at least one was delivered, DRIVER_CANCELED when
 * all were cancelled; null while one is still under way.
 */
export function shipmentStackClosingStatus(
  shipments: readonly Pick<Shipment, 'status'>[],
): 'DELIVERED' | 'DRIVER_CANCELED' | null {
  if (!shipmentStackIsFinished({ shipments: shipments as Shipment[] })) return null;
  return shipments.some((shipment) => shipment.status === 'DELIVERED' || shipment.status === 'RETURNED')
    ? 'DELIVERED'
    : 'DRIVER_CANCELED';
}

/**
 * Whether a rider's simple shipment is still his job: under way, or a
 * delivered return shipment whose money is not back at the store.
 */
export function shipmentIsInProgress(shipment: Pick<Shipment, 'status' | 'returnShipment'>): boolean {
  if (shipment.status === 'DELIVERED') return shipment.returnShipment === true;
  return (
    shipment.status === 'ON_ROUTE_TO_PICK_UP' ||
    shipment.status === 'IN_STORE' ||
    shipment.status === 'ON_ROUTE_TO_DROP_OFF' ||
    shipment.status === 'ON_ROUTE_TO_DROP_OFFS'
  );
}

/** Whether a rider's stack is still his job: taken, not cancelled, and updatable (returns included). */
export function shipmentStackIsInProgress(stack: Pick<ShipmentStack, 'status' | 'shipments'>): boolean {
  const taken = ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFFS', 'DELIVERED'].includes(
    stack.status,
  );
  return taken && shipmentStackCanUpdate(stack);
}

/**
 * Whether one shipment of a stack may be moved on its own: only once the
 * stack has left the store (before that the stack moves as one).
 */
export function shipmentInStackMovesAlone(stackStatus: ShipmentStatus): boolean {
  return !shipmentIsPreDropOff(stackStatus);
}

/** The index, in stack order (`shipmentStackSort`), of the shipment the rider is on: the first unfinished. */
export function shipmentStackCurrentIndex(sorted: readonly Pick<Shipment, 'status'>[]): number {
  const index = sorted.findIndex((shipment) => !shipmentIsFinished(shipment.status));
  return index < 0 ? 0 : index;
}

/**
 * Persisting a header selection (`shipmentStackSelect`): the chosen shipment
 * takes the current one's place, so their `stackingOrder`s swap. `sorted` is
 * the stack in `shipmentStackSort` order. Null when the selection changes
 * nothing (finished, unknown or already current).
 */
export function shipmentStackSelectOrders(
  sorted: readonly Shipment[],
  shipmentId: string,
): { toast: string; stackingOrders: { id: string; stackingOrder: number }[] } | null {
  const stack: ShipmentStack = {
    id: '',
    status: 'ON_ROUTE_TO_DROP_OFFS',
    shipments: sorted,
    selectedIndex: shipmentStackCurrentIndex(sorted),
  };
  const selected = shipmentStackSelect(stack, shipmentId);
  if (!selected.toast) return null;
  const stackingOrders = selected.stack.shipments.flatMap((shipment, index) => {
    const before = sorted[index];
    return before && before.id !== shipment.id
      ? [{ id: shipment.id, stackingOrder: before.stackingOrder ?? index + 1 }]
      : [];
  });
  return { toast: selected.toast, stackingOrders };
}
