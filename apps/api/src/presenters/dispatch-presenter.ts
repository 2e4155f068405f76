/**
 * The dispatch view as the venue reads it: rows of the dispatch repository →
 * the shapes of dispatch-schemas.ts. Which column an item is in, which riders
 * are pending and whose position shows are the domain's rules
 * (packages/domain/src/dispatch.ts).
 */
import {
  type DispatchStage,
  dispatchPositionVisible,
  dispatchRiderGroup,
  dispatchShipmentStage,
  dispatchStackStage,
  dispatchStatusLabel,
} from '@comanda/domain/dispatch';
import { type ShipmentStatus, shipmentStackSort } from '@comanda/domain/shipment';
import type {
  DispatchLocationRow,
  DispatchRiderRow,
  DispatchShipmentRow,
  DispatchStackRow,
} from '../repositories/dispatch-repository';
import type {
  DispatchItem,
  DispatchRider,
  DispatchShipment,
  DispatchStack,
  DispatchView,
} from './dispatch-schemas';
import { major, majorOrNull, textOrNull } from './present-utils';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

function offerPresent(row: {
  offeredName: string | null;
  offeredActive: boolean | null;
  offeredApproved: boolean | null;
  id: number | null;
}): DispatchShipment['offeredTo'] {
  if (row.id === null || row.offeredName === null) return null;
  return { id: row.id, name: row.offeredName, onShift: Boolean(row.offeredActive && row.offeredApproved) };
}

function riderRefPresent(
  id: number | null,
  name: string | null,
  phone: string | null,
): DispatchShipment['rider'] {
  return id !== null && name !== null ? { id, name, phone: phone ?? '' } : null;
}

function destinationPresent(destination: Record<string, unknown> | null): DispatchShipment['destination'] {
  if (!destination) return null;
  const text = (key: string) => {
    const value = destination[key];
    return typeof value === 'string' ? textOrNull(value.trim()) : null;
  };
  const number = (key: string) => {
    const value = destination[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  };
  return {
    street: text('street'),
    number: text('number'),
    zone: text('zone'),
    locality: text('locality'),
    fullAddress: text('fullAddress'),
    betweenStreets: text('betweenStreets'),
    details: text('details'),
    lat: number('lat'),
    lng: number('lng'),
  };
}

/** A shipment as the venue sees it (its own location's: with the customer's details). */
export function dispatchShipmentPresent(row: DispatchShipmentRow, mantissaLength: number): DispatchShipment {
  const { shipment, order } = row;
  return {
    id: shipment.id,
    status: shipment.status,
    statusLabel: dispatchStatusLabel({
      status: shipment.status as ShipmentStatus,
      returnShipment: shipment.returnShipment,
    }),
    code: shipment.code,
    createdAt: shipment.createdAt.toISOString(),
    updatedAt: shipment.updatedAt.toISOString(),
    returnShipment: shipment.returnShipment,
    stackingOrder: shipment.stackingOrder,
    stackId: shipment.stackId,
    logisticsOrder: { id: shipment.logisticsOrderId },
    riderId: shipment.riderId,
    rider: riderRefPresent(shipment.riderId, row.riderName, row.riderPhone),
    offeredTo: offerPresent({ ...row, id: shipment.offeredToRiderId }),
    eta: iso(shipment.etaAt),
    cancelReason: textOrNull(shipment.cancelReason),
    customerName: textOrNull(order.customerName?.trim()),
    customerPhone: textOrNull(order.phone),
    destination: destinationPresent(order.destination),
    order: {
      id: order.id,
      code: order.code,
      status: order.status,
      paymentMethod: order.paymentMethod,
      paymentType: textOrNull(order.paymentTypeName),
      total: major(order.price, mantissaLength),
      paysWith: majorOrNull(order.paysWith, mantissaLength),
    },
  };
}

/** A stack with its shipments, in the rider's order (`shipmentStackSort`). */
export function dispatchStackPresent(row: DispatchStackRow, shipments: DispatchShipment[]): DispatchStack {
  const { stack } = row;
  const byKey = new Map(shipments.map((shipment) => [String(shipment.id), shipment]));
  const sorted = shipmentStackSort(
    shipments.map((shipment) => ({
      id: String(shipment.id),
      status: shipment.status as ShipmentStatus,
      code: shipment.code,
      stackingOrder: shipment.stackingOrder,
    })),
  ).flatMap((shipment) => byKey.get(shipment.id) ?? []);
  return {
    id: stack.id,
    status: stack.status,
    statusLabel: dispatchStatusLabel({ status: stack.status as ShipmentStatus }),
    shipments: sorted,
    selectedIndex: stack.selectedIndex,
    returnStack: stack.isReturn,
    riderId: stack.riderId,
    rider: riderRefPresent(stack.riderId, row.riderName, row.riderPhone),
    offeredTo: offerPresent({ ...row, id: stack.offeredToRiderId }),
    createdAt: stack.createdAt.toISOString(),
    updatedAt: stack.updatedAt.toISOString(),
  };
}

/** The column of an item. */
export function dispatchItemStage(item: DispatchItem): DispatchStage {
  if (item.kind === 'simple')
    return dispatchShipmentStage({
      status: item.shipment.status as ShipmentStatus,
      returnShipment: item.shipment.returnShipment,
    });
  return dispatchStackStage({
    status: item.stack.status as ShipmentStatus,
    shipments: item.stack.shipments.map((shipment) => ({
      status: shipment.status as ShipmentStatus,
      returnShipment: shipment.returnShipment,
    })),
  });
}

/** What a rider holds, in short (the riders' panel). */
function currentOf(item: DispatchItem): NonNullable<DispatchRider['current']> {
  if (item.kind === 'simple')
    return { kind: 'simple', id: item.shipment.id, status: item.shipment.status, code: item.shipment.code };
  return {
    kind: 'stack',
    id: item.stack.id,
    status: item.stack.status,
    code: item.stack.shipments.map((shipment) => shipment.code).join(' · '),
  };
}

const itemHolder = (item: DispatchItem) =>
  item.kind === 'simple' ? item.shipment.riderId : item.stack.riderId;
const itemCreated = (item: DispatchItem) =>
  Date.parse(item.kind === 'simple' ? item.shipment.createdAt : item.stack.createdAt);
const itemUpdated = (item: DispatchItem) =>
  Date.parse(item.kind === 'simple' ? item.shipment.updatedAt : item.stack.updatedAt);

const GROUP_RANK = { pending: 0, onShift: 1, offShift: 2, notApproved: 3 } as const;

/** A rider with what they hold now (from the view's items in progress). */
export function dispatchRiderPresent(
  row: DispatchRiderRow,
  current: DispatchRider['current'],
): DispatchRider {
  const visible = dispatchPositionVisible({
    approved: row.approved,
    active: row.active,
    positionAt: row.positionAt?.getTime() ?? null,
    shiftStartedAt: row.shiftStartedAt?.getTime() ?? null,
  });
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    active: row.active,
    approved: row.approved,
    registeredAt: row.createdAt.toISOString(),
    shiftStartedAt: iso(row.shiftStartedAt),
    position:
      visible && row.lat !== null && row.lng !== null && row.positionAt
        ? { lat: row.lat, lng: row.lng, accuracy: row.positionAccuracy, at: row.positionAt.toISOString() }
        : null,
    current,
  };
}

/** Builds the whole view from the repository's rows. */
export function dispatchViewPresent(input: {
  location: DispatchLocationRow;
  dayStart: number;
  stacks: readonly DispatchStackRow[];
  shipments: readonly DispatchShipmentRow[];
  riders: readonly DispatchRiderRow[];
}): DispatchView {
  const m = input.location.mantissaLength;
  const stacked = new Map<number, DispatchShipment[]>();
  const items: DispatchItem[] = [];
  for (const row of input.shipments) {
    const shipment = dispatchShipmentPresent(row, m);
    if (shipment.stackId === null) {
      items.push({ kind: 'simple', shipment });
      continue;
    }
    const list = stacked.get(shipment.stackId) ?? [];
    list.push(shipment);
    stacked.set(shipment.stackId, list);
  }
  for (const row of input.stacks) {
    const shipments = stacked.get(row.stack.id) ?? [];
    // A stack without shipments is one the venue ungrouped: nothing to show.
    if (shipments.length > 0) items.push({ kind: 'stack', stack: dispatchStackPresent(row, shipments) });
  }
  const columns: Record<DispatchStage, DispatchItem[]> = { waiting: [], inProgress: [], finished: [] };
  for (const item of items) columns[dispatchItemStage(item)].push(item);
  columns.waiting.sort((a, b) => itemCreated(a) - itemCreated(b));
  columns.inProgress.sort((a, b) => itemCreated(a) - itemCreated(b));
  columns.finished.sort((a, b) => itemUpdated(b) - itemUpdated(a));

  const held = new Map<number, DispatchRider['current']>();
  for (const item of columns.inProgress) {
    const holder = itemHolder(item);
    if (holder !== null && !held.has(holder)) held.set(holder, currentOf(item));
  }
  const riders = input.riders
    .map((row) => dispatchRiderPresent(row, held.get(row.id) ?? null))
    .sort(
      (a, b) =>
        GROUP_RANK[dispatchRiderGroup(a)] - GROUP_RANK[dispatchRiderGroup(b)] ||
        a.name.localeCompare(b.name, 'es') ||
        a.id - b.id,
    );

  const { location } = input;
  return {
    location: {
      id: location.id,
      name: location.name,
      lat: location.lat,
      lng: location.lng,
      timezone: location.timezone,
      ownLogistics: location.ownLogistics,
    },
    dayStartsAt: new Date(input.dayStart).toISOString(),
    waiting: columns.waiting,
    inProgress: columns.inProgress,
    finishedToday: columns.finished,
    riders,
  };
}
