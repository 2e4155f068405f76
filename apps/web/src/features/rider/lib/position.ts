/**
 * The rider's position while a shipment is in progress (own-fleet contract:
 * `POST /api/rider/position`), for the venue's dispatch view and the
 * customer's tracking. Never before the shift nor with nothing in progress:
 * the watch starts when a shipment is taken and stops when none is left or
 * the shift ends (the caller's `enabled`).
 */
import { geoDistanceMeters } from '@comanda/domain/delivery-zone';
import { useEffect } from 'react';
import { riderPositionSend } from '../api/rider-api';

/** (decision) A report at most every 10 s, or sooner once the rider moved 30 m. */
export const POSITION_REPORT_EVERY_MS = 10_000;
export const POSITION_REPORT_AFTER_METERS = 30;
/** The server keeps one report per 2 s per rider: closer ones would be dropped anyway. */
export const POSITION_REPORT_MIN_MS = 2_000;

export interface ReportedPosition {
  lat: number;
  lng: number;
  at: number;
}

/** Whether a new fix is worth sending after the last one sent. */
export function positionShouldReport(
  last: ReportedPosition | null,
  next: { lat: number; lng: number },
  now: number,
): boolean {
  if (!last) return true;
  const elapsed = now - last.at;
  if (elapsed < POSITION_REPORT_MIN_MS) return false;
  return elapsed >= POSITION_REPORT_EVERY_MS || geoDistanceMeters(last, next) >= POSITION_REPORT_AFTER_METERS;
}

/** Watches the device's position and reports it while `enabled` and a token is known. */
export function useRiderPositionReport(token: string | null, enabled: boolean): void {
  useEffect(() => {
    if (!token || !enabled || typeof navigator === 'undefined' || !navigator.geolocation) return;
    let last: ReportedPosition | null = null;
    let sending = false;
    const watch = navigator.geolocation.watchPosition(
      (fix) => {
        const next = { lat: fix.coords.latitude, lng: fix.coords.longitude };
        const now = Date.now();
        if (sending || !positionShouldReport(last, next, now)) return;
        sending = true;
        riderPositionSend(token, {
          ...next,
          ...(Number.isFinite(fix.coords.accuracy) ? { accuracy: Math.round(fix.coords.accuracy) } : {}),
        })
          .then(() => {
            last = { ...next, at: now };
          })
          // A lost report is replaced by the next fix; nothing to tell the rider.
          .catch(() => {})
          .finally(() => {
            sending = false;
          });
      },
      // Denied or unavailable: the shipment goes on without it.
      () => {},
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [token, enabled]);
}
