/**
 * The diner's loyalty reads (ordering §3, §7; ADR 026): a branch's programme,
 * public, and a customer's points history, for the signed-in holder of the
 * phone only (ADR 018). Points themselves move in the order's transactions:
 * redeemed at placement (order-placement-store.ts), earned on DELIVERED and
 * given back on CANCELED (order-status-service.ts).
 */
import type { Queryable } from '../db/client';
import { notFound } from '../lib/http-error';
import { loyaltyHistoryRowPresent, loyaltyProgramPresent } from '../presenters/loyalty-presenter';
import { customerFind } from '../repositories/customer-repository';
import { loyaltyHistoryPage, loyaltyProgramOfBranch } from '../repositories/loyalty-repository';
import type { LoyaltyHistoryView, LoyaltyProgramView } from '../schemas/loyalty';
import { customerOwnPhoneAt } from './customer-profile-service';
import { branchOrNotFound } from './diner-service';

export const loyaltyReadMessages = {
  noProgram: (branchId: number) => `La marca ${branchId} no tiene un programa de puntos activo`,
} as const;

/**
 * `GET /api/branch/{id}/loyalty-program`. A branch without a programme and one
 * whose programme is switched off answer the same 404: for the diner both
 * mean "no points here" (ordering §8: a failed programme read is empty), and
 * a programme being prepared is not announced.
 */
export async function loyaltyProgramGet(db: Queryable, branchId: number): Promise<LoyaltyProgramView> {
  const branch = await branchOrNotFound(db, branchId);
  const found = await loyaltyProgramOfBranch(db, branch.companyId, branch.id);
  if (!found?.program.active) throw notFound(loyaltyReadMessages.noProgram(branchId));
  return loyaltyProgramPresent(found.program, found.branchContactIds);
}

/**
 * `GET /api/branch/{branchId}/loyalty-points/history/{customerPhone}`: the
 * signed-in customer's ledger, newest first. The wallet is one per customer
 * and company, so every row of it is listed, whichever branch wrote it — the
 * 'Saldo' column then always follows from one row to the next. A signed-in
 * phone that never ordered has an empty history.
 */
export async function loyaltyHistoryGet(
  db: Queryable,
  input: {
    branchId: number;
    phone: string;
    token: string | undefined;
    now: number;
    offset: number;
    limit: number;
  },
): Promise<LoyaltyHistoryView> {
  const own = await customerOwnPhoneAt(db, input);
  const customer = await customerFind(db, own.companyId, own.phone);
  const page = { offset: input.offset, limit: input.limit };
  const rows = customer
    ? await loyaltyHistoryPage(db, { companyId: own.companyId, customerId: customer.id }, page)
    : [];
  return { history: rows.map(loyaltyHistoryRowPresent), ...page };
}
