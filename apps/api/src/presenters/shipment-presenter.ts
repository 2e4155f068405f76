/**
 * Shipments and stacks → JSON for a rider or for the venue's staff (ADR 023).
 * What a rider may see is decided by packages/domain: the customer's street and
 * coordinates only while `shipmentCustomerDetailsVisible` (§4.2), their name and
 * phone only to the rider holding it, `shipmentRecipientVisible` (§3, §6);
 * a shipment another rider won shows no rider details; the order's code is
 * never in a rider's view (it opens the follow-up page, delivery code
 * included). Staff of the location see everything.
 */
import {
  type Shipment,
  type ShipmentStatus,
  shipmentCanCancel,
  shipmentCancelPlan,
  shipmentCustomerDetailsVisible,
  shipmentRecipientVisible,
  shipmentStackSort,
  shipmentWonByOther,
} from '@comanda/domain/shipment';
import { shipmentStackCurrentIndex } from '@comanda/domain/shipment-lifecycle';
import type { ShipmentRow, ShipmentViewRow } from '../repositories/shipment-repository';
import type { StackRow } from '../repositories/shipment-stack-repository';
import { major, majorOrNull, textOrNull } from './present-utils';
import type {
  OrderShipmentsView,
  ShipmentStaffView,
  ShipmentView,
  StackStaffView,
  StackView,
} from './shipment-schemas';

/** Who is looking: a rider (by id) or the location's staff. */
export type ShipmentViewer = { kind: 'rider'; riderId: number } | { kind: 'staff' };

/** A row in the domain's terms (string ids). */
export function shipmentDomainOf(
  row: Pick<ShipmentRow, 'id' | 'status' | 'code' | 'returnShipment' | 'stackingOrder' | 'riderId'>,
): Shipment {
  return {
    id: String(row.id),
    status: row.status as ShipmentStatus,
    code: row.code,
    returnShipment: row.returnShipment,
    stackingOrder: row.stackingOrder,
    riderId: row.riderId === null ? null : String(row.riderId),
  };
}

const viewerId = (viewer: ShipmentViewer) => (viewer.kind === 'rider' ? String(viewer.riderId) : null);

function addressLine(address: Record<string, unknown>): string | null {
  const text = (key: string) => (typeof address[key] === 'string' ? (address[key] as string).trim() : '');
  const street = [text('street'), text('number')].filter(Boolean).join(' ');
  const line = [street, text('locality') || text('city')].filter(Boolean).join(', ');
  return line || null;
}

function destinationOf(raw: Record<string, unknown> | null, detailed: boolean): ShipmentView['destination'] {
  if (!raw) return null;
  const text = (key: string) => (typeof raw[key] === 'string' ? textOrNull(raw[key] as string) : null);
  const number = (key: string) => (typeof raw[key] === 'number' ? (raw[key] as number) : null);
  return {
    street: detailed ? text('street') : null,
    number: detailed ? text('number') : null,
    zone: text('zone'),
    locality: text('locality') ?? text('city'),
    fullAddress: detailed ? text('fullAddress') : null,
    betweenStreets: detailed ? text('betweenStreets') : null,
    details: detailed ? text('details') : null,
    lat: detailed ? number('lat') : null,
    lng: detailed ? number('lng') : null,
  };
}

/**
 * Whether the viewer may cancel this shipment now: a rider, per
 * `shipmentCancelPlan` (a stacked shipment only once its stack left the
 * store); staff, whenever it is taken and not finished.
 */
function canCancelOf(row: ShipmentRow, viewer: ShipmentViewer, stackStatus: ShipmentStatus | null): boolean {
  const status = row.status as ShipmentStatus;
  if (viewer.kind === 'staff') return shipmentCanCancel(status);
  if (row.stackId !== null && stackStatus !== 'ON_ROUTE_TO_DROP_OFFS') return false;
  return shipmentCancelPlan({ kind: 'simple', shipment: shipmentDomainOf(row) }, viewerId(viewer)) !== null;
}

/** A shipment for a rider. `stackStatus`: the status of its stack, if it is in one. */
export function shipmentPresent(
  view: ShipmentViewRow,
  viewer: ShipmentViewer,
  stackStatus: ShipmentStatus | null = null,
): ShipmentView {
  const row = view.shipment;
  const domain = shipmentDomainOf(row);
  const wonByOther = viewer.kind === 'rider' && shipmentWonByOther(domain, viewerId(viewer));
  // Two rules: where the customer is (§4.2) and whom to hand it to, the 'Recibe' card (§3, §6).
  const detailed = viewer.kind === 'staff' || shipmentCustomerDetailsVisible(domain, viewerId(viewer));
  const recipient = viewer.kind === 'staff' || shipmentRecipientVisible(domain, viewerId(viewer));
  const m = view.mantissaLength;
  return {
    id: row.id,
    status: row.status as ShipmentStatus,
    code: row.code,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    returnShipment: row.returnShipment,
    stackingOrder: row.stackingOrder,
    stackId: row.stackId,
    logisticsOrder: { id: row.logisticsOrderId },
    riderId: row.riderId,
    rider:
      row.riderId !== null && !wonByOther && view.riderName !== null
        ? { id: row.riderId, name: view.riderName, phone: view.riderPhone ?? '' }
        : null,
    eta: row.etaAt ? row.etaAt.toISOString() : null,
    wonByOther,
    canCancel: canCancelOf(row, viewer, stackStatus),
    customerName: recipient ? textOrNull(view.order.customerName) : null,
    customerPhone: recipient ? textOrNull(view.order.phone) : null,
    destination: destinationOf(view.order.destination, detailed),
    branch: {
      name: view.branch.name,
      address: addressLine(view.branch.address as Record<string, unknown>),
      lat: view.branch.lat,
      lng: view.branch.lng,
    },
    order: {
      paymentType: view.paymentTypeName,
      paymentMethod: view.order.paymentMethod,
      total: major(view.order.price, m),
      paysWith: majorOrNull(view.order.paysWith, m),
    },
  };
}

/** A shipment for the location's staff (the dispatch view and its `shipment-updated`). */
export function shipmentStaffPresent(
  view: ShipmentViewRow,
  stackStatus: ShipmentStatus | null = null,
): ShipmentStaffView {
  const base = shipmentPresent(view, { kind: 'staff' }, stackStatus);
  return {
    ...base,
    order: { ...base.order, id: view.order.id, code: view.order.code, status: view.order.status },
    offeredToRiderId: view.shipment.offeredToRiderId,
    cancelReason: view.shipment.cancelReason,
    deliveryCodeLockedUntil: view.shipment.deliveryCodeLockedUntil?.toISOString() ?? null,
  };
}

/** The stack's shipments in `shipmentStackSort` order, and the index of the one the rider is on. */
export function stackOrder(rows: readonly ShipmentViewRow[]): {
  sorted: ShipmentViewRow[];
  selectedIndex: number;
} {
  const byId = new Map(rows.map((row) => [String(row.shipment.id), row]));
  const sorted = shipmentStackSort(rows.map((row) => shipmentDomainOf(row.shipment))).map(
    (shipment) => byId.get(shipment.id) as ShipmentViewRow,
  );
  return {
    sorted,
    selectedIndex: shipmentStackCurrentIndex(sorted.map((row) => shipmentDomainOf(row.shipment))),
  };
}

function stackBase(stack: StackRow, rows: readonly ShipmentViewRow[], viewer: ShipmentViewer) {
  const { sorted, selectedIndex } = stackOrder(rows);
  const status = stack.status as ShipmentStatus;
  const holder = { riderId: stack.riderId === null ? null : String(stack.riderId) };
  const wonByOther = viewer.kind === 'rider' && shipmentWonByOther(holder, viewerId(viewer));
  const riderRow = rows.find((row) => row.shipment.riderId === stack.riderId && row.riderName !== null);
  const domainStack = {
    id: String(stack.id),
    status,
    shipments: sorted.map((row) => shipmentDomainOf(row.shipment)),
    selectedIndex,
    riderId: holder.riderId,
  };
  const canCancel =
    viewer.kind === 'staff'
      ? shipmentCanCancel(status)
      : shipmentCancelPlan({ kind: 'stack', stack: domainStack }, viewerId(viewer)) !== null;
  return {
    sorted,
    fields: {
      id: stack.id,
      status,
      selectedIndex,
      returnStack: stack.isReturn,
      riderId: stack.riderId,
      rider:
        stack.riderId !== null && !wonByOther && riderRow?.riderName
          ? { id: stack.riderId, name: riderRow.riderName, phone: riderRow.riderPhone ?? '' }
          : null,
      wonByOther,
      canCancel,
      createdAt: stack.createdAt.toISOString(),
      updatedAt: stack.updatedAt.toISOString(),
    },
  };
}

/** A stack for a rider. */
export function stackPresent(
  stack: StackRow,
  rows: readonly ShipmentViewRow[],
  viewer: ShipmentViewer,
): StackView {
  const { sorted, fields } = stackBase(stack, rows, viewer);
  return { ...fields, shipments: sorted.map((row) => shipmentPresent(row, viewer, fields.status)) };
}

/** A stack for the location's staff. */
export function stackStaffPresent(stack: StackRow, rows: readonly ShipmentViewRow[]): StackStaffView {
  const { sorted, fields } = stackBase(stack, rows, { kind: 'staff' });
  return {
    ...fields,
    shipments: sorted.map((row) => shipmentStaffPresent(row, fields.status)),
    offeredToRiderId: stack.offeredToRiderId,
  };
}

/** The public list of a logistics order's shipments (rider names only). */
export function orderShipmentsPresent(rows: readonly ShipmentViewRow[]): OrderShipmentsView {
  return {
    shipments: rows.map((row) => ({
      id: row.shipment.id,
      status: row.shipment.status as ShipmentStatus,
      code: row.shipment.code,
      createdAt: row.shipment.createdAt.toISOString(),
      updatedAt: row.shipment.updatedAt.toISOString(),
      rider: row.riderName ? { name: row.riderName } : null,
    })),
    searching: rows.some((row) => row.shipment.status === 'LOOKING_FOR_DRIVER'),
  };
}
