import { describe, expect, it } from 'vitest';
import { PAYMENT_STATE_LABELS, paymentNote, SCHEDULED_LEAD_MINUTES, scheduledApart, timeOf } from './format';
import { consoleSessionLeftMs } from './session';

const NOW = Date.parse('2026-11-20T21:00:00-03:00');
const minutes = (n: number) => new Date(NOW + n * 60_000).toISOString();

describe('scheduled orders apart', () => {
  it('keeps a scheduled order apart until its lead time, then in its column', () => {
    expect(scheduledApart({ scheduled: true, scheduledAt: minutes(SCHEDULED_LEAD_MINUTES + 1) }, NOW)).toBe(
      true,
    );
    expect(scheduledApart({ scheduled: true, scheduledAt: minutes(SCHEDULED_LEAD_MINUTES) }, NOW)).toBe(
      false,
    );
    expect(scheduledApart({ scheduled: true, scheduledAt: minutes(-5) }, NOW)).toBe(false);
  });

  it('never sets apart an order for now', () => {
    expect(scheduledApart({ scheduled: false, scheduledAt: null }, NOW)).toBe(false);
    expect(scheduledApart({ scheduled: true, scheduledAt: null }, NOW)).toBe(false);
  });
});

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

describe('console readings', () => {
  it('reads times on a 24-hour clock', () => {
    expect(timeOf('2026-11-21T00:45:00.000Z')).toMatch(/^\d{2}:45$/);
    expect(timeOf('2026-11-21T00:45:00.000Z')).not.toMatch(/m\./);
  });
});

describe('session expiry by the device clock', () => {
  const session = {
    token: 't',
    expiresAt: new Date(NOW + 3_600_000).toISOString(),
    staff: { id: 1, name: 'A', email: 'a@b.c', role: 'STAFF' as const, companyId: 1, branchContacts: [] },
  };

  it('counts down when the device clock agrees with the server', () => {
    expect(consoleSessionLeftMs(session, NOW)).toBe(3_600_000);
  });

  it('gives up (the server decides) when the device clock is past the expiry or the expiry is unreadable', () => {
    expect(consoleSessionLeftMs(session, NOW + 2 * 86_400_000)).toBeNull();
    expect(consoleSessionLeftMs({ ...session, expiresAt: 'nope' }, NOW)).toBeNull();
  });
});
