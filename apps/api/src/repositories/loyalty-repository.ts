/**
 * A branch's loyalty programme and a customer's points history. Reads only:
 * the ledger's writes take the customer's row lock and live beside the
 * customer (customer-repository.ts).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { loyaltyLedger, loyaltyProgramBranchContacts, loyaltyPrograms } from '../db/schema/customers';
import type { LoyaltyProgramRow } from './customer-repository';

export type LoyaltyLedgerRow = typeof loyaltyLedger.$inferSelect;

/** A branch's programme (active or not) with the branch contacts it includes, or null when it has none. */
export async function loyaltyProgramOfBranch(
  db: Queryable,
  companyId: number,
  branchId: number,
): Promise<{ program: LoyaltyProgramRow; branchContactIds: number[] } | null> {
  const [program] = await db
    .select()
    .from(loyaltyPrograms)
    .where(and(eq(loyaltyPrograms.companyId, companyId), eq(loyaltyPrograms.branchId, branchId)))
    .limit(1);
  if (!program) return null;
  const links = await db
    .select({ branchContactId: loyaltyProgramBranchContacts.branchContactId })
    .from(loyaltyProgramBranchContacts)
    .where(eq(loyaltyProgramBranchContacts.loyaltyProgramId, program.id))
    .orderBy(loyaltyProgramBranchContacts.branchContactId);
  return { program, branchContactIds: links.map((link) => link.branchContactId) };
}

/**
 * One page of a customer's ledger, newest first. Newest is the latest row
 * written (the id): rows are written under the customer's lock, so id order
 * is the order in which the balance moved and each row's `postBalance` is the
 * one before it plus its `amount` — a clock that stood still or stepped back
 * cannot shuffle the 'Saldo' column.
 */
export async function loyaltyHistoryPage(
  db: Queryable,
  scope: { companyId: number; customerId: number },
  page: { offset: number; limit: number },
): Promise<LoyaltyLedgerRow[]> {
  return db
    .select()
    .from(loyaltyLedger)
    .where(and(eq(loyaltyLedger.companyId, scope.companyId), eq(loyaltyLedger.customerId, scope.customerId)))
    .orderBy(desc(loyaltyLedger.id))
    .offset(page.offset)
    .limit(page.limit);
}
