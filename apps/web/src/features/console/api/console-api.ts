/**
 * The orders console's calls to the API (`/api/staff/*`, `/api/console/*`),
 * through the app's one HTTP client with the staff session's bearer header.
 * Shapes follow apps/api/src/presenters/console-schemas.ts (money in major
 * units, instants as ISO strings).
 */
import { apiRequest } from '../../../lib/api-client';
import type { Staff, StaffSession } from '../../../lib/staff-session';
import type { ApiOrderView } from '../../../types/api';

export type { Staff, StaffRole, StaffSession } from '../../../lib/staff-session';

export type OrderStatus = 'GENERATED' | 'ACCEPTED' | 'READY' | 'DELIVERED' | 'CANCELED';
export type BoardState = 'new' | 'accepted' | 'ready' | 'delivered' | 'canceled';

export interface PaymentTypeView {
  id: number;
  showName: string;
  paymentMethod: string;
}

export interface OrderSummary {
  id: number;
  code: string;
  status: OrderStatus;
  type: string;
  orderModeId: number;
  branchContactId: number;
  orderedAt: string;
  updatedAt: string;
  scheduled: boolean;
  scheduledAt: string | null;
  /** Open, scheduled and more than an hour away (ADR 049): under 'Programados', in no column. */
  scheduledLater: boolean;
  customerName: string | null;
  table: string | null;
  price: number;
  paymentType: PaymentTypeView | null;
  paymentStatus: string;
  paymentState: string;
  paid: boolean;
  itemsCount: number;
  errorType: string | null;
  reportsCount: number;
}

export interface OrderBoard {
  orders: OrderSummary[];
  total: number;
  offset: number;
  limit: number;
  /** Per column; `scheduled`: the orders for later, in no column's count. */
  counts: Record<BoardState | 'scheduled', number>;
  unpaidCardOrders: number;
}

/** `GET /api/console/orders/{id}`: the order view plus what only the staff see. */
export interface OrderDetail extends ApiOrderView {
  orderModeId: number;
  branchContactId: number;
  phone: string | null;
  customerEmail: string | null;
  updatedAt: string;
  cancelReason: string | null;
  acquisitionChannel: string | null;
  campaignId: string | null;
  paid: boolean;
  nextStatuses: string[];
  customerWhatsAppUrl: string | null;
  destinationMapsUrl: string | null;
  reports: { id: number; errorType: string; label: string; details: string | null; createdAt: string }[];
  statusEvents: {
    fromStatus: string | null;
    toStatus: string;
    staffName: string | null;
    reason: string | null;
    createdAt: string;
  }[];
}

export interface VenueControls {
  id: number;
  alias: string;
  name: string;
  manualClosing: boolean;
  ordersConsoleActive: boolean;
  /** The location's IANA zone: every time on the console is shown in it. */
  timeZone: string;
  orderModes: { id: number; type: string; showName: string; active: boolean; orderEnabled: boolean }[];
}

export interface OutboxMessage {
  id: number;
  orderCode: string | null;
  channel: string;
  kind: string;
  toPhone: string;
  body: string;
  status: 'PENDING' | 'SENT' | 'FAILED' | 'KEPT';
  attempts: number;
  lastError: string | null;
  /** Why it was not sent and what to do, in Spanish: what the venue reads (lastError is the raw one). */
  errorText: string | null;
  createdAt: string;
  sentAt: string | null;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function staffLogin(email: string, password: string): Promise<StaffSession> {
  return apiRequest('/staff/login', { method: 'POST', body: { email, password } });
}

export function staffLogout(token: string): Promise<void> {
  return apiRequest('/staff/logout', { method: 'POST', headers: bearer(token) });
}

/** Changes the signed-in staff member's password; their other sessions end, this one goes on. */
export function staffPasswordChange(
  token: string,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  return apiRequest('/staff/password', {
    method: 'POST',
    headers: bearer(token),
    body: { currentPassword, newPassword },
  });
}

export function staffMe(token: string): Promise<{ expiresAt: string; staff: Staff }> {
  return apiRequest('/staff/me', { headers: bearer(token) });
}

export function consoleBranchContacts(token: string): Promise<VenueControls[]> {
  return apiRequest('/console/branchcontacts', { headers: bearer(token) });
}

/** The board's open columns, read first and whole: those orders still need action. */
export const BOARD_OPEN_STATES: readonly BoardState[] = ['new', 'accepted', 'ready'];
/** The finished columns (the server keeps those finished in the last 24 hours). */
export const BOARD_FINISHED_STATES: readonly BoardState[] = ['delivered', 'canceled'];
/** The API's largest page. */
export const BOARD_PAGE_SIZE = 100;
/** (ours) At most this many finished orders are read: a bound on one refresh, never on the open ones. */
export const BOARD_FINISHED_MAX = 1000;

/** One page of the board: orders of `states` from `offset`, with the counts of the whole board. */
export type BoardPageRead = (states: readonly BoardState[], offset: number) => Promise<OrderBoard>;

/**
 * The whole board from pages: every open order, then the finished ones (up to
 * `BOARD_FINISHED_MAX`), newest first within each; counts and unpaid card
 * orders as the server computed them over the same board. An order seen twice
 * (it moved between two pages) is kept once.
 */
export async function consoleBoardAssemble(read: BoardPageRead): Promise<OrderBoard> {
  const seen = new Set<number>();
  const orders: OrderSummary[] = [];
  const readAll = async (states: readonly BoardState[], max: number) => {
    const first = await read(states, 0);
    let answer = first;
    let offset = 0;
    for (;;) {
      for (const order of answer.orders) {
        if (seen.has(order.id)) continue;
        seen.add(order.id);
        orders.push(order);
      }
      offset += answer.orders.length;
      if (answer.orders.length === 0 || offset >= answer.total || offset >= max) return first;
      answer = await read(states, offset);
    }
  };
  const open = await readAll(BOARD_OPEN_STATES, Number.POSITIVE_INFINITY);
  await readAll(BOARD_FINISHED_STATES, BOARD_FINISHED_MAX);
  return {
    orders,
    total: orders.length,
    offset: 0,
    limit: orders.length,
    counts: open.counts,
    unpaidCardOrders: open.unpaidCardOrders,
  };
}

/** The board of a branch contact, whole (see `consoleBoardAssemble`). */
export function consoleBoard(
  token: string,
  branchContactId: number,
  signal?: AbortSignal,
): Promise<OrderBoard> {
  return consoleBoardAssemble((states, offset) =>
    apiRequest('/console/orders', {
      headers: bearer(token),
      query: { branchContactId, state: [...states], offset, limit: BOARD_PAGE_SIZE },
      signal,
    }),
  );
}

export function consoleOrder(token: string, id: number): Promise<OrderDetail> {
  return apiRequest(`/console/orders/${id}`, { headers: bearer(token) });
}

export function consoleOrderMove(
  token: string,
  id: number,
  status: Exclude<OrderStatus, 'GENERATED'>,
  reason?: string,
): Promise<{ changed: boolean; order: OrderDetail }> {
  return apiRequest(`/console/orders/${id}/status`, {
    method: 'POST',
    headers: bearer(token),
    body: reason === undefined ? { status } : { status, reason },
  });
}

export function consolePaymentLink(token: string, id: number): Promise<{ url: string; token: string }> {
  return apiRequest(`/console/orders/${id}/payment-link`, { method: 'POST', headers: bearer(token) });
}

export function consoleClosingSet(
  token: string,
  branchContactId: number,
  manualClosing: boolean,
): Promise<{ changed: boolean; branchContact: VenueControls }> {
  return apiRequest(`/console/branchcontacts/${branchContactId}/closing`, {
    method: 'PUT',
    headers: bearer(token),
    body: { manualClosing },
  });
}

export function consoleOrderingSet(
  token: string,
  orderModeId: number,
  orderEnabled: boolean,
): Promise<{ changed: boolean; branchContact: VenueControls }> {
  return apiRequest(`/console/ordermodes/${orderModeId}/ordering`, {
    method: 'PUT',
    headers: bearer(token),
    body: { orderEnabled },
  });
}

export function consoleOutbox(
  token: string,
  branchContactId: number,
): Promise<{ messages: OutboxMessage[]; total: number }> {
  return apiRequest('/console/outbox', { headers: bearer(token), query: { branchContactId, limit: 50 } });
}

/** An abuse limit that tripped at the location (ADR 020), with the notice to show. */
export interface AbuseTrip {
  kind: 'ORDER_IP' | 'ORDER_PHONE' | 'ORDER_VENUE' | 'CODE_GUESS' | 'MESSAGE_CAP';
  phoneMasked: string;
  count: number;
  firstAt: string;
  lastAt: string;
  message: string;
}

export function consoleAbuseTrips(token: string, branchContactId: number): Promise<{ trips: AbuseTrip[] }> {
  return apiRequest('/console/abuse-trips', {
    headers: bearer(token),
    query: { branchContactId, minutes: 60 },
  });
}

/** One period of a location's abandoned-cart figures (ADR 028); money in major units. */
export interface AbandonedCartPeriod {
  from: string;
  to: string;
  abandoned: number;
  messagesSent: number;
  recovered: number;
  recoveredAmount: number;
}

export interface AbandonedCartFigures {
  branchContactId: number;
  name: string;
  delayMinutes: number;
  today: AbandonedCartPeriod;
  last30Days: AbandonedCartPeriod;
}

export function consoleAbandonedCarts(
  token: string,
  branchContactId: number,
): Promise<{ locations: AbandonedCartFigures[] }> {
  return apiRequest('/console/abandoned-carts', { headers: bearer(token), query: { branchContactId } });
}

export function consoleAbandonedCartDelaySet(
  token: string,
  branchContactId: number,
  delayMinutes: number,
): Promise<{ branchContactId: number; delayMinutes: number }> {
  return apiRequest(`/console/abandoned-carts/${branchContactId}/delay`, {
    method: 'PUT',
    headers: bearer(token),
    body: { delayMinutes },
  });
}
