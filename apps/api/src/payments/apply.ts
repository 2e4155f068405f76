/**
 * Status changes of payments: the one place a provider's answer is recorded
 * on a payment row and the order's payment status is derived, under the
 * order's and its payments' row locks (see `flow-common.ts` for the rules).
 */
import type { Tx } from '../db/client';
import type { OrderRow } from '../repositories/order-repository';
import { orderChangeAnnounce } from '../services/order-events';
import { orderPaymentStatusSet } from '../services/order-service';
import { detailOf, minorOf, type OrderPaymentStatus, type PaymentsDeps } from './flow-common';
import {
  PAYMENT_FINAL_STATUSES,
  type PaymentStatus,
  type ProviderPayment,
  type RedirectResult,
} from './provider';
import {
  notificationRecord,
  orderLock,
  type PaymentDetail,
  type PaymentRow,
  paymentById,
  paymentsOfOrderLocked,
  paymentUpdate,
} from './repository';
/** A provider's answer to record on a payment row. */
export interface PaymentUpdate {
  status: PaymentStatus;
  providerStatus?: string;
  providerPaymentId?: string | null;
  amountMajor?: number | null;
  detail?: Partial<PaymentDetail>;
}

const rank = (status: PaymentStatus) =>
  PAYMENT_FINAL_STATUSES.has(status) ? 3 : status === 'PROCESSING' ? 2 : status === 'PENDING' ? 1 : 0;

/**
 * The order's payment status after `event` happened to one of its payments:
 * paid when any payment is approved (never unpaid again), processing while a
 * charge is moving, rejected after a refusal, back to pending after an abort
 * or a time-out (the diner may pay again).
 */
export function orderPaymentStatusDerive(
  current: OrderPaymentStatus,
  rows: readonly Pick<PaymentRow, 'status'>[],
  event: PaymentStatus,
): OrderPaymentStatus {
  if (current === 'PAID' || rows.some((row) => row.status === 'APPROVED')) return 'PAID';
  if (rows.some((row) => row.status === 'PROCESSING') || event === 'PROCESSING') return 'PROCESSING';
  if (event === 'REJECTED') return 'REJECTED';
  if (event === 'CANCELED' || event === 'EXPIRED') {
    return current === 'PROCESSING' || current === 'REJECTED' ? 'PENDING' : current;
  }
  return current;
}

/** What a locked status change did. */
interface Applied {
  payment: PaymentRow;
  orderChanged: boolean;
}

/**
 * Records an update on a payment whose order and payment rows the caller
 * locked, and the order's derived payment status. Refuses to move a final
 * payment, to go backwards, and to believe an amount that is not the order's.
 */
export async function paymentApplyLocked(
  deps: PaymentsDeps,
  tx: Tx,
  locked: { order: OrderRow; rows: PaymentRow[]; payment: PaymentRow; mantissaLength: number },
  update: PaymentUpdate,
  at: number,
): Promise<Applied> {
  const { order, rows, payment, mantissaLength } = locked;
  const detail = detailOf(payment);
  const unchanged = { payment, orderChanged: false };
  if (PAYMENT_FINAL_STATUSES.has(payment.status)) {
    if (update.status !== payment.status) {
      deps.log.warn(
        { paymentId: payment.id, status: payment.status, reported: update.status },
        'payment already final; later status ignored',
      );
    }
    return unchanged;
  }
  if (update.amountMajor != null && minorOf(update.amountMajor, mantissaLength) !== payment.amount) {
    deps.log.error(
      { paymentId: payment.id, expectedMinor: payment.amount, reportedMajor: update.amountMajor },
      'provider reports another amount; status not believed',
    );
    const flagged = await paymentUpdate(
      tx,
      payment.id,
      {
        detail: {
          ...detail,
          amountMismatch: { expectedMinor: payment.amount, reportedMajor: update.amountMajor },
        },
      },
      new Date(at),
    );
    return { payment: flagged ?? payment, orderChanged: false };
  }

  let status = update.status;
  let providerPaymentId = payment.providerPaymentId ?? update.providerPaymentId ?? null;
  const next: PaymentDetail = { ...detail, ...update.detail };
  if (update.providerStatus) next.providerStatus = update.providerStatus;
  if (detail.kind === 'LINK' && update.providerPaymentId && status !== 'CREATED') {
    // A link is paid by attempts; only an approved attempt closes it and names the payment.
    if (status === 'APPROVED') providerPaymentId = update.providerPaymentId;
    else {
      next.lastAttempt = {
        providerPaymentId: update.providerPaymentId,
        status,
        providerStatus: update.providerStatus ?? '',
        at: new Date(at).toISOString(),
      };
      providerPaymentId = payment.providerPaymentId;
      status = payment.status;
    }
  }
  if (rank(status) < rank(payment.status)) status = payment.status;
  if (status === 'APPROVED') {
    const other = rows.find((row) => row.id !== payment.id && row.status === 'APPROVED');
    if (other) {
      next.duplicateOf = other.id;
      deps.log.error(
        { paymentId: payment.id, orderId: order.id, paidBy: other.id },
        'order paid twice: refund needed',
      );
    }
  }
  const updated =
    (await paymentUpdate(tx, payment.id, { status, providerPaymentId, detail: next }, new Date(at))) ??
    payment;
  const after = rows.map((row) => (row.id === updated.id ? updated : row));
  const derived = orderPaymentStatusDerive(order.paymentStatus, after, update.status);
  if (derived === order.paymentStatus) return { payment: updated, orderChanged: false };
  await orderPaymentStatusSet(tx, order.id, derived, at);
  return { payment: updated, orderChanged: true };
}

/** Locks the order of a payment, then its payment rows; undefined when the payment is gone. */
export async function paymentLockWithOrder(tx: Tx, paymentId: number) {
  const pre = await paymentById(tx, paymentId);
  if (!pre) return undefined;
  const order = await orderLock(tx, pre.orderId);
  if (!order) return undefined;
  const rows = await paymentsOfOrderLocked(tx, order.id);
  const payment = rows.find((row) => row.id === paymentId);
  return payment ? { order, rows, payment } : undefined;
}

/** After commit: the follow-up page and the venue's consoles hear of the order's new payment status. */
export async function publishAfterCommit(deps: PaymentsDeps, code: string): Promise<void> {
  await orderChangeAnnounce(
    { db: deps.db, realtime: deps.realtime, now: () => deps.clock.now(), log: deps.log },
    code,
  );
}

/**
 * Records a provider's answer on a payment in one transaction (order and
 * payment rows locked), publishing `order-updated` after commit when the
 * order's payment status changed. With `notification`, the notification is
 * recorded in the same transaction: a repeat finds it and changes nothing.
 * With `unlessCommitClaimed`, a Webpay payment whose commit was claimed is
 * left alone (an abort cannot undo a commit).
 */
export async function paymentApply(
  deps: PaymentsDeps,
  paymentId: number,
  update: PaymentUpdate,
  mantissaLength: number,
  options: {
    notification?: { provider: string; id: string; payload: Record<string, unknown> };
    unlessCommitClaimed?: boolean;
  } = {},
): Promise<{ duplicate: boolean; payment?: PaymentRow }> {
  const at = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    if (options.notification) {
      const { provider, id, payload } = options.notification;
      if (!(await notificationRecord(tx, provider, id, payload, new Date(at)))) {
        return { duplicate: true as const };
      }
    }
    const locked = await paymentLockWithOrder(tx, paymentId);
    if (!locked) return { duplicate: false as const };
    if (options.unlessCommitClaimed && detailOf(locked.payment).commit) {
      return { duplicate: false as const, payment: locked.payment };
    }
    const applied = await paymentApplyLocked(deps, tx, { ...locked, mantissaLength }, update, at);
    return { duplicate: false as const, ...applied, code: locked.order.code };
  });
  if ('orderChanged' in result && result.orderChanged) await publishAfterCommit(deps, result.code);
  return {
    duplicate: result.duplicate,
    ...('payment' in result && result.payment ? { payment: result.payment } : {}),
  };
}

export const fromProviderPayment = (payment: ProviderPayment): PaymentUpdate => ({
  status: payment.status,
  providerStatus: payment.providerStatus,
  providerPaymentId: payment.id,
  amountMajor: payment.amountMajor,
  detail: {
    ...(payment.paymentMethodId ? { paymentMethodId: payment.paymentMethodId } : {}),
    ...(payment.lastFourDigits ? { lastFourDigits: payment.lastFourDigits } : {}),
  },
});

export const fromRedirectResult = (
  result: RedirectResult,
  detail: Partial<PaymentDetail> = {},
): PaymentUpdate => ({
  status: result.status,
  providerStatus: result.providerStatus,
  amountMajor: result.amountMajor,
  detail: { ...detail, ...(result.lastFourDigits ? { lastFourDigits: result.lastFourDigits } : {}) },
});

/** Waits up to `ms` for a payment to reach a final status (asynchronous providers notify within it). */
export async function paymentAwaitFinal(
  deps: PaymentsDeps,
  paymentId: number,
  ms: number,
): Promise<PaymentRow | undefined> {
  const until = Date.now() + ms;
  let row = await paymentById(deps.db, paymentId);
  while (row && !PAYMENT_FINAL_STATUSES.has(row.status) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, Math.max(1, until - Date.now()))));
    row = await paymentById(deps.db, paymentId);
  }
  return row;
}
