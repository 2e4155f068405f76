/** The rider app's addresses (follow-up §2.1). */

import { shipmentMessages } from '@comanda/domain/messages';
import type { RiderShiftVariant } from '@comanda/domain/rider-forms';

const a = (alias: string) => encodeURIComponent(alias);

/** The shift page: `/logistics/{alias}/rider/{registerPageVariant}`. */
export function riderShiftPath(alias: string, variant: RiderShiftVariant): string {
  return `/logistics/${a(alias)}/rider/${variant}`;
}

/** The invisible redirect page, "the rider's shipments link": `/logistics/{alias}/rider/{riderId}/shipments`. */
export function riderShipmentsLink(alias: string, riderId: number | string): string {
  return `/logistics/${a(alias)}/rider/${encodeURIComponent(String(riderId))}/shipments`;
}

/** The 'Envíos' list: `/logistics/{alias}/shipments`. */
export function riderListPath(alias: string): string {
  return `/logistics/${a(alias)}/shipments`;
}

/** A shipment's or a stack's detail: `/logistics/{alias}/shipments/{simple|stack}/{id}`. */
export function riderDetailPath(alias: string, kind: 'simple' | 'stack', id: number | string): string {
  return `/logistics/${a(alias)}/shipments/${kind}/${encodeURIComponent(String(id))}`;
}

/** The catch-all page with a message (§2.1, §6). */
export function riderNotFoundPath(message: string = shipmentMessages.accessDenied): string {
  return `/404?${new URLSearchParams({ message }).toString()}`;
}
