/**
 * Points in the checkout (ordering §2 'Canjear {name}', §5 "Loyalty redeem"):
 * for a signed-in diner at a location of an active programme, the balance
 * (read with the session), whether the diner redeems and how many points. The
 * domain's pricing applies the rules (default amount, the four limits,
 * `supportsDiscounts`); the server checks them again and its refusal is shown
 * under the control.
 */
import {
  type LoyaltyProgram,
  loyaltyNotWithDiscountsMessage,
  loyaltyShowsButton,
} from '@comanda/domain/loyalty';
import type { PricedLoyalty, PricingInput } from '@comanda/domain/pricing';
import { useState } from 'react';
import { useCachedResource } from '../../../lib/use-resource';
import { type CustomerSession, useCustomerSession } from '../../../stores/customer-session-store';
import type { ApiBranchContact } from '../../../types/api';
import {
  type CheckoutCustomer,
  checkoutCustomerGet,
  checkoutLoyaltyProgramGet,
} from '../api/checkout-loyalty-api';

/** The points typed, as the pricing takes them: anything but a whole number redeems nothing. */
export function loyaltyPointsParse(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

export function useCheckoutLoyalty(contact: ApiBranchContact) {
  const session = useCustomerSession();
  const branchId = contact.branch.id;
  // (useCachedResource, not useResource: the latter would move into the storefront's first-paint chunk.)
  const programRead = useCachedResource<LoyaltyProgram | null>(
    session ? `checkout-loyalty:${branchId}` : null,
    () => checkoutLoyaltyProgramGet(branchId),
  );
  // Keyed by the session (another diner reads their own) and by this visit (the balance of the last order).
  const [visit] = useState(() => Date.now());
  const customerRead = useCachedResource<CheckoutCustomer>(
    session ? `checkout-customer:${branchId}:${session.token}:${visit}` : null,
    () => checkoutCustomerGet((session as CustomerSession).phone, branchId),
  );
  const program = programRead.status === 'success' ? programRead.data : null;
  const customer = customerRead.status === 'success' ? customerRead.data : null;
  const [redeem, setRedeem] = useState(false);
  const [pointsText, setPointsText] = useState('');
  // The server's refusal of the points (ADR 026), until the diner changes them.
  const [refusal, setRefusal] = useState<string | null>(null);

  const offered = !!customer && loyaltyShowsButton(program, String(contact.id), session !== null);

  /**
   * The pricing's loyalty input: the balance always (for the default amount),
   * the points only when redeeming with the session's phone.
   */
  function pricingInput(phoneMatches: boolean): PricingInput['loyalty'] {
    if (!offered || !program || !customer) return null;
    return {
      program,
      branchContactId: String(contact.id),
      balance: customer.loyaltyPointsBalance,
      redeemPoints: redeem && phoneMatches ? loyaltyPointsParse(pointsText) : null,
    };
  }

  /** The message under the control: the server's refusal, else the domain's. */
  function message(priced: PricedLoyalty): string | null {
    if (!redeem || !program) return null;
    if (refusal) return refusal;
    if (priced.blockedByDiscounts) return loyaltyNotWithDiscountsMessage(program.name);
    return priced.message;
  }

  return {
    session,
    customer,
    program: offered ? program : null,
    redeem,
    pointsText,
    pricingInput,
    message,
    /** Checking the box offers the default amount (ordering §5); unchecking redeems nothing. */
    toggle(on: boolean, defaultPoints: number) {
      setRedeem(on);
      setRefusal(null);
      if (on) setPointsText(defaultPoints > 0 ? String(defaultPoints) : '');
    },
    edit(text: string) {
      setPointsText(text);
      setRefusal(null);
    },
    refuse: setRefusal,
  };
}

export type CheckoutLoyalty = ReturnType<typeof useCheckoutLoyalty>;
