/**
 * The customer's tracking → JSON (ADR 025). Who sees what is decided here
 * and in the domain: the rider (name, phone, position) only while the
 * shipment is taken and on its way to this customer
 * (`trackingRiderOnTheWay`); the delivery code until the order is delivered
 * or cancelled; the destination's coordinates without its address.
 */
import type { LatLng } from '@comanda/domain/delivery-zone';
import type { ShipmentStatus } from '@comanda/domain/shipment';
import {
  type TrackingEtaWindow,
  trackingEtaWindowText,
  trackingRiderOnTheWay,
} from '@comanda/domain/tracking-eta';
import type { TrackingOrderRow, TrackingShipmentRow } from '../repositories/tracking-repository';
import { publicUrlOf, textOrNull } from './present-utils';
import type { TrackingEtaView, TrackingPositionEvent, TrackingView } from './tracking-schemas';

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A point of the map, or null when unknown or at zero (the page drops those markers). */
export function trackingPointOf(lat: unknown, lng: unknown): LatLng | null {
  if (!finite(lat) || !finite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  if (lat === 0 && lng === 0) return null;
  return { lat, lng };
}

/** The order's destination point, from the order's stored address. */
export function trackingDestinationOf(destination: Record<string, unknown> | null): LatLng | null {
  return destination ? trackingPointOf(destination.lat, destination.lng) : null;
}

/** The statuses after which the order is no longer on its way: no code, no rider, no estimate. */
function finished(status: ShipmentStatus, orderStatus: string): boolean {
  return (
    status === 'DELIVERED' ||
    status === 'RETURNED' ||
    status === 'CANCELED' ||
    orderStatus === 'DELIVERED' ||
    orderStatus === 'CANCELED'
  );
}

/** The shipment's status as the page reads it (an order without a shipment row yet is PENDING). */
export const trackingStatusOf = (shipment: TrackingShipmentRow | undefined): ShipmentStatus =>
  (shipment?.status ?? 'PENDING') as ShipmentStatus;

/** Whether the rider of this shipment is shown (and their positions published). */
export function trackingRiderShown(
  shipment: TrackingShipmentRow | undefined,
  orderStatus: string,
): shipment is TrackingShipmentRow & { rider: NonNullable<TrackingShipmentRow['rider']> } {
  const status = trackingStatusOf(shipment);
  return !!shipment?.rider && trackingRiderOnTheWay(status) && !finished(status, orderStatus);
}

/** An arrival window with its text and who computed it. */
export function trackingEtaPresent(
  window: TrackingEtaWindow,
  source: TrackingEtaView['source'],
  timeZone: string,
): TrackingEtaView {
  return {
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
    text: trackingEtaWindowText(window, timeZone),
    source,
  };
}

/** The whole tracking answer (the GET and `tracking-updated`). */
export function trackingPresent(
  order: TrackingOrderRow,
  shipment: TrackingShipmentRow | undefined,
  eta: TrackingEtaView | null,
  context: { now: number; publicUrl: string },
): TrackingView {
  const status = trackingStatusOf(shipment);
  const done = finished(status, order.orderStatus);
  const shown = trackingRiderShown(shipment, order.orderStatus);
  const riderPoint = shown ? trackingPointOf(shipment.rider.lat, shipment.rider.lng) : null;
  return {
    id: order.logisticsOrderId,
    status,
    orderCode: order.orderCode,
    orderedAt: order.orderedAt.toISOString(),
    timeZone: order.timeZone,
    securityCode: done ? null : order.securityCode,
    rider: shown
      ? {
          name: shipment.rider.name,
          phone: textOrNull(shipment.rider.phone),
          position:
            riderPoint && shipment.rider.positionAt
              ? { ...riderPoint, at: shipment.rider.positionAt.toISOString() }
              : null,
        }
      : null,
    branch: {
      name: order.branch.name,
      logoUrl: publicUrlOf(order.branch.logoUrl, context.publicUrl),
      position: trackingPointOf(order.branch.lat, order.branch.lng),
    },
    destination: { position: trackingDestinationOf(order.destination) },
    eta: shown && !done ? eta : null,
    updatedAt: new Date(context.now).toISOString(),
  };
}

/** `rider-position` for a tracking room. */
export function trackingPositionPresent(
  position: { lat: number; lng: number; at: string },
  eta: TrackingEtaView | null,
): TrackingPositionEvent {
  return { lat: position.lat, lng: position.lng, at: position.at, eta };
}
