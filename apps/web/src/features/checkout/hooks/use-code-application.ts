/**
 * The discount code against this order (ordering §5 "Discount code"): asked
 * for only once a payment type is chosen and the diner's data are valid (the
 * domain's precheck), sent with the order's own validation body, and checked
 * by the domain's pricing once found; the entry link's code applied by itself
 * when the order can ask for it (use-entry-code.ts).
 */
import type { CheckoutError } from '@comanda/domain/checkout-validation';
import { type CodeDiscount, codeDiscountPrecheck } from '@comanda/domain/code-discount';
import { useEffect, useRef } from 'react';
import type { useCheckoutCode } from './use-checkout-code';
import { useEntryCode } from './use-entry-code';

/** The checks on the diner's own data; any of them failing holds the code back. */
const CUSTOMER_FIELDS: readonly string[] = ['phone', 'name', 'email', 'document', 'tableNumber'];

export function useCodeApplication(input: {
  codeDiscount: ReturnType<typeof useCheckoutCode>;
  /** The entry link's code, or null. */
  linkCode: string | null;
  /** The checkout's validation errors as they stand. */
  validationErrors: readonly CheckoutError[];
  paymentChosen: boolean;
  /** The order priced (menu, mode and cart known). */
  priced: boolean;
  /** The validation request for a code; null while the order is not ready. */
  body: (code: string) => Record<string, unknown> | null;
  mantissaLength: number;
  /** Why a found code does not apply to this order, or null (the domain's pricing says). */
  rejection: (discount: CodeDiscount) => string | null;
  onLinkCodeRefused: (message: string) => void;
}) {
  const { codeDiscount } = input;
  const precheck = codeDiscountPrecheck({
    paymentMethodChosen: input.paymentChosen,
    customerDataValid: !input.validationErrors.some((error) => CUSTOMER_FIELDS.includes(error.field ?? '')),
  });
  const apply = (typed?: string) =>
    codeDiscount.apply(
      { precheck, body: input.body, mantissaLength: input.mantissaLength, rejection: input.rejection },
      typed,
    );
  const linkCode = useEntryCode({
    code: input.linkCode,
    ready: precheck === null && input.priced,
    applied: codeDiscount.code !== null,
    apply,
    onRefused: input.onLinkCodeRefused,
  });
  // A code the schedule change deleted is asked for again at the new time, as if typed again.
  const latest = useRef({ apply, settle: codeDiscount.droppedSettle });
  latest.current = { apply, settle: codeDiscount.droppedSettle };
  const dropped = codeDiscount.dropped;
  const droppedSeq = dropped?.checking ? dropped.seq : null;
  const droppedCode = dropped?.code ?? null;
  useEffect(() => {
    if (droppedSeq === null || droppedCode === null) return;
    void latest.current.apply(droppedCode).then((refusal) => latest.current.settle(droppedSeq, refusal));
  }, [droppedSeq, droppedCode]);
  return { apply, pendingMessage: linkCode.pendingMessage };
}
