/**
 * 'Canjear {name}' (ordering §2, §5 "Loyalty redeem"): the balance, the box
 * that offers the default amount, the points to redeem and, under them, why
 * they cannot be (one of the four messages, or the server's word).
 */
import { loyaltyBalanceText } from '@comanda/domain/loyalty-text';
import { loyaltyMessages } from '@comanda/domain/messages';
import type { MoneyCountry } from '@comanda/domain/money';
import type { PricedLoyalty } from '@comanda/domain/pricing';
import type { CheckoutLoyalty } from '../hooks/use-checkout-loyalty';
import { FieldError, fieldErrorId } from './field-error';

interface Props {
  formId: string;
  loyalty: CheckoutLoyalty;
  priced: PricedLoyalty;
  /** Points go only with the session's phone (ADR 018): another phone in 'Mis datos' cannot redeem. */
  phoneMatches: boolean;
  country: MoneyCountry;
}

export function LoyaltyRedeem({ formId, loyalty, priced, phoneMatches, country }: Props) {
  const { program, customer } = loyalty;
  if (!program || !customer) return null;
  const name = program.name;
  const message = phoneMatches ? loyalty.message(priced) : null;
  return (
    <section className="checkout-card checkout-loyalty" aria-labelledby={`${formId}-loyalty`}>
      <h2 id={`${formId}-loyalty`}>{name}</h2>
      <p className="muted">{`Tienes ${loyaltyBalanceText(program, customer.loyaltyPointsBalance, country)}`}</p>
      {phoneMatches ? (
        <>
          <label className="option">
            <input
              type="checkbox"
              checked={loyalty.redeem}
              onChange={(event) => loyalty.toggle(event.target.checked, priced.defaultPoints)}
            />
            <span>{loyaltyMessages.redeem(name)}</span>
          </label>
          {loyalty.redeem ? (
            <div className="checkout-field">
              <label htmlFor={`${formId}-points`}>{`${name} a canjear`}</label>
              <input
                id={`${formId}-points`}
                inputMode="numeric"
                value={loyalty.pointsText}
                aria-invalid={message ? true : undefined}
                aria-describedby={fieldErrorId(formId, 'points', message)}
                onChange={(event) => loyalty.edit(event.target.value)}
              />
              <FieldError formId={formId} field="points" error={message} />
            </div>
          ) : null}
        </>
      ) : (
        <p className="muted">{`Para canjear ${name}, usa el teléfono con el que iniciaste sesión.`}</p>
      )}
    </section>
  );
}
