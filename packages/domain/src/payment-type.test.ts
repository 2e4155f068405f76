import { describe, expect, it } from 'vitest';
import { cardDisabled, cardOnline, cash, paymentLink, transfer } from '../test/fixtures';
import { moneyMinor as m } from './money';
import {
  paymentCashAllowed,
  paymentStatusOnSend,
  paymentTypeCounts,
  paymentTypeNeedsCardForm,
  paymentTypeReconcile,
  paymentTypeRedirects,
  paymentTypesUsable,
} from './payment-type';
import type { DeliveryInfo } from './types';

const noCash: DeliveryInfo = { fee: m(1500), insideDeliveryArea: true, cashAvailable: false };

describe('ordering §5 Checkout: payment methods that count', () => {
  it.each([
    ['cash (provider DISABLED) counts', cash, true],
    ['transfer counts', transfer, true],
    ['card online with a provider counts', cardOnline, true],
    ['payment link with a provider counts', paymentLink, true],
    ['card online with provider DISABLED does not', cardDisabled, false],
    ['an inactive type does not', { ...cash, active: false }, false],
    ['card online without onlinePayment does not', { ...cardOnline, onlinePayment: undefined }, false],
  ])('%s', (_, type, counts) => {
    expect(paymentTypeCounts(type)).toBe(counts);
  });

  it('drops cash for a delivery without cash option', () => {
    const types = [cash, cardOnline, cardDisabled];
    expect(
      paymentTypesUsable(types, { orderModeType: 'DELIVERY', deliveryInfo: noCash }).map((t) => t.id),
    ).toEqual(['tarjeta-online']);
    expect(
      paymentTypesUsable(types, { orderModeType: 'TAKE_AWAY', deliveryInfo: noCash }).map((t) => t.id),
    ).toEqual(['efectivo', 'tarjeta-online']);
    expect(paymentCashAllowed('DELIVERY', null)).toBe(true);
  });
});

describe('ordering §4 Cash for delivery: switching the payment type', () => {
  const delivery = { orderModeType: 'DELIVERY' as const, deliveryInfo: noCash };

  it('switches from cash to the first active non-cash type', () => {
    expect(paymentTypeReconcile(cash, [cash, cardDisabled, transfer, cardOnline], delivery)?.id).toBe(
      'transferencia',
    );
  });

  it('keeps a type that still counts, else takes the default', () => {
    expect(paymentTypeReconcile(cardOnline, [cash, cardOnline], delivery)).toBe(cardOnline);
    expect(paymentTypeReconcile(null, [cash, cardOnline], { orderModeType: 'TAKE_AWAY' })).toBe(cash);
    expect(paymentTypeReconcile(cash, [cash], delivery)).toBeNull();
    expect(paymentTypeReconcile(cardDisabled, [cardDisabled, cash], { orderModeType: 'TAKE_AWAY' })).toBe(
      cash,
    );
  });
});

describe('ordering §4 Order payment status when sent', () => {
  it('is PROCESSING through the API, PENDING otherwise', () => {
    expect(paymentStatusOnSend(cardOnline)).toBe('PROCESSING');
    expect(paymentStatusOnSend(cash)).toBe('PENDING');
    expect(paymentTypeNeedsCardForm(cardOnline)).toBe(true);
    expect(paymentTypeNeedsCardForm(paymentLink)).toBe(false);
    expect(paymentTypeNeedsCardForm(null)).toBe(false);
  });
});

describe('card online through Webpay Plus (a redirect provider)', () => {
  const webpay = { ...cardOnline, showName: 'Webpay', onlinePayment: { providerName: 'TRANSBANK' } };

  it('pays on the provider’s form: the checkout shows no card fields of its own', () => {
    expect(paymentTypeRedirects(webpay)).toBe(true);
    expect(paymentTypeNeedsCardForm(webpay)).toBe(false);
    // The provider's name is compared as the tenant may spell it.
    expect(paymentTypeRedirects({ ...webpay, onlinePayment: { providerName: 'webpay_plus' } })).toBe(true);
  });

  it('a tokenizing provider, and methods other than card online, do not redirect', () => {
    expect(paymentTypeRedirects(cardOnline)).toBe(false);
    expect(paymentTypeRedirects({ ...paymentLink, onlinePayment: { providerName: 'TRANSBANK' } })).toBe(
      false,
    );
    expect(paymentTypeRedirects(null)).toBe(false);
  });

  it('is still sent PROCESSING: the payment is started through the API', () => {
    expect(paymentStatusOnSend(webpay)).toBe('PROCESSING');
  });
});
