/**
 * Own-fleet shipments and shipment stacks (follow-up §2.6, §4.2–§4.5): statuses,
 * the state machine the rider's slider drives (every other move is rejected),
 * the next-action label, cancel rules, stack ordering, the selection inside a
 * stack, where the customer is shown to a rider (§4.2) and the 'Recibe' card (§3, §6).
 *
 * A stack (multi-delivery) moves as one until it leaves the store
 * (ON_ROUTE_TO_DROP_OFFS); then each shipment is delivered on its own; at the
 * end the rider brings the return shipments back (RETURNED).
 */
import { shipmentMessages } from './messages';

/** Shipment and stack statuses (follow-up §4.2). */
export type ShipmentStatus =
  | 'PENDING'
  | 'STACKING'
  | 'LOOKING_FOR_DRIVER'
  | 'ON_ROUTE_TO_PICK_UP'
  | 'IN_STORE'
  | 'ON_ROUTE_TO_DROP_OFF'
  | 'ON_ROUTE_TO_DROP_OFFS'
  | 'DELIVERED'
  | 'RETURNED'
  | 'DRIVER_CANCELED'
  | 'CANCELED';

/** The normal order of a simple shipment. */
export const SHIPMENT_NORMAL_ORDER: readonly ShipmentStatus[] = [
  'LOOKING_FOR_DRIVER',
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFF',
  'DELIVERED',
];

/** A shipment as the rider screens see it. */
export interface Shipment {
  id: string;
  status: ShipmentStatus;
  /** The display code shown in brackets on a stack's slider. */
  code: string;
  returnShipment?: boolean;
  stackingOrder?: number;
  /** The rider who holds it; another rider's id means it was lost to them. */
  riderId?: string | null;
  customerName?: string;
  customerPhone?: string;
}

/** A multi-delivery. */
export interface ShipmentStack {
  id: string;
  status: ShipmentStatus;
  shipments: readonly Shipment[];
  /** Index in `shipments` of the shipment the rider is on. */
  selectedIndex: number;
  returnStack?: boolean;
  riderId?: string | null;
}

/** What the detail page shows: one shipment, or a stack. */
export type ShipmentTarget = { kind: 'simple'; shipment: Shipment } | { kind: 'stack'; stack: ShipmentStack };

/** follow-up §9 vibration patterns (ms). */
export const SHIPMENT_VIBRATION = { success: [100], failure: [100, 50, 100, 75, 100] } as const;

/** Pre-drop-off: looking for driver, on route to pick up, or in store. */
export function shipmentIsPreDropOff(status: ShipmentStatus): boolean {
  return status === 'LOOKING_FOR_DRIVER' || status === 'ON_ROUTE_TO_PICK_UP' || status === 'IN_STORE';
}

/** On route to the customer (one or several drop-offs). */
export function shipmentIsOnRouteToDropOff(status: ShipmentStatus): boolean {
  return status === 'ON_ROUTE_TO_DROP_OFF' || status === 'ON_ROUTE_TO_DROP_OFFS';
}

/** Whether a shipment is over for the rider: delivered, returned or cancelled. */
export function shipmentIsFinished(status: ShipmentStatus): boolean {
  return (
    status === 'DELIVERED' || status === 'RETURNED' || status === 'DRIVER_CANCELED' || status === 'CANCELED'
  );
}

function isCanceled(status: ShipmentStatus): boolean {
  return status === 'DRIVER_CANCELED' || status === 'CANCELED';
}

/** A stack is finished when every shipment is delivered, driver-cancelled or returned. */
export function shipmentStackIsFinished(stack: Pick<ShipmentStack, 'shipments'>): boolean {
  return stack.shipments.every((shipment) => shipmentIsFinished(shipment.status));
}

/** A stack can still be updated unless finished with every return shipment returned or cancelled. */
export function shipmentStackCanUpdate(stack: Pick<ShipmentStack, 'shipments'>): boolean {
  if (!shipmentStackIsFinished(stack)) return true;
  return stack.shipments.some(
    (shipment) => shipment.returnShipment && shipment.status !== 'RETURNED' && !isCanceled(shipment.status),
  );
}

const CANCELABLE: readonly ShipmentStatus[] = [
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFF',
  'ON_ROUTE_TO_DROP_OFFS',
];

const SHIPMENT_MOVES: Readonly<Partial<Record<ShipmentStatus, readonly ShipmentStatus[]>>> = {
  LOOKING_FOR_DRIVER: ['ON_ROUTE_TO_PICK_UP'],
  ON_ROUTE_TO_PICK_UP: ['IN_STORE', 'DRIVER_CANCELED'],
  IN_STORE: ['ON_ROUTE_TO_DROP_OFF', 'DRIVER_CANCELED'],
  ON_ROUTE_TO_DROP_OFF: ['DELIVERED', 'DRIVER_CANCELED'],
};

const STACK_MOVES: Readonly<Partial<Record<ShipmentStatus, readonly ShipmentStatus[]>>> = {
  LOOKING_FOR_DRIVER: ['ON_ROUTE_TO_PICK_UP'],
  ON_ROUTE_TO_PICK_UP: ['IN_STORE', 'DRIVER_CANCELED'],
  IN_STORE: ['ON_ROUTE_TO_DROP_OFFS', 'DRIVER_CANCELED'],
  // The stack is closed once every shipment is finished.
  ON_ROUTE_TO_DROP_OFFS: ['DELIVERED'],
};

/**
 * Whether a rider may move a shipment or a stack from `from` to `to`. The only
 * moves: one step of the normal order, DRIVER_CANCELED while on route to pick
 * up / in store / on route to drop off (a stack in drop-offs is cancelled
 * shipment by shipment), and DELIVERED → RETURNED for a return shipment.
 */
export function shipmentCanTransition(
  kind: 'shipment' | 'stack',
  from: ShipmentStatus,
  to: ShipmentStatus,
  options: { returnShipment?: boolean } = {},
): boolean {
  if (kind === 'shipment' && from === 'DELIVERED' && to === 'RETURNED')
    return options.returnShipment === true;
  return ((kind === 'stack' ? STACK_MOVES : SHIPMENT_MOVES)[from] ?? []).includes(to);
}

/** Applies a move, or rejects it. */
export function shipmentTransition(
  kind: 'shipment' | 'stack',
  from: ShipmentStatus,
  to: ShipmentStatus,
  options: { returnShipment?: boolean } = {},
):
  | { ok: true; status: ShipmentStatus }
  | { ok: false; error: 'INVALID_TRANSITION'; from: ShipmentStatus; to: ShipmentStatus } {
  return shipmentCanTransition(kind, from, to, options)
    ? { ok: true, status: to }
    : { ok: false, error: 'INVALID_TRANSITION', from, to };
}

/** Whether a status may be cancelled by the rider. */
export function shipmentCanCancel(status: ShipmentStatus): boolean {
  return CANCELABLE.includes(status);
}

/**
 * The slider's label for a status (follow-up §4.3), with the shipment code in
 * round brackets for a stack where the table says so; null when there is no
 * next action.
 */
export function shipmentNextActionLabel(status: ShipmentStatus, stackCode?: string | null): string | null {
  const withCode = (label: string) => (stackCode ? shipmentMessages.withCode(label, stackCode) : label);
  switch (status) {
    case 'LOOKING_FOR_DRIVER':
      return shipmentMessages.accept;
    case 'ON_ROUTE_TO_PICK_UP':
      return shipmentMessages.atStore;
    case 'IN_STORE':
      return withCode(shipmentMessages.onRouteToCustomer);
    case 'ON_ROUTE_TO_DROP_OFF':
    case 'ON_ROUTE_TO_DROP_OFFS':
      return withCode(shipmentMessages.delivered);
    case 'DELIVERED':
      return shipmentMessages.backToStore;
    default:
      return null;
  }
}

/** What sliding does. */
export interface ShipmentAction {
  label: string;
  /** What is updated: the stack as a whole, one shipment, or the stack's delivered return shipments. */
  scope: 'STACK' | 'SHIPMENT' | 'RETURNS';
  /** Ids of what is updated (the stack id for STACK). */
  targetIds: string[];
  nextStatus: ShipmentStatus;
}

/** Stack order: delivered (and returned) first, cancelled last, otherwise by `stackingOrder`. */
export function shipmentStackSort(shipments: readonly Shipment[]): Shipment[] {
  const rank = (shipment: Shipment) =>
    shipment.status === 'DELIVERED' || shipment.status === 'RETURNED'
      ? 0
      : isCanceled(shipment.status)
        ? 2
        : 1;
  return [...shipments].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.stackingOrder ?? Number.MAX_SAFE_INTEGER) - (b.stackingOrder ?? Number.MAX_SAFE_INTEGER) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** The shipment the rider is on: the selected one while unfinished, else the next unfinished in stack order. */
export function shipmentStackCurrent(stack: ShipmentStack): Shipment | null {
  const selected = stack.shipments[stack.selectedIndex];
  if (selected && !shipmentIsFinished(selected.status)) return selected;
  return shipmentStackSort(stack.shipments).find((shipment) => !shipmentIsFinished(shipment.status)) ?? null;
}

/**
 * The next action of the slider (follow-up §4.3): a simple shipment follows the
 * normal order (and a delivered return shipment goes back to the store); a
 * stack advances as a stack before drop-off, then shipment by shipment, and
 * once all are finished its delivered return shipments are returned.
 */
export function shipmentNextAction(target: ShipmentTarget): ShipmentAction | null {
  if (target.kind === 'simple') {
    const { shipment } = target;
    if (shipment.status === 'DELIVERED') {
      return shipment.returnShipment
        ? {
            label: shipmentMessages.backToStore,
            scope: 'SHIPMENT',
            targetIds: [shipment.id],
            nextStatus: 'RETURNED',
          }
        : null;
    }
    const next = SHIPMENT_NORMAL_ORDER[SHIPMENT_NORMAL_ORDER.indexOf(shipment.status) + 1];
    const label = shipmentNextActionLabel(shipment.status);
    if (!next || !label || SHIPMENT_NORMAL_ORDER.indexOf(shipment.status) < 0) return null;
    return { label, scope: 'SHIPMENT', targetIds: [shipment.id], nextStatus: next };
  }
  const { stack } = target;
  const current = shipmentStackCurrent(stack);
  if (shipmentIsPreDropOff(stack.status)) {
    const next = STACK_MOVES[stack.status]?.[0];
    const label = shipmentNextActionLabel(stack.status, stack.status === 'IN_STORE' ? current?.code : null);
    return next && label ? { label, scope: 'STACK', targetIds: [stack.id], nextStatus: next } : null;
  }
  if (current) {
    if (current.status !== 'ON_ROUTE_TO_DROP_OFF') return null;
    return {
      label: shipmentNextActionLabel(current.status, current.code) ?? shipmentMessages.delivered,
      scope: 'SHIPMENT',
      targetIds: [current.id],
      nextStatus: 'DELIVERED',
    };
  }
  const returns = stack.shipments.filter(
    (shipment) => shipment.returnShipment && shipment.status === 'DELIVERED',
  );
  if (returns.length === 0) return null;
  return {
    label: shipmentMessages.backToStore,
    scope: 'RETURNS',
    targetIds: returns.map((shipment) => shipment.id),
    nextStatus: 'RETURNED',
  };
}

/** Whether the shipment (or stack) was won by a rider other than `viewerRiderId`. */
export function shipmentWonByOther(
  holder: { riderId?: string | null },
  viewerRiderId: string | null | undefined,
): boolean {
  return holder.riderId !== undefined && holder.riderId !== null && holder.riderId !== viewerRiderId;
}

/**
 * The customer's visibility rule (follow-up §4.2: "A customer sees shipment
 * details only when the shipment is on route to drop off and was not won by
 * another rider"): where the customer is (street, number, coordinates) is shown
 * to a rider once the shipment heads there. Not the 'Recibe' card's rule
 * (`shipmentRecipientVisible`): the two answer different questions.
 */
export function shipmentCustomerDetailsVisible(
  shipment: Pick<Shipment, 'status' | 'riderId'>,
  viewerRiderId: string | null | undefined,
): boolean {
  return shipmentIsOnRouteToDropOff(shipment.status) && !shipmentWonByOther(shipment, viewerRiderId);
}

/**
 * The rider's 'Recibe' card rule (follow-up §3 "when details may be shown";
 * §6 "the rules depend on the rider's user id and on whether the shipment was
 * lost to another rider"; ADR 042): the customer's name and phone go to the
 * rider who holds the shipment — the viewer's own id, so never one lost to
 * another rider nor one nobody took yet — while it is in their hands, from
 * accepting it (they may need to call from the store) until it is delivered
 * or cancelled. The same "details may be shown" gates the cancel (§4.5).
 */
export function shipmentRecipientVisible(
  shipment: Pick<Shipment, 'status' | 'riderId'>,
  viewerRiderId: string | null | undefined,
): boolean {
  const holds =
    shipment.riderId !== undefined &&
    shipment.riderId !== null &&
    viewerRiderId !== undefined &&
    viewerRiderId !== null &&
    shipment.riderId === viewerRiderId;
  return holds && CANCELABLE.includes(shipment.status);
}

/** How a cancel goes: the button label, the confirm text, and what is cancelled. */
export interface ShipmentCancelPlan {
  label: string;
  confirm: string;
  scope: 'SHIPMENT' | 'STACK';
  targetIds: string[];
}

/**
 * The cancel offered to `viewerRiderId`, or null (follow-up §4.5: "Cancel is
 * offered only if the shipment may be cancelled and its details may be shown",
 * the details being the 'Recibe' card's, `shipmentRecipientVisible`). A simple
 * shipment, or a stack already in drop-offs (its current shipment), is
 * cancelled as one; otherwise the whole stack.
 */
export function shipmentCancelPlan(
  target: ShipmentTarget,
  viewerRiderId: string | null | undefined,
): ShipmentCancelPlan | null {
  const confirm = shipmentMessages.cancelConfirm;
  const offered = (holder: Pick<Shipment, 'status' | 'riderId'>) =>
    shipmentCanCancel(holder.status) && shipmentRecipientVisible(holder, viewerRiderId);
  if (target.kind === 'simple') {
    const { shipment } = target;
    if (!offered(shipment)) return null;
    return { label: shipmentMessages.cancelSimple, confirm, scope: 'SHIPMENT', targetIds: [shipment.id] };
  }
  const { stack } = target;
  if (shipmentWonByOther(stack, viewerRiderId)) return null;
  if (stack.status === 'ON_ROUTE_TO_DROP_OFFS') {
    const current = shipmentStackCurrent(stack);
    // A stacked shipment is held through its stack when it carries no rider of its own.
    if (!current || !offered({ status: current.status, riderId: current.riderId ?? stack.riderId }))
      return null;
    return { label: shipmentMessages.cancelStack, confirm, scope: 'SHIPMENT', targetIds: [current.id] };
  }
  if (!offered(stack)) return null;
  return { label: shipmentMessages.cancelStack, confirm, scope: 'STACK', targetIds: [stack.id] };
}

/**
 * After an update: when the selected shipment reached DELIVERED or
 * DRIVER_CANCELED the selection moves to the next unfinished shipment (after
 * it, wrapping round); when none is left the stack must be refreshed.
 */
export function shipmentStackAfterUpdate(stack: ShipmentStack): { selectedIndex: number; refresh: boolean } {
  const count = stack.shipments.length;
  const selected = stack.shipments[stack.selectedIndex];
  if (selected && !shipmentIsFinished(selected.status))
    return { selectedIndex: stack.selectedIndex, refresh: false };
  for (let step = 1; step <= count; step++) {
    const index = (stack.selectedIndex + step) % count;
    const shipment = stack.shipments[index];
    if (shipment && !shipmentIsFinished(shipment.status)) return { selectedIndex: index, refresh: false };
  }
  return { selectedIndex: stack.selectedIndex, refresh: true };
}

/**
 * Selecting another shipment in the header: it swaps into the current position
 * of the stack, with the toast 'Se ha cambiado el envío seleccionado por el:
 * {code}'. Finished or unknown shipments, or the current one, change nothing.
 */
export function shipmentStackSelect(
  stack: ShipmentStack,
  shipmentId: string,
): { stack: ShipmentStack; toast: string | null } {
  const index = stack.shipments.findIndex((shipment) => shipment.id === shipmentId);
  const chosen = stack.shipments[index];
  const current = stack.shipments[stack.selectedIndex];
  if (!chosen || !current || index === stack.selectedIndex || shipmentIsFinished(chosen.status)) {
    return { stack, toast: null };
  }
  const shipments = [...stack.shipments];
  shipments[stack.selectedIndex] = chosen;
  shipments[index] = current;
  return { stack: { ...stack, shipments }, toast: shipmentMessages.selectionChanged(chosen.code) };
}

/** The status update payload (follow-up §3): status, id, rider_phone, rider_name, rider_id. */
export function shipmentStatusPayload(
  id: string,
  status: ShipmentStatus,
  rider: { id: string; name: string; phone: string },
): { status: ShipmentStatus; id: string; rider_phone: string; rider_name: string; rider_id: string } {
  return { status, id, rider_phone: rider.phone, rider_name: rider.name, rider_id: rider.id };
}

/** follow-up §7: the shipments list covers the last 3 days up to now. */
export function shipmentListWindow(now: number | Date): { startDate: string; endDate: string } {
  const end = +now;
  return { startDate: new Date(end - 3 * 86_400_000).toISOString(), endDate: new Date(end).toISOString() };
}
