/**
 * 'Enviar pedido' (ordering §5 "Checkout", §8): the domain's checks over the
 * form as it stands, the errors they leave on the fields, and the order's
 * payload handed to the send. The screen lays out the sections; this decides
 * whether the order may go.
 */

import type { UserLocation } from '@comanda/domain/address';
import { type CheckoutError, checkoutValidate } from '@comanda/domain/checkout-validation';
import { moneyToMajor } from '@comanda/domain/money';
import type { PricingBreakdown } from '@comanda/domain/pricing';
import type { SoldOutLineProblem } from '@comanda/domain/sold-out';
import type { CartItem, DeliveryInfo } from '@comanda/domain/types';
import { useState } from 'react';
import type { useToast } from '../../../components/ui/toast';
import { analyticsSessionId } from '../../../lib/analytics-sender';
import { appIsInstalled } from '../../../lib/app-environment';
import type { EntryParams } from '../../../stores/entry-params-store';
import type { ApiBranchContact, ApiCountry, ApiOrderMode } from '../../../types/api';
import { checkoutValidationInput } from '../lib/checkout-inputs';
import { orderPayloadBuild } from '../lib/order-payload';
import type { useCheckoutLoyalty } from './use-checkout-loyalty';
import type { CheckoutSchedule } from './use-checkout-schedule';
import type { useCustomerFields } from './use-customer-fields';
import { useOrderSend } from './use-order-send';
import { partnerBenefitMessages, type usePartnerBenefits } from './use-partner-benefits';
import type { PaymentChoice } from './use-payment-choice';

export interface CheckoutSubmitInput {
  contact: ApiBranchContact;
  country: ApiCountry;
  mode: ApiOrderMode | null;
  items: readonly CartItem[] | null;
  pricing: PricingBreakdown | null;
  customer: ReturnType<typeof useCustomerFields>;
  paymentChoice: PaymentChoice;
  schedule: CheckoutSchedule;
  loyalty: ReturnType<typeof useCheckoutLoyalty>;
  partner: ReturnType<typeof usePartnerBenefits>;
  entry: EntryParams;
  /** The diner's address, for a delivery (null otherwise). */
  destination: UserLocation | null;
  deliveryInfo: DeliveryInfo | null;
  deliveryInfoLoading: boolean;
  /** The phone as sent (E.164 when it parses), or null. */
  phoneE164: () => string | null;
  phoneMatches: boolean;
  code: string | null;
  notes: string;
  toast: ReturnType<typeof useToast>;
  /** The server priced the order with a newer menu: read it again. */
  onMenuStale: () => void;
  /** Lines holding something sold out now (ADR 052): the order is not sent while there is one. */
  soldOut: readonly SoldOutLineProblem[];
}

export function useCheckoutSubmit(input: CheckoutSubmitInput) {
  const { contact, mode, pricing, paymentChoice, loyalty, partner, toast } = input;
  const mantissa = input.country.mantissaLength;
  const [errors, setErrors] = useState<CheckoutError[]>([]);
  const [priceChange, setPriceChange] = useState<{ price: number } | null>(null);
  // Counts the sends the checks refused: each one moves the focus to the first invalid field.
  const [refused, setRefused] = useState(0);
  const orderSend = useOrderSend(contact, {
    onCardRefused: paymentChoice.setCardRefused,
    onPriceChanged: (price) => {
      if (!mode) return;
      // Show the new figures (the breakdown reprices with the fresh menu) and ask again.
      input.onMenuStale();
      setPriceChange({ price });
    },
    onRefused: (error) => {
      // The partner's token expired since the preview: the order goes on without the benefit, repriced.
      if (error.status === 401 && error.fields.authorization) {
        partner.refuse();
        toast(partnerBenefitMessages.refused, 'error');
        return true;
      }
      // Sold out since this page last heard (ADR 052): read the menu again, so the line shows it.
      if (Object.keys(error.fields).some((field) => /^items\[\d+\]\.referenceId$/.test(field))) {
        input.onMenuStale();
      }
      const refusal = error.fields['loyaltyInfo.redeemedPoints'];
      if (!refusal) return false;
      loyalty.refuse(refusal);
      toast(refusal, 'error');
      return true;
    },
  });

  const validate = () =>
    pricing && mode
      ? checkoutValidate(
          checkoutValidationInput({
            contact,
            mode,
            pricing,
            customer: input.customer,
            paymentChoice,
            destination: input.destination,
            deliveryInfo: input.deliveryInfo,
            deliveryInfoLoading: input.deliveryInfoLoading,
            schedule: input.schedule,
            country: input.country,
          }),
        )
      : null;

  // A field's error goes as soon as the diner edits it; the next send checks again.
  const clearError = (field: CheckoutError['field']) =>
    setErrors((current) =>
      current.some((e) => e.field === field) ? current.filter((e) => e.field !== field) : current,
    );
  const fieldError = (field: CheckoutError['field']) =>
    errors.filter((error) => error.field === field).at(-1)?.message ?? null;

  async function send(confirmedPrice?: number) {
    const { items, customer } = input;
    if (orderSend.sending || !pricing || !mode || !items) return;
    const soldOut = input.soldOut[0];
    if (soldOut) {
      // The notice at the top of the form is marked invalid: the focus goes there (ADR 046).
      setRefused((count) => count + 1);
      toast(soldOut.message, 'error');
      return;
    }
    // With no usable payment type the checks say why ('Asegurese de haber elegido un medio de pago primero').
    const result = validate();
    if (!result) return;
    setErrors(result.errors);
    if (!result.valid) {
      setRefused((count) => count + 1);
      if (result.toast) toast(result.toast, 'error');
      return;
    }
    const { payment, needsCard } = paymentChoice;
    if (!payment) return;
    const loyaltyProblem = input.phoneMatches ? loyalty.message(pricing.loyalty) : null;
    if (loyaltyProblem) {
      toast(loyaltyProblem, 'error');
      return;
    }
    // Sent before the partner answers, the order would go without a benefit the diner has.
    if (partner.status === 'loading') {
      toast(partnerBenefitMessages.verifying, 'info');
      return;
    }
    const payload = orderPayloadBuild({
      mode,
      branchContactId: contact.id,
      items,
      price: confirmedPrice ?? moneyToMajor(pricing.total, mantissa),
      payment,
      entry: input.entry,
      customer: {
        name: customer.name,
        phone: input.phoneE164(),
        email: customer.email,
        document: result.document,
        tableNumber: customer.tableNumber,
        optIn: customer.optIn,
      },
      redeemedPoints: pricing.loyalty.redeemedPoints,
      destination: input.destination,
      notes: input.notes,
      paysWith: result.paysWith,
      mantissaLength: mantissa,
      scheduledAt: input.schedule.scheduledAt,
      code: input.code,
      partner: partner.order?.fields ?? null,
      analyticsSessionId: analyticsSessionId(),
      installedApp: appIsInstalled(),
    });
    await orderSend.send({
      payload,
      mode,
      payment,
      customerSession: loyalty.session?.token ?? null,
      partnerToken: partner.order?.token ?? null,
      card: needsCard ? paymentChoice.card : null,
      scheduledAt: input.schedule.scheduledAt,
    });
  }

  return {
    errors,
    /** How many sends the checks refused (see use-first-invalid-focus.ts). */
    refused,
    validate,
    clearError,
    fieldError,
    send,
    sending: orderSend.sending,
    paying: orderSend.paying,
    priceChange,
    setPriceChange,
  };
}

export type CheckoutSubmit = ReturnType<typeof useCheckoutSubmit>;
