import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answers,
  applyCode,
  breakdownRows,
  button,
  checkoutHarnessSetUp,
  checkoutHarnessTearDown,
  click,
  container,
  openCheckout,
  orders,
  radio,
  sendOrder,
  sent,
  text,
  total,
} from './checkout-test-harness';

// The checkout of an external-loyalty user (ordering §5, §6, §7; ADR 015, 030) against a fake
// API (checkout-test-harness.tsx). The page opens at a partner link, so the entry parameters,
// the cart, the pricing and the code rules are the real ones.

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ2ZWNpbm8tNDIifQ.c2lnbmF0dXJl';
const PARTNER_LINK = `/menu/brasa-nunez/retiro?partner=beneficios-barrio&externalUserId=vecino-42&userToken=${TOKEN}`;

/** The demo partner's answer: 'Vecino Plus' ($ 1.500, priority 1) wins over 'Vecino del barrio' (10 %, priority 2). */
const BENEFITS = {
  partner: 'beneficios-barrio',
  generalDiscounts: [
    { id: 1, name: 'Vecino del barrio', type: 'PERCENT', value: 10, priority: 2 },
    { id: 2, name: 'Vecino Plus', type: 'FIXED', value: 1500, priority: 1 },
  ],
  appliedDiscount: { id: 2, name: 'Vecino Plus', type: 'FIXED', value: 1500, priority: 1 },
};
const REFUSED = {
  message: 'No pudimos verificar tu beneficio.',
  fields: { authorization: 'No pudimos verificar tu beneficio.' },
};
beforeEach(() =>
  checkoutHarnessSetUp({
    '/api/external-benefits/beneficios-barrio': () => ({ status: 200, body: BENEFITS }),
  }),
);
afterEach(checkoutHarnessTearDown);

describe('a partner link verified by the partner', () => {
  it('takes the token out of the address, shows the benefit of lowest priority and prices with it', async () => {
    await openCheckout(PARTNER_LINK);
    expect(window.location.href).not.toContain(TOKEN);
    const preview = sent.find((call) => call.path === '/api/external-benefits/beneficios-barrio');
    expect(preview?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(preview?.body).toEqual({
      branchId: 2,
      branchContactId: 5,
      orderModeId: 9,
      externalUserId: 'vecino-42',
    });
    expect(text()).toContain('Beneficio aplicado: Vecino Plus');
    expect(breakdownRows().filter((row) => row.includes('Vecino'))).toEqual([
      expect.stringMatching(/^Vecino Plus-\$\s?1\.500$/),
    ]);
    // $ 7.800 − $ 1.500.
    expect(total()).toMatch(/6\.300/);
  });

  it('sends the partner, the user and the bearer token with the order, at the price it showed', async () => {
    await openCheckout(PARTNER_LINK);
    await click(radio('Transferencia'));
    await sendOrder();
    expect(orders()).toHaveLength(1);
    const [order] = orders();
    expect(order?.headers.Authorization).toBe(`Bearer ${TOKEN}`);
    expect(order?.body).toMatchObject({
      partnerName: 'beneficios-barrio',
      userExternalReference: 'vecino-42',
      price: 6300,
    });
    expect(JSON.stringify(order?.body)).not.toContain(TOKEN);
  });

  it('keeps the code: no delete button, through a payment type change without warning, a schedule change and its time-out', async () => {
    await openCheckout(PARTNER_LINK);
    await applyCode();
    expect(text()).toContain('Código de descuento: PROVOLETA');
    expect(button('Eliminar código')).toBeUndefined();
    expect(total()).toMatch(/5\.800/);

    await click(radio('Transferencia'));
    expect(text()).not.toContain('Si cambias el medio de pago se borrará el código de descuento');
    expect(radio('Transferencia')?.checked).toBe(true);
    expect(text()).toContain('Código de descuento: PROVOLETA');

    await click(radio('Programado'));
    expect(radio('Programado')?.checked).toBe(true);
    expect(text()).toContain('Código de descuento: PROVOLETA');

    // A limited-usage code is removed 3 minutes after it was applied, but not an external-loyalty user's.
    vi.useFakeTimers({ now: Date.now() + 181_000, toFake: ['Date'] });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1100));
    });
    expect(text()).toContain('Código de descuento: PROVOLETA');
    expect(text()).not.toContain('Tiempo de aplicacion del descuento vencido');

    await sendOrder();
    expect(orders()[0]?.body).toMatchObject({
      codeDiscount: 'PROVOLETA',
      partnerName: 'beneficios-barrio',
      price: 5800,
    });
  });

  it('goes on without the benefit when the server refuses the token at the order (it expired meanwhile)', async () => {
    answers['/api/order'] = () => ({ status: 401, body: REFUSED });
    await openCheckout(PARTNER_LINK);
    await click(radio('Transferencia'));
    await sendOrder();
    expect(text()).toContain('No pudimos verificar tu beneficio. Puedes seguir con tu pedido sin él');
    expect(breakdownRows().some((row) => row.includes('Vecino'))).toBe(false);
    expect(total()).toMatch(/7\.800/);

    answers['/api/order'] = () => ({
      status: 201,
      body: {
        code: 'ABC124',
        id: 2,
        status: 'GENERATED',
        price: 7800,
        paymentStatus: 'PENDING',
        followUpUrl: '',
        handOff: { kind: 'CONSOLE' },
      },
    });
    await sendOrder();
    const retry = orders()[1];
    expect(retry?.headers.Authorization).toBeUndefined();
    expect(retry?.body).not.toHaveProperty('partnerName');
    expect(retry?.body).toMatchObject({ price: 7800 });
  });
});

describe('a partner link the partner refuses', () => {
  it('says so in Spanish and orders at full price, with the usual code rules', async () => {
    answers['/api/external-benefits/beneficios-barrio'] = () => ({ status: 401, body: REFUSED });
    await openCheckout(PARTNER_LINK);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'No pudimos verificar tu beneficio. Puedes seguir con tu pedido sin él, o volver a ingresar desde la app de tu programa de beneficios.',
    );
    expect(total()).toMatch(/7\.800/);

    await applyCode();
    expect(button('Eliminar código')).toBeDefined();
    await click(radio('Transferencia'));
    expect(document.body.textContent).toContain(
      'Si cambias el medio de pago se borrará el código de descuento',
    );
  });

  it('tells a diner whose partner cannot be reached that the order goes on without it', async () => {
    answers['/api/external-benefits/beneficios-barrio'] = () => ({
      status: 503,
      body: { message: 'No disponible' },
    });
    await openCheckout(PARTNER_LINK);
    expect(text()).toContain('No pudimos consultar tu beneficio en este momento.');
    await click(radio('Transferencia'));
    await sendOrder();
    expect(orders()[0]?.body).toMatchObject({ price: 7800 });
    expect(orders()[0]?.headers.Authorization).toBeUndefined();
  });
});

describe('a diner without a partner link', () => {
  it('asks nobody for a benefit and sends no partner', async () => {
    await openCheckout('/menu/brasa-nunez/retiro');
    expect(sent.some((call) => call.path.startsWith('/api/external-benefits'))).toBe(false);
    expect(text()).not.toContain('Beneficio');
    await click(radio('Transferencia'));
    await sendOrder();
    expect(orders()[0]?.body).not.toHaveProperty('partnerName');
    expect(orders()[0]?.headers.Authorization).toBeUndefined();
  });
});
