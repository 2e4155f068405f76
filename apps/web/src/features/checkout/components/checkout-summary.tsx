/** 'Resumen': the breakdown exactly as the domain's pricing computed it. */
import { deliveryFeeText, serviceFeeText } from '@comanda/domain/fees';
import type { LoyaltyProgram } from '@comanda/domain/loyalty';
import { loyaltyRedeemedLabel } from '@comanda/domain/loyalty-text';
import { checkoutMessages, codeDiscountMessages } from '@comanda/domain/messages';
import { moneyFormat } from '@comanda/domain/money';
import type { PricingBreakdown } from '@comanda/domain/pricing';
import type { CartItem } from '@comanda/domain/types';
import type { ApiCountry } from '../../../types/api';

interface Props {
  formId: string;
  pricing: PricingBreakdown;
  items: readonly CartItem[];
  country: ApiCountry;
  delivery: boolean;
  /** Whether the zone's delivery fee is known. */
  deliveryFeeKnown: boolean;
  /** Whether the mode's fees were read (the service fee shows only then). */
  feesKnown: boolean;
  /** The loyalty programme, when the diner may redeem from it. */
  loyaltyProgram: LoyaltyProgram | null;
}

export function CheckoutSummary({
  formId,
  pricing,
  items,
  country,
  delivery,
  deliveryFeeKnown,
  feesKnown,
  loyaltyProgram,
}: Props) {
  return (
    <section className="checkout-card" aria-labelledby={`${formId}-summary`}>
      <h2 id={`${formId}-summary`}>Resumen</h2>
      <dl className="checkout-breakdown">
        {pricing.lines.map((line) => {
          const item = items[line.index];
          return (
            <div key={line.key} className="checkout-breakdown__row">
              <dt>{`${line.quantity} × ${item?.name ?? ''}`}</dt>
              <dd>{moneyFormat(line.net, country)}</dd>
            </div>
          );
        })}
        {pricing.codeDiscount ? (
          <div className="checkout-breakdown__row checkout-breakdown__row--discount">
            <dt>{`${codeDiscountMessages.title} (${pricing.codeDiscount.name})`}</dt>
            <dd>{`-${moneyFormat(pricing.codeDiscount.amount, country)}`}</dd>
          </div>
        ) : null}
        {/* The order mode's general discounts, then the partner's benefit (one of each may share a name). */}
        {pricing.generalDiscounts.map((discount) => (
          <div
            key={`${discount.externalBenefitType ?? ''}:${discount.discountReferenceId ?? discount.name}`}
            className="checkout-breakdown__row checkout-breakdown__row--discount"
          >
            <dt>{discount.name}</dt>
            <dd>{`-${moneyFormat(discount.amount, country)}`}</dd>
          </div>
        ))}
        {pricing.surcharges.map((surcharge) => (
          <div key={`s-${surcharge.name}`} className="checkout-breakdown__row">
            <dt>{surcharge.name}</dt>
            <dd>{moneyFormat(surcharge.amount, country)}</dd>
          </div>
        ))}
        {delivery ? (
          <div className="checkout-breakdown__row">
            <dt>Envío</dt>
            {/* Until the zone's fee is known, 'Gratis' would be a promise the order may not keep. */}
            <dd>
              {deliveryFeeKnown
                ? deliveryFeeText(pricing.deliveryFee.amount, country)
                : checkoutMessages.feeUnknown}
            </dd>
          </div>
        ) : null}
        {feesKnown ? (
          <div className="checkout-breakdown__row">
            <dt>Costo de servicio</dt>
            <dd>{serviceFeeText(pricing.serviceFee.amount, country)}</dd>
          </div>
        ) : null}
        {loyaltyProgram && pricing.loyalty.redeemedPoints > 0 ? (
          <div className="checkout-breakdown__row checkout-breakdown__row--discount">
            <dt>{loyaltyRedeemedLabel(loyaltyProgram, pricing.loyalty.redeemedPoints, country)}</dt>
            <dd>{`-${moneyFormat(pricing.loyalty.amount, country)}`}</dd>
          </div>
        ) : null}
        <div className="checkout-breakdown__row checkout-breakdown__total">
          <dt>Total</dt>
          <dd>{moneyFormat(pricing.total, country)}</dd>
        </div>
      </dl>
    </section>
  );
}
