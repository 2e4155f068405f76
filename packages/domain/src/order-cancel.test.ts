import { describe, expect, it } from 'vitest';
import { orderCancelMoney } from './order-cancel';

describe('issue 18 A cancelled order says what happens to the money', () => {
  it('a paid card order is refunded by the venue (Comanda refunds nothing by itself)', () => {
    expect(
      orderCancelMoney({ status: 'CANCELED', paymentMethod: 'CARD_ONLINE', paymentStatus: 'PAID' }),
    ).toBe('REFUND_BY_VENUE');
    expect(
      orderCancelMoney({ status: 'CANCELED', paymentMethod: 'PAYMENT_LINK', paymentStatus: 'PAID' }),
    ).toBe('REFUND_BY_VENUE');
  });

  it('an online order with no approved payment was not charged, whatever its stored status', () => {
    for (const paymentStatus of ['PENDING', 'PROCESSING', 'REJECTED']) {
      expect(orderCancelMoney({ status: 'CANCELED', paymentMethod: 'CARD_ONLINE', paymentStatus })).toBe(
        'NOT_CHARGED',
      );
    }
  });

  it('cash says nothing, unless the venue marked it paid', () => {
    expect(
      orderCancelMoney({ status: 'CANCELED', paymentMethod: 'CASH', paymentStatus: 'PENDING' }),
    ).toBeNull();
    expect(
      orderCancelMoney({ status: 'CANCELED', paymentMethod: 'BANK_TRANSFER', paymentStatus: 'PAID' }),
    ).toBe('REFUND_BY_VENUE');
  });

  it('an order that is not cancelled says nothing about refunds', () => {
    expect(
      orderCancelMoney({ status: 'DELIVERED', paymentMethod: 'CARD_ONLINE', paymentStatus: 'PAID' }),
    ).toBeNull();
  });
});
