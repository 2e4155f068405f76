import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RIDER_POSITION_MIN_INTERVAL_MS,
  riderPositionIsKept,
  SHIPMENT_CODE_ALPHABET,
  SHIPMENT_DELIVERY_CODE_LOCK_MS,
  SHIPMENT_DELIVERY_CODE_MAX_FAILURES,
  shipmentDeliveryCode,
  shipmentDeliveryCodeTry,
  shipmentDisplayCode,
  shipmentDisplayCodeIsValid,
} from './shipment-codes';

const fromList = (values: number[]) => {
  let i = 0;
  return (size: number) => (values[i++] ?? 0) % size;
};

describe('shipment display code', () => {
  it('is 4 characters of the unambiguous alphabet', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 4, maxLength: 4 }), (values) => {
        const code = shipmentDisplayCode(fromList(values));
        expect(code).toHaveLength(4);
        expect(shipmentDisplayCodeIsValid(code)).toBe(true);
      }),
    );
    expect(SHIPMENT_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(shipmentDisplayCode(fromList([0, 1, 8, 30]))).toBe('23AZ');
  });

  it('refuses look-alikes and other lengths', () => {
    expect(shipmentDisplayCodeIsValid('A0B2')).toBe(false);
    expect(shipmentDisplayCodeIsValid('ab23')).toBe(false);
    expect(shipmentDisplayCodeIsValid('ABC')).toBe(false);
  });
});

describe('delivery code', () => {
  it('is 4 digits, leading zeros kept', () => {
    expect(shipmentDeliveryCode(fromList([0, 0, 7, 9]))).toBe('0079');
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 4, maxLength: 4 }), (values) => {
        expect(shipmentDeliveryCode(fromList(values))).toMatch(/^\d{4}$/);
      }),
    );
  });

  const fresh = { failures: 0, lockedUntil: null };

  it('accepts the right code and forgets earlier failures', () => {
    expect(shipmentDeliveryCodeTry({ failures: 3, lockedUntil: null }, true, 0)).toEqual({
      outcome: 'ACCEPTED',
      attempts: fresh,
    });
  });

  it('counts wrong codes and locks at the fifth, for 15 minutes', () => {
    let attempts = { ...fresh } as { failures: number; lockedUntil: number | null };
    for (let i = 1; i < SHIPMENT_DELIVERY_CODE_MAX_FAILURES; i++) {
      const result = shipmentDeliveryCodeTry(attempts, false, 1000);
      expect(result).toMatchObject({
        outcome: 'WRONG',
        attemptsLeft: SHIPMENT_DELIVERY_CODE_MAX_FAILURES - i,
      });
      attempts = result.attempts;
    }
    const locked = shipmentDeliveryCodeTry(attempts, false, 1000);
    expect(locked).toEqual({
      outcome: 'LOCKED',
      attempts: { failures: 5, lockedUntil: 1000 + SHIPMENT_DELIVERY_CODE_LOCK_MS },
      retryAfterMs: SHIPMENT_DELIVERY_CODE_LOCK_MS,
    });
    expect(SHIPMENT_DELIVERY_CODE_LOCK_MS).toBe(15 * 60_000);
    // While locked even the right code is refused, and nothing more is counted.
    expect(shipmentDeliveryCodeTry(locked.attempts, true, 61_000)).toEqual({
      outcome: 'LOCKED',
      attempts: locked.attempts,
      retryAfterMs: SHIPMENT_DELIVERY_CODE_LOCK_MS - 60_000,
    });
    // Once the lock ran out the count starts again.
    const after = 1000 + SHIPMENT_DELIVERY_CODE_LOCK_MS;
    expect(shipmentDeliveryCodeTry(locked.attempts, false, after)).toMatchObject({
      outcome: 'WRONG',
      attempts: { failures: 1, lockedUntil: null },
    });
    expect(shipmentDeliveryCodeTry(locked.attempts, true, after).outcome).toBe('ACCEPTED');
  });
});

describe('rider position throttle', () => {
  it('keeps one position per 2 s', () => {
    expect(RIDER_POSITION_MIN_INTERVAL_MS).toBe(2000);
    expect(riderPositionIsKept(null, 5)).toBe(true);
    expect(riderPositionIsKept(10_000, 11_999)).toBe(false);
    expect(riderPositionIsKept(10_000, 12_000)).toBe(true);
    // A clock set back never freezes the position.
    expect(riderPositionIsKept(10_000, 5_000)).toBe(true);
  });
});
