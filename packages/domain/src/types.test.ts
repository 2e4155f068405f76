import { describe, expect, it } from 'vitest';
import { DAYS_OF_WEEK, minutes } from './types';

describe('units: minutes', () => {
  it('brands whole non-negative minutes', () => {
    expect(minutes(30)).toBe(30);
    expect(() => minutes(1.5)).toThrow(RangeError);
    expect(() => minutes(-1)).toThrow(RangeError);
    expect(DAYS_OF_WEEK[0]).toBe('MONDAY');
  });
});
