/**
 * The dispatch view as the venue reads it. Shipments and stacks are the
 * shipment API's staff views (`shipmentStaffPresent`, `stackStaffPresent`:
 * the same shapes the write routes answer and `shipment-updated` carries to
 * the console); this file puts them in columns and adds the riders. Which
 * column an item is in, which riders are pending and whose position shows are
 * the domain's rules (packages/domain/src/dispatch.ts).
 */
import {
  type DispatchStage,
  dispatchPositionVisible,
  dispatchRiderGroup,
  dispatchShipmentStage,
  dispatchStackStage,
} from '@comanda/domain/dispatch';
import type { DispatchLocationRow, DispatchRiderRow } from '../repositories/dispatch-repository';
import type { ShipmentViewRow } from '../repositories/shipment-repository';
import type { StackRow } from '../repositories/shipment-stack-repository';
import type { DispatchRider, DispatchView } from './dispatch-schemas';
import { shipmentStaffPresent, stackStaffPresent } from './shipment-presenter';
import type { ShipmentStaffItem } from './shipment-schemas';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The column of an item. */
export function dispatchItemStage(item: ShipmentStaffItem): DispatchStage {
  if (item.kind === 'simple') return dispatchShipmentStage(item.shipment);
  return dispatchStackStage(item.stack);
}

/** What a rider holds, in short (the riders' panel). */
function currentOf(item: ShipmentStaffItem): NonNullable<DispatchRider['current']> {
  if (item.kind === 'simple')
    return { kind: 'simple', id: item.shipment.id, status: item.shipment.status, code: item.shipment.code };
  return {
    kind: 'stack',
    id: item.stack.id,
    status: item.stack.status,
    code: item.stack.shipments.map((shipment) => shipment.code).join(' · '),
  };
}

const itemOf = (item: ShipmentStaffItem) => (item.kind === 'simple' ? item.shipment : item.stack);

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
  stacks: readonly StackRow[];
  shipments: readonly ShipmentViewRow[];
  riders: readonly DispatchRiderRow[];
}): DispatchView {
  const stacked = new Map<number, ShipmentViewRow[]>();
  const items: ShipmentStaffItem[] = [];
  for (const row of input.shipments) {
    const { stackId } = row.shipment;
    if (stackId === null) {
      items.push({ kind: 'simple', shipment: shipmentStaffPresent(row) });
      continue;
    }
    stacked.set(stackId, [...(stacked.get(stackId) ?? []), row]);
  }
  for (const stack of input.stacks) {
    const rows = stacked.get(stack.id) ?? [];
    // A stack without shipments is one the venue ungrouped: nothing to show.
    if (rows.length > 0) items.push({ kind: 'stack', stack: stackStaffPresent(stack, rows) });
  }
  const columns: Record<DispatchStage, ShipmentStaffItem[]> = { waiting: [], inProgress: [], finished: [] };
  for (const item of items) columns[dispatchItemStage(item)].push(item);
  const created = (item: ShipmentStaffItem) => Date.parse(itemOf(item).createdAt);
  const updated = (item: ShipmentStaffItem) => Date.parse(itemOf(item).updatedAt);
  columns.waiting.sort((a, b) => created(a) - created(b));
  columns.inProgress.sort((a, b) => created(a) - created(b));
  columns.finished.sort((a, b) => updated(b) - updated(a));

  const held = new Map<number, DispatchRider['current']>();
  for (const item of columns.inProgress) {
    const holder = itemOf(item).riderId;
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
