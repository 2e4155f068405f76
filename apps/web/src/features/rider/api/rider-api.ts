/**
 * The rider app's calls to the API (follow-up §7, own-fleet contract), through
 * the app's one HTTP client. Shift calls need no token; every shipment call
 * sends the shift's token as `Authorization: Bearer`. Shapes follow the
 * own-fleet contract: money in major units, instants as ISO strings.
 */
import { type ShipmentStatus, shipmentListWindow } from '@comanda/domain/shipment';
import { apiRequest } from '../../../lib/api-client';

/** A rider as the shift calls answer it (never the security code). */
export interface RiderView {
  id: number;
  riderId?: number;
  name: string;
  phone: string;
  active: boolean;
  approved?: boolean;
  riderUser?: { branchContact: { id: number } };
  /** Present when a shift started (createwithcode, updatewithcode with active: true). */
  session?: { token: string; expiresAt: string };
}

/** `GET /api/whoami`. */
export interface RiderWhoami {
  riderId: number;
  name: string;
  phone: string;
  approved: boolean;
  branchContact: { id: number; alias: string; name: string };
}

export interface ShipmentDestination {
  street: string | null;
  number: string | null;
  zone: string | null;
  locality: string | null;
  fullAddress?: string | null;
  betweenStreets?: string | null;
  details?: string | null;
  lat: number | null;
  lng: number | null;
}

/** A shipment as a rider sees it. */
export interface RiderShipment {
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
  rider: { id: number; name: string; phone: string } | null;
  eta: string | null;
  wonByOther: boolean;
  canCancel: boolean;
  customerName: string | null;
  customerPhone: string | null;
  /** Street, number and coordinates only while the customer's details may be shown. */
  destination: ShipmentDestination | null;
  branch: { name: string; address: string | null; lat: number | null; lng: number | null };
  /** Never the order's code: it opens the diner's follow-up page, with the delivery code. */
  order: {
    /** The payment type's name. */
    paymentType: string | null;
    /** CASH: the rider collects the total. */
    paymentMethod: string;
    total: number;
    paysWith: number | null;
  };
}

/** A multi-delivery as a rider sees it. */
export interface RiderStack {
  id: number;
  status: ShipmentStatus;
  /** In `shipmentStackSort` order. */
  shipments: RiderShipment[];
  selectedIndex: number;
  returnStack: boolean;
  riderId: number | null;
  rider: { id: number; name: string; phone: string } | null;
  wonByOther: boolean;
  /** The viewer may cancel it now. */
  canCancel: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What the detail page shows, and what `GET /api/shipments/rider` answers. */
export type RiderTarget = { kind: 'simple'; shipment: RiderShipment } | { kind: 'stack'; stack: RiderStack };

/** A status change or a stack's selection, as PUT /api/shipments/{id} and /api/stacking/{id} take it. */
export interface RiderUpdateBody {
  id: number;
  status?: ShipmentStatus;
  selectedShipmentId?: number;
  rider_phone: string;
  rider_name: string;
  rider_id: number;
  securityCode?: string;
}

/** (decision) The spec does not give the list's page size; the list reads pages of 50 until it has all. */
export const RIDER_LIST_PAGE_SIZE = 50;
/** (decision) At most this many pages: 500 shipments waiting at one location is already absurd. */
const RIDER_LIST_MAX_PAGES = 10;
/**
 * (decision) A phone's clock may run behind the server's: a window ending at
 * the phone's "now" would hide the newest shipments. The end goes this far
 * past it; the server ends every window at its own now anyway.
 */
const RIDER_CLOCK_SLACK_MS = 12 * 3_600_000;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** `GET /api/rider/bc/phone`: the rider with this phone at the location (404 when none). */
export function riderLookup(branchContactId: number, phone: string, signal?: AbortSignal) {
  return apiRequest<RiderView>('/rider/bc/phone', { query: { branchContactId, phone }, signal });
}

/** `POST /api/rider/createwithcode`: registers the rider and starts the shift. */
export function riderCreate(
  branchContactId: number,
  form: { name: string; phone: string; securityCode: string },
) {
  return apiRequest<RiderView>('/rider/createwithcode', {
    method: 'POST',
    body: { ...form, active: true, riderUser: { branchContact: { id: branchContactId } } },
  });
}

/** `PUT /api/rider/{riderId}/updatewithcode`: starts (active) or ends the shift. */
export function riderUpdate(riderId: number, branchContactId: number, active: boolean, securityCode: string) {
  return apiRequest<RiderView>(`/rider/${riderId}/updatewithcode`, {
    method: 'PUT',
    body: { active, securityCode, riderUser: { branchContact: { id: branchContactId } } },
  });
}

export function riderWhoami(token: string, signal?: AbortSignal) {
  return apiRequest<RiderWhoami>('/whoami', { headers: bearer(token), signal });
}

interface ShipmentPage {
  items: RiderShipment[];
  page: number;
  pageSize: number;
  total: number;
}

/** The shipments waiting for a rider at the location, over the last 3 days, oldest first (every page). */
export async function riderShipmentsWaiting(
  token: string,
  branchContactId: number,
  now: number,
  signal?: AbortSignal,
): Promise<RiderShipment[]> {
  const { startDate } = shipmentListWindow(now);
  const { endDate } = shipmentListWindow(now + RIDER_CLOCK_SLACK_MS);
  const items: RiderShipment[] = [];
  for (let page = 1; page <= RIDER_LIST_MAX_PAGES; page++) {
    const answer = await apiRequest<ShipmentPage>('/shipments', {
      headers: bearer(token),
      signal,
      query: {
        page,
        pageSize: RIDER_LIST_PAGE_SIZE,
        sort: 'ASC',
        branchContactId,
        startDate,
        endDate,
        status: 'LOOKING_FOR_DRIVER',
        providerName: 'OWN_FLEET',
      },
    });
    items.push(...answer.items);
    if (answer.items.length === 0 || items.length >= answer.total) break;
  }
  return items;
}

/** The multi-deliveries waiting for a rider at the location. */
export async function riderStacksWaiting(token: string, signal?: AbortSignal): Promise<RiderStack[]> {
  const answer = await apiRequest<{ items: RiderStack[] }>('/shipmentstacks', {
    headers: bearer(token),
    signal,
    query: { status: 'LOOKING_FOR_DRIVER', delivery_provider_name: 'OWN_FLEET' },
  });
  return answer.items;
}

/** `GET /api/shipments/rider`: the rider's shipment or stack in progress, or null. */
export function riderInProgress(token: string, signal?: AbortSignal) {
  return apiRequest<RiderTarget | null>('/shipments/rider', { headers: bearer(token), signal });
}

/** One shipment or one stack, as the detail page shows it. */
export async function riderTargetGet(
  token: string,
  kind: 'simple' | 'stack',
  id: number,
  signal?: AbortSignal,
): Promise<RiderTarget> {
  if (kind === 'simple')
    return {
      kind,
      shipment: await apiRequest<RiderShipment>(`/shipments/${id}`, { headers: bearer(token), signal }),
    };
  return { kind, stack: await apiRequest<RiderStack>(`/stacking/${id}`, { headers: bearer(token), signal }) };
}

/**
 * PUT of a status change or a selection. The key makes a retry safe: the
 * server keeps the first answer for it and gives it back (never moves twice).
 */
export function riderTargetPut(
  token: string,
  kind: 'simple' | 'stack',
  id: number,
  body: RiderUpdateBody,
  idempotencyKey: string,
): Promise<RiderShipment | RiderStack> {
  return apiRequest(kind === 'simple' ? `/shipments/${id}` : `/stacking/${id}`, {
    method: 'PUT',
    body,
    headers: { ...bearer(token), 'idempotency-key': idempotencyKey },
  });
}

/** `POST /api/rider/position` (204). */
export function riderPositionSend(token: string, position: { lat: number; lng: number; accuracy?: number }) {
  return apiRequest<void>('/rider/position', { method: 'POST', body: position, headers: bearer(token) });
}
