/** The end of the form: the checks that belong to no field, 'Volver' to the cart and 'Enviar pedido'. */
import type { CheckoutError } from '@comanda/domain/checkout-validation';

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
        <ul className="checkout-errors">
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
