import { moneyMinor } from '@comanda/domain/money';
import { pricingCompute } from '@comanda/domain/pricing';
import type { CartItem } from '@comanda/domain/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { partnerBenefitsGet, partnerLinkOf } from './partner-benefits-api';

/** The network edge: the call the API client makes, and the answer given. */
const calls: { url: URL; init: RequestInit }[] = [];
let answer: { status: number; body: unknown };

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (input: URL | string, init: RequestInit = {}) => {
    calls.push({ url: new URL(String(input)), init });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => vi.unstubAllGlobals());

const LINK = { partner: 'beneficios-barrio', externalUserId: 'vecino-42', userToken: 'aaa.bbb.ccc' };
const PLACE = { branchId: 2, branchContactId: 5, orderModeId: 9 };
/** The demo partner's discounts as the preview answers them (major units, list order). */
const DEMO_ANSWER = {
  partner: 'beneficios-barrio',
  generalDiscounts: [
    { id: 1, name: 'Vecino del barrio', type: 'PERCENT', value: 10, priority: 2 },
    { id: 2, name: 'Vecino Plus', type: 'FIXED', value: 1500, priority: 1 },
  ],
  appliedDiscount: { id: 2, name: 'Vecino Plus', type: 'FIXED', value: 1500, priority: 1 },
};

describe('partnerLinkOf', () => {
  it('is a partner link only with the partner, the user and the token', () => {
    expect(partnerLinkOf(LINK)).toEqual(LINK);
    expect(partnerLinkOf({ ...LINK, userToken: null })).toBeNull();
    expect(partnerLinkOf({ ...LINK, externalUserId: null })).toBeNull();
    expect(partnerLinkOf({ partner: null, externalUserId: null, userToken: null })).toBeNull();
  });
});

describe('partnerBenefitsGet (ordering §7 POST /api/external-benefits/{partner})', () => {
  it('asks with the place and the user in the body and the token as a bearer header', async () => {
    answer = { status: 200, body: DEMO_ANSWER };
    await partnerBenefitsGet(LINK, PLACE, 0);
    expect(calls).toHaveLength(1);
    const call = calls[0];
    if (!call) throw new Error('no call');
    expect(call.url.pathname).toBe('/api/external-benefits/beneficios-barrio');
    expect(call.init.method).toBe('POST');
    expect((call.init.headers as Record<string, string>).Authorization).toBe('Bearer aaa.bbb.ccc');
    expect(JSON.parse(String(call.init.body))).toEqual({ ...PLACE, externalUserId: 'vecino-42' });
    // The token never travels in the address or the body.
    expect(call.url.href).not.toContain('aaa.bbb.ccc');
    expect(String(call.init.body)).not.toContain('aaa.bbb.ccc');
  });

  it('gives the discounts as the pricing takes them, which picks the lowest priority', async () => {
    answer = { status: 200, body: DEMO_ANSWER };
    // A currency with cents: $ 1.500 is 150000 minor units.
    const benefits = await partnerBenefitsGet(LINK, PLACE, 2);
    expect(benefits).toEqual([
      {
        id: '1',
        name: 'Vecino del barrio',
        type: 'PERCENT',
        value: 10,
        priority: 2,
        externalBenefitType: 'beneficios-barrio',
      },
      {
        id: '2',
        name: 'Vecino Plus',
        type: 'FIXED',
        value: 150000,
        priority: 1,
        externalBenefitType: 'beneficios-barrio',
      },
    ]);

    const provoleta: CartItem = {
      referenceId: '11',
      referenceType: 'PLATE',
      name: 'Provoleta',
      notes: '',
      quantity: 1,
      price: moneyMinor(780000),
      source: 'plate',
      extras: [],
    };
    const pricing = pricingCompute({
      items: [provoleta],
      menu: { plates: [{ id: '11', showName: 'Provoleta', price: moneyMinor(780000) }] },
      orderModeType: 'TAKE_AWAY',
      at: Date.parse('2026-11-20T21:00:00-03:00'),
      timeZone: 'America/Argentina/Buenos_Aires',
      country: { code: 'UY', currency: { code: 'UYU', symbol: '$' }, mantissaLength: 2 },
      externalBenefits: benefits,
    });
    expect(pricing.generalDiscounts).toEqual([
      {
        name: 'Vecino Plus',
        type: 'FIXED',
        value: 150000,
        amount: 150000,
        discountReferenceId: '2',
        externalBenefitType: 'beneficios-barrio',
      },
    ]);
    expect(pricing.total).toBe(630000);
  });

  it("rejects with the server's 401 when the token is refused", async () => {
    answer = {
      status: 401,
      body: {
        message: 'No pudimos verificar tu beneficio.',
        fields: { authorization: 'No pudimos verificar tu beneficio.' },
      },
    };
    const refused = await partnerBenefitsGet(LINK, PLACE, 0).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(401);
  });
});
