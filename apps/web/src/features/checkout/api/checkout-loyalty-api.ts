/**
 * What the checkout reads for a signed-in diner (ordering §7): the branch's
 * loyalty programme (`GET /api/branch/{id}/loyalty-program`, public) and the
 * customer's own data with the points balance
 * (`GET /api/orderingcustomer/{phone}?branchId=`, with the session of ADR 018).
 */
import type { LoyaltyProgram } from '@comanda/domain/loyalty';
import { apiRequest } from '../../../lib/api-client';
import { customerSessionRequest } from '../../../stores/customer-session-store';

/** The API's programme: limits it does not set come as null, ids as numbers. */
interface ApiLoyaltyProgram {
  active: boolean;
  name: string;
  orderPercentage?: number | null;
  cashback?: number | null;
  minRedeemedPoints?: number | null;
  maxRedeemedPoints?: number | null;
  maxRedeemedPercentage?: number | null;
  supportsDiscounts?: boolean | null;
  branchContactIds?: readonly (string | number)[];
}

const given = <K extends string>(key: K, value: number | boolean | null | undefined) =>
  value === null || value === undefined ? {} : ({ [key]: value } as Record<K, number | boolean>);

/** The programme as the domain takes it: a limit the venue did not set is absent, not null (no limit). */
export function loyaltyProgramFromApi(program: ApiLoyaltyProgram): LoyaltyProgram {
  return {
    active: program.active,
    name: program.name,
    ...given('orderPercentage', program.orderPercentage),
    ...given('cashback', program.cashback),
    ...given('minRedeemedPoints', program.minRedeemedPoints),
    ...given('maxRedeemedPoints', program.maxRedeemedPoints),
    ...given('maxRedeemedPercentage', program.maxRedeemedPercentage),
    ...given('supportsDiscounts', program.supportsDiscounts),
    branchContactIds: (program.branchContactIds ?? []).map(String),
  } as LoyaltyProgram;
}

/** The branch's programme; none (404, or any failure: ordering §8 "Loyalty programme fails → Empty") is null. */
export async function checkoutLoyaltyProgramGet(branchId: number): Promise<LoyaltyProgram | null> {
  try {
    return loyaltyProgramFromApi(await apiRequest<ApiLoyaltyProgram>(`/branch/${branchId}/loyalty-program`));
  } catch {
    return null;
  }
}

export interface CheckoutCustomer {
  optIn: boolean;
  name: string | null;
  phone: string;
  loyaltyPointsBalance: number;
}

/** The signed-in customer at this branch; a refused session (401) is forgotten by the store. */
export function checkoutCustomerGet(phone: string, branchId: number): Promise<CheckoutCustomer> {
  return customerSessionRequest<CheckoutCustomer>(`/orderingcustomer/${encodeURIComponent(phone)}`, {
    query: { branchId },
  });
}
