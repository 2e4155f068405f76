/**
 * The codes of an own-fleet shipment (ADR 023): the short display code the
 * rider and the venue call a shipment by ('Entregado (K7MQ)'), the delivery
 * code (the 'Clave de entrega' the customer gives the rider), the limit on
 * wrong delivery codes, and how often a rider's position is kept.
 *
 * Pure: the caller supplies the randomness (`randomIndex(size)` → an integer
 * in [0, size), e.g. node's `crypto.randomInt`).
 */

/** (decision) Display code characters: A–Z and 2–9 without the look-alikes 0/O, 1/I/L. */
export const SHIPMENT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** (decision) Display code length. */
export const SHIPMENT_CODE_LENGTH = 4;
/** (decision) Delivery code: 4 digits, easy to read aloud at the door. */
export const SHIPMENT_DELIVERY_CODE_LENGTH = 4;
/** (decision) Wrong delivery codes in a row before the code locks. */
export const SHIPMENT_DELIVERY_CODE_MAX_FAILURES = 5;
/** (decision) How long the delivery code stays locked after too many wrong tries. */
export const SHIPMENT_DELIVERY_CODE_LOCK_MS = 15 * 60_000;
/** (decision) A rider's position is kept at most once per this interval; reports in between are dropped. */
export const RIDER_POSITION_MIN_INTERVAL_MS = 2000;

/** A fresh display code. */
export function shipmentDisplayCode(randomIndex: (size: number) => number): string {
  let code = '';
  for (let i = 0; i < SHIPMENT_CODE_LENGTH; i++) {
    code += SHIPMENT_CODE_ALPHABET[randomIndex(SHIPMENT_CODE_ALPHABET.length)];
  }
  return code;
}

/** Whether `code` is a display code (exact case). */
export function shipmentDisplayCodeIsValid(code: string): boolean {
  return (
    code.length === SHIPMENT_CODE_LENGTH && [...code].every((char) => SHIPMENT_CODE_ALPHABET.includes(char))
  );
}

/** A fresh delivery code: 4 digits, leading zeros kept. */
export function shipmentDeliveryCode(randomIndex: (size: number) => number): string {
  let code = '';
  for (let i = 0; i < SHIPMENT_DELIVERY_CODE_LENGTH; i++) code += String(randomIndex(10));
  return code;
}

/** What is stored about wrong delivery codes of one shipment. */
export interface DeliveryCodeAttempts {
  failures: number;
  /** Epoch ms until which the code is locked, or null. */
  lockedUntil: number | null;
}

/** The outcome of typing a delivery code, and the attempts to store. */
export type DeliveryCodeOutcome =
  | { outcome: 'ACCEPTED'; attempts: DeliveryCodeAttempts }
  | { outcome: 'WRONG'; attempts: DeliveryCodeAttempts; attemptsLeft: number }
  | { outcome: 'LOCKED'; attempts: DeliveryCodeAttempts; retryAfterMs: number };

/**
 * One try of the delivery code. While locked nothing is compared (and nothing
 * counted). A lock that ran out starts the count again. The try that reaches
 * the maximum locks the code at once.
 */
export function shipmentDeliveryCodeTry(
  stored: DeliveryCodeAttempts,
  correct: boolean,
  now: number,
): DeliveryCodeOutcome {
  if (stored.lockedUntil !== null && stored.lockedUntil > now) {
    return { outcome: 'LOCKED', attempts: stored, retryAfterMs: stored.lockedUntil - now };
  }
  const failures = stored.lockedUntil !== null ? 0 : stored.failures;
  if (correct) return { outcome: 'ACCEPTED', attempts: { failures: 0, lockedUntil: null } };
  const next = failures + 1;
  if (next >= SHIPMENT_DELIVERY_CODE_MAX_FAILURES) {
    const lockedUntil = now + SHIPMENT_DELIVERY_CODE_LOCK_MS;
    return {
      outcome: 'LOCKED',
      attempts: { failures: next, lockedUntil },
      retryAfterMs: SHIPMENT_DELIVERY_CODE_LOCK_MS,
    };
  }
  return {
    outcome: 'WRONG',
    attempts: { failures: next, lockedUntil: null },
    attemptsLeft: SHIPMENT_DELIVERY_CODE_MAX_FAILURES - next,
  };
}

/** Whether a position reported at `now` is kept, the last kept one being at `lastAt` (epoch ms or null). */
export function riderPositionIsKept(lastAt: number | null, now: number): boolean {
  // A clock that went back (lastAt in the future) must not freeze the position.
  return lastAt === null || now - lastAt >= RIDER_POSITION_MIN_INTERVAL_MS || lastAt > now;
}
