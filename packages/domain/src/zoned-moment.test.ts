import { describe, expect, it } from 'vitest';
import { zonedMomentText } from './zoned-moment';

describe('COPY.md formats: a moment in the location’s zone, 24 h', () => {
  const zone = 'America/Argentina/Buenos_Aires';
  const now = Date.parse('2026-11-20T23:30:00.000Z'); // Friday 20:30 in Buenos Aires

  it('says only the time today, in the location’s zone (not the device’s)', () => {
    expect(zonedMomentText('2026-11-20T21:03:00.000Z', zone, now)).toBe('18:03');
    // 02:10 UTC on the 21st is still the 20th, 23:10, in Buenos Aires.
    expect(zonedMomentText('2026-11-21T02:10:00.000Z', zone, now + 3 * 3_600_000)).toBe('23:10');
    expect(zonedMomentText('2026-11-21T02:10:00.000Z', 'UTC', now + 3 * 3_600_000)).toBe('02:10');
  });

  it('names yesterday and tomorrow, and the weekday and date of any other day', () => {
    expect(zonedMomentText('2026-11-19T21:03:00.000Z', zone, now)).toBe('ayer 18:03');
    expect(zonedMomentText(Date.parse('2026-11-21T15:00:00.000Z'), zone, now)).toBe('mañana 12:00');
    expect(zonedMomentText(new Date('2026-11-17T12:05:00.000Z'), zone, now)).toBe('martes 17/11, 09:05');
  });

  it('writes nothing for a value that is not a date', () => {
    expect(zonedMomentText('not a date', zone, now)).toBe('');
  });
});
