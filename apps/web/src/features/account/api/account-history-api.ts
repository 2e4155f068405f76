/**
 * The signed-in diner's history at a location: 'Mis pedidos'
 * (`GET /api/orders?phone=&branchContactId=&offset=`, 10 a page, ADR 027) and
 * the points of 'Mis {name}'
 * (`GET /api/branch/{branchId}/loyalty-points/history/{customerPhone}?offset=&limit=20`).
 * Both go with the session (ADR 018); a 401 signs the diner out in the store.
 */
import type { LoyaltyLedgerKind } from '@comanda/domain/loyalty-ledger';
import { LOYALTY_HISTORY_LIMIT } from '@comanda/domain/loyalty-ledger';
import type { OrderRepeatLine } from '@comanda/domain/order-repeat';
import type { OrderModeType } from '@comanda/domain/types';
import { customerSessionGet, customerSessionRequest } from '../../../stores/customer-session-store';

/** A line of a past order as the API gives it (ids as numbers, money in major units). */
export interface DinerOrderLine {
  referenceId: number;
  sizeId: number | null;
  name: string;
  quantity: number;
  notes: string | null;
  extras: {
    groupId: number;
    groupName: string;
    groupItems: { referenceId: number; name: string; quantity: number }[];
  }[];
  accPrice: number;
}

export interface DinerOrder {
  code: string;
  type: OrderModeType;
  orderModeId: number;
  status: 'GENERATED' | 'ACCEPTED' | 'READY' | 'DELIVERED' | 'CANCELED';
  orderedAt: string;
  scheduled: boolean;
  scheduledAt: string | null;
  inProgress: boolean;
  price: number;
  items: DinerOrderLine[];
  branchContact: { id: number; alias: string; name: string };
  /** `/menu/{alias}/order/{code}`. */
  followUpUrl: string;
}

/** One page of a list and where the next one starts (null: the last page). */
export interface HistoryPage<T> {
  rows: T[];
  nextOffset: number | null;
}

interface DinerOrdersAnswer {
  orders: DinerOrder[];
  offset: number;
  pageSize: number;
  nextOffset: number | null;
}

const sessionPhone = () => customerSessionGet()?.phone ?? '';

/** A page of the signed-in customer's orders at a location, newest first. */
export async function dinerOrdersGet(
  branchContactId: number,
  offset: number,
): Promise<HistoryPage<DinerOrder>> {
  const answer = await customerSessionRequest<DinerOrdersAnswer>('/orders', {
    query: { phone: sessionPhone(), branchContactId, offset },
  });
  return { rows: answer.orders, nextOffset: answer.nextOffset };
}

/** A past order's lines in the domain's shape (string ids, like the menu's), for `orderRepeatLines`. */
export function dinerOrderRepeatLines(order: DinerOrder): OrderRepeatLine[] {
  return order.items.map((line) => ({
    referenceId: String(line.referenceId),
    ...(line.sizeId === null ? {} : { sizeId: String(line.sizeId) }),
    name: line.name,
    quantity: line.quantity,
    notes: line.notes ?? '',
    extras: line.extras.map((group) => ({
      groupId: String(group.groupId),
      groupItems: group.groupItems.map((item) => ({
        referenceId: String(item.referenceId),
        name: item.name,
        quantity: item.quantity,
      })),
    })),
  }));
}

/** A row of the points history: 'Pedidos' (null without an order), 'Puntos', 'Saldo'. */
export interface LoyaltyHistoryRow {
  orderCode: string | null;
  createdAt: string;
  amount: number;
  postBalance: number;
  kind: LoyaltyLedgerKind;
}

interface LoyaltyHistoryAnswer {
  history: LoyaltyHistoryRow[];
  offset: number;
  limit: number;
}

/** A page of the signed-in customer's points history, newest first (fewer than 20 rows: the end). */
export async function loyaltyHistoryGet(
  branchId: number,
  offset: number,
): Promise<HistoryPage<LoyaltyHistoryRow>> {
  const answer = await customerSessionRequest<LoyaltyHistoryAnswer>(
    `/branch/${branchId}/loyalty-points/history/${encodeURIComponent(sessionPhone())}`,
    { query: { offset, limit: LOYALTY_HISTORY_LIMIT } },
  );
  return {
    rows: answer.history,
    nextOffset: answer.history.length < LOYALTY_HISTORY_LIMIT ? null : offset + answer.history.length,
  };
}
