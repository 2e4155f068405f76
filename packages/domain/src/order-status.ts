/**
 * Order progress (follow-up §4.1, ordering §4 "In-progress order"): the status
 * machine generated → accepted → ready → delivered, or canceled; the payment
 * state of a card order (unpaid, processing, expired after the payment window);
 * and whether an order counts as in progress for the customer.
 * The spec does not show status values; these are ours.
 */
import { followUpMessages, orderNotificationMessages } from './messages';
import type { PaymentMethod } from './types';

/** An order's status. */
export type OrderStatus = 'GENERATED' | 'ACCEPTED' | 'READY' | 'DELIVERED' | 'CANCELED';

/** The progress nodes, in order. */
export const ORDER_STATUS_FLOW: readonly OrderStatus[] = ['GENERATED', 'ACCEPTED', 'READY', 'DELIVERED'];

const MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  GENERATED: ['ACCEPTED', 'CANCELED'],
  ACCEPTED: ['READY', 'CANCELED'],
  READY: ['DELIVERED', 'CANCELED'],
  DELIVERED: [],
  CANCELED: [],
};

/** Whether `from` may move to `to`: one step forward, or to canceled before delivery. */
export function orderStatusCanMove(from: OrderStatus, to: OrderStatus): boolean {
  return MOVES[from].includes(to);
}

/** Applies a move, or says why not (every move not allowed is rejected, staying put included). */
export function orderStatusMove(
  from: OrderStatus,
  to: OrderStatus,
):
  | { ok: true; status: OrderStatus }
  | { ok: false; error: 'INVALID_TRANSITION'; from: OrderStatus; to: OrderStatus } {
  return orderStatusCanMove(from, to)
    ? { ok: true, status: to }
    : { ok: false, error: 'INVALID_TRANSITION', from, to };
}

/** Whether nothing can happen to the order any more. */
export function orderStatusIsFinal(status: OrderStatus): boolean {
  return MOVES[status].length === 0;
}

/** A node of the progress bar. */
export interface OrderProgressStep {
  status: OrderStatus;
  label: string;
  state: 'done' | 'current' | 'pending';
}

/**
 * The progress bar: the four nodes with the current one marked; a canceled
 * order shows generated, then canceled as current.
 */
export function orderProgressSteps(status: OrderStatus): OrderProgressStep[] {
  const step = (node: OrderStatus, state: OrderProgressStep['state']) => ({
    status: node,
    label: followUpMessages.steps[node],
    state,
  });
  if (status === 'CANCELED') return [step('GENERATED', 'done'), step('CANCELED', 'current')];
  const at = ORDER_STATUS_FLOW.indexOf(status);
  const finished = status === 'DELIVERED';
  return ORDER_STATUS_FLOW.map((node, index) =>
    step(node, index < at || (finished && index === at) ? 'done' : index === at ? 'current' : 'pending'),
  );
}

/** (decision) Hours a card order may stay unpaid before it expires. */
export const ORDER_PAYMENT_WINDOW_HOURS = 2;

/** Payment status of an order (PENDING or PROCESSING when sent). */
export type OrderPaymentStatus = 'PENDING' | 'PROCESSING' | 'PAID' | 'REJECTED';

/** What the follow-up shows about paying. */
export type OrderPaymentState = 'NOT_REQUIRED' | 'PAID' | 'PROCESSING' | 'UNPAID' | 'EXPIRED';

// Card orders are paid online after they are placed; the rest is paid to the venue.
const PAID_ONLINE: ReadonlySet<PaymentMethod> = new Set(['CARD_ONLINE', 'PAYMENT_LINK']);

/** Whether orders of a payment method are paid online, through a provider, after they are placed. */
export function orderPaidOnline(paymentMethod: PaymentMethod): boolean {
  return PAID_ONLINE.has(paymentMethod);
}

/**
 * The earliest order time whose payment window is still open at `now`: a card
 * order placed before it is past its window (EXPIRED unless paid). Queries that
 * count unpaid orders use it, so they agree with `orderPaymentState`.
 */
export function orderPaymentWindowOpenSince(
  now: number | Date,
  windowHours: number = ORDER_PAYMENT_WINDOW_HOURS,
): number {
  return +now - windowHours * 3_600_000;
}

/**
 * The payment state of an order: a card order not yet paid is UNPAID (shown
 * greyed with a 'pay' label) until the payment window ends, then EXPIRED
 * ('Tiempo de pago vencido, vuelva a generar el pedido'); PROCESSING only while
 * a payment attempt is really under way at the provider (`attemptUnderWay`,
 * with the stored status PROCESSING). The stored PROCESSING alone says nothing:
 * an order whose payment type uploads through the API is stored PROCESSING when
 * placed (`paymentStatusOnSend`), before the diner paid anything. A canceled
 * order never asks for payment.
 */
export function orderPaymentState(input: {
  paymentMethod: PaymentMethod;
  paymentStatus: OrderPaymentStatus;
  status: OrderStatus;
  orderedAt: number | Date;
  now: number | Date;
  windowHours?: number;
  /** A payment of the order is at the provider, which has not decided yet (false when unknown). */
  attemptUnderWay?: boolean;
}): OrderPaymentState {
  if (!PAID_ONLINE.has(input.paymentMethod) || input.status === 'CANCELED') return 'NOT_REQUIRED';
  if (input.paymentStatus === 'PAID') return 'PAID';
  if (input.paymentStatus === 'PROCESSING' && input.attemptUnderWay) return 'PROCESSING';
  return +input.orderedAt < orderPaymentWindowOpenSince(input.now, input.windowHours) ? 'EXPIRED' : 'UNPAID';
}

/** The follow-up message of a payment state ('Tiempo de pago vencido, vuelva a generar el pedido' when expired). */
export function orderPaymentMessage(state: OrderPaymentState): string | null {
  return state === 'EXPIRED' ? followUpMessages.paymentExpired : null;
}

/** follow-up §9: with `refreshAfterUpdate`, the follow-up reads the order again 5 s after landing. */
export const FOLLOW_UP_REFRESH_AFTER_UPDATE_MS = 5000;

/** ordering §9: an order stays "in progress" for the customer within 24 hours ahead. */
export const ORDER_IN_PROGRESS_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether an order counts as in progress ('PEDIDO EN CURSO'): flagged in
 * progress and its scheduled (else ordered) time at most 24 hours ahead of now.
 */
export function orderIsInProgress(
  order: { inProgress: boolean; scheduledAt?: number | Date | null; orderedAt?: number | Date | null },
  now: number | Date,
): boolean {
  const time = order.scheduledAt ?? order.orderedAt;
  if (!order.inProgress || time === null || time === undefined) return false;
  return +time - +now <= ORDER_IN_PROGRESS_WINDOW_MS;
}

/**
 * The message sent to the diner's phone when an order is placed (GENERATED) or
 * moves to `status`: one line for the status, the cancel reason when there is
 * one, and the follow-up link when known. Texts are ours (`orderNotificationMessages`).
 */
export function orderNotificationText(input: {
  status: OrderStatus;
  orderCode: string;
  venueName: string;
  followUpUrl?: string | null;
  cancelReason?: string | null;
  /** A delivery on its way with the venue's own rider: READY reads "on the way" and carries the code. */
  deliveryCode?: string | null;
}): string {
  const onTheWay = input.status === 'READY' && !!input.deliveryCode;
  const lines: string[] = [
    (onTheWay ? orderNotificationMessages.onTheWay : orderNotificationMessages[input.status])(
      input.orderCode,
      input.venueName,
    ),
  ];
  if (onTheWay && input.deliveryCode) lines.push(orderNotificationMessages.deliveryCode(input.deliveryCode));
  const reason = input.cancelReason?.trim();
  if (input.status === 'CANCELED' && reason) lines.push(orderNotificationMessages.cancelReason(reason));
  if (input.followUpUrl) lines.push(orderNotificationMessages.followUp(input.followUpUrl));
  return lines.join('\n');
}
