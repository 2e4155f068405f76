/** `POST /api/paymenturl`: a hosted checkout link, one per order (see `flow-common.ts` for the rules). */
import { randomUUID } from 'node:crypto';
import { ORDER_PAYMENT_WINDOW_HOURS } from '@comanda/domain/order-status';
import type { Tx } from '../db/client';
import { HttpError, notFound } from '../lib/http-error';
import { idempotencyRequestHash, idempotent } from '../services/idempotency';
import { orderAmountMajor } from '../services/order-service';
import { paymentLockWithOrder } from './apply';
import {
  detailOf,
  followUpPath,
  minorOf,
  notificationUrl,
  orderFor,
  type PaymentsDeps,
  paymentAccountIdOf,
  paymentReference,
  paymentStartCheck,
} from './flow-common';
import { paymentMessages } from './messages';
import { PAYMENT_FINAL_STATUSES, ProviderError } from './provider';
import { paymentProviderFor, paymentProviderForOrder } from './registry';
import {
  orderLock,
  type PaymentDetail,
  paymentById,
  paymentInsert,
  paymentsOfOrderLocked,
  paymentUpdate,
} from './repository';
/** `POST /api/paymenturl`'s body (ordering §3 "Payment link request"). */
export interface PaymentLinkInput {
  code: string;
  branchContactId: number;
  /** Major units: must equal the order's total as the server computed it. */
  amount: number;
}

/**
 * The order's payment link: created once and given again while it is open
 * (to any caller, with or without an Idempotency-Key). Only for orders paid
 * by link, or card orders still unpaid within their window.
 */
export async function paymentLinkGet(
  deps: PaymentsDeps,
  input: PaymentLinkInput,
  idempotencyKey: string | undefined,
): Promise<{ url: string; token: string }> {
  const now = deps.clock.now();
  const context = await orderFor(deps, input.code, input.branchContactId);
  const resolution = await paymentProviderForOrder(deps, context.order, context.providerName);
  if (!resolution.provider.linkCreate) throw new HttpError(409, paymentMessages.flowUnsupported);
  const m = context.mantissaLength;

  const work = async (tx: Tx) => {
    const order = await orderLock(tx, context.order.id);
    if (!order) throw notFound(paymentMessages.orderNotFound(input.code));
    paymentStartCheck(order, now, ['PAYMENT_LINK', 'CARD_ONLINE']);
    const serverAmount = orderAmountMajor(order, m);
    if (minorOf(input.amount, m) !== order.price) {
      throw new HttpError(
        409,
        paymentMessages.amountMismatch,
        { amount: paymentMessages.amountMismatch },
        { amount: serverAmount },
      );
    }
    const rows = await paymentsOfOrderLocked(tx, order.id);
    if (rows.some((row) => row.status === 'PROCESSING')) throw new HttpError(409, paymentMessages.inProgress);
    const open = rows.find(
      (row) =>
        detailOf(row).kind === 'LINK' &&
        row.provider === resolution.name &&
        (row.status === 'CREATED' || row.status === 'PENDING') &&
        row.amount === order.price,
    );
    if (open) return { status: 201, body: { paymentId: open.id } };
    const detail: PaymentDetail = {
      kind: 'LINK',
      requestedProvider: context.providerName,
      accountId: resolution.accountId,
    };
    const row = await paymentInsert(tx, {
      companyId: order.companyId,
      orderId: order.id,
      provider: resolution.name,
      status: 'CREATED',
      amount: order.price,
      idempotencyKey: `link-${randomUUID()}`,
      detail: detail as unknown as Record<string, unknown>,
      providerAccountId: resolution.accountId,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
    return { status: 201, body: { paymentId: row.id } };
  };
  const claimed = idempotencyKey
    ? await idempotent<{ paymentId: number }>(
        deps.db,
        { scope: 'payment-link', key: idempotencyKey, requestHash: idempotencyRequestHash(input), now },
        work,
      )
    : await deps.db.transaction(work);

  const payment = await paymentById(deps.db, claimed.body.paymentId);
  if (!payment) throw notFound(paymentMessages.paymentUnknown);
  const detail = detailOf(payment);
  if (detail.url && detail.linkId) return { url: detail.url, token: detail.linkId };
  if (PAYMENT_FINAL_STATUSES.has(payment.status)) throw new HttpError(409, paymentMessages.alreadyPaid);

  const provider = await paymentProviderFor(deps, payment.provider, paymentAccountIdOf(payment));
  if (!provider.linkCreate) throw new HttpError(409, paymentMessages.flowUnsupported);
  let link: { id: string; url: string };
  try {
    link = await provider.linkCreate({
      title: `Pedido ${context.order.code} - ${context.branchContact.name}`,
      amountMajor: orderAmountMajor(context.order, m),
      currency: context.currency,
      externalReference: paymentReference(context.order.code, payment.id),
      notificationUrl: notificationUrl(deps, payment.provider, paymentAccountIdOf(payment)),
      backUrl: `${deps.config.publicUrl}${followUpPath(context.branchContact.alias, context.order.code, { refreshAfterUpdate: 'true' })}`,
      // The window's end on the provider's clock (real time): the same instant unless our clock is pinned.
      expiresAt: Date.now() + (context.order.createdAt.getTime() + paymentWindowMs() - now),
      idempotencyKey: payment.idempotencyKey,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn({ paymentId: payment.id, err: error.message }, 'payment link creation failed');
    if (error.outcome === 'NOT_DONE') {
      // Refused: this row will never get a link; the next request makes a new one.
      await deps.db.transaction(async (tx) => {
        const locked = await paymentLockWithOrder(tx, payment.id);
        if (locked && locked.payment.status === 'CREATED') {
          await paymentUpdate(
            tx,
            payment.id,
            { status: 'CANCELED', detail: { ...detail, error: error.message } },
            new Date(deps.clock.now()),
          );
        }
      });
    }
    throw new HttpError(502, paymentMessages.linkFailed);
  }
  const stored = await deps.db.transaction(async (tx) => {
    const locked = await paymentLockWithOrder(tx, payment.id);
    if (!locked) throw notFound(paymentMessages.paymentUnknown);
    const current = detailOf(locked.payment);
    // A concurrent request may have stored its link first: everyone gets that one.
    if (current.url && current.linkId) return { url: current.url, token: current.linkId };
    await paymentUpdate(
      tx,
      payment.id,
      {
        status: locked.payment.status === 'CREATED' ? 'PENDING' : locked.payment.status,
        detail: { ...current, linkId: link.id, url: link.url },
      },
      new Date(deps.clock.now()),
    );
    return { url: link.url, token: link.id };
  });
  return stored;
}

/** The payment window of packages/domain, in ms: links expire with it. */
const paymentWindowMs = () => ORDER_PAYMENT_WINDOW_HOURS * 3_600_000;
