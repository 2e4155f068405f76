/**
 * Changes to an order after it was placed: staff move it through its states
 * from the console, and the diner reports an error from the follow-up page.
 *
 * A status move (`POST /api/console/orders/{id}/status`):
 * 1. Authorize outside the transaction (404 / 403, see console-service).
 * 2. In one transaction: lock the order (`select … for update`), so two
 *    consoles moving the same order queue up and the second sees the first's
 *    result; check the move with packages/domain's state machine
 *    (`orderStatusMove`: one step forward, or cancel before delivery — never
 *    a skip, never back, never out of DELIVERED or CANCELED → 409); write the
 *    status, the move's timestamp and cancel reason, the status event (staff
 *    id, reason), the loyalty points (DELIVERED credits what the order earned,
 *    CANCELED gives back what it redeemed; each once) and the diner's message
 *    in the outbox.
 *    Own fleet (ADR 023): accepting a delivery of an own-fleet location
 *    creates its logistics order and shipment in the same transaction;
 *    cancelling an order cancels its unfinished shipments.
 * 3. After commit, from the one announcing place (`orderChangeAnnounce`):
 *    `order-updated` with the follow-up view to `order-{code}`, `order-updated`
 *    with the console detail to `console-{branchContactId}`; the shipment
 *    events (shipment-events.ts); then `outbox-updated` to the console.
 *
 * Decision — a repeated move: asking for the status the order already has
 * answers 200 with `changed: false` and writes and publishes nothing. A
 * double click, a retry after a lost answer, or two staff members pressing
 * "accept" together therefore all succeed once; the state machine still
 * refuses every real move that is not allowed (409).
 */
import { loyaltyLedgerKindOfMove } from '@comanda/domain/loyalty-ledger';
import { type OrderStatus, orderStatusCanMove, orderStatusMove } from '@comanda/domain/order-status';
import { type OrderErrorType, venueFollowUpText, venueWhatsAppLink } from '@comanda/domain/venue-message';
import type { Tx } from '../db/client';
import { HttpError, notFound } from '../lib/http-error';
import { rooms } from '../plugins/app/realtime';
import { orderReportPresent } from '../presenters/console-presenter';
import type { OrderDetailsResult, StatusMoveResult } from '../presenters/console-schemas';
import {
  orderLockByCode,
  orderLockOfCompany,
  orderReportLatest,
  orderReportWrite,
  orderStatusWrite,
} from '../repositories/console-repository';
import { type OrderRow, orderSurroundingsFind } from '../repositories/order-repository';
import {
  afterCommit,
  type ConsoleDeps,
  consoleMessages,
  consoleOrderCheck,
  consoleOrderDetailGet,
  consoleOutboxPublish,
  fieldError,
} from './console-service';
import { orderChangeAnnounce } from './order-events';
import { orderMessages } from './order-placement-common';
import { orderFollowUpGet, orderLoyaltyCredit, orderLoyaltyReverse } from './order-service';
import { outboxOrderNotificationEnqueue } from './outbox-service';
import type { RoutePlanner } from './route-planner';
import { shipmentCreateForAcceptedOrder, shipmentsCancelForOrder } from './shipment-creation';
import { shipmentChangesAnnounce } from './shipment-events';
import type { StaffPrincipal } from './staff-auth-service';

/** What status moves and reports need: the console's deps and the public address (links in messages). */
export interface OrderChangeDeps extends ConsoleDeps {
  publicUrl: string;
  /** Times the rider's trip for the tracking page's estimate (ADR 025), announced with shipment changes. */
  routePlanner: RoutePlanner;
}

/** The statuses staff may ask for (every order starts GENERATED). */
export type StatusMoveTarget = Exclude<OrderStatus, 'GENERATED'>;

/** A report sent again within this time, identical, is the same report (a retry), not a new one. */
export const REPORT_REPEAT_WINDOW_MS = 10 * 60_000;

/** Moves an order to `status` on behalf of a staff member (see the module comment). */
export async function orderStatusChange(
  deps: OrderChangeDeps,
  staff: StaffPrincipal,
  orderId: number,
  input: { status: StatusMoveTarget; reason?: string | null | undefined },
): Promise<StatusMoveResult> {
  const reason = input.reason?.trim() || null;
  if (input.status === 'CANCELED' && !reason) {
    throw fieldError('body.reason', consoleMessages.cancelReasonRequired);
  }
  const authorized = await consoleOrderCheck(deps.db, staff, orderId);
  const surroundings = await orderSurroundingsFind(deps.db, authorized);
  if (!surroundings) throw notFound(consoleMessages.orderNotFound(orderId));

  const outcome = await deps.db.transaction(async (tx) => {
    const order = await orderLockOfCompany(tx, staff.companyId, orderId);
    if (!order) throw notFound(consoleMessages.orderNotFound(orderId));
    const from = order.status as OrderStatus;
    if (from === input.status) return { changed: false as const, order, outboxId: null, shipments: null };
    const move = orderStatusMove(from, input.status);
    if (!move.ok) {
      throw new HttpError(409, consoleMessages.moveNotAllowed(from, input.status), undefined, {
        status: from,
        nextStatuses: (['ACCEPTED', 'READY', 'DELIVERED', 'CANCELED'] as const).filter((to) =>
          orderStatusCanMove(from, to),
        ),
      });
    }
    const now = deps.now();
    const moved = await orderStatusMoveWrite(tx, deps, {
      order,
      to: input.status,
      staffUserId: staff.id,
      reason: input.status === 'CANCELED' ? reason : null,
      branchContact: surroundings.branchContact,
      now,
    });
    // Own fleet (ADR 023): an accepted delivery gets its shipment, a cancelled order takes its shipments along.
    const shipments =
      input.status === 'ACCEPTED'
        ? await shipmentCreateForAcceptedOrder(tx, moved.order, { staffUserId: staff.id, now })
        : input.status === 'CANCELED'
          ? await shipmentsCancelForOrder(tx, moved.order, { staffUserId: staff.id, reason, now })
          : null;
    return { changed: true as const, ...moved, shipments };
  });

  // The follow-up pages first (they are the many), then the consoles, from the one announcing place.
  const announced = outcome.changed ? await orderChangeAnnounce(deps, outcome.order) : null;
  if (outcome.shipments) await shipmentChangesAnnounce(deps, outcome.shipments);
  const detail = announced ?? (await consoleOrderDetailGet(deps.db, outcome.order, deps.now()));
  if (outcome.outboxId !== null) {
    const outboxId = outcome.outboxId;
    await afterCommit(deps, 'outbox-updated', () => consoleOutboxPublish(deps, [outboxId]));
  }
  return { changed: outcome.changed, order: detail };
}

/**
 * Writes a move already checked against the state machine, inside the
 * caller's transaction with the order locked: status, timestamp and event
 * (`staffUserId` null for a system move — the order following its shipment),
 * the loyalty points (DELIVERED credits what the order earned, CANCELED gives
 * back what it redeemed; each at most once, see the ledger) and the diner's
 * message in the outbox (READY with a `deliveryCode` is the "on the way"
 * message of an own-fleet delivery).
 */
export async function orderStatusMoveWrite(
  tx: Tx,
  deps: { publicUrl: string },
  input: {
    order: OrderRow;
    to: StatusMoveTarget;
    staffUserId: number | null;
    reason: string | null;
    branchContact: { alias: string; name: string };
    deliveryCode?: string | null;
    now: number;
  },
): Promise<{ order: OrderRow; outboxId: number | null }> {
  const { now } = input;
  const moved = await orderStatusWrite(tx, {
    order: input.order,
    to: input.to,
    staffUserId: input.staffUserId,
    reason: input.reason,
    now: new Date(now),
  });
  const points = loyaltyLedgerKindOfMove(input.to);
  if (points === 'ACCRUAL') await orderLoyaltyCredit(tx, moved.id, now);
  if (points === 'REVERSAL') await orderLoyaltyReverse(tx, moved.id, now);
  const message = await outboxOrderNotificationEnqueue(tx, {
    order: moved,
    branchContact: input.branchContact,
    status: input.to,
    cancelReason: moved.cancelReason,
    deliveryCode: input.deliveryCode ?? null,
    publicUrl: deps.publicUrl,
    now,
  });
  return { order: moved, outboxId: message?.id ?? null };
}

/**
 * `POST /api/diner/order/details`: the diner reports an error of their order
 * (exactly one type). Public — the unguessable code is the credential, as for
 * the follow-up read. Under the order's row lock it stores the report and
 * sets the order's error type; the same report sent again within
 * `REPORT_REPEAT_WINDOW_MS` (a retry) is not stored twice. After commit the
 * follow-up page and the console hear of it. Answers the follow-up view and
 * the wa.me link that opens a chat with the venue, the report prefilled.
 */
export async function orderErrorReport(
  deps: OrderChangeDeps,
  input: { code: string; errorType: OrderErrorType; details?: string | null | undefined },
): Promise<OrderDetailsResult> {
  const details = input.details?.trim() || null;
  const outcome = await deps.db.transaction(async (tx) => {
    const order = await orderLockByCode(tx, input.code);
    if (!order) throw notFound(orderMessages.orderNotFound(input.code));
    const now = deps.now();
    const latest = await orderReportLatest(tx, order.companyId, order.id);
    if (
      latest &&
      latest.errorType === input.errorType &&
      (latest.details ?? null) === details &&
      now - latest.createdAt.getTime() < REPORT_REPEAT_WINDOW_MS
    ) {
      return { changed: false as const, order, report: latest };
    }
    const written = await orderReportWrite(tx, {
      order,
      errorType: input.errorType,
      details,
      now: new Date(now),
    });
    return { changed: true as const, ...written };
  });

  if (outcome.changed) {
    await afterCommit(deps, 'order-reported', async () => {
      deps.realtime.publish(rooms.console(outcome.order.branchContactId), 'order-reported', {
        orderId: outcome.order.id,
        code: outcome.order.code,
        branchContactId: outcome.order.branchContactId,
        report: orderReportPresent(outcome.report),
      });
    });
    await orderChangeAnnounce(deps, outcome.order);
  }
  const view = await orderFollowUpGet(deps.db, outcome.order.code, { now: deps.now() });
  const text = venueFollowUpText(view.code, { kind: 'error', errorType: input.errorType });
  const phone = view.branchContact.whatsAppPhone;
  return { order: view, whatsAppUrl: phone ? venueWhatsAppLink(phone, text) : null, text };
}
