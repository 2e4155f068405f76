import { describe, expect, it } from 'vitest';
import { configFromEnv, trustProxyOption } from '../src/config';

// Issue 16 item 4: TRUST_PROXY names the proxies to believe; `true` (believe
// any X-Forwarded-For, the client's own included) is refused at start-up.

describe('TRUST_PROXY', () => {
  it('refuses true with a message that says what to set instead', () => {
    expect(() => configFromEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8/);
  });

  it('takes a hop count, trusting exactly that many hops from the socket', () => {
    const config = configFromEnv({ TRUST_PROXY: '2' });
    expect(config.trustProxy).toBe(2);
    const trust = trustProxyOption(config.trustProxy) as (address: string, hop: number) => boolean;
    expect([trust('10.0.0.1', 0), trust('10.0.0.2', 1), trust('203.0.113.9', 2)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(() => configFromEnv({ TRUST_PROXY: '0' })).toThrow(/hop count must be 1–10/);
  });

  it('takes proxy addresses and ranges, and refuses anything else', () => {
    expect(configFromEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).trustProxy).toBe(
      '10.0.0.0/8,127.0.0.1,::1,loopback',
    );
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0/8', 'proxy.example']) {
      expect(() => configFromEnv({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY must be/);
    }
  });

  it('trusts nobody by default', () => {
    expect(configFromEnv({}).trustProxy).toBe(false);
    expect(configFromEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });
});

describe('abuse limits', () => {
  it('reads every limit and retention from the environment, refusing zero', () => {
    const config = configFromEnv({
      ORDER_LIMIT_PER_PHONE: '7',
      ORDER_LIMIT_PER_VENUE: '500',
      MESSAGES_PER_PHONE_PER_DAY: '12',
      CODE_FAILURES_PER_CLIENT: '4',
      ANALYTICS_RETENTION_DAYS: '30',
    });
    expect(config.abuse).toMatchObject({
      ordersPerPhone: 7,
      ordersPerVenue: 500,
      messagesPerPhonePerDay: 12,
      codeFailuresPerClient: 4,
    });
    expect(config.retention.analyticsDays).toBe(30);
    expect(configFromEnv({}).rateLimits.order).toBe(30);
    expect(() => configFromEnv({ ORDER_LIMIT_PER_PHONE: '0' })).toThrow(
      /ORDER_LIMIT_PER_PHONE must be at least 1/,
    );
  });
});
