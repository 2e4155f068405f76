import { describe, expect, it } from 'vitest';
import { loyaltyPointsParse } from './use-checkout-loyalty';

describe('loyaltyPointsParse', () => {
  it('takes whole points only; anything else redeems nothing', () => {
    expect(loyaltyPointsParse(' 1050 ')).toBe(1050);
    expect(loyaltyPointsParse('')).toBeNull();
    expect(loyaltyPointsParse('10.5')).toBeNull();
    expect(loyaltyPointsParse('-3')).toBeNull();
    expect(loyaltyPointsParse('mil')).toBeNull();
  });
});
