/**
 * Order placement (`POST /api/order`), the follow-up read, and the contract
 * other flows (payments, the orders console) build on.
 *
 * A placement is prepared (where the order goes, what it is priced with, every
 * check that needs no lock), evaluated (`pricingCompute` from the menu, never
 * from the client; the checkout checks; 409 with the server's breakdown when the
 * client's total differs) and written by one statement (`orderWrite`: customer,
 * order, lines, status event and the Idempotency-Key's answer). In order:
 *
 * 1. Optimistic: with the venue's switches as last seen (cached), the write
 *    claims the key and carries a guard that those switches and the content
 *    version still hold. One round trip for the common order.
 * 2. Fresh: anything else (a stale guard, a refusal, a key that exists) is
 *    decided again with fresh reads; with nothing to lock, the same claiming
 *    write. A refusal is answered only if the key holds no answer (a retry of
 *    a placed order gets its first answer, whatever changed since).
 * 3. Transactional: a discount code or points to redeem, or a key that exists,
 *    take one transaction: claim the key first (replay, 422, expired key), lock
 *    the code's row and the customer's row, evaluate under the locks, write,
 *    count the code's use and debit the points.
 *
 * Realtime events are returned as `deferred` and published by the route after
 * commit. Every rule and message comes from packages/domain; the few texts the
 * domain has no rule for (a plate not in the menu, a blocked location…) are in
 * `orderMessages` (order-placement-common.ts), marked as ours. See ADR 009.
 *
 * The steps live beside this file: order-placement-prepare (step 1),
 * order-placement-customer (locks), order-placement-evaluate (pricing and
 * checks), order-placement-store (the write and the redemptions).
 */
import { type Minor, moneyToMajor } from '@comanda/domain/money';
import type { Db, Queryable, Tx } from '../db/client';
import { HttpError, notFound } from '../lib/http-error';
import type { Realtime } from '../plugins/app/realtime';
import { rooms } from '../plugins/app/realtime';
import { orderFollowUpPresent } from '../presenters/order-presenter';
import type { CustomerSessionRow } from '../repositories/customer-auth-repository';
import { loyaltyAccrue, loyaltyRedemptionReverse } from '../repositories/customer-repository';
import {
  type OrderRow,
  orderByCode,
  orderItemsOf,
  orderPaymentStatusUpdate,
  orderSurroundingsFind,
} from '../repositories/order-repository';
import type { OrderAnswerKey } from '../repositories/order-write-repository';
import type { OrderFollowUpView, OrderPayload, OrderPlacedView } from '../schemas/order';
import { customerSessionOf } from './customer-auth-service';
import { idempotencyKeyOf, idempotencyLookup, idempotencyPurgeExpired, idempotent } from './idempotency';
import { orderMessages } from './order-placement-common';
import { NO_LOCKS, orderLock, orderNeedsLocks } from './order-placement-customer';
import { type OrderEvaluation, orderEvaluate } from './order-placement-evaluate';
import { orderPrepare } from './order-placement-prepare';
import {
  deferredOf,
  type OrderCreatedEvent,
  type OrderPlaced,
  orderStore,
  type PlacementEnv,
} from './order-placement-store';

/** The result of `orderPlace`: the answer, whether it was replayed, and what to publish after commit. */
export interface OrderPlaceResult {
  /** Always 201: refusals are thrown, and only a stored order is ever answered (or replayed). */
  status: 201;
  body: OrderPlacedView;
  replayed: boolean;
  deferred?: OrderCreatedEvent;
}

/**
 * Places an order (`POST /api/order`). Throws HttpError 400 (fields), 409
 * (price changed, with the server's breakdown) or 422 (key reused with another
 * body); anything stored is answered 201, the same on every retry.
 */
export async function orderPlace(
  db: Db,
  input: {
    payload: OrderPayload;
    /** The request's Idempotency-Key header; without one the key is derived from the order (ADR 044). */
    idempotencyKey: string | undefined;
    now: number;
    publicUrl: string;
    /** The request's Authorization header: an external-benefits partner's user token, if any. */
    authorization?: string | undefined;
    /** The request's X-Customer-Session header: the diner's proof of the phone (ADR 018), if any. */
    customerSession?: string | undefined;
    /** No messaging provider is configured: the diner's message is written as KEPT (ADR 043). */
    messagesKept: boolean;
  },
): Promise<OrderPlaceResult> {
  const { payload, now, authorization } = input;
  let session: Promise<CustomerSessionRow | undefined> | undefined;
  const customerSession = () => {
    session ??= customerSessionOf(db, input.customerSession, now);
    return session;
  };
  const env: PlacementEnv = { now, publicUrl: input.publicUrl, messagesKept: input.messagesKept };
  const { requestHash, ttlMs, ...key } = idempotencyKeyOf(
    'order',
    input.idempotencyKey,
    payload,
    orderAttemptIdentity(payload),
  );
  const claimKey: OrderAnswerKey = { mode: 'claim', ...key, requestHash, ttlMs };
  await idempotencyPurgeExpired(db, now).catch(() => 0);
  let keyTaken = false;

  // Optimistic: the venue's switches as last seen, checked by the order's own statement (its guard),
  // so a placement costs one round trip. Anything but a written order is decided again below, fresh.
  const optimistic = await orderPrepare(db, payload, now, {
    fresh: false,
    authorization,
    customerSession,
  }).catch(asError);
  if (!(optimistic instanceof Error) && !orderNeedsLocks(payload, optimistic)) {
    let evaluation: OrderEvaluation | null = null;
    try {
      evaluation = orderEvaluate(payload, optimistic, now, NO_LOCKS);
    } catch {
      // A refusal is only answered after a fresh look (below).
    }
    if (evaluation) {
      const placed = await orderStore(db, optimistic, evaluation, env, claimKey, NO_LOCKS, {
        branchContactId: payload.branchContact.id,
        orderModeId: payload.orderModeId,
        state: optimistic.state,
      });
      if (typeof placed !== 'string')
        return { status: 201, body: placed.body, replayed: false, ...deferredOf(placed) };
      keyTaken = placed === 'key-taken';
    }
  }

  // Fresh: the switches read now. With nothing to lock (no code, no points), one autocommit statement
  // claims the key and writes the order; a key that exists already (a retry, a reuse, an expired key)
  // goes the transactional way.
  const prepared = await orderPrepare(db, payload, now, {
    fresh: true,
    authorization,
    customerSession,
  }).catch(asError);
  if (!keyTaken && !(prepared instanceof Error) && !orderNeedsLocks(payload, prepared)) {
    let placed: OrderPlaced | 'key-taken' | 'stale';
    try {
      const evaluation = orderEvaluate(payload, prepared, now, NO_LOCKS);
      placed = await orderStore(db, prepared, evaluation, env, claimKey);
    } catch (error) {
      // A refusal is answered only if the key holds no answer: a retry of a placed order replays it.
      if (error instanceof HttpError) {
        const stored = await idempotencyLookup(db, { ...key, requestHash, now });
        if (stored) return { status: 201, body: stored.body as OrderPlacedView, replayed: true };
      }
      throw error;
    }
    if (typeof placed !== 'string')
      return { status: 201, body: placed.body, replayed: false, ...deferredOf(placed) };
  }

  // Transactional: claims the key first (replay, 422, expired key), then takes the row locks.
  const result = await idempotent<OrderPlacedView, OrderCreatedEvent>(
    db,
    { ...key, requestHash, now, ttlMs },
    async (tx) => {
      if (prepared instanceof Error) throw prepared;
      const locks = await orderLock(tx, payload, prepared, now);
      const evaluation = orderEvaluate(payload, prepared, now, locks);
      const placed = await orderStore(tx, prepared, evaluation, env, { mode: 'update', ...key }, locks);
      if (typeof placed === 'string') throw new Error(`The order was not written (${placed})`);
      return { status: 201, body: placed.body, stored: true, ...deferredOf(placed) };
    },
  );
  return { ...result, status: 201 };
}

/**
 * The payload as placement reads it. The spec's clients name the coupon in
 * `discounts[].code` (ordering §3 "Discount entry in an order"), the
 * storefront in `codeDiscount`: both are the code, `codeDiscount` first.
 */
export function orderPayloadNormalize(payload: OrderPayload): OrderPayload {
  if (payload.codeDiscount?.trim()) return payload;
  const code = payload.discounts?.find((entry) => entry.code?.trim())?.code?.trim();
  return code ? { ...payload, codeDiscount: code } : payload;
}

/**
 * What identifies an order attempt when the client sent no Idempotency-Key:
 * where, for whom, what, for how much and how it is paid (ADR 044).
 */
function orderAttemptIdentity(payload: OrderPayload): unknown {
  return {
    branchContactId: payload.branchContact.id,
    orderModeId: payload.orderModeId,
    phone: payload.phone ?? null,
    items: payload.items,
    price: payload.price,
    paymentTypeId: payload.paymentType.id,
  };
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

// ---------------------------------------------------------------- reads and the payments contract

/**
 * An order by its public code (any case), or undefined. For the payments
 * engineer: the row carries `id`, `companyId`, `branchId`, `branchContactId`,
 * `price` (minor units), `paymentMethod`, `paymentTypeId`, `paymentUpload`,
 * `paymentStatus`, `status` and `createdAt`.
 */
export async function orderFindByCode(db: Queryable, code: string): Promise<OrderRow | undefined> {
  return orderByCode(db, code);
}

/**
 * Sets the payment status of an order inside the caller's transaction and
 * returns the updated row (undefined when the order does not exist). The
 * caller publishes `order-updated` AFTER its transaction commits, with
 * `orderUpdatedPublish`.
 */
export async function orderPaymentStatusSet(
  tx: Queryable,
  orderId: number,
  status: OrderRow['paymentStatus'],
  now: number = Date.now(),
): Promise<OrderRow | undefined> {
  return orderPaymentStatusUpdate(tx, orderId, status, new Date(now));
}

/**
 * The follow-up view of an order (`GET /api/diner/{branchContactId?}/order/{code}`).
 * 404 for an unknown code, and for a known code under another branch contact:
 * a code never reveals an order somewhere else.
 */
export async function orderFollowUpGet(
  db: Queryable,
  code: string,
  options: { branchContactId?: number; now: number },
): Promise<OrderFollowUpView> {
  const order = await orderByCode(db, code);
  if (
    !order ||
    (options.branchContactId !== undefined && order.branchContactId !== options.branchContactId)
  ) {
    throw notFound(orderMessages.orderNotFound(code));
  }
  const [items, surroundings] = [
    await orderItemsOf(db, order.companyId, order.id),
    await orderSurroundingsFind(db, order),
  ];
  if (!surroundings) throw notFound(orderMessages.orderNotFound(code));
  return orderFollowUpPresent(order, items, surroundings, options.now);
}

/**
 * Publishes `order-updated` with the order's follow-up view to `order-{code}`.
 * Call it after the transaction that changed the order has committed.
 */
export async function orderUpdatedPublish(
  deps: { db: Queryable; realtime: Pick<Realtime, 'publish'>; now: number },
  code: string,
): Promise<void> {
  const view = await orderFollowUpGet(deps.db, code, { now: deps.now });
  deps.realtime.publish(rooms.order(view.code), 'order-updated', view);
}

/**
 * Credits the loyalty points an order earned (`loyaltyGainedPoints`, computed
 * when it was placed: the programme applied there, and the diner was shown
 * them) to its customer, once, inside the caller's transaction. The orders
 * console calls it when an order moves to DELIVERED, so a canceled order never
 * earns. Returns the points credited (0 when there were none or they were
 * credited already: a repeated move or a retry credits nothing).
 */
export async function orderLoyaltyCredit(tx: Tx, orderId: number, now: number): Promise<number> {
  return loyaltyAccrue(tx, orderId, new Date(now));
}

/**
 * Gives back the points a canceled order redeemed at placement, once, inside
 * the caller's transaction. Returns the points given back (0 when none, or
 * given back already).
 */
export async function orderLoyaltyReverse(tx: Tx, orderId: number, now: number): Promise<number> {
  return loyaltyRedemptionReverse(tx, orderId, new Date(now));
}

/** Money of a stored order in major units (for callers building provider requests). */
export function orderAmountMajor(order: Pick<OrderRow, 'price'>, mantissaLength: number): number {
  return moneyToMajor(order.price as Minor, mantissaLength);
}
