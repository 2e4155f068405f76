/**
 * `GET /api/recovery/cart/{phone}/{branchContactId}?token=` (ordering §7, ADR
 * 028): the lines of the cart a recovery message's link names, without names
 * or prices (today's menu gives both). The link's `cart` query is the token.
 */
import { apiRequest } from '../../../lib/api-client';

export interface RecoveryCartItem {
  referenceId: number;
  sizeId?: number;
  quantity: number;
  notes?: string;
  extras?: { groupId: number; groupItems: { referenceId: number; quantity: number }[] }[];
}

export interface RecoveryCart {
  orderModeId: number | null;
  items: RecoveryCartItem[];
}

export function recoveryCartGet(input: {
  phone: string;
  branchContactId: number;
  token: string;
}): Promise<RecoveryCart> {
  return apiRequest<RecoveryCart>(
    `/recovery/cart/${encodeURIComponent(input.phone)}/${input.branchContactId}`,
    { query: { token: input.token } },
  );
}
