import { type CodeDiscountStatus, codeDiscountButtonLabel } from '@comanda/domain/code-discount';
import { cartMessages, codeDiscountMessages } from '@comanda/domain/messages';
import { useEffect, useId, useRef } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import type { useCheckoutCode } from '../hooks/use-checkout-code';

interface CodeDiscountModalProps {
  open: boolean;
  code: string;
  status: CodeDiscountStatus;
  error: string | null;
  terms: readonly string[];
  onChange: (code: string) => void;
  onApply: () => void;
  onClose: () => void;
}

/** The modal 'Código de descuento' (ordering §5): Aplicar → Aplicando → Continuar, the refusal, the terms. */
export function CodeDiscountModal(props: CodeDiscountModalProps) {
  const id = useId();
  const label = codeDiscountButtonLabel(props.status);
  const input = useRef<HTMLInputElement>(null);
  // A refusal sends the diner back to the code, where its message is read (ADR 046).
  useEffect(() => {
    if (props.error) input.current?.focus();
  }, [props.error]);
  return (
    <Modal
      open={props.open}
      title={codeDiscountMessages.title}
      onClose={props.onClose}
      footer={
        <button
          type="button"
          className="button"
          disabled={props.status === 'loading'}
          aria-busy={props.status === 'loading'}
          onClick={props.onApply}
        >
          {label}
        </button>
      }
    >
      <label className="checkout-field" htmlFor={`${id}-code`}>
        <span>Código</span>
      </label>
      <input
        ref={input}
        id={`${id}-code`}
        className="checkout-input"
        value={props.code}
        autoComplete="off"
        autoCapitalize="characters"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            props.onApply();
          }
        }}
      />
      {props.error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {props.error}
        </p>
      ) : null}
      {props.status === 'success' ? (
        <ul className="checkout-code__terms">
          {props.terms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      ) : null}
    </Modal>
  );
}

/** The code's dialogs: the modal, and the warning before a payment type change deletes the code. */
export function CodeDialogs({
  code,
  onApply,
}: {
  code: ReturnType<typeof useCheckoutCode>;
  onApply: () => void;
}) {
  return (
    <>
      <CodeDiscountModal
        open={code.open}
        code={code.text}
        status={code.status}
        error={code.error}
        terms={code.code?.terms ?? []}
        onChange={code.edit}
        onApply={onApply}
        onClose={code.close}
      />
      <ConfirmDialog
        open={code.paymentWarning.open}
        title={codeDiscountMessages.paymentChangeWarning}
        question={cartMessages.confirmClearQuestion}
        onConfirm={code.paymentWarning.confirm}
        onCancel={code.paymentWarning.cancel}
      />
    </>
  );
}
