/**
 * Diner notifications through the outbox.
 *
 * Writing: the message for the diner's phone is written in the SAME
 * transaction as the order change it announces, so a message exists exactly
 * when the change committed: a placement writes it in the order's own
 * statement (`outboxOrderNotificationValues` → `orderWrite`), a status move
 * with `outboxOrderNotificationEnqueue`. The text comes from
 * packages/domain (`orderNotificationText`).
 *
 * Sending: `outboxDeliverBatch` claims due PENDING rows (see
 * outbox-repository: `for update skip locked` plus a lease in
 * `locked_until`), hands each to the messaging adapter outside any
 * transaction, and settles the batch in one statement: SENT, KEPT (local default), PENDING again with
 * exponential backoff after a retryable failure, FAILED after a final one or
 * after `OUTBOX_MAX_ATTEMPTS`. A message to a phone that already received its
 * daily cap (`messagesPerPhonePerDay`, ADR 020) is not sent: it is settled
 * FAILED with `OUTBOX_DAILY_CAP_ERROR` (the console lists it) and the location's
 * console hears of the trip. Delivery is at least once: a process that dies
 * after the provider accepted a message but before its batch settled leaves
 * the row to be claimed again when its lease ends.
 */
import { type OrderStatus, orderNotificationText } from '@comanda/domain/order-status';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/client';
import { errorMessageSafe } from '../lib/error-log';
import { type MessagingAdapter, MessagingError } from '../messaging/messaging-adapter';
import { OUTBOX_DAILY_CAP_ERROR } from '../messaging/messaging-error-text';
import type { OrderRow } from '../repositories/order-repository';
import {
  type OutboxInsert,
  type OutboxOutcome,
  type OutboxRow,
  outboxClaim,
  outboxInsert,
  outboxRecipientRecentCounts,
  outboxSettleMany,
} from '../repositories/outbox-repository';
import { abuseTripNote } from './abuse-service';

/** Attempts before a message is given up (FAILED). */
export const OUTBOX_MAX_ATTEMPTS = 6;
/** How long a claim is exclusive; longer than a send may take (the adapter times out at 10 s). */
export const OUTBOX_LEASE_MS = 60_000;

/** Wait before the next attempt after `attempts` failures: 30 s, 1 min, 2 min … at most 1 h. */
export function outboxBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** The follow-up page of an order, absolute (the link in the diner's message). */
export function orderFollowUpUrl(publicUrl: string, alias: string, code: string): string {
  return `${publicUrl}/menu/${encodeURIComponent(alias)}/order/${encodeURIComponent(code)}`;
}

/** The live tracking page of an own-fleet delivery, absolute (the link in the 'on the way' message, ADR 025). */
export function orderTrackingUrl(publicUrl: string, alias: string, code: string): string {
  return `${publicUrl}/logistics/tracking/order/${encodeURIComponent(alias)}/${encodeURIComponent(code)}`;
}

/** What a diner's order message is built from. */
export interface OrderNotificationInput {
  order: Pick<OrderRow, 'id' | 'companyId' | 'branchContactId' | 'code' | 'phone'>;
  branchContact: { alias: string; name: string };
  status: OrderStatus;
  cancelReason?: string | null;
  /**
   * READY of an own-fleet delivery leaving the store: the message says so,
   * carries the code, and links the live tracking page instead of the follow-up.
   */
  deliveryCode?: string | null;
  publicUrl: string;
  now: number;
}

/**
 * The outbox row of the diner's message for an order placed (`GENERATED`) or
 * moved to `status`, or undefined for an order without a phone. Pure: the
 * placement writes it inside the order's own statement (see `orderWrite`),
 * status moves through `outboxOrderNotificationEnqueue`.
 */
export function outboxOrderNotificationValues(
  input: OrderNotificationInput,
): (OutboxInsert & { toPhone: string; body: string }) | undefined {
  const phone = input.order.phone?.trim();
  if (!phone) return undefined;
  return {
    companyId: input.order.companyId,
    branchContactId: input.order.branchContactId,
    orderId: input.order.id,
    channel: 'WHATSAPP',
    kind: `ORDER_${input.status}`,
    toPhone: phone,
    body: orderNotificationText({
      status: input.status,
      orderCode: input.order.code,
      venueName: input.branchContact.name,
      followUpUrl: (input.status === 'READY' && input.deliveryCode ? orderTrackingUrl : orderFollowUpUrl)(
        input.publicUrl,
        input.branchContact.alias,
        input.order.code,
      ),
      cancelReason: input.cancelReason ?? null,
      deliveryCode: input.deliveryCode ?? null,
    }),
    status: 'PENDING',
    createdAt: new Date(input.now),
  };
}

/**
 * Writes the diner's message for an order moved to `status`, inside the
 * caller's transaction. Nothing is written for an order without a phone.
 * Answers the row, if any.
 */
export async function outboxOrderNotificationEnqueue(
  tx: Queryable,
  input: OrderNotificationInput,
): Promise<OutboxRow | undefined> {
  const values = outboxOrderNotificationValues(input);
  return values ? outboxInsert(tx, values) : undefined;
}

/** What the sender needs. */
export interface OutboxSenderDeps {
  db: Queryable;
  adapter: MessagingAdapter;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Called once per pass with the rows it settled (the console hears of them). */
  onSettled?: (rows: OutboxRow[]) => void;
  /** Messages one phone may receive in 24 hours; beyond it they are not sent. Unlimited when absent. */
  messagesPerPhonePerDay?: number;
}

/** What one batch did. */
export interface OutboxBatchResult {
  claimed: number;
  sent: number;
  kept: number;
  retried: number;
  failed: number;
  /** Rows whose lease ran out before they settled (claimed again elsewhere). */
  lost: number;
}

/**
 * Claims up to `limit` due messages and sends them, `concurrency` at a time:
 * one statement claims the batch, one counts every recipient's recent
 * messages against the daily cap, one settles the whole batch once its sends
 * are done (ADR 043). Never throws for a message's failure (it is recorded on
 * the row).
 */
export async function outboxDeliverBatch(
  deps: OutboxSenderDeps,
  options: { limit?: number; concurrency?: number; leaseMs?: number } = {},
): Promise<OutboxBatchResult> {
  const now = deps.now();
  const leaseUntil = new Date(now + (options.leaseMs ?? OUTBOX_LEASE_MS));
  const claimed = await outboxClaim(deps.db, {
    now: new Date(now),
    leaseUntil,
    limit: options.limit ?? 20,
  });
  const result: OutboxBatchResult = {
    claimed: claimed.length,
    sent: 0,
    kept: 0,
    retried: 0,
    failed: 0,
    lost: 0,
  };
  if (claimed.length === 0) return result;

  const overCap = await outboxOverDailyCap(deps, claimed, now);
  const settlements: Settlement[] = claimed
    .filter((row) => overCap.has(row.id))
    .map((row) => ({
      id: row.id,
      result: 'failed',
      capped: true,
      outcome: { status: 'FAILED', error: OUTBOX_DAILY_CAP_ERROR },
    }));
  const queue = claimed.filter((row) => !overCap.has(row.id));
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) settlements.push(await outboxSend(deps, row));
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 5) }, worker));

  const settled = new Map(
    (
      await outboxSettleMany(
        deps.db,
        leaseUntil,
        settlements.map(({ id, outcome }) => ({ id, outcome })),
      )
    ).map((row) => [row.id, row]),
  );
  for (const settlement of settlements) {
    const row = settled.get(settlement.id);
    if (!row) {
      result.lost += 1;
      continue;
    }
    result[settlement.result] += 1;
    if (settlement.capped && row.branchContactId !== null) {
      await abuseTripNote(
        deps,
        { companyId: row.companyId, branchContactId: row.branchContactId },
        'MESSAGE_CAP',
        86_400_000,
        row.toPhone,
      );
    }
  }
  if (settled.size > 0) deps.onSettled?.([...settled.values()]);
  return result;
}

/** How one claimed message ends this pass, before it is written. */
interface Settlement {
  id: number;
  result: 'sent' | 'kept' | 'retried' | 'failed';
  /** Not sent: its phone had received its daily cap already. */
  capped?: boolean;
  outcome: OutboxOutcome;
}

/** The claimed messages whose phone already received its daily cap (none without a cap). */
async function outboxOverDailyCap(
  deps: OutboxSenderDeps,
  claimed: OutboxRow[],
  now: number,
): Promise<Set<number>> {
  const cap = deps.messagesPerPhonePerDay;
  if (cap === undefined) return new Set();
  const recent = await outboxRecipientRecentCounts(deps.db, {
    messages: claimed,
    since: new Date(now - 86_400_000),
    now: new Date(now),
  });
  const over = new Set<number>();
  for (const row of claimed) {
    const count = recent.get(row.id) ?? 0;
    if (count < cap) continue;
    deps.log.warn({ outboxId: row.id, recent: count, cap }, 'diner message over the daily cap of its phone');
    over.add(row.id);
  }
  return over;
}

/** Hands one message to the adapter and says how it ended (nothing is written here). */
async function outboxSend(deps: OutboxSenderDeps, row: OutboxRow): Promise<Settlement> {
  try {
    const sent = await deps.adapter.send({ id: row.id, to: row.toPhone, body: row.body });
    return {
      id: row.id,
      result: sent.status === 'SENT' ? 'sent' : 'kept',
      outcome: { status: sent.status, at: new Date(deps.now()) },
    };
  } catch (error) {
    // Anything else (a failed query) is logged and stored without the values it may carry (phones, texts).
    const messagingError =
      error instanceof MessagingError ? error : new MessagingError(errorMessageSafe(error), true);
    const final = !messagingError.retryable || row.attempts >= OUTBOX_MAX_ATTEMPTS;
    deps.log.warn(
      { outboxId: row.id, attempts: row.attempts, final, err: messagingError.message },
      'diner message not sent',
    );
    return final
      ? { id: row.id, result: 'failed', outcome: { status: 'FAILED', error: messagingError.message } }
      : {
          id: row.id,
          result: 'retried',
          outcome: {
            status: 'PENDING',
            error: messagingError.message,
            retryAt: new Date(deps.now() + outboxBackoffMs(row.attempts)),
          },
        };
  }
}
