import { describe, expect, it } from 'vitest';
import { AR } from '../test/fixtures';
import {
  deliveryFeeCompute,
  deliveryFeeFreeFromLabel,
  deliveryFeeFreeReached,
  deliveryFeeText,
  serviceFeeCompute,
  serviceFeeText,
} from './fees';
import { moneyMinor as m } from './money';
import type { DeliveryInfo } from './types';

const cercana: DeliveryInfo = {
  fee: m(1500),
  cashFee: m(1800),
  minimumOrderPrice: m(8000),
  freeDeliveryFrom: m(30000),
  insideDeliveryArea: true,
};

describe('ordering §9 Delivery fee', () => {
  it.each([
    ['card', 'CARD_ONLINE', 10000, false, 1500, null, null],
    ['cash uses the cash fee', 'CASH', 10000, false, 1800, null, null],
    ['free from the free-delivery amount', 'CARD_ONLINE', 30000, false, 0, 'THRESHOLD', 'Gratis'],
    ['free with a free-delivery code', 'CASH', 10000, true, 0, 'CODE', 'Gratis'],
  ] as const)('%s', (_, paymentMethod, products, code, amount, reason, label) => {
    const fee = deliveryFeeCompute({
      orderModeType: 'DELIVERY',
      deliveryInfo: cercana,
      paymentMethod,
      productsAmount: m(products),
      freeDeliveryCode: code,
    });
    expect(fee).toMatchObject({ amount, freeReason: reason, label });
  });

  it('charges nothing outside delivery or without delivery info', () => {
    const base = { paymentMethod: null, productsAmount: m(1), freeDeliveryCode: false };
    expect(deliveryFeeCompute({ ...base, orderModeType: 'TAKE_AWAY', deliveryInfo: cercana })).toEqual({
      amount: 0,
      baseFee: 0,
      freeReason: null,
      label: null,
    });
    expect(deliveryFeeCompute({ ...base, orderModeType: 'DELIVERY', deliveryInfo: null }).amount).toBe(0);
  });

  it("shows 'Gratis' for a zero fee and uses the fee when there is no cash fee", () => {
    const zero = deliveryFeeCompute({
      orderModeType: 'DELIVERY',
      deliveryInfo: { fee: m(0), insideDeliveryArea: true },
      paymentMethod: 'CASH',
      productsAmount: m(1),
      freeDeliveryCode: false,
    });
    expect(zero).toEqual({ amount: 0, baseFee: 0, freeReason: null, label: 'Gratis' });
    expect(deliveryFeeText(m(0), AR)).toBe('Gratis');
    expect(deliveryFeeText(m(1500), AR)).toBe('$ 1.500');
  });

  it('labels the free-delivery amount', () => {
    expect(deliveryFeeFreeFromLabel(cercana, AR)).toBe('Envío gratis a partir de $ 30.000');
    expect(deliveryFeeFreeFromLabel({}, AR)).toBeNull();
    expect(deliveryFeeFreeReached(cercana, m(29999))).toBe(false);
    expect(deliveryFeeFreeReached(null, m(29999))).toBe(false);
  });
});

describe('ordering §7 Service fee', () => {
  it.each([
    [{ userFee: m(300), percentageUserFee: 2 }, 56215, 1424, null],
    [{ userFee: m(0), percentageUserFee: 2.5 }, 1020, 26, null],
    [{ userFee: m(0), percentageUserFee: 0 }, 50000, 0, 'Bonificada'],
    [null, 50000, 0, 'Bonificada'],
  ])('%o on %i = %i', (fees, base, amount, label) => {
    expect(serviceFeeCompute(fees, m(base))).toEqual({ amount, label });
  });

  it('reads Bonificada when zero', () => {
    expect(serviceFeeText(m(0), AR)).toBe('Bonificada');
    expect(serviceFeeText(m(1424), AR)).toBe('$ 1.424');
  });
});
