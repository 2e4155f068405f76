import { apiRequest } from '../../../lib/api-client';
import { customerSessionGet, customerSessionRequest } from '../../../stores/customer-session-store';

/** The few fields of the follow-up view the header needs to decide 'PEDIDO EN CURSO'. */
export interface OrderProgressRead {
  code: string;
  status: string;
  orderedAt: string;
  scheduled: boolean;
  scheduledAt: string | null;
  branchContact: { alias: string };
}

/**
 * `GET /api/diner/{branchContactId}/order/{orderCode}` (follow-up §7): scoped
 * to the location whose header asks, so another location's order answers 404.
 */
export function orderProgressGet(
  branchContactId: number,
  code: string,
  signal?: AbortSignal,
): Promise<OrderProgressRead> {
  return apiRequest<OrderProgressRead>(`/diner/${branchContactId}/order/${encodeURIComponent(code)}`, {
    signal,
  });
}

/** The fields of a 'Mis pedidos' order the header reads. */
interface CustomerOrderRead {
  code: string;
  /** The server's `inProgress` (ordering §4 "In-progress order": not finished, within 24 hours ahead). */
  inProgress: boolean;
}

/**
 * The signed-in customer's newest order in progress at the location, whichever
 * device placed it: the first page of `GET /api/orders` (ordering §7, newest
 * first), read with the customer's session. Null when none is in progress.
 */
export async function customerOrderInProgressGet(
  branchContactId: number,
  signal?: AbortSignal,
): Promise<string | null> {
  const session = customerSessionGet();
  if (!session) return null;
  const answer = await customerSessionRequest<{ orders: CustomerOrderRead[] }>('/orders', {
    query: { phone: session.phone, branchContactId, offset: 0 },
    signal,
  });
  return answer.orders.find((order) => order.inProgress)?.code ?? null;
}
