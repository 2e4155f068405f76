/**
 * What the checkout's form hands to the domain's checks and to the code
 * validation call, gathered from its sections in one place: the screen
 * wires, these read.
 */
import type { UserLocation } from '@comanda/domain/address';
import type { CheckoutInput } from '@comanda/domain/checkout-validation';
import { paymentTypeCounts } from '@comanda/domain/payment-type';
import type { PricingBreakdown } from '@comanda/domain/pricing';
import type { CartItem, DeliveryInfo } from '@comanda/domain/types';
import { orderItemPayload } from '../../../lib/order-item-payload';
import type { ApiBranchContact, ApiCountry, ApiOrderMode } from '../../../types/api';
import type { CheckoutSchedule } from '../hooks/use-checkout-schedule';
import type { useCustomerFields } from '../hooks/use-customer-fields';
import type { PaymentChoice } from '../hooks/use-payment-choice';

/** The input of `checkoutValidate` for the form as it stands. */
export function checkoutValidationInput(form: {
  contact: ApiBranchContact;
  mode: ApiOrderMode;
  pricing: PricingBreakdown;
  customer: ReturnType<typeof useCustomerFields>;
  paymentChoice: PaymentChoice;
  /** The diner's address, for a delivery (null otherwise). */
  destination: UserLocation | null;
  deliveryInfo: DeliveryInfo | null;
  deliveryInfoLoading: boolean;
  schedule: CheckoutSchedule;
  country: ApiCountry;
}): CheckoutInput {
  const { contact, customer, paymentChoice, destination, schedule } = form;
  const { payment, cardState } = paymentChoice;
  return {
    orderModeType: form.mode.type,
    customer: {
      name: customer.name,
      phone: customer.phone,
      email: customer.email,
      document: customer.document,
      tableNumber: customer.tableNumber,
    },
    rules: {
      forceCustomerName: contact.forceCustomerName,
      forceCustomerPhone: contact.forceCustomerPhone,
      mandatoryEmail: contact.mandatoryEmail,
      betweenStreetsRequired: contact.deliveryConfig.betweenStreetsRequired,
    },
    phoneCountry: customer.phoneCountry,
    paymentMethod: payment?.paymentMethod ?? null,
    paymentMethodsOffered: paymentChoice.allTypes.filter(paymentTypeCounts).map((type) => type.paymentMethod),
    paysWith: paymentChoice.paysWith,
    card: cardState ? { complete: cardState.complete, valid: cardState.valid } : null,
    address:
      form.mode.type === 'DELIVERY'
        ? {
            fullAddress: destination?.fullAddress ?? null,
            betweenStreets: destination?.betweenStreets ?? null,
          }
        : null,
    productsAmount: form.pricing.productsAmount,
    total: form.pricing.total,
    deliveryInfo: form.deliveryInfo,
    deliveryInfoLoading: form.deliveryInfoLoading,
    schedule: {
      loading: false,
      canOrderNow: schedule.timing?.canOrderNow ?? false,
      scheduled: schedule.scheduled,
      scheduledAt: schedule.scheduledAt,
    },
    country: form.country,
  };
}

/** The body of `POST /api/codediscounts/validate` for a typed code and the order as it stands. */
export function codeValidationBody(order: {
  code: string;
  contact: ApiBranchContact;
  mode: ApiOrderMode;
  paymentId: string | null;
  phone: string | null;
  scheduledAt: number | null;
  items: readonly CartItem[];
  /** The diner's address, for a delivery (null otherwise). */
  destination: UserLocation | null;
}): Record<string, unknown> {
  const { destination } = order;
  return {
    code: order.code,
    branchId: order.contact.branch.id,
    branchContactId: order.contact.id,
    orderModeId: order.mode.id,
    ...(order.paymentId ? { paymentId: Number(order.paymentId) } : {}),
    ...(order.phone ? { phone: order.phone } : {}),
    orderDate: new Date(order.scheduledAt ?? Date.now()).toISOString(),
    items: order.items.map(orderItemPayload),
    ...(destination?.lat !== undefined && destination.lng !== undefined
      ? { destination: { lat: destination.lat, lng: destination.lng } }
      : {}),
  };
}
