import { describe, expect, it } from 'vitest';
import { minutesRangeText } from './minutes-range';

describe('minutesRangeText', () => {
  it('joins two ends with an en dash, never a hyphen', () => {
    expect(minutesRangeText(30, 45)).toBe('30–45 min');
  });

  it('writes one value when both ends are equal', () => {
    expect(minutesRangeText(20, 20)).toBe('20 min');
  });
});
