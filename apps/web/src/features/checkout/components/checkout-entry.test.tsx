import { tableNumberMessages } from '@comanda/domain/table-number';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiBranchContact } from '../../../types/api';
import {
  answers,
  button,
  checkoutHarnessSetUp,
  checkoutHarnessTearDown,
  contact,
  container,
  openCheckout,
  orders,
  sendOrder,
  sent,
  text,
  total,
} from './checkout-test-harness';

// The entry link's parameters at the checkout (ordering §2 "Query parameters read on entry"; ADR 032)
// against a fake API (checkout-test-harness.tsx): a table QR code's table filled and locked, a code
// applied by itself, the name and phone filled, the campaign sent with the order.

const takeAway = contact.deliveryConfig
  .orderModes[0] as ApiBranchContact['deliveryConfig']['orderModes'][number];
/** The demo location with its dining room: 'En el salón' (DINE_IN, id 12) beside 'Retiro' (TAKE_AWAY, id 9). */
const withDiningRoom = {
  ...contact,
  deliveryConfig: {
    ...contact.deliveryConfig,
    orderModes: [takeAway, { ...takeAway, id: 12, type: 'DINE_IN', showName: 'En el salón' }],
  },
} as ApiBranchContact;

const field = (label: string) =>
  [...container.querySelectorAll('label')].find((candidate) => candidate.textContent?.trim() === label)
    ?.control as HTMLInputElement | undefined;

async function type(input: HTMLInputElement | undefined, value: string) {
  if (!input) throw new Error('no input');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Waits for the link's code: it is asked for once the data has stayed valid a moment. */
async function codeSettles() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 700));
  });
  for (let round = 0; round < 8; round++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** Sends the order paying cash, with a tender (the payment type chosen first). */
async function sendPayingCash() {
  await type(field('¿Con cuánto vas a pagar?'), '20000');
  await sendOrder();
}

const codeCalls = () => sent.filter((call) => call.path === '/api/codediscounts/validate');

beforeEach(() =>
  checkoutHarnessSetUp({
    '/api/ordermodes/12/fees': () => ({ status: 200, body: { userFee: 0, percentageUserFee: 0 } }),
    '/api/ordermodes/12/generaldiscounts': () => ({ status: 200, body: { discounts: [] } }),
    '/api/ordermodes/12/generalsurcharges': () => ({ status: 200, body: { surcharges: [] } }),
  }),
);
afterEach(checkoutHarnessTearDown);

describe('a table QR code (tableNumber)', () => {
  it('fills the table in dine-in, locked, and the order carries it', async () => {
    await openCheckout('/menu/brasa-nunez/en-el-salon?tableNumber=7', {
      contact: withDiningRoom,
      modeId: 12,
    });
    const table = field('Número de mesa');
    expect(table?.value).toBe('7');
    expect(table?.readOnly).toBe(true);
    expect(text()).toContain(tableNumberMessages.locked);
    await type(table, '9');
    expect(field('Número de mesa')?.value).toBe('7');
    await sendPayingCash();
    expect(orders()).toHaveLength(1);
    expect(orders()[0]?.body).toMatchObject({ type: 'DINE_IN', tableUid: '7' });
  });

  it('says the table is left out in another mode of a location with a dining room', async () => {
    await openCheckout('/menu/brasa-nunez/retiro?tableNumber=7', { contact: withDiningRoom, modeId: 9 });
    expect(field('Número de mesa')).toBeUndefined();
    expect(text()).toContain('La mesa 7 de tu enlace solo se usa en En el salón: este pedido no la lleva.');
    await sendPayingCash();
    expect(orders()[0]?.body).not.toHaveProperty('tableUid');
  });

  it('says the location takes no table orders when it has no dine-in mode', async () => {
    await openCheckout('/menu/brasa-nunez/retiro?tableNumber=7');
    expect(text()).toContain(tableNumberMessages.noDineIn('7'));
  });

  it('leaves a table the order could not carry for the diner to type', async () => {
    await openCheckout(`/menu/brasa-nunez/en-el-salon?tableNumber=${'9'.repeat(41)}`, {
      contact: withDiningRoom,
      modeId: 12,
    });
    const table = field('Número de mesa');
    expect(table?.value).toBe('');
    expect(table?.readOnly).toBe(false);
    await sendPayingCash();
    expect(orders()).toHaveLength(0);
    expect(text()).toContain('Debe ingresar número de mesa para poder realizar el pedido.');
    await type(table, '4');
    await sendPayingCash();
    expect(orders()[0]?.body).toMatchObject({ tableUid: '4' });
  });
});

describe('a discount code (code)', () => {
  it('is applied by itself, validated by the API as if typed, and sent with the order', async () => {
    await openCheckout('/menu/brasa-nunez/retiro?code=PROVOLETA');
    await codeSettles();
    expect(codeCalls()).toHaveLength(1);
    expect(codeCalls()[0]?.body).toMatchObject({ code: 'PROVOLETA' });
    expect(text()).toContain('Código de descuento: PROVOLETA');
    // $ 7.800 − $ 500.
    expect(total()).toMatch(/7\.300/);
    await sendPayingCash();
    expect(orders()[0]?.body).toMatchObject({ price: 7300 });
  });

  it('shows the usual refusal and leaves the code in the modal for another try', async () => {
    answers['/api/codediscounts/validate'] = () => ({
      status: 404,
      body: { message: 'No se encontró ningún descuento con el código ingresado.' },
    });
    await openCheckout('/menu/brasa-nunez/retiro?code=NOEXISTE');
    await codeSettles();
    expect(codeCalls()).toHaveLength(1);
    expect(document.body.textContent).toContain('No se encontró ningún descuento con el código ingresado.');
    expect(text()).not.toContain('Código de descuento: NOEXISTE');
    await act(async () => button('Código de descuento')?.click());
    expect((document.querySelector('[role="dialog"] input, dialog input') as HTMLInputElement).value).toBe(
      'NOEXISTE',
    );
  });

  it("waits for the diner's data when the venue asks for it, then applies", async () => {
    await openCheckout('/menu/brasa-nunez/retiro?code=PROVOLETA', {
      contact: { ...contact, forceCustomerName: true } as ApiBranchContact,
    });
    await codeSettles();
    expect(codeCalls()).toHaveLength(0);
    expect(text()).toContain('Tu código PROVOLETA se aplicará cuando completes tus datos.');
    await type(field('Nombre'), 'Ana');
    await codeSettles();
    expect(codeCalls()).toHaveLength(1);
    expect(text()).toContain('Código de descuento: PROVOLETA');
    expect(text()).not.toContain('se aplicará cuando completes tus datos');
  });
});

describe('the name, the phone and the campaign', () => {
  it('fills name and phone from the link (customerName before name) and sends the campaign', async () => {
    await openCheckout(
      '/menu/brasa-nunez/retiro?name=Ana&customerName=Ana%20Paz&phone=1155552020&campaignId=otono-2026',
    );
    expect(field('Nombre')?.value).toBe('Ana Paz');
    expect(field('Teléfono')?.value).toBe('1155552020');
    await sendPayingCash();
    expect(orders()[0]?.body).toMatchObject({
      customerName: 'Ana Paz',
      phone: '+541155552020',
      campaignId: 'otono-2026',
    });
  });

  it("gives way to the signed-in customer's data, but never to what the diner typed", async () => {
    await openCheckout('/menu/brasa-nunez/retiro?name=Ana&phone=1155552020');
    await type(field('Teléfono'), '1144443030');
    const { customerSessionStart, customerSessionNameSet } = await import(
      '../../../stores/customer-session-store'
    );
    await act(async () => {
      customerSessionStart({
        token: 'session-1',
        phone: '+5491166667070',
        phoneDisplay: '+54 9 11 6666 7070',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      customerSessionNameSet('Beatriz Sol');
    });
    expect(field('Nombre')?.value).toBe('Beatriz Sol');
    expect(field('Teléfono')?.value).toBe('1144443030');
  });
});
