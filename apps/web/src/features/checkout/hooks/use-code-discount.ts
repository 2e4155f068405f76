/**
 * The discount code (ordering §2 'Código de descuento', §5 code rules): the
 * modal's text and state, the code applied, and its expiry for a
 * limited-usage code (a toast says it is gone). An external-loyalty user's
 * code is never deleted automatically (ordering §4), the expiry included.
 */
import type { CodeDiscount, CodeDiscountStatus } from '@comanda/domain/code-discount';
import { codeDiscountExpired } from '@comanda/domain/code-discount';
import { codeDiscountMessages } from '@comanda/domain/messages';
import { useEffect, useState } from 'react';
import type { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { codeDiscountValidate } from '../api/checkout-api';

/** (ours) 'Aplicar' pressed with nothing typed. */
export const codeTypedMissing = 'Escribe tu código de descuento para aplicarlo.';

interface AppliedCode {
  discount: CodeDiscount;
  terms: string[];
  appliedAt: number;
}

/**
 * A code the schedule change deleted (ordering §4), being asked for again at
 * the new time (`checking`), or refused there (`refusal`, what the venue said).
 */
export interface DroppedCode {
  code: string;
  /** Grows with every schedule change, so only the newest answer counts. */
  seq: number;
  checking: boolean;
  refusal: string | null;
}

interface ApplyInput {
  /** Why the code cannot be asked for yet (no payment type, customer data invalid), or null. */
  precheck: string | null;
  /** The validation request for the typed code; null when the order is not ready. */
  body: (code: string) => Record<string, unknown> | null;
  mantissaLength: number;
  /** Why the found code does not apply to this order, or null (the domain's pricing says). */
  rejection: (discount: CodeDiscount) => string | null;
}

export function useCodeDiscount(
  initialText: string,
  toast: ReturnType<typeof useToast>,
  externalLoyalty: boolean,
) {
  const [code, setCode] = useState<AppliedCode | null>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(initialText);
  const [status, setStatus] = useState<CodeDiscountStatus>('init');
  const [error, setError] = useState<string | null>(null);
  const [dropped, setDropped] = useState<DroppedCode | null>(null);
  useEffect(() => {
    if (!code?.discount.limitedUsage || externalLoyalty) return;
    const timer = window.setInterval(() => {
      if (codeDiscountExpired(code.discount, code.appliedAt, Date.now())) {
        setCode(null);
        setStatus('init');
        toast(codeDiscountMessages.expired, 'error');
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [code, toast, externalLoyalty]);

  /** Asks for the typed code (or `typed`, an entry link's); says why it failed, or null. */
  async function apply(input: ApplyInput, typed = text): Promise<string | null> {
    if (status === 'success') {
      setOpen(false);
      return null;
    }
    if (input.precheck) {
      setError(input.precheck);
      return input.precheck;
    }
    // An empty 'Aplicar' says what is missing instead of doing nothing (ADR 046).
    if (!typed.trim()) {
      setError(codeTypedMissing);
      return codeTypedMissing;
    }
    const body = input.body(typed.trim());
    if (!body) return null;
    setStatus('loading');
    setError(null);
    try {
      const found = await codeDiscountValidate(body, input.mantissaLength);
      const rejection = input.rejection(found.discount);
      if (rejection) {
        setStatus('failed');
        setError(rejection);
        return rejection;
      }
      setCode({ ...found, appliedAt: Date.now() });
      setStatus('success');
      return null;
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : codeDiscountMessages.notFound;
      setStatus('failed');
      setError(message);
      return message;
    }
  }

  function remove() {
    setCode(null);
    setStatus('init');
    setError(null);
    setText('');
    setDropped(null);
  }

  /** Deletes the code for a schedule change and marks it to be asked for again at the new time. */
  function dropForSchedule() {
    const previous = code?.discount.code ?? dropped?.code;
    if (!previous) return;
    setCode(null);
    setStatus('init');
    setError(null);
    setText(previous);
    setDropped((current) => ({
      code: previous,
      seq: (current?.seq ?? 0) + 1,
      checking: true,
      refusal: null,
    }));
  }

  /** The answer for the dropped code at the new time (null: applied again); an older answer is ignored. */
  function droppedSettle(seq: number, refusal: string | null) {
    setDropped((current) =>
      current?.seq !== seq ? current : refusal ? { ...current, checking: false, refusal } : null,
    );
  }

  function edit(value: string) {
    setText(value);
    if (status !== 'loading') setStatus('init');
    setError(null);
  }

  function openModal() {
    setError(null);
    setOpen(true);
  }

  return {
    code,
    open,
    text,
    status,
    error,
    apply,
    remove,
    edit,
    openModal,
    close: () => setOpen(false),
    dropped,
    dropForSchedule,
    droppedSettle,
  };
}
