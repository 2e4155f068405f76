/** `POST /api/order/payment`: a card token charged once (see `flow-common.ts` for the rules). */
import { randomUUID } from 'node:crypto';
import { HttpError, notFound } from '../lib/http-error';
import type { OrderRow } from '../repositories/order-repository';
import { idempotencyKeyOf, idempotent } from '../services/idempotency';
import { orderAmountMajor } from '../services/order-service';
import { fromProviderPayment, paymentApply, paymentAwaitFinal } from './apply';
import {
  detailOf,
  notificationUrl,
  type OrderPaymentStatus,
  orderFor,
  type PaymentsDeps,
  paymentAccountIdOf,
  paymentReference,
  paymentStartCheck,
} from './flow-common';
import { paymentMessages } from './messages';
import { PAYMENT_FINAL_STATUSES, type PaymentProvider, ProviderError } from './provider';
import { paymentProviderFor, paymentProviderForOrder } from './registry';
import {
  orderLock,
  type PaymentDetail,
  type PaymentRow,
  paymentById,
  paymentInsert,
  paymentOrderById,
  paymentsOfOrderLocked,
} from './repository';

/** A card payment not answered for this long no longer blocks a new attempt (its notification still counts). */
const CARD_ATTEMPT_BLOCK_MS = 5 * 60_000;

/** `POST /api/order/payment`'s body (ordering §3 "Card payment submission"). */
export interface CardPaymentInput {
  token: string;
  paymentMethodId: string;
  /** The order's code. */
  dinerOrderId: string;
  cardName: string;
  identificationType: string;
  identificationNumber: string;
  installments?: number | undefined;
  email?: string | undefined;
}

/** The answer of a payment attempt. */
export interface PaymentResultView {
  /** APPROVED, REJECTED (CANCELED/EXPIRED for aborted redirects), or PROCESSING while the provider decides. */
  status: 'APPROVED' | 'REJECTED' | 'CANCELED' | 'EXPIRED' | 'PROCESSING';
  /** The order's payment status. */
  paymentStatus: OrderPaymentStatus;
  /** 'Pago procesado con éxito.', 'El pago no pudo ser procesado.' or ours while processing. */
  message: string;
  code: string;
}

function resultView(payment: PaymentRow, order: OrderRow): PaymentResultView {
  const status = PAYMENT_FINAL_STATUSES.has(payment.status)
    ? (payment.status as PaymentResultView['status'])
    : 'PROCESSING';
  const message =
    status === 'APPROVED'
      ? paymentMessages.succeeded
      : status === 'PROCESSING'
        ? paymentMessages.processing
        : paymentMessages.failed;
  return { status, paymentStatus: order.paymentStatus, message, code: order.code };
}

/**
 * Charges a card token for an order. One payment row per Idempotency-Key
 * (`idempotent`), one charge per payment row (the provider's idempotency
 * key), one charge in progress per order. A retry of a payment still moving
 * asks the provider for its status instead of paying again.
 */
export async function orderCardPay(
  deps: PaymentsDeps,
  input: CardPaymentInput,
  /** The request's Idempotency-Key; without one the key is derived from the payment (ADR 044). */
  idempotencyKey: string | undefined,
): Promise<{ view: PaymentResultView; replayed: boolean }> {
  const now = deps.clock.now();
  const context = await orderFor(deps, input.dinerOrderId);
  const resolution = await paymentProviderForOrder(deps, context.order, context.providerName);
  if (!resolution.provider.cardPay) throw new HttpError(409, paymentMessages.flowUnsupported);

  const claimed = await idempotent<{ paymentId: number }>(
    deps.db,
    // The card token is single-use: the same token for the same order is the same attempt.
    { ...idempotencyKeyOf('order-payment', idempotencyKey, input, input), now },
    async (tx) => {
      const order = await orderLock(tx, context.order.id);
      if (!order) throw notFound(paymentMessages.orderNotFound(input.dinerOrderId));
      paymentStartCheck(order, now, ['CARD_ONLINE']);
      const rows = await paymentsOfOrderLocked(tx, order.id);
      const busy = rows.some(
        (row) =>
          row.status === 'PROCESSING' ||
          (row.status === 'CREATED' &&
            detailOf(row).kind === 'CARD' &&
            now - row.createdAt.getTime() < CARD_ATTEMPT_BLOCK_MS),
      );
      if (busy) throw new HttpError(409, paymentMessages.inProgress);
      const detail: PaymentDetail = {
        kind: 'CARD',
        requestedProvider: context.providerName,
        accountId: resolution.accountId,
        paymentMethodId: input.paymentMethodId,
      };
      const row = await paymentInsert(tx, {
        companyId: order.companyId,
        orderId: order.id,
        provider: resolution.name,
        status: 'CREATED',
        amount: order.price,
        idempotencyKey: `card-${randomUUID()}`,
        detail: detail as unknown as Record<string, unknown>,
        providerAccountId: resolution.accountId,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      });
      return { status: 201, body: { paymentId: row.id } };
    },
  );

  const paymentId = claimed.body.paymentId;
  const payment = await paymentById(deps.db, paymentId);
  if (!payment) throw notFound(paymentMessages.paymentUnknown);
  const provider = await paymentProviderFor(deps, payment.provider, paymentAccountIdOf(payment));
  const m = context.mantissaLength;

  if (payment.status === 'CREATED' && !payment.providerPaymentId && provider.cardPay) {
    try {
      const charged = await provider.cardPay({
        token: input.token,
        paymentMethodId: input.paymentMethodId,
        amountMajor: orderAmountMajor(context.order, m),
        currency: context.currency,
        description: `Pedido ${context.order.code} - ${context.branchContact.name}`,
        installments: input.installments ?? 1,
        payer: {
          email: input.email ?? context.order.customerEmail ?? null,
          identification: {
            type: input.identificationType,
            number: input.identificationNumber.replace(/[.\s]/g, ''),
          },
        },
        externalReference: paymentReference(context.order.code, payment.id),
        notificationUrl: notificationUrl(deps, payment.provider, paymentAccountIdOf(payment)),
        idempotencyKey: payment.idempotencyKey,
      });
      await paymentApply(deps, payment.id, fromProviderPayment(charged), m);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      if (error.outcome === 'NOT_DONE') {
        // The provider refused the request: nothing was charged.
        await paymentApply(
          deps,
          payment.id,
          { status: 'REJECTED', providerStatus: 'refused', detail: { error: error.message } },
          m,
        );
      } else {
        // Unknown outcome: the row stays CREATED; a retry (same provider key) or the notification settles it.
        deps.log.warn({ paymentId: payment.id, err: error.message }, 'card payment answer lost');
      }
    }
  } else if (
    !PAYMENT_FINAL_STATUSES.has(payment.status) &&
    payment.providerPaymentId &&
    provider.paymentGet
  ) {
    await paymentRefresh(deps, provider, payment, m);
  }

  const settled = (await paymentAwaitFinal(deps, paymentId, deps.config.payments.resultWaitMs)) ?? payment;
  const order = (await paymentOrderById(deps.db, context.order.id))?.order ?? context.order;
  return { view: resultView(settled, order), replayed: claimed.replayed };
}

/** Asks the provider for a payment's status and records it (best effort). */
async function paymentRefresh(
  deps: PaymentsDeps,
  provider: PaymentProvider,
  payment: PaymentRow,
  mantissaLength: number,
): Promise<void> {
  if (!provider.paymentGet || !payment.providerPaymentId) return;
  try {
    const remote = await provider.paymentGet(payment.providerPaymentId);
    await paymentApply(deps, payment.id, fromProviderPayment(remote), mantissaLength);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn({ paymentId: payment.id, err: error.message }, 'payment status query failed');
  }
}
