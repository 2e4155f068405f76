/**
 * What a cancelled order's follow-up tells the diner about their money
 * (issue 18; docs/decisions/050-cancelled-order-money-and-scroll.md).
 *
 * Nothing in Comanda refunds a payment: cancelling moves the order only, and
 * neither Mercado Pago nor Webpay is asked to give anything back. A payment
 * the provider approved therefore stays charged until the venue refunds it
 * from its own provider account, and the page says exactly that, never that
 * the money is on its way back.
 */
import { type OrderStatus, orderPaidOnline } from './order-status';
import type { PaymentMethod } from './types';

/**
 * REFUND_BY_VENUE: the order was paid (an approved payment), so the venue has
 * to refund it; NOT_CHARGED: an online payment method with no approved payment
 * (nothing to give back); null: not cancelled, or paid to the venue in person
 * (cash, transfer) and not marked paid — nothing to say.
 */
export type OrderCancelMoney = 'REFUND_BY_VENUE' | 'NOT_CHARGED' | null;

export function orderCancelMoney(order: {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: string;
}): OrderCancelMoney {
  if (order.status !== 'CANCELED') return null;
  if (order.paymentStatus === 'PAID') return 'REFUND_BY_VENUE';
  return orderPaidOnline(order.paymentMethod) ? 'NOT_CHARGED' : null;
}
