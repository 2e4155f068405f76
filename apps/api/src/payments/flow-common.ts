/**
 * The payment flows, over the `PaymentProvider` interface, and what they share
 * (their dependencies, references, URLs, the start check):
 *
 * - `orderCardPay` (`card-pay.ts`, `POST /api/order/payment`): a card token charged once.
 * - `paymentLinkGet` (`payment-link.ts`, `POST /api/paymenturl`): a hosted checkout link, one per order.
 * - `redirectStart` / `redirectReturn` (`redirect.ts`, `POST /api/callback/{provider}/{a}{b}`,
 *   `/api/payments/webpay/return`): Webpay Plus, committed exactly once.
 * - `paymentNotificationReceive` (`notifications.ts`, `POST /api/payments/notifications/{provider}`,
 *   and the sandbox's in-process deliveries): verified, de-duplicated, and the
 *   status fetched from the provider before it is believed.
 *
 * Rules every flow keeps (status changes in `apply.ts`):
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
import { orderPaymentState } from '@comanda/domain/order-status';
import type { PaymentMethod } from '@comanda/domain/types';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { HttpError, notFound } from '../lib/http-error';
import type { Clock } from '../plugins/app/clock';
import type { Realtime } from '../plugins/app/realtime';
import type { OrderRow } from '../repositories/order-repository';
import { paymentMessages } from './messages';
import { type PaymentDetail, type PaymentOrder, type PaymentRow, paymentOrderByCode } from './repository';
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

export type OrderPaymentStatus = OrderRow['paymentStatus'];

export const detailOf = (row: PaymentRow): PaymentDetail => row.detail as unknown as PaymentDetail;

/** `{orderCode}-{paymentId}`: the external reference and Webpay buy order (at most 26 characters). */
export function paymentReference(orderCode: string, paymentId: number): string {
  return `${orderCode}-${paymentId}`;
}

export function paymentReferenceParse(reference: string | null): { code: string; paymentId: number } | null {
  const match = /^([A-Za-z0-9]{4,32})-(\d{1,12})$/.exec(reference ?? '');
  return match ? { code: (match[1] as string).toUpperCase(), paymentId: Number(match[2]) } : null;
}

/** Major units (as providers report them) → minor units of the order's currency. */
export const minorOf = (major: number, mantissaLength: number) => Math.round(major * 10 ** mantissaLength);

/** The follow-up page of an order (a path of the web app). */
export function followUpPath(alias: string, code: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return `/menu/${encodeURIComponent(alias)}/order/${encodeURIComponent(code)}${search ? `?${search}` : ''}`;
}

/** The path segment naming the environment-configured account (the one with no `payment_provider_accounts` row). */
export const ENV_ACCOUNT_SEGMENT = 'env';

/**
 * Where a provider sends a payment's notifications: the account that made the
 * payment is in the path (`…/mercadopago/{accountId}`, or `…/mercadopago/env`
 * for the environment's keys), and only that account's notifications settle
 * it (ADR 016).
 */
export function notificationUrl(deps: PaymentsDeps, provider: string, accountId: number | null): string {
  return `${deps.config.publicUrl}/api/payments/notifications/${provider.toLowerCase()}/${accountId ?? ENV_ACCOUNT_SEGMENT}`;
}

/**
 * The tenant account that made a payment (null: the environment's keys or the
 * sandbox). Rows made before `payments.provider_account_id` existed name it in
 * `detail.accountId` only.
 */
export function paymentAccountIdOf(row: PaymentRow): number | null {
  return row.providerAccountId ?? detailOf(row).accountId ?? null;
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
export function paymentStartCheck(order: OrderRow, now: number, methods: readonly string[]): void {
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

export async function orderFor(
  deps: PaymentsDeps,
  code: string,
  branchContactId?: number,
): Promise<PaymentOrder> {
  const found = await paymentOrderByCode(deps.db, code);
  if (!found || (branchContactId !== undefined && found.order.branchContactId !== branchContactId)) {
    throw notFound(paymentMessages.orderNotFound(code));
  }
  return found;
}
