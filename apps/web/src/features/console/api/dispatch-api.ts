/**
 * The dispatch view's calls to the API (`/api/console/dispatch…`,
 * `/api/console/riders/{id}/approval`) and the live feed the console passes
 * it. Shapes follow apps/api/src/presenters/dispatch-schemas.ts (money in
 * major units, instants as ISO strings).
 */
import type { ShipmentStatus } from '@comanda/domain/shipment';
import { apiRequest } from '../../../lib/api-client';

export interface DispatchRiderRef {
  id: number;
  name: string;
  phone: string;
}

/**
 * A shipment as the venue sees it: the shipment API's staff view (the same
 * shape in the dispatch view, the actions' answers and `shipment-updated`).
 */
export interface DispatchShipment {
  id: number;
  status: ShipmentStatus;
  code: string;
  createdAt: string;
  updatedAt: string;
  returnShipment: boolean;
  stackingOrder: number;
  stackId: number | null;
  logisticsOrder: { id: number };
  riderId: number | null;
  rider: DispatchRiderRef | null;
  eta: string | null;
  wonByOther: boolean;
  /** Staff may cancel it now (taken and not finished). */
  canCancel: boolean;
  customerName: string | null;
  customerPhone: string | null;
  destination: {
    street: string | null;
    number: string | null;
    zone: string | null;
    locality: string | null;
    fullAddress: string | null;
    betweenStreets: string | null;
    details: string | null;
    lat: number | null;
    lng: number | null;
  } | null;
  branch: { name: string; address: string | null; lat: number | null; lng: number | null };
  order: {
    id: number;
    code: string;
    status: string;
    paymentMethod: string;
    paymentType: string | null;
    total: number;
    paysWith: number | null;
  };
  /** Offered only to this rider; null = open to every rider on shift. */
  offeredToRiderId: number | null;
  cancelReason: string | null;
  /** The rider typed the delivery code wrong too often: locked until then (staff may confirm the delivery). */
  deliveryCodeLockedUntil: string | null;
}

export interface DispatchStack {
  id: number;
  status: ShipmentStatus;
  /** In the rider's order. */
  shipments: DispatchShipment[];
  selectedIndex: number;
  returnStack: boolean;
  riderId: number | null;
  rider: DispatchRiderRef | null;
  wonByOther: boolean;
  canCancel: boolean;
  offeredToRiderId: number | null;
  createdAt: string;
  updatedAt: string;
}

export type DispatchItem =
  | { kind: 'simple'; shipment: DispatchShipment }
  | { kind: 'stack'; stack: DispatchStack };

export interface RiderPosition {
  lat: number;
  lng: number;
  accuracy: number | null;
  at: string;
}

export interface DispatchRider {
  id: number;
  name: string;
  phone: string;
  active: boolean;
  approved: boolean;
  registeredAt: string;
  shiftStartedAt: string | null;
  position: RiderPosition | null;
  current: { kind: 'simple' | 'stack'; id: number; status: string; code: string } | null;
}

export interface DispatchView {
  location: {
    id: number;
    name: string;
    lat: number | null;
    lng: number | null;
    timezone: string;
    ownLogistics: boolean;
  };
  dayStartsAt: string;
  waiting: DispatchItem[];
  inProgress: DispatchItem[];
  finishedToday: DispatchItem[];
  riders: DispatchRider[];
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function dispatchGet(
  token: string,
  branchContactId: number,
  signal?: AbortSignal,
): Promise<DispatchView> {
  return apiRequest('/console/dispatch', { headers: bearer(token), query: { branchContactId }, signal });
}

export function dispatchRiderApproval(
  token: string,
  riderId: number,
  approved: boolean,
): Promise<{ changed: boolean; rider: DispatchRider }> {
  return apiRequest(`/console/riders/${riderId}/approval`, {
    method: 'POST',
    headers: bearer(token),
    body: { approved },
  });
}

export function dispatchStackCreate(
  token: string,
  branchContactId: number,
  shipmentIds: number[],
): Promise<DispatchStack> {
  return apiRequest('/console/dispatch/stacks', {
    method: 'POST',
    headers: bearer(token),
    body: { branchContactId, shipmentIds },
  });
}

export function dispatchStackDissolve(token: string, stackId: number): Promise<unknown> {
  return apiRequest(`/console/dispatch/stacks/${stackId}`, { method: 'DELETE', headers: bearer(token) });
}

type Target = { kind: 'simple' | 'stack'; id: number };
const targetPath = (target: Target) =>
  `/console/dispatch/${target.kind === 'simple' ? 'shipments' : 'stacks'}/${target.id}`;

/** Offers a shipment or a stack to one rider on shift, or (null) opens it to every rider. */
export function dispatchOffer(token: string, target: Target, riderId: number | null): Promise<unknown> {
  return apiRequest(`${targetPath(target)}/offer`, {
    method: 'POST',
    headers: bearer(token),
    body: { riderId },
  });
}

/** Cancels a shipment or a stack; the order gets a fresh shipment looking for a rider. */
export function dispatchCancel(token: string, target: Target, reason: string): Promise<unknown> {
  return apiRequest(`${targetPath(target)}/cancel`, {
    method: 'POST',
    headers: bearer(token),
    body: { reason },
  });
}

/** The venue confirms a delivery without the customer's code (logged with the staff member). */
export function dispatchDelivered(token: string, shipmentId: number): Promise<unknown> {
  return apiRequest(`/console/dispatch/shipments/${shipmentId}/delivered`, {
    method: 'POST',
    headers: bearer(token),
  });
}

/** What the console's socket hears for the dispatch view. */
export type DispatchEvent =
  | { type: 'shipment-updated' | 'rider-updated'; payload: unknown }
  | {
      type: 'rider-position';
      payload: { riderId: number; lat: number; lng: number; at: string; accuracy?: number | null };
    }
  /** The room was joined again after a reconnect: events may have been missed. */
  | { type: 'rejoined' };

/**
 * The console joins its location's room once (BranchConsole) and hands the
 * dispatch view what it hears through this feed: a second join of the same
 * room would leave it for both when the view closes.
 */
export interface DispatchFeed {
  emit(event: DispatchEvent): void;
  subscribe(listener: (event: DispatchEvent) => void): () => void;
}

export function dispatchFeedCreate(): DispatchFeed {
  const listeners = new Set<(event: DispatchEvent) => void>();
  return {
    emit(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
