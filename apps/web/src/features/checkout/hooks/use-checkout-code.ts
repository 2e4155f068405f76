/**
 * The discount code's life in the checkout (ordering §4 "Discount code status",
 * "Payment type change", "Scheduling"; §6 "External-loyalty user"): the code
 * itself (`useCodeDiscount`), and what changing the payment type or the
 * schedule does to it. For most diners a payment type change first warns 'Si
 * cambias el medio de pago se borrará el código de descuento' and a schedule
 * change deletes it — then (ours, ADR 046) asks for it again at the new time,
 * so it comes back if the venue still accepts it, and the code row says why
 * when not; an external-loyalty user's code is kept through both, is never
 * deleted automatically, and cannot be deleted by the diner.
 */
import {
  codeDiscountKeptOnScheduleChange,
  codeDiscountWarnOnPaymentChange,
} from '@comanda/domain/code-discount';
import { useState } from 'react';
import type { useToast } from '../../../components/ui/toast';
import { useCodeDiscount } from './use-code-discount';

export function useCheckoutCode(input: {
  initialText: string;
  toast: ReturnType<typeof useToast>;
  externalLoyalty: boolean;
  setPaymentId: (id: string) => void;
}) {
  const { externalLoyalty, setPaymentId } = input;
  const codeDiscount = useCodeDiscount(input.initialText, input.toast, externalLoyalty);
  const applied = codeDiscount.code !== null;
  // The payment type chosen while the warning asks whether to delete the code.
  const [pendingPayment, setPendingPayment] = useState<string | null>(null);

  return {
    ...codeDiscount,
    /** Deletes the code at the diner's request; null when the diner may not. */
    remove: externalLoyalty ? null : codeDiscount.remove,
    changePayment(id: string) {
      // The API's codes carry no flag letting one be retained: only external loyalty keeps it.
      if (codeDiscountWarnOnPaymentChange({ codeApplied: applied, canRetain: false, externalLoyalty })) {
        setPendingPayment(id);
        return;
      }
      setPaymentId(id);
    },
    changeSchedule(apply: () => void) {
      apply();
      // A code refused at the previous time is asked for again too: it may apply at this one.
      if ((applied || codeDiscount.dropped) && !codeDiscountKeptOnScheduleChange(externalLoyalty))
        codeDiscount.dropForSchedule();
    },
    paymentWarning: {
      open: pendingPayment !== null,
      confirm() {
        if (pendingPayment) setPaymentId(pendingPayment);
        codeDiscount.remove();
        setPendingPayment(null);
      },
      cancel: () => setPendingPayment(null),
    },
  };
}

/** (ours) What the code row says about a code a schedule change deleted. */
export const droppedCodeMessages = {
  checking: (code: string) => `Revisando tu código ${code} para el nuevo horario…`,
  refused: (code: string, reason: string) => `El código ${code} no aplica al horario elegido: ${reason}`,
};
