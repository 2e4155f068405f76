/**
 * The diner's sign-in by phone (ADR 018) and the reads the account menu makes:
 * `POST /api/orderingcustomer/code`, `POST|DELETE /api/orderingcustomer/session`,
 * `GET /api/orderingcustomer/{phone}?branchId=` and
 * `GET /api/branch/{id}/loyalty-program` (ordering §7).
 */
import type { LoyaltyProgram } from '@comanda/domain/loyalty';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { customerSessionGet, customerSessionRequest } from '../../../stores/customer-session-store';

/** The answer to a code request; `code` only where the server runs with CUSTOMER_CODE_IN_ANSWER (never production). */
export interface CodeSent {
  phone: string;
  expiresAt: string;
  code?: string;
}

export interface SessionOpened {
  token: string;
  expiresAt: string;
  phone: string;
}

/** Ordering §7: what the API answers about the signed-in customer. */
export interface CustomerProfile {
  optIn: boolean;
  addressesRegistered: Record<string, unknown>[];
  name: string | null;
  phone: string;
  loyaltyPointsBalance: number;
}

/** Sends a one-time code by WhatsApp to a phone (E.164), for the location on screen. */
export function signInCodeRequest(input: { phone: string; branchContactId: number }): Promise<CodeSent> {
  return apiRequest<CodeSent>('/orderingcustomer/code', { method: 'POST', body: input });
}

/** Trades the code for a session token. */
export function signInSessionOpen(input: {
  phone: string;
  branchContactId: number;
  code: string;
}): Promise<SessionOpened> {
  return apiRequest<SessionOpened>('/orderingcustomer/session', { method: 'POST', body: input });
}

/** Ends the session on the server; a session the server no longer knows (401) is ended already. */
export async function signInSessionClose(): Promise<void> {
  try {
    await customerSessionRequest<void>('/orderingcustomer/session', { method: 'DELETE' });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

/** The signed-in customer's own data at a branch; a refused session (401) is forgotten by the store. */
export function customerProfileGet(branchId: number): Promise<CustomerProfile> {
  const phone = customerSessionGet()?.phone ?? '';
  return customerSessionRequest<CustomerProfile>(`/orderingcustomer/${encodeURIComponent(phone)}`, {
    query: { branchId },
  });
}

/** The API's loyalty programme (ordering §3); the ids of the locations it covers may come as numbers. */
interface ApiLoyaltyProgram extends Omit<LoyaltyProgram, 'branchContactIds'> {
  branchContactIds?: readonly (string | number)[];
  welcomeText?: string | null;
}

/** The programme as the account screens read it: the domain's, with the 'Mis {name}' modal's welcome text. */
export interface AccountLoyaltyProgram extends LoyaltyProgram {
  welcomeText: string | null;
}

/**
 * A branch's loyalty programme, or null when it has none (404). Ordering §8
 * "Loyalty programme fails → Empty": any other failure reads as none too.
 */
export async function loyaltyProgramGet(branchId: number): Promise<AccountLoyaltyProgram | null> {
  try {
    const program = await apiRequest<ApiLoyaltyProgram>(`/branch/${branchId}/loyalty-program`);
    return {
      ...program,
      branchContactIds: (program.branchContactIds ?? []).map(String),
      welcomeText: program.welcomeText ?? null,
    };
  } catch {
    return null;
  }
}
