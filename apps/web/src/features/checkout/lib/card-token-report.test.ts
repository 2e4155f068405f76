import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CardTokenError } from '../../../lib/card-token';
import { cardTokenFailureReport } from './card-token-report';

const CARD_NUMBER = '4509953566233704';
const posted: { path: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  posted.length = 0;
  window.history.replaceState(null, '', '/menu/brasa-nunez/checkout?phone=1155552020');
  vi.stubGlobal('fetch', async (input: URL | string, init: RequestInit = {}) => {
    posted.push({ path: new URL(String(input)).pathname, body: JSON.parse(String(init.body)) });
    return new Response(null, { status: 204 });
  });
});

afterEach(() => vi.unstubAllGlobals());

const contact = { id: 11, branch: { id: 4 } } as Parameters<typeof cardTokenFailureReport>[0];

describe('cardTokenFailureReport', () => {
  it("reports a refused card with the spec's fields and without the card's data", async () => {
    // The provider's answer echoes the number: it must not travel to the log.
    const error = new CardTokenError(
      'CARD',
      'Complete los datos de la tarjeta',
      { cardNumber: 'Número inválido' },
      { card_number: CARD_NUMBER, cause: [{ code: 'E205' }] },
    );
    await cardTokenFailureReport(contact, 'MERCADOPAGO', error);
    expect(posted).toHaveLength(1);
    const [report] = posted;
    expect(report?.path).toBe('/api/diner/log');
    expect(report?.body).toMatchObject({
      bcId: 11,
      branchId: 4,
      component: 'checkout/card-token',
      payload: { provider: 'MERCADOPAGO', reason: 'CARD', refusedFields: ['cardNumber'] },
    });
    expect(typeof report?.body.stack).toBe('string');
    // The page's query may carry the diner's phone or name: only the path is sent.
    expect(report?.body.url).toBe(`${window.location.origin}/menu/brasa-nunez/checkout`);
    expect(JSON.stringify(report?.body)).not.toContain(CARD_NUMBER);
  });

  it('a failed report is dropped without reaching the diner', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    await expect(cardTokenFailureReport(contact, 'SANDBOX', new Error('boom'))).resolves.toBeUndefined();
  });
});
