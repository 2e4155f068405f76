import type { TrackingInfo, TrackingRiderPositionEvent } from '../api/tracking';

/**
 * A `rider-position` merged into the tracking: the rider's position and the
 * estimate from there. A report older than the one shown (events can cross a
 * slower read) moves nothing; without a rider on the page (not yet taken, or
 * the read that names them is still on its way) only the estimate is kept.
 */
export function trackingWithPosition(data: TrackingInfo, event: TrackingRiderPositionEvent): TrackingInfo {
  const shown = data.rider?.position?.at;
  if (shown && Date.parse(event.at) < Date.parse(shown)) return data;
  return {
    ...data,
    rider: data.rider ? { ...data.rider, position: { lat: event.lat, lng: event.lng, at: event.at } } : null,
    eta: event.eta,
  };
}

/** A `rider-position` payload as the page reads it, or null when it is not one. */
export function trackingPositionEventOf(payload: unknown): TrackingRiderPositionEvent | null {
  const event = payload as Partial<TrackingRiderPositionEvent> | null;
  if (
    !event ||
    typeof event.lat !== 'number' ||
    typeof event.lng !== 'number' ||
    typeof event.at !== 'string'
  )
    return null;
  return { lat: event.lat, lng: event.lng, at: event.at, eta: event.eta ?? null };
}
