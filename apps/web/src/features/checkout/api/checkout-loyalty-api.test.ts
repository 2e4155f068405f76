import { loyaltyRedeemCheck, loyaltyRedeemDefault } from '@comanda/domain/loyalty';
import { type MoneyCountry, moneyMinor } from '@comanda/domain/money';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageScopeSet } from '../../../lib/storage-scope';
import { customerSessionForget, customerSessionStart } from '../../../stores/customer-session-store';
import { checkoutCustomerGet, checkoutLoyaltyProgramGet } from './checkout-loyalty-api';

/** The network edge: every call the API client makes, answered per path. */
const URUGUAY: MoneyCountry = { code: 'UY', currency: { code: 'UYU', symbol: '$' }, mantissaLength: 2 };
const calls: { url: URL; headers: Record<string, string> }[] = [];
let answers: Record<string, { status: number; body: unknown }> = {};

beforeEach(() => {
  calls.length = 0;
  answers = {};
  storageScopeSet('brasa');
  vi.stubGlobal('fetch', async (input: URL | string, init: RequestInit = {}) => {
    const url = new URL(String(input));
    calls.push({ url, headers: (init.headers ?? {}) as Record<string, string> });
    const answer = answers[url.pathname] ?? { status: 404, body: { message: 'No existe' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => {
  customerSessionForget();
  vi.unstubAllGlobals();
});

const PROGRAM = {
  id: 1,
  branchId: 4,
  active: true,
  name: 'Brasitas',
  orderPercentage: 5,
  minRedeemedPoints: 500,
  maxRedeemedPoints: null,
  maxRedeemedPercentage: null,
  supportsDiscounts: false,
  welcomeText: null,
  branchContactIds: [11, 12],
};

describe('checkoutLoyaltyProgramGet', () => {
  it('reads a limit the venue did not set as no limit, not as zero', async () => {
    answers['/api/branch/4/loyalty-program'] = { status: 200, body: PROGRAM };
    const program = await checkoutLoyaltyProgramGet(4);
    expect(program).toMatchObject({ name: 'Brasitas', minRedeemedPoints: 500, supportsDiscounts: false });
    expect(program?.branchContactIds).toEqual(['11', '12']);
    if (!program) throw new Error('no programme');
    // With null read as a limit of 0, every amount would be refused as over the maximum.
    const context = { program, balance: 3500, orderAmount: moneyMinor(2_000_000), country: URUGUAY };
    expect(loyaltyRedeemCheck(3000, context)).toBeNull();
    expect(loyaltyRedeemDefault(context)).toBe(3500);
  });

  it('is null when the branch has no programme (404)', async () => {
    expect(await checkoutLoyaltyProgramGet(9)).toBeNull();
  });
});

describe('checkoutCustomerGet', () => {
  it("reads the signed-in customer's balance with the session in its header", async () => {
    customerSessionStart({
      token: 'token-123',
      phone: '+5491155552020',
      phoneDisplay: '+54 9 11 5555 2020',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    answers['/api/orderingcustomer/%2B5491155552020'] = {
      status: 200,
      body: {
        optIn: true,
        addressesRegistered: [],
        name: 'Sofía Benítez',
        phone: '+5491155552020',
        loyaltyPointsBalance: 3500,
      },
    };
    const customer = await checkoutCustomerGet('+5491155552020', 4);
    expect(customer.loyaltyPointsBalance).toBe(3500);
    expect(calls[0]?.url.searchParams.get('branchId')).toBe('4');
    expect(calls[0]?.headers['X-Customer-Session']).toBe('token-123');
  });
});
