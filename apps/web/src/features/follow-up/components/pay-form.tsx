import { type CardField, type CardInputs, cardCheck } from '@comanda/domain/card';
import { followUpMessages, orderErrorMessages } from '@comanda/domain/messages';
import { type FormEvent, useRef, useState } from 'react';
import { CardTokenError } from '../../../lib/card-token';
import { followUpCardPay } from '../api/order';

/** (ours) The card form's labels. */
const FIELDS: { field: CardField; label: string; autoComplete: string; inputMode?: 'numeric' }[] = [
  { field: 'cardNumber', label: 'Número de tarjeta', autoComplete: 'cc-number', inputMode: 'numeric' },
  { field: 'cardName', label: 'Nombre del titular', autoComplete: 'cc-name' },
  { field: 'cardExpiry', label: 'Vencimiento (MM/AA)', autoComplete: 'cc-exp' },
  { field: 'cardSecurityCode', label: 'Código de seguridad', autoComplete: 'cc-csc', inputMode: 'numeric' },
  { field: 'cardDocument', label: 'DNI del titular', autoComplete: 'off', inputMode: 'numeric' },
];

/**
 * Paying an unpaid card order (follow-up §2.2, §5): the card is checked with
 * the domain's card rules, tokenized by the provider and paid with the token.
 */
export function PayForm({
  code,
  timeZone,
  onPayingChange,
  onDone,
}: {
  code: string;
  timeZone: string;
  onPayingChange: (paying: boolean) => void;
  /** The payment's outcome; PROCESSING when the provider decides later (the order's update brings it). */
  onDone: (result: 'APPROVED' | 'REJECTED' | 'PROCESSING') => void;
}) {
  const [inputs, setInputs] = useState<CardInputs>({});
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CardField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per attempt with these card details: a double submit or a retry never charges twice.
  const attemptKey = useRef<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = cardCheck(inputs, { now: Date.now(), timeZone });
    // An empty field says so; a filled one says what is wrong with it (the domain's card rules).
    setFieldErrors({ ...check.problems, ...check.fieldErrors });
    if (!check.complete || !check.valid) {
      setProblem(followUpMessages.cardFieldsInvalid);
      return;
    }
    setProblem(null);
    setBusy(true);
    onPayingChange(true);
    attemptKey.current ??= crypto.randomUUID();
    try {
      const result = await followUpCardPay(
        code,
        {
          cardNumber: inputs.cardNumber ?? '',
          cardName: inputs.cardName ?? '',
          cardExpiry: inputs.cardExpiry ?? '',
          cardSecurityCode: inputs.cardSecurityCode ?? '',
          cardDocument: inputs.cardDocument ?? '',
        },
        attemptKey.current,
      );
      attemptKey.current = null;
      onDone(result.status === 'APPROVED' || result.status === 'PROCESSING' ? result.status : 'REJECTED');
    } catch (error) {
      attemptKey.current = null;
      if (error instanceof CardTokenError) {
        setFieldErrors(error.fields);
        setProblem(error.reason === 'CARD' ? followUpMessages.cardFieldsInvalid : error.message);
        return;
      }
      const { status, message } = error as { status?: number; message?: string };
      // 409 carries the server's reason (paid, expired, a charge in progress); 400 is a refused card.
      setProblem(
        status === 400
          ? followUpMessages.cardFieldsInvalid
          : status === 409 && message
            ? message
            : orderErrorMessages.paymentStartFailed,
      );
    } finally {
      setBusy(false);
      onPayingChange(false);
    }
  };

  return (
    <form className="follow-up__section pay-form" onSubmit={submit} noValidate aria-label="Pagar con tarjeta">
      <h2 className="section-title">Pagar con tarjeta</h2>
      {FIELDS.map(({ field, label, autoComplete, inputMode }) => (
        <label key={field} className="pay-form__field">
          <span>{label}</span>
          <input
            name={field}
            autoComplete={autoComplete}
            inputMode={inputMode}
            value={inputs[field] ?? ''}
            aria-invalid={fieldErrors[field] ? true : undefined}
            aria-describedby={fieldErrors[field] ? `${field}-error` : undefined}
            onChange={(event) => {
              const value = event.target.value;
              setInputs((previous) => ({ ...previous, [field]: value }));
              attemptKey.current = null;
            }}
          />
          {fieldErrors[field] ? (
            <span className="field-error" id={`${field}-error`}>
              {fieldErrors[field]}
            </span>
          ) : null}
        </label>
      ))}
      {problem ? (
        <div className="notice notice--error" role="alert">
          {problem}
        </div>
      ) : null}
      <button type="submit" className="button" disabled={busy}>
        {followUpMessages.pay}
      </button>
    </form>
  );
}
