import { documentToSend } from '@comanda/domain/checkout-validation';
import { codeDiscountMessages } from '@comanda/domain/messages';
import type { Tx } from '../db/client';
import { type CodeDiscountRow, codeDiscountLock } from '../repositories/code-discount-repository';
import {
  type CustomerRow,
  customerHasOrdered,
  customerUpsertLocked,
} from '../repositories/customer-repository';
import type { OrderPayload } from '../schemas/order';
import { type Prepared, text } from './order-placement-common';

/** What is held under row locks while an order is priced (nothing on the fast path). */
export interface OrderLocks {
  codeRow: CodeDiscountRow | null;
  customer: CustomerRow | null;
  firstPurchase: boolean | undefined;
}

export const NO_LOCKS: OrderLocks = { codeRow: null, customer: null, firstPurchase: undefined };

/** A discount code or points to redeem need row locks, and so the transactional path. */
export function orderNeedsLocks(payload: OrderPayload, prepared: Prepared): boolean {
  return prepared.code !== null || (payload.loyaltyInfo?.redeemedPoints ?? 0) > 0 || prepared.errors.any;
}

/**
 * Takes the row locks, always in this order: code discount, then customer. The
 * customer is locked here only when its balance (points) or its history (first
 * purchase) is read; otherwise the order's own statement upserts it.
 */
export async function orderLock(
  tx: Tx,
  payload: OrderPayload,
  prepared: Prepared,
  now: number,
): Promise<OrderLocks> {
  const { company } = prepared.context;
  const errors = prepared.errors;
  const at = new Date(now);
  let codeRow: CodeDiscountRow | null = null;
  if (prepared.code) {
    codeRow = (await codeDiscountLock(tx, company.id, prepared.code.row.id)) ?? null;
    if (!codeRow?.active) errors.add('codeDiscount', codeDiscountMessages.notFound);
  }
  let customer: CustomerRow | null = null;
  // Points are read (and locked) only for the phone's proven holder; an anonymous redemption was refused in step 1.
  const redeems = (payload.loyaltyInfo?.redeemedPoints ?? 0) > 0 && prepared.phoneVerified;
  const customerFirst = redeems || Boolean(codeRow?.firstTimeOnly);
  if (prepared.phone && customerFirst) {
    customer = await customerUpsertLocked(tx, {
      companyId: company.id,
      phone: prepared.phone,
      name: text(payload.customerName),
      email: text(payload.customerEmail)?.toLowerCase() ?? null,
      document: payload.document ? documentToSend(payload.document) : null,
      optIn: prepared.phoneVerified ? (payload.optIn ?? null) : null,
      refresh: prepared.phoneVerified,
      now: at,
    });
  }
  const firstPurchase =
    codeRow?.firstTimeOnly && prepared.phone
      ? !(await customerHasOrdered(tx, company.id, prepared.phone))
      : undefined;

  return { codeRow, customer, firstPurchase };
}
