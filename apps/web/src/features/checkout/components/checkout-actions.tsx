/**
 * The end of the form: the checks that belong to no field, 'Volver' to the
 * cart and 'Enviar pedido', and the question when the server priced the order
 * differently (ADR 014).
 */
import type { CheckoutError } from '@comanda/domain/checkout-validation';
import { checkoutMessages } from '@comanda/domain/messages';
import { type MoneyCountry, moneyFormat, moneyToMinor } from '@comanda/domain/money';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

export function CheckoutActions({
  errors,
  cartHref,
  sending,
}: {
  errors: readonly CheckoutError[];
  cartHref: string;
  sending: boolean;
}) {
  // Checks that belong to no field (the minimum, the fee being computed) would otherwise show only when last.
  const general = errors.filter((error) => error.field === null);
  return (
    <>
      {general.length > 0 ? (
        // A group the first-invalid focus finds when no field is wrong (use-first-invalid-focus.ts).
        <ul className="checkout-errors" data-invalid="true" tabIndex={-1}>
          {general.map((error) => (
            <li key={error.code} className="field-error">
              {error.message}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="checkout-actions">
        <a className="button button--bordered" href={cartHref}>
          Volver
        </a>
        <button type="submit" className="button" disabled={sending} aria-busy={sending}>
          {sending ? 'Enviando…' : 'Enviar pedido'}
        </button>
      </div>
    </>
  );
}

/** The server's price for the order (major units), to send it at that price or not. */
export function PriceChangeDialog({
  price,
  country,
  onConfirm,
  onCancel,
}: {
  price: number | null;
  country: MoneyCountry;
  onConfirm: (price: number) => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={price !== null}
      title={checkoutMessages.priceChangedTitle}
      question={
        price !== null
          ? checkoutMessages.priceChangedQuestion(
              moneyFormat(moneyToMinor(price, country.mantissaLength), country),
            )
          : ''
      }
      confirmLabel="Enviar pedido"
      onConfirm={() => price !== null && onConfirm(price)}
      onCancel={onCancel}
    />
  );
}
