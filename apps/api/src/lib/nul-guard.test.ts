import { describe, expect, it } from 'vitest';
import { nulAllStorable, nulFieldsOf } from './nul-guard';

describe('nulAllStorable', () => {
  it('agrees with nulFieldsOf on clean and unstorable values, keys included', () => {
    const clean = { items: [{ notes: 'sin sal', extras: [{ id: 1 }] }], phone: '+5491155550101' };
    const withNul = { items: [{ notes: 'sin\u0000sal' }] };
    const withSurrogate = ['ok', ['\uD800']];
    const withBadKey = { 'k\u0000': 1 };
    for (const value of [clean, withNul, withSurrogate, withBadKey, 'texto', 12, null]) {
      expect(nulAllStorable(value)).toBe(Object.keys(nulFieldsOf(value)).length === 0);
    }
    expect(nulAllStorable(withNul)).toBe(false);
  });

  it('walks a value nested far deeper than the stack would allow', () => {
    let deep: unknown = 'fin\u0000';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(nulAllStorable(deep)).toBe(false);
  });
});
