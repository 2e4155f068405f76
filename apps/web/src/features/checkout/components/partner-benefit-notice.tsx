/**
 * What the checkout tells an external-loyalty user (ordering §6): the
 * partner's benefit the breakdown applies, or why the link gives none (the
 * order goes on at full price).
 */
import type { PricingBreakdown } from '@comanda/domain/pricing';
import { type PartnerBenefits, partnerBenefitMessages } from '../hooks/use-partner-benefits';

export function PartnerBenefitNotice({
  partner,
  pricing,
}: {
  partner: PartnerBenefits;
  pricing: PricingBreakdown;
}) {
  if (partner.problem) {
    return (
      <p className="notice notice--warning" role="alert">
        {partner.problem}
      </p>
    );
  }
  // The benefit the domain's pricing picked (the lowest priority), as the breakdown shows it.
  const applied = pricing.generalDiscounts.find((discount) => discount.externalBenefitType !== undefined);
  if (!partner.externalLoyalty || !applied) return null;
  return (
    <p className="notice checkout-notice--applied" role="status">
      {partnerBenefitMessages.applied(applied.name)}
    </p>
  );
}
