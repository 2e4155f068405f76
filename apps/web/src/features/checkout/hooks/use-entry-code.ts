/**
 * A discount code from the entry link (ordering §2 `code`) applied by itself:
 * once the order can ask for a code — a payment type chosen and the diner's
 * data valid, the same precheck the 'Código de descuento' modal makes — and
 * the diner has paused typing, it is validated exactly as if typed in the
 * modal. A refusal shows its usual message as a toast, and the code stays in
 * the modal for another try; it is asked for once per checkout.
 */
import { useEffect, useRef } from 'react';

/** (ours) What the code row says while the link's code waits for the diner's data. */
export const entryCodePendingMessage = (code: string) =>
  `Tu código ${code} se aplicará cuando completes tus datos.`;

/** How long the data must stay valid before the code is asked for (the diner may still be typing). */
export const ENTRY_CODE_SETTLE_MS = 600;

export function useEntryCode(input: {
  /** The link's code, or null. */
  code: string | null;
  /** Whether the order can ask for a code now (precheck passed, order priced). */
  ready: boolean;
  /** Whether a code is applied already (typed by the diner, or a partner's). */
  applied: boolean;
  apply: (code: string) => Promise<string | null>;
  onRefused: (message: string) => void;
}) {
  const { code, ready, applied } = input;
  const asked = useRef(false);
  const latest = useRef(input);
  latest.current = input;
  useEffect(() => {
    if (!code || !ready || applied || asked.current) return;
    const timer = window.setTimeout(() => {
      asked.current = true;
      void latest.current.apply(code).then((refusal) => {
        if (refusal) latest.current.onRefused(refusal);
      });
    }, ENTRY_CODE_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [code, ready, applied]);
  /** What the code row says while the link's code waits for the order to be ready, or null. */
  return {
    pendingMessage: code !== null && !applied && !asked.current ? entryCodePendingMessage(code) : null,
  };
}
