import { apiRequest } from '../../../lib/api-client';

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
