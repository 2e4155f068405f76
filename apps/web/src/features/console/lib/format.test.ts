import { describe, expect, it } from 'vitest';
import { staffSessionLeftMs } from '../../../lib/staff-session';
import { PAYMENT_STATE_LABELS, paymentNote } from './format';

const NOW = Date.parse('2026-11-20T21:00:00-03:00');

describe('payment readings', () => {
  it('says an online order not paid yet is unpaid, in process only at the provider, and expired after its window', () => {
    expect(PAYMENT_STATE_LABELS.UNPAID).toBe('Pago pendiente');
    expect(PAYMENT_STATE_LABELS.PROCESSING).toBe('Pago en proceso');
    expect(PAYMENT_STATE_LABELS.EXPIRED).toBe('Pago vencido');
    expect(paymentNote('UNPAID')).toBe(' · sin pagar');
    expect(paymentNote('PROCESSING')).toBe(' · pago en proceso');
    expect(paymentNote('EXPIRED')).toBe(' · pago vencido');
  });

  it('adds nothing when nothing is owed online', () => {
    expect(paymentNote('PAID')).toBe('');
    expect(paymentNote('NOT_REQUIRED')).toBe('');
  });
});

describe('session expiry by the device clock', () => {
  const session = {
    token: 't',
    expiresAt: new Date(NOW + 3_600_000).toISOString(),
    staff: { id: 1, name: 'A', email: 'a@b.c', role: 'STAFF' as const, companyId: 1, branchContacts: [] },
  };

  it('counts down when the device clock agrees with the server', () => {
    expect(staffSessionLeftMs(session, NOW)).toBe(3_600_000);
  });

  it('gives up (the server decides) when the device clock is past the expiry or the expiry is unreadable', () => {
    expect(staffSessionLeftMs(session, NOW + 2 * 86_400_000)).toBeNull();
    expect(staffSessionLeftMs({ ...session, expiresAt: 'nope' }, NOW)).toBeNull();
  });
});
