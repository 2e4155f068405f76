import { loyaltyIsCashback, loyaltyMessageAmount } from '@comanda/domain/loyalty';
import { codeDiscountMessages, loyaltyMessages } from '@comanda/domain/messages';
import { venueWhatsAppLink } from '@comanda/domain/venue-message';
import type { Queryable, Tx } from '../db/client';
import { HttpError } from '../lib/http-error';
import { rooms } from '../plugins/app/realtime';
import { orderConsolePresent, orderPlacedPresent } from '../presenters/order-presenter';
import { codeDiscountRedeem } from '../repositories/code-discount-repository';
import { loyaltyRedeem } from '../repositories/customer-repository';
import type { OrderRow } from '../repositories/order-repository';
import { type OrderAnswerKey, type OrderWrite, orderWrite } from '../repositories/order-write-repository';
import type { OutboxInsert, OutboxListRow, OutboxRow } from '../repositories/outbox-repository';
import type { OrderConsoleView, OrderPlacedView } from '../schemas/order';
import { orderCodeNew, type Prepared, text } from './order-placement-common';
import { NO_LOCKS, type OrderLocks } from './order-placement-customer';
import type { OrderEvaluation } from './order-placement-evaluate';
import { outboxOrderNotificationValues } from './outbox-service';

// ---------------------------------------------------------------- place

/** An order-created event to publish after commit. */
export interface OrderCreatedEvent {
  room: string;
  event: 'order-created';
  payload: OrderConsoleView;
  /** The diner's message written with the order, as stored (the console's outbox hears of it too). */
  outbox: OutboxListRow | null;
}

/** A written order, its answer, and what the console hears. */
export interface OrderPlaced {
  order: OrderRow;
  body: OrderPlacedView;
  outbox: OutboxListRow | null;
  deferred?: OrderCreatedEvent;
}

/**
 * When and where a placement happens: the server's clock, the public address
 * (links in messages), and whether diner messages are only kept for the
 * console (no messaging provider configured: the message is written already
 * settled as KEPT, and no background pass ever has to touch it — ADR 043).
 */
export interface PlacementEnv {
  now: number;
  publicUrl: string;
  messagesKept: boolean;
}

/** The outbox row the order's statement wrote, as the database holds it (the console is told without reading it back). */
function outboxRowOf(values: OutboxInsert, id: number, orderId: number): OutboxRow {
  return {
    id,
    companyId: values.companyId,
    branchContactId: values.branchContactId ?? null,
    orderId,
    channel: values.channel ?? 'WHATSAPP',
    kind: values.kind,
    toPhone: values.toPhone,
    body: values.body,
    status: values.status ?? 'PENDING',
    attempts: values.attempts ?? 0,
    lastError: values.lastError ?? null,
    lockedUntil: values.lockedUntil ?? null,
    createdAt: values.createdAt ?? new Date(),
    sentAt: values.sentAt ?? null,
  };
}

export function deferredOf(placed: OrderPlaced): { deferred?: OrderCreatedEvent } {
  return placed.deferred ? { deferred: placed.deferred } : {};
}

/**
 * Writes an evaluated order: its one statement (customer, order, lines, event,
 * answer), then, on the slow path, the code and points redemptions under its
 * locks. With `mode: 'claim'` (fast path, autocommit) the statement also claims
 * the idempotency key ('key-taken' when it existed) and checks the guard
 * ('stale' when the venue's switches or the content changed).
 */
export async function orderStore(
  q: Queryable,
  prepared: Prepared,
  evaluation: OrderEvaluation,
  env: PlacementEnv,
  key: OrderAnswerKey,
  locks: OrderLocks = NO_LOCKS,
  guard?: OrderWrite['guard'],
): Promise<OrderPlaced | 'key-taken' | 'stale'> {
  const { context, country, content } = prepared;
  const { branchContact, branch, company, orderMode } = context;
  const { pricing, values, lines, customerUpsert, orderTextOf, paymentType } = evaluation;
  const { codeRow, customer } = locks;
  const { now } = env;
  const program = content.loyaltyProgram;
  const at = new Date(now);
  const m = country.mantissaLength;
  const venuePhone = text(branchContact.whatsAppPhone) ?? text(branchContact.callPhone);

  let placed: OrderPlaced | null = null;
  for (let attempt = 0; attempt < 5 && !placed; attempt++) {
    const code = orderCodeNew();
    const orderText = orderTextOf(code);
    const handOff: OrderPlacedView['handOff'] = branchContact.ordersConsoleActive
      ? { kind: 'CONSOLE' }
      : { kind: 'MESSAGING', url: venuePhone ? venueWhatsAppLink(venuePhone, orderText) : null };
    const { id: _id, ...answer } = orderPlacedPresent(
      { ...values, id: 0, code },
      { branchContactAlias: branchContact.alias, mantissaLength: m, handOff },
    );
    // The diner hears that the order was received only where a console will move it on: with the
    // messaging hand-off the venue learns of the order from the diner's own message, and nothing follows.
    const message = branchContact.ordersConsoleActive
      ? outboxOrderNotificationValues({
          order: { ...values, id: 0, code },
          branchContact,
          status: 'GENERATED',
          publicUrl: env.publicUrl,
          now,
        })
      : undefined;
    const notification =
      message && env.messagesKept
        ? { ...message, status: 'KEPT' as const, attempts: 1, sentAt: at }
        : message;
    const written = await orderWrite(
      q,
      {
        order: { ...values, customerId: customer?.id ?? null, orderText },
        items: lines,
        customer: customerUpsert,
        ...(notification ? { outbox: notification } : {}),
        answer: {
          ...key,
          status: 201,
          body: answer,
          ...(key.mode === 'claim' ? { expiresAt: new Date(now + key.ttlMs) } : {}),
        },
        ...(guard ? { guard } : {}),
        now: at,
      },
      code,
    );
    if (written.outcome === 'key-taken' || written.outcome === 'stale') return written.outcome;
    if (written.outcome === 'written') {
      placed = {
        order: { ...values, id: written.id, code, customerId: written.customerId, orderText },
        body: { ...answer, id: written.id },
        outbox:
          notification && written.outboxId !== null
            ? { message: outboxRowOf(notification, written.outboxId, written.id), orderCode: code }
            : null,
      };
    }
  }
  if (!placed) throw new Error('Could not draw a free order code in 5 attempts');
  const { order } = placed;

  if (pricing.codeDiscount && codeRow) {
    const waivedFee = pricing.deliveryFee.freeReason === 'CODE' ? pricing.deliveryFee.baseFee : 0;
    const counted = await codeDiscountRedeem(q as Tx, {
      companyId: company.id,
      codeDiscountId: codeRow.id,
      orderId: order.id,
      phone: prepared.phone,
      amount: pricing.codeDiscount.amount + waivedFee,
      now: at,
    });
    // Unreachable under the row lock; the guard keeps the limit even if a caller forgot the lock.
    if (!counted) {
      throw new HttpError(400, codeDiscountMessages.notFound, {
        codeDiscount: codeDiscountMessages.notFound,
      });
    }
  }
  if (pricing.loyalty.redeemedPoints > 0 && customer) {
    const redeemed = await loyaltyRedeem(q as Tx, {
      companyId: company.id,
      customerId: customer.id,
      branchId: branch.id,
      orderId: order.id,
      orderCode: order.code,
      points: pricing.loyalty.redeemedPoints,
      now: at,
    });
    if (!redeemed) {
      const balance = customer.loyaltyPointsBalance;
      const message = loyaltyMessages.overBalance(
        program?.name ?? '',
        program ? loyaltyMessageAmount(program, balance, country) : balance,
      );
      throw new HttpError(400, message, { 'loyaltyInfo.redeemedPoints': message });
    }
  }

  if (!branchContact.ordersConsoleActive) return placed;
  const surroundings = {
    branchContact: {
      id: branchContact.id,
      alias: branchContact.alias,
      name: branchContact.name,
      whatsAppPhone: branchContact.whatsAppPhone,
    },
    country: context.country,
    paymentType: {
      id: paymentType.id,
      showName: paymentType.showName,
      paymentMethod: paymentType.paymentMethod,
    },
    orderModeType: orderMode.type,
    securityCode: null,
    hasLogistics: false,
    shipment: null,
    loyaltyProgramName: program?.name ?? null,
    loyaltyCashback: loyaltyIsCashback(program),
    loyaltyCredited: false,
    loyaltyReversed: false,
    // A new order is not delivered: nothing to rate yet, whatever the branch's survey.
    surveyActive: false,
    surveyAnswered: false,
    surveyRating: null,
  };
  return {
    ...placed,
    deferred: {
      room: rooms.console(branchContact.id),
      event: 'order-created',
      payload: orderConsolePresent(order, lines, surroundings, now),
      outbox: placed.outbox,
    },
  };
}
