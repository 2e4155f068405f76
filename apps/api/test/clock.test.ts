import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config';
import { clockCreate } from '../src/plugins/app/clock';

describe('server clock', () => {
  it('follows real time from CLOCK_START', async () => {
    const start = Date.parse('2026-11-20T21:00:00-03:00');
    const clock = clockCreate(configFromEnv({ CLOCK_START: '2026-11-20T21:00:00-03:00' }).clockStart);
    const first = clock.now();
    expect(Math.abs(first - start)).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(clock.now()).toBeGreaterThanOrEqual(first + 25);
  });

  it('pins and unpins over the start', () => {
    const clock = clockCreate(Date.parse('2026-01-01T00:00:00Z'));
    clock.pin(new Date('2030-05-05T10:00:00Z'));
    expect(new Date(clock.now()).toISOString()).toBe('2030-05-05T10:00:00.000Z');
    clock.pin(undefined);
    expect(new Date(clock.now()).getUTCFullYear()).toBe(2026);
  });

  it('refuses a bad CLOCK_START, and any in production', () => {
    expect(() => configFromEnv({ CLOCK_START: 'friday' })).toThrow(/ISO 8601/);
    expect(() => configFromEnv({ CLOCK_START: '2026-11-20T21:00:00Z', NODE_ENV: 'production' })).toThrow(
      /not production/,
    );
    expect(configFromEnv({}).clockStart).toBeUndefined();
  });
});
