/**
 * Rows → the orders console's JSON (see console-schemas.ts): board cards, the
 * order detail (the follow-up view plus what staff need to reach the customer
 * and the address), venue controls and outbox messages.
 */
import { orderNotificationMessages, venueMessages } from '@comanda/domain/messages';
import { orderScheduledLater } from '@comanda/domain/order-scheduled-later';
import { type OrderStatus, orderStatusCanMove } from '@comanda/domain/order-status';
import { venueWhatsAppLink } from '@comanda/domain/venue-message';
import { messagingErrorText } from '../messaging/messaging-error-text';
import type {
  ConsoleBranchContactRow,
  ConsoleOrderRow,
  OrderReportRow,
  OrderStatusEventRow,
} from '../repositories/console-repository';
import type { OrderItemRow, OrderRow, OrderSurroundings } from '../repositories/order-repository';
import type { OutboxListRow } from '../repositories/outbox-repository';
import type {
  ConsoleBranchContact,
  ConsoleOrderDetail,
  ConsoleOrderSummary,
  OrderReportView,
  OutboxMessageView,
} from './console-schemas';
import { orderConsolePresent, orderPaymentStateOf } from './order-presenter';
import { major, textOrNull } from './present-utils';

const ALL_STATUSES: readonly OrderStatus[] = ['GENERATED', 'ACCEPTED', 'READY', 'DELIVERED', 'CANCELED'];

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** A card of the board. */
export function consoleOrderSummaryPresent(
  row: ConsoleOrderRow,
  mantissaLength: number,
  now: number,
): ConsoleOrderSummary {
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    type: row.type,
    orderModeId: row.orderModeId,
    branchContactId: row.branchContactId,
    orderedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    scheduled: row.scheduled,
    scheduledAt: iso(row.scheduledAt),
    scheduledLater: orderScheduledLater(row, now),
    customerName: textOrNull(row.customerName),
    table: textOrNull(row.tableNumber),
    price: major(row.price, mantissaLength),
    paymentType:
      row.paymentTypeId === null
        ? null
        : { id: row.paymentTypeId, showName: row.paymentTypeName ?? '', paymentMethod: row.paymentMethod },
    paymentStatus: row.paymentStatus,
    paymentState: orderPaymentStateOf(row, now, { attemptUnderWay: Boolean(row.paymentAttemptUnderWay) }),
    paid: row.paymentStatus === 'PAID',
    itemsCount: Number(row.itemsCount),
    errorType: textOrNull(row.errorType),
    reportsCount: Number(row.reportsCount),
  };
}

/** A diner's error report with its Spanish label. */
export function orderReportPresent(report: OrderReportRow): OrderReportView {
  const labels: Record<string, string> = venueMessages.errorTypes;
  return {
    id: report.id,
    errorType: report.errorType,
    label: labels[report.errorType] ?? report.errorType,
    details: textOrNull(report.details),
    createdAt: report.createdAt.toISOString(),
  };
}

/**
 * Directions to a delivery address: by its coordinates when the diner placed
 * it on the map, else by its text (Google Maps' universal URL, which opens the
 * maps app on a phone).
 */
export function mapsDirectionsUrl(destination: Record<string, unknown> | null): string | null {
  if (!destination) return null;
  const { lat, lng, fullAddress } = destination;
  if (typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng)) {
    return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
  }
  if (typeof fullAddress === 'string' && fullAddress.trim()) {
    return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(fullAddress.trim())}`;
  }
  return null;
}

/** The order as the console's detail shows it. */
export function consoleOrderDetailPresent(
  order: OrderRow,
  items: readonly OrderItemRow[],
  surroundings: OrderSurroundings,
  history: {
    reports: readonly OrderReportRow[];
    events: readonly OrderStatusEventRow[];
    /** A payment of the order is at the provider, which has not decided yet. */
    paymentAttemptUnderWay: boolean;
  },
  now: number,
): ConsoleOrderDetail {
  const base = orderConsolePresent(order, items, surroundings, now, {
    attemptUnderWay: history.paymentAttemptUnderWay,
  });
  const phone = textOrNull(order.phone);
  return {
    ...base,
    updatedAt: order.updatedAt.toISOString(),
    acceptedAt: iso(order.acceptedAt),
    readyAt: iso(order.readyAt),
    deliveredAt: iso(order.deliveredAt),
    canceledAt: iso(order.canceledAt),
    errorDetails: textOrNull(order.errorDetails),
    acquisitionChannel: textOrNull(order.acquisitionChannel),
    campaignId: textOrNull(order.campaignId),
    paid: order.paymentStatus === 'PAID',
    nextStatuses: ALL_STATUSES.filter((to) => orderStatusCanMove(order.status as OrderStatus, to)),
    customerWhatsAppUrl: phone
      ? venueWhatsAppLink(
          phone,
          orderNotificationMessages.venueContact(
            order.customerName?.trim() ?? '',
            order.code,
            surroundings.branchContact.name,
          ),
        )
      : null,
    destinationMapsUrl: order.type === 'DELIVERY' ? mapsDirectionsUrl(order.destination) : null,
    reports: history.reports.map(orderReportPresent),
    statusEvents: history.events.map((event) => ({
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      staffUserId: event.staffUserId,
      staffName: event.staffName,
      reason: textOrNull(event.reason),
      createdAt: event.createdAt.toISOString(),
    })),
  };
}

/** A branch contact with its venue controls. */
export function consoleBranchContactPresent(row: ConsoleBranchContactRow): ConsoleBranchContact {
  return {
    id: row.id,
    alias: row.alias,
    name: row.name,
    manualClosing: row.manualClosing,
    ordersConsoleActive: row.ordersConsoleActive,
    timeZone: row.timeZone,
    orderModes: row.orderModes.map((mode) => ({
      id: mode.id,
      type: mode.type,
      showName: mode.showName,
      active: mode.active,
      orderEnabled: mode.orderEnabled,
    })),
  };
}

/** An outbox message. */
export function outboxMessagePresent(row: OutboxListRow): OutboxMessageView {
  const { message } = row;
  return {
    id: message.id,
    branchContactId: message.branchContactId,
    orderId: message.orderId,
    orderCode: row.orderCode,
    channel: message.channel,
    kind: message.kind,
    toPhone: message.toPhone,
    body: message.body,
    status: message.status,
    attempts: message.attempts,
    lastError: message.lastError,
    errorText: message.lastError === null ? null : messagingErrorText(message.lastError, message.status),
    createdAt: message.createdAt.toISOString(),
    sentAt: iso(message.sentAt),
  };
}
