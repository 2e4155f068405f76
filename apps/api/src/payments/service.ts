/**
 * The payment flows, over the `PaymentProvider` interface:
 *
 * - `orderCardPay` (`POST /api/order/payment`): a card token charged once.
 * - `paymentLinkGet` (`POST /api/paymenturl`): a hosted checkout link, one per order.
 * - `redirectStart` / `redirectReturn` (`POST /api/callback/{provider}/{a}{b}`,
 *   `/api/payments/webpay/return`): Webpay Plus, committed exactly once.
 * - `paymentNotificationReceive` (`POST /api/payments/notifications/{provider}`,
 *   and the sandbox's in-process deliveries): verified, de-duplicated, and the
 *   status fetched from the provider before it is believed.
 *
 * Rules every flow keeps:
 *
 * - No provider call ever runs inside a database transaction (PGlite has one
 *   connection, and a slow provider must not hold row locks). A flow records
 *   its intent first (a `payments` row, a commit claim), commits, calls the
 *   provider, then records the answer in a second transaction.
 * - Every status change happens in one transaction holding the order's row
 *   lock, then the order's payment rows' locks (always in that order); the
 *   order's payment status is derived there and `order-updated` is published
 *   after commit, to the follow-up page and to the venue's consoles
 *   (`orderChangeAnnounce`).
 * - A charge is never made twice: card payments carry the provider's
 *   idempotency key (one per payment row, and one row per client
 *   Idempotency-Key through `idempotent`); a Webpay token is committed once
 *   (a claim on the row before the call; a lost answer is resolved with a
 *   status query, never a second commit); an order with a charge in progress
 *   refuses a new one.
 * - Statuses only move forward: a final status (approved, rejected, canceled,
 *   expired) is never changed by a later, out-of-order answer.
 */
import { randomUUID } from 'node:crypto';
import { ORDER_PAYMENT_WINDOW_HOURS, orderPaymentState } from '@comanda/domain/order-status';
import type { PaymentMethod } from '@comanda/domain/types';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { HttpError, notFound } from '../lib/http-error';
import type { Clock } from '../plugins/app/clock';
import type { Realtime } from '../plugins/app/realtime';
import type { OrderRow } from '../repositories/order-repository';
import { idempotencyRequestHash, idempotent } from '../services/idempotency';
import { orderChangeAnnounce } from '../services/order-events';
import { orderAmountMajor, orderPaymentStatusSet } from '../services/order-service';
import { paymentMessages } from './messages';
import {
  type NotificationInput,
  PAYMENT_FINAL_STATUSES,
  type PaymentProvider,
  type PaymentStatus,
  ProviderError,
  type ProviderPayment,
  providerNameOf,
  type RedirectResult,
} from './provider';
import { paymentProviderFor, paymentProviderForOrder } from './registry';
import {
  notificationRecord,
  notificationSeen,
  orderLock,
  type PaymentDetail,
  type PaymentOrder,
  type PaymentRow,
  paymentById,
  paymentByProviderReference,
  paymentInsert,
  paymentOrderByCode,
  paymentOrderById,
  paymentsOfOrderLocked,
  paymentUpdate,
} from './repository';
import type { Sandbox } from './sandbox/sandbox';

/** What the flows need from the app. */
export interface PaymentsDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'payments'>;
  realtime: Pick<Realtime, 'publish'>;
  clock: Pick<Clock, 'now'>;
  log: FastifyBaseLogger;
  sandbox: Sandbox;
}

type OrderPaymentStatus = OrderRow['paymentStatus'];

/** A card payment not answered for this long no longer blocks a new attempt (its notification still counts). */
const CARD_ATTEMPT_BLOCK_MS = 5 * 60_000;

// ---------------------------------------------------------------- helpers

const detailOf = (row: PaymentRow): PaymentDetail => row.detail as unknown as PaymentDetail;

/** `{orderCode}-{paymentId}`: the external reference and Webpay buy order (at most 26 characters). */
export function paymentReference(orderCode: string, paymentId: number): string {
  return `${orderCode}-${paymentId}`;
}

function paymentReferenceParse(reference: string | null): { code: string; paymentId: number } | null {
  const match = /^([A-Za-z0-9]{4,32})-(\d{1,12})$/.exec(reference ?? '');
  return match ? { code: (match[1] as string).toUpperCase(), paymentId: Number(match[2]) } : null;
}

/** Major units (as providers report them) → minor units of the order's currency. */
const minorOf = (major: number, mantissaLength: number) => Math.round(major * 10 ** mantissaLength);

/** The follow-up page of an order (a path of the web app). */
export function followUpPath(alias: string, code: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return `/menu/${encodeURIComponent(alias)}/order/${encodeURIComponent(code)}${search ? `?${search}` : ''}`;
}

function notificationUrl(deps: PaymentsDeps, provider: string, accountId: number | null): string {
  const base = `${deps.config.publicUrl}/api/payments/notifications/${provider.toLowerCase()}`;
  return accountId ? `${base}?account=${accountId}` : base;
}

/** Where Webpay (and the sandbox's Webpay-style form) sends the diner back. */
export function webpayReturnUrl(deps: Pick<PaymentsDeps, 'config'>): string {
  return `${deps.config.publicUrl}/api/payments/webpay/return`;
}

/**
 * Whether a new payment of the order may start now: its method is paid that
 * way, it is not canceled or paid, and its payment window (packages/domain,
 * `orderPaymentState`) has not closed.
 */
function paymentStartCheck(order: OrderRow, now: number, methods: readonly string[]): void {
  if (!methods.includes(order.paymentMethod)) throw new HttpError(409, paymentMessages.flowUnsupported);
  if (order.status === 'CANCELED') throw new HttpError(409, paymentMessages.orderCanceled);
  if (order.paymentStatus === 'PAID') throw new HttpError(409, paymentMessages.alreadyPaid);
  // The window counts from the order's creation whatever the payment status says (PROCESSING included).
  const state = orderPaymentState({
    paymentMethod: order.paymentMethod as PaymentMethod,
    paymentStatus: 'PENDING',
    status: order.status,
    orderedAt: order.createdAt,
    now,
  });
  if (state === 'EXPIRED' || order.paymentStatus === 'EXPIRED')
    throw new HttpError(409, paymentMessages.expired);
  if (state === 'NOT_REQUIRED') throw new HttpError(409, paymentMessages.notOnline);
}

async function orderFor(deps: PaymentsDeps, code: string, branchContactId?: number): Promise<PaymentOrder> {
  const found = await paymentOrderByCode(deps.db, code);
  if (!found || (branchContactId !== undefined && found.order.branchContactId !== branchContactId)) {
    throw notFound(paymentMessages.orderNotFound(code));
  }
  return found;
}

// ---------------------------------------------------------------- status changes

/** A provider's answer to record on a payment row. */
interface PaymentUpdate {
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
async function paymentApplyLocked(
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
async function paymentLockWithOrder(tx: Tx, paymentId: number) {
  const pre = await paymentById(tx, paymentId);
  if (!pre) return undefined;
  const order = await orderLock(tx, pre.orderId);
  if (!order) return undefined;
  const rows = await paymentsOfOrderLocked(tx, order.id);
  const payment = rows.find((row) => row.id === paymentId);
  return payment ? { order, rows, payment } : undefined;
}

/** After commit: the follow-up page and the venue's consoles hear of the order's new payment status. */
async function publishAfterCommit(deps: PaymentsDeps, code: string): Promise<void> {
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
async function paymentApply(
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

const fromProviderPayment = (payment: ProviderPayment): PaymentUpdate => ({
  status: payment.status,
  providerStatus: payment.providerStatus,
  providerPaymentId: payment.id,
  amountMajor: payment.amountMajor,
  detail: {
    ...(payment.paymentMethodId ? { paymentMethodId: payment.paymentMethodId } : {}),
    ...(payment.lastFourDigits ? { lastFourDigits: payment.lastFourDigits } : {}),
  },
});

const fromRedirectResult = (result: RedirectResult, detail: Partial<PaymentDetail> = {}): PaymentUpdate => ({
  status: result.status,
  providerStatus: result.providerStatus,
  amountMajor: result.amountMajor,
  detail: { ...detail, ...(result.lastFourDigits ? { lastFourDigits: result.lastFourDigits } : {}) },
});

/** Waits up to `ms` for a payment to reach a final status (asynchronous providers notify within it). */
async function paymentAwaitFinal(
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

// ---------------------------------------------------------------- card payment

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
  idempotencyKey: string,
): Promise<{ view: PaymentResultView; replayed: boolean }> {
  const now = deps.clock.now();
  const context = await orderFor(deps, input.dinerOrderId);
  const resolution = await paymentProviderForOrder(deps, context.order, context.providerName);
  if (!resolution.provider.cardPay) throw new HttpError(409, paymentMessages.flowUnsupported);

  const claimed = await idempotent<{ paymentId: number }>(
    deps.db,
    { scope: 'order-payment', key: idempotencyKey, requestHash: idempotencyRequestHash(input), now },
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
        createdAt: new Date(now),
        updatedAt: new Date(now),
      });
      return { status: 201, body: { paymentId: row.id } };
    },
  );

  const paymentId = claimed.body.paymentId;
  const payment = await paymentById(deps.db, paymentId);
  if (!payment) throw notFound(paymentMessages.paymentUnknown);
  const provider = await paymentProviderFor(deps, payment.provider, detailOf(payment).accountId);
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
        notificationUrl: notificationUrl(deps, payment.provider, detailOf(payment).accountId),
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

// ---------------------------------------------------------------- payment link

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

  const provider = await paymentProviderFor(deps, payment.provider, detail.accountId);
  if (!provider.linkCreate) throw new HttpError(409, paymentMessages.flowUnsupported);
  let link: { id: string; url: string };
  try {
    link = await provider.linkCreate({
      title: `Pedido ${context.order.code} - ${context.branchContact.name}`,
      amountMajor: orderAmountMajor(context.order, m),
      currency: context.currency,
      externalReference: paymentReference(context.order.code, payment.id),
      notificationUrl: notificationUrl(deps, payment.provider, detail.accountId),
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

// ---------------------------------------------------------------- Webpay-style redirect

/** What the browser needs to go to the provider: POST `token_ws` = `token` to `url`. */
export interface RedirectStartView {
  url: string;
  token: string;
  method: 'POST';
  tokenField: 'token_ws';
  /** A page of ours that does that POST (its CSP allows exactly that form target). */
  redirectUrl: string;
}

/**
 * `POST /api/callback/{provider}/{branchContactId}-{orderCode}`: starts a
 * redirect payment of a card order. Older unfinished transactions of the
 * order are canceled (their return will not be committed).
 */
export async function redirectStart(
  deps: PaymentsDeps,
  input: { provider: string; reference: string },
): Promise<RedirectStartView> {
  const now = deps.clock.now();
  const match = /^(\d{1,10})-([A-Za-z0-9]{6,32})$/.exec(input.reference);
  if (!match) {
    throw new HttpError(400, paymentMessages.referenceInvalid, {
      'params.reference': paymentMessages.referenceInvalid,
    });
  }
  const context = await orderFor(deps, match[2] as string, Number(match[1]));
  const requested = providerNameOf(input.provider);
  if (!requested || requested !== providerNameOf(context.providerName)) {
    throw new HttpError(400, paymentMessages.providerMismatch, {
      'params.provider': paymentMessages.providerMismatch,
    });
  }
  const resolution = await paymentProviderForOrder(deps, context.order, context.providerName);
  const flow = resolution.provider.redirect;
  if (!flow) throw new HttpError(409, paymentMessages.flowUnsupported);
  const m = context.mantissaLength;

  const payment = await deps.db.transaction(async (tx) => {
    const order = await orderLock(tx, context.order.id);
    if (!order) throw notFound(paymentMessages.orderNotFound(context.order.code));
    paymentStartCheck(order, now, ['CARD_ONLINE']);
    const rows = await paymentsOfOrderLocked(tx, order.id);
    if (rows.some((row) => row.status === 'PROCESSING')) throw new HttpError(409, paymentMessages.inProgress);
    for (const row of rows) {
      if (detailOf(row).kind === 'REDIRECT' && (row.status === 'CREATED' || row.status === 'PENDING')) {
        await paymentUpdate(
          tx,
          row.id,
          { status: 'CANCELED', detail: { ...detailOf(row), error: 'superseded' } },
          new Date(now),
        );
      }
    }
    const detail: PaymentDetail = {
      kind: 'REDIRECT',
      requestedProvider: context.providerName,
      accountId: resolution.accountId,
    };
    return paymentInsert(tx, {
      companyId: order.companyId,
      orderId: order.id,
      provider: resolution.name,
      status: 'CREATED',
      amount: order.price,
      idempotencyKey: `redirect-${randomUUID()}`,
      detail: detail as unknown as Record<string, unknown>,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
  });

  let started: { token: string; url: string };
  try {
    started = await flow.start({
      buyOrder: paymentReference(context.order.code, payment.id),
      sessionId: String(payment.id),
      amountMajor: orderAmountMajor(context.order, m),
      returnUrl: webpayReturnUrl(deps),
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn({ paymentId: payment.id, err: error.message }, 'redirect payment start failed');
    await deps.db.transaction(async (tx) => {
      const locked = await paymentLockWithOrder(tx, payment.id);
      if (locked) {
        await paymentUpdate(
          tx,
          payment.id,
          { status: 'CANCELED', detail: { ...detailOf(locked.payment), error: error.message } },
          new Date(deps.clock.now()),
        );
      }
    });
    throw new HttpError(502, paymentMessages.startFailed);
  }
  await deps.db.transaction(async (tx) => {
    const locked = await paymentLockWithOrder(tx, payment.id);
    if (!locked) return;
    await paymentUpdate(
      tx,
      payment.id,
      {
        status: 'PENDING',
        providerPaymentId: started.token,
        detail: { ...detailOf(locked.payment), url: started.url },
      },
      new Date(deps.clock.now()),
    );
  });
  return {
    url: started.url,
    token: started.token,
    method: 'POST',
    tokenField: 'token_ws',
    redirectUrl: `${deps.config.publicUrl}/api/payments/webpay/redirect?token_ws=${encodeURIComponent(started.token)}`,
  };
}

/** The provider URL a started redirect payment POSTs its token to (for our auto-submit page). */
export async function redirectTarget(
  deps: PaymentsDeps,
  token: string,
): Promise<{ url: string; token: string } | undefined> {
  const payment = await paymentByProviderReference(deps.db, ['TRANSBANK', 'SANDBOX'], token);
  const url = payment ? detailOf(payment).url : undefined;
  if (payment?.status !== 'PENDING' || !url) return undefined;
  return { url, token };
}

/**
 * Commits a returned Webpay transaction at most once. The commit is claimed
 * on the row (under the order's lock) before the call: a second return, a
 * concurrent one, or one after a lost answer finds the claim and asks the
 * provider for the status instead.
 */
async function redirectCommitOnce(
  deps: PaymentsDeps,
  payment: PaymentRow,
  mantissaLength: number,
): Promise<void> {
  const token = payment.providerPaymentId;
  if (!token) return;
  const at = deps.clock.now();
  const claim = await deps.db.transaction(async (tx) => {
    const locked = await paymentLockWithOrder(tx, payment.id);
    if (!locked) return { kind: 'DONE' as const };
    const detail = detailOf(locked.payment);
    if (PAYMENT_FINAL_STATUSES.has(locked.payment.status)) return { kind: 'DONE' as const };
    if (detail.commit) return { kind: 'CLAIMED' as const, commit: detail.commit };
    if (locked.order.paymentStatus === 'PAID') {
      // Paid meanwhile by another payment: this one is never committed (Webpay reverses it).
      await paymentUpdate(
        tx,
        payment.id,
        { status: 'CANCELED', detail: { ...detail, error: 'order already paid' } },
        new Date(at),
      );
      return { kind: 'DONE' as const };
    }
    const commit = { startedAt: new Date(at).toISOString() };
    const applied = await paymentApplyLocked(
      deps,
      tx,
      { ...locked, mantissaLength },
      { status: 'PROCESSING', detail: { commit } },
      at,
    );
    return { kind: 'COMMIT' as const, commit, orderChanged: applied.orderChanged, code: locked.order.code };
  });
  if (claim.kind === 'DONE') return;
  if (claim.kind === 'COMMIT' && claim.orderChanged) await publishAfterCommit(deps, claim.code);

  const provider = await paymentProviderFor(deps, payment.provider, detailOf(payment).accountId);
  const flow = provider.redirect;
  if (!flow) return;
  if (claim.kind === 'COMMIT') {
    try {
      const result = await flow.commit(token);
      const commit = { ...claim.commit, answeredAt: new Date(deps.clock.now()).toISOString() };
      await paymentApply(deps, payment.id, fromRedirectResult(result, { commit }), mantissaLength);
      return;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // Lost (timeout, 5xx) or refused (4xx, e.g. already committed): the status query below decides.
      deps.log.warn(
        { paymentId: payment.id, err: error.message },
        'Webpay commit answer lost; asking for the status',
      );
      await paymentApply(
        deps,
        payment.id,
        { status: 'PROCESSING', detail: { commit: { ...claim.commit, lost: true } } },
        mantissaLength,
      );
    }
  }
  try {
    const result = await flow.status(token);
    if (result.committed && result.status !== 'PENDING') {
      await paymentApply(deps, payment.id, fromRedirectResult(result), mantissaLength);
    }
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.warn({ paymentId: payment.id, err: error.message }, 'Webpay status query failed');
  }
}

const param = (params: Record<string, unknown>, name: string): string | null => {
  const value = params[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(first) ? first : null;
};

/**
 * The diner is back from Webpay (or the sandbox's form), by GET or POST.
 * `token_ws` alone: commit once. `TBK_TOKEN` (with or without `token_ws`):
 * aborted or failed on the form, never committed. Only `TBK_ORDEN_COMPRA` +
 * `TBK_ID_SESION`: the form timed out. Answers where to send the browser:
 * the order's follow-up page with `token_ws`, so it refetches the order and
 * shows the result.
 */
export async function redirectReturn(deps: PaymentsDeps, params: Record<string, unknown>): Promise<string> {
  const tokenWs = param(params, 'token_ws');
  const tbkToken = param(params, 'TBK_TOKEN');
  const buyOrder = param(params, 'TBK_ORDEN_COMPRA');
  const sessionId = param(params, 'TBK_ID_SESION');
  const providers = ['TRANSBANK', 'SANDBOX'] as const;

  let payment: PaymentRow | undefined;
  let outcome: 'COMMIT' | 'ABORTED' | 'FORM_ERROR' | 'TIMEOUT';
  if (tokenWs && !tbkToken) {
    outcome = 'COMMIT';
    payment = await paymentByProviderReference(deps.db, providers, tokenWs);
  } else if (tbkToken) {
    outcome = tokenWs ? 'FORM_ERROR' : 'ABORTED';
    payment =
      (await paymentByProviderReference(deps.db, providers, tbkToken)) ??
      (tokenWs ? await paymentByProviderReference(deps.db, providers, tokenWs) : undefined);
  } else if (buyOrder && sessionId && /^\d{1,12}$/.test(sessionId)) {
    outcome = 'TIMEOUT';
    const candidate = await paymentById(deps.db, Number(sessionId));
    const context = candidate ? await paymentOrderById(deps.db, candidate.orderId) : undefined;
    if (
      candidate &&
      context &&
      detailOf(candidate).kind === 'REDIRECT' &&
      paymentReference(context.order.code, candidate.id) === buyOrder
    ) {
      payment = candidate;
    }
  } else {
    throw new HttpError(400, paymentMessages.returnInvalid, { token_ws: paymentMessages.returnInvalid });
  }
  if (!payment || detailOf(payment).kind !== 'REDIRECT') throw notFound(paymentMessages.paymentUnknown);
  const context = await paymentOrderById(deps.db, payment.orderId);
  if (!context) throw notFound(paymentMessages.paymentUnknown);

  if (outcome === 'COMMIT') {
    await redirectCommitOnce(deps, payment, context.mantissaLength);
  } else {
    await paymentApply(
      deps,
      payment.id,
      {
        status: outcome === 'TIMEOUT' ? 'EXPIRED' : 'CANCELED',
        detail: { returnedAs: outcome === 'TIMEOUT' ? 'TIMEOUT' : outcome },
      },
      context.mantissaLength,
      { unlessCommitClaimed: true },
    );
  }
  return followUpPath(context.branchContact.alias, context.order.code, {
    token_ws: tokenWs ?? tbkToken ?? payment.providerPaymentId ?? '',
  });
}

// ---------------------------------------------------------------- notifications

/** What happened to a notification. */
export type NotificationOutcome = 'PROCESSED' | 'DUPLICATE' | 'IGNORED';

/**
 * A provider's notification (Mercado Pago's webhook, the sandbox's
 * delivery): the signature is verified (`NotificationRejected` otherwise),
 * a repeat is acknowledged and ignored, and the payment's status is fetched
 * from the provider — the notification's body is never believed. A failed
 * fetch throws `ProviderError` (answer 5xx: the provider sends it again).
 */
export async function paymentNotificationReceive(
  deps: PaymentsDeps,
  providerKey: 'MERCADOPAGO' | 'SANDBOX',
  input: NotificationInput,
  accountId: number | null,
): Promise<NotificationOutcome> {
  const provider = await paymentProviderFor(deps, providerKey, accountId);
  if (!provider.notificationVerify || !provider.paymentGet) throw notFound(paymentMessages.paymentUnknown);
  const verified = provider.notificationVerify(input);
  if (verified.topic !== 'payment') return 'IGNORED';
  if (await notificationSeen(deps.db, providerKey, verified.notificationId)) return 'DUPLICATE';

  const remote = await provider.paymentGet(verified.resourceId);
  let payment = await paymentByProviderReference(deps.db, [providerKey], remote.id);
  if (!payment) {
    const reference = paymentReferenceParse(remote.externalReference);
    const candidate = reference ? await paymentById(deps.db, reference.paymentId) : undefined;
    const context = candidate ? await paymentOrderById(deps.db, candidate.orderId) : undefined;
    if (
      candidate &&
      context &&
      candidate.provider === providerKey &&
      context.order.code === reference?.code
    ) {
      payment = candidate;
    }
  }
  if (!payment) {
    deps.log.warn(
      { provider: providerKey, resourceId: verified.resourceId },
      'notification about an unknown payment',
    );
    return 'IGNORED';
  }
  const context = await paymentOrderById(deps.db, payment.orderId);
  if (!context) return 'IGNORED';
  const applied = await paymentApply(deps, payment.id, fromProviderPayment(remote), context.mantissaLength, {
    notification: {
      provider: providerKey,
      id: verified.notificationId,
      payload: { topic: verified.topic, resourceId: verified.resourceId, status: remote.providerStatus },
    },
  });
  return applied.duplicate ? 'DUPLICATE' : 'PROCESSED';
}
