/** 'Mi pago' (ordering §2 Checkout): the payment type, the cash tender, the card form and the code button. */
import type { CheckoutError } from '@comanda/domain/checkout-validation';
import { checkoutMessages, codeDiscountMessages } from '@comanda/domain/messages';
import { type Minor, type MoneyCountry, moneyFormat, moneyFormatNumber } from '@comanda/domain/money';
import type { PaymentChoice } from '../hooks/use-payment-choice';
import { FieldError, fieldErrorId } from './field-error';

interface Props {
  formId: string;
  choice: PaymentChoice;
  onChoose: (paymentId: string) => void;
  documentLabel: string;
  /** Whether a send was refused: the card's empty fields, and every problem, show from then on. */
  checked: boolean;
  /** The order's total: the cash tender's one-tap exact amount. */
  total: Minor;
  country: MoneyCountry;
  fieldError: (field: CheckoutError['field']) => string | null;
  clearError: (field: CheckoutError['field']) => void;
  /** The applied code, if any. */
  code: string | null;
  onCodeOpen: () => void;
  /** Deletes the code; null when the diner may not (an external-loyalty user, ordering §6). */
  onCodeRemove: (() => void) | null;
  /** An entry link's code waiting for the diner's data, or null. */
  codePending: string | null;
  /** What happened to a code the schedule change deleted (being asked again, or refused), or null. */
  codeDropped: string | null;
}

export function PaymentSection({
  formId,
  choice,
  onChoose,
  documentLabel,
  checked,
  total,
  country,
  fieldError,
  clearError,
  code,
  onCodeOpen,
  onCodeRemove,
  codePending,
  codeDropped,
}: Props) {
  const { payment, cardState, card } = choice;
  const paysWithError = fieldError('paysWith');
  const paymentError = fieldError('payment');
  const cardError = fieldError('card');
  const describedBy = (field: string, error: string | null) => fieldErrorId(formId, field, error);

  return (
    <section className="checkout-card" aria-labelledby={`${formId}-payment`}>
      <h2 id={`${formId}-payment`}>{checkoutMessages.myPayment}</h2>
      <fieldset
        className="checkout-options"
        data-invalid={paymentError ? true : undefined}
        aria-describedby={describedBy('payment', paymentError)}
      >
        <legend className="visually-hidden">Medio de pago</legend>
        {choice.usableTypes.map((type) => (
          <label key={type.id} className="option">
            <input
              type="radio"
              name={`${formId}-payment`}
              checked={payment?.id === type.id}
              onChange={() => onChoose(type.id)}
            />
            <span className="option__name">
              <span>{type.showName}</span>
              {type.paymentMethod === 'BANK_TRANSFER' && type.description ? (
                <span className="option__description">{type.description}</span>
              ) : null}
            </span>
          </label>
        ))}
      </fieldset>
      <FieldError formId={formId} field="payment" error={paymentError} />
      {payment?.paymentMethod === 'CASH' ? (
        <div className="checkout-field">
          <label htmlFor={`${formId}-paysWith`}>¿Con cuánto vas a pagar?</label>
          <div className="checkout-tender">
            <input
              id={`${formId}-paysWith`}
              inputMode="decimal"
              value={choice.paysWith}
              aria-invalid={paysWithError ? true : undefined}
              aria-describedby={describedBy('paysWith', paysWithError)}
              onChange={(event) => {
                choice.setPaysWith(event.target.value);
                clearError('paysWith');
              }}
            />
            {/* The exact amount as the input reads it back (moneyParseInput), so it is never under the total. */}
            <button
              type="button"
              className="button button--bordered button--small"
              onClick={() => {
                choice.setPaysWith(moneyFormatNumber(total, country));
                clearError('paysWith');
              }}
            >
              {`Monto exacto: ${moneyFormat(total, country)}`}
            </button>
          </div>
          <FieldError formId={formId} field="paysWith" error={paysWithError} />
        </div>
      ) : null}
      {choice.needsCard ? (
        <fieldset className="checkout-card-form" aria-describedby={describedBy('card', cardError)}>
          <legend>Datos de la tarjeta</legend>
          <div className="checkout-grid">
            {(
              [
                ['cardNumber', 'Número de tarjeta', 'cc-number', 'numeric'],
                ['cardName', 'Nombre como figura en la tarjeta', 'cc-name', 'text'],
                ['cardExpiry', 'Vencimiento (MM/AA)', 'cc-exp', 'numeric'],
                ['cardSecurityCode', 'Código de seguridad', 'cc-csc', 'numeric'],
                ['cardDocument', documentLabel, 'off', 'numeric'],
              ] as const
            ).map(([field, label, autoComplete, inputMode]) => {
              // An empty field says so after a send; a wrong one once the diner leaves it (or after a send).
              const error =
                choice.cardRefused[field] ??
                (checked ? (cardState?.fieldErrors[field] ?? null) : null) ??
                (checked || choice.cardTouched.has(field) ? (cardState?.problems[field] ?? null) : null);
              return (
                <div key={field} className="checkout-field">
                  <label htmlFor={`${formId}-${field}`}>{label}</label>
                  <input
                    id={`${formId}-${field}`}
                    name={field}
                    autoComplete={autoComplete}
                    inputMode={inputMode}
                    value={card[field]}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={describedBy(field, error)}
                    onChange={(event) => {
                      choice.setCard((current) => ({ ...current, [field]: event.target.value }));
                      choice.setCardRefused(({ [field]: _edited, ...rest }) => rest);
                    }}
                    onBlur={() => {
                      if (card[field].trim() !== '') choice.cardTouch(field);
                    }}
                  />
                  <FieldError formId={formId} field={field} error={error} />
                </div>
              );
            })}
          </div>
          <FieldError formId={formId} field="card" error={cardError} />
        </fieldset>
      ) : null}
      <div className="checkout-code">
        {code ? (
          <>
            <span>
              {codeDiscountMessages.title}: <strong>{code}</strong>
            </span>
            {onCodeRemove ? (
              <button type="button" className="button button--bordered button--small" onClick={onCodeRemove}>
                Eliminar código
              </button>
            ) : null}
          </>
        ) : (
          <>
            {codePending ? <span className="muted">{codePending}</span> : null}
            {codeDropped ? (
              <span className="checkout-code__dropped" role="status">
                {codeDropped}
              </span>
            ) : null}
            <button type="button" className="button button--bordered button--small" onClick={onCodeOpen}>
              {codeDiscountMessages.title}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
