import { moneyMinor } from '@comanda/domain/money';
import type { PaymentType } from '@comanda/domain/types';
import { describe, expect, it } from 'vitest';
import { acquisitionChannelOf, type OrderPayloadInput, orderPayloadBuild } from './order-payload';

const CASH = {
  id: '7',
  paymentMethod: 'CASH',
  upload: 'APP',
  showName: 'Efectivo',
} as unknown as PaymentType;

const base: OrderPayloadInput = {
  mode: { id: 3, type: 'TAKE_AWAY' },
  branchContactId: 11,
  items: [],
  price: 12_000,
  payment: CASH,
  entry: { source: null, campaignId: null },
  customer: {
    name: 'Sofía Benítez',
    phone: '+5491155552020',
    email: '',
    document: null,
    tableNumber: '',
    optIn: false,
  },
  redeemedPoints: 0,
  destination: null,
  notes: '',
  paysWith: null,
  mantissaLength: 2,
  scheduledAt: null,
  code: null,
  partner: null,
  analyticsSessionId: 'session-1',
  installedApp: false,
};

describe('orderPayloadBuild', () => {
  it('sends the points the breakdown took as loyaltyInfo, and nothing when none are redeemed', () => {
    expect(orderPayloadBuild({ ...base, redeemedPoints: 1000 }).loyaltyInfo).toEqual({
      redeemedPoints: 1000,
    });
    expect(orderPayloadBuild(base)).not.toHaveProperty('loyaltyInfo');
  });

  it("sends the diner's WhatsApp consent as given, false included", () => {
    expect(orderPayloadBuild(base).optIn).toBe(false);
    expect(orderPayloadBuild({ ...base, customer: { ...base.customer, optIn: true } }).optIn).toBe(true);
  });

  it("names the entry link's source as the acquisition channel, else DIRECT", () => {
    expect(orderPayloadBuild(base).acquisitionChannel).toBe('DIRECT');
    const fromLink = orderPayloadBuild({ ...base, entry: { source: 'instagram', campaignId: null } });
    expect(fromLink.acquisitionChannel).toBe('instagram');
    expect(fromLink.source).toBe('instagram');
    expect(acquisitionChannelOf({ source: 'qr-mesa' })).toBe('qr-mesa');
  });

  it("names an external-loyalty user's partner and id there, and nothing for anyone else", () => {
    const partner = { partnerName: 'beneficios-barrio', userExternalReference: 'vecino-42' };
    expect(orderPayloadBuild({ ...base, partner })).toMatchObject(partner);
    const anyone = orderPayloadBuild(base);
    expect(anyone).not.toHaveProperty('partnerName');
    expect(anyone).not.toHaveProperty('userExternalReference');
  });

  it('sends the payment status under the spec’s name, paymentInfo.status (ordering §3)', () => {
    expect(orderPayloadBuild(base).paymentInfo).toEqual({ status: 'PENDING' });
  });

  it('sends the cash tender in major units', () => {
    expect(orderPayloadBuild({ ...base, paysWith: moneyMinor(1_500_000) }).paysWith).toBe(15_000);
  });
});
