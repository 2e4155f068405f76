import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiBranchContact } from '../../../types/api';
import {
  answers,
  applyCode,
  button,
  checkoutHarnessSetUp,
  checkoutHarnessTearDown,
  click,
  contact,
  container,
  openCheckout,
  orders,
  radio,
  sendOrder,
  sent,
  text,
  total,
} from './checkout-test-harness';

// A send with problems never does nothing (issue 18, ADR 046): the first invalid field takes the
// focus and its message is announced; nothing is said about a field before a send. Against the
// fake API of checkout-test-harness.tsx.

const field = (label: string) =>
  [...container.querySelectorAll('label')].find((candidate) => candidate.textContent?.trim() === label)
    ?.control as HTMLInputElement | undefined;
const live = () => container.querySelector('[aria-live="polite"]')?.textContent ?? '';

async function type(input: HTMLInputElement | undefined, value: string) {
  if (!input) throw new Error('no input');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The announcement lands a moment after the focus (emptied first, so a repeat is read again). */
async function announced() {
  await act(async () => new Promise((resolve) => setTimeout(resolve, 80)));
  return live();
}

beforeEach(() => checkoutHarnessSetUp());
afterEach(checkoutHarnessTearDown);

describe('a send with problems', () => {
  // The first test of the file also loads the checkout's modules: past 5 s on a loaded machine.
  it('says nothing about a field before a send, then focuses the first invalid one and announces it', {
    timeout: 20_000,
  }, async () => {
    await openCheckout('/menu/brasa-nunez/retiro', {
      contact: { ...contact, forceCustomerName: true, forceCustomerPhone: true } as ApiBranchContact,
    });
    expect(container.querySelectorAll('.field-error')).toHaveLength(0);
    expect(container.querySelector('[aria-invalid="true"]')).toBeNull();

    await sendOrder();
    expect(orders()).toHaveLength(0);
    // The name comes first on the page, though the spec checks the phone first.
    expect(document.activeElement).toBe(field('Nombre'));
    expect(await announced()).toBe('Debe ingresar su nombre para poder realizar el pedido.');

    await type(field('Nombre'), 'Ana');
    await sendOrder();
    expect(document.activeElement).toBe(field('Teléfono'));
    expect(await announced()).toBe('Debe ingresar su número de teléfono para continuar.');
  });

  it('offers the cash tender as a one-tap exact amount, and the order goes with it', async () => {
    await openCheckout('/menu/brasa-nunez/retiro');
    const exact = [...container.querySelectorAll('button')].find((candidate) =>
      candidate.textContent?.startsWith('Monto exacto: '),
    );
    expect(exact?.textContent).toBe(`Monto exacto: ${total()}`);
    await click(exact);
    await sendOrder();
    expect(orders()).toHaveLength(1);
    const sent = orders()[0]?.body as { paysWith?: number; price?: number };
    expect(sent.paysWith).toBe(sent.price);
  });
});

describe("the code's 'Aplicar' never does nothing", () => {
  it('with nothing typed it says so, and a refusal sends the focus back to the code', async () => {
    await openCheckout('/menu/brasa-nunez/retiro');
    await click(button('Código de descuento'));
    const dialog = () => document.querySelector('[role="dialog"], dialog[open]') as HTMLElement;
    const inDialog = (name: string) =>
      [...dialog().querySelectorAll('button')].find((candidate) => candidate.textContent?.trim() === name);
    const code = dialog().querySelector('input') as HTMLInputElement;
    expect(inDialog('Aplicar')?.disabled).toBe(false);
    await click(inDialog('Aplicar'));
    expect(dialog().querySelector('[role="alert"]')?.textContent).toBe(
      'Escribe tu código de descuento para aplicarlo.',
    );
    expect(document.activeElement).toBe(code);

    answers['/api/codediscounts/validate'] = () => ({
      status: 404,
      body: { message: 'Código inexistente', fields: {} },
    });
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(code, 'NOEXISTE');
      code.dispatchEvent(new Event('input', { bubbles: true }));
    });
    (inDialog('Aplicar') as HTMLElement).focus();
    await click(inDialog('Aplicar'));
    expect(dialog().querySelector('[role="alert"]')?.textContent).not.toBe('');
    expect(document.activeElement).toBe(code);
  });
});

describe("'Programado' with a discount code", () => {
  const validations = () => sent.filter((call) => call.path === '/api/codediscounts/validate');

  it('asks for the code again at the new time and keeps it when the venue still accepts it', async () => {
    await openCheckout('/menu/brasa-nunez/retiro');
    await click(radio('Transferencia'));
    await applyCode();
    expect(text()).toContain('Código de descuento: PROVOLETA');
    expect(validations()).toHaveLength(1);

    await click(radio('Programado'));
    expect(radio('Programado')?.checked).toBe(true);
    expect(validations()).toHaveLength(2);
    const body = validations()[1]?.body as { code?: string; orderDate?: string };
    expect(body.code).toBe('PROVOLETA');
    expect(Date.parse(body.orderDate ?? '')).toBeGreaterThan(Date.now());
    expect(text()).toContain('Código de descuento: PROVOLETA');
    await sendOrder();
    expect(orders()[0]?.body).toMatchObject({ codeDiscount: 'PROVOLETA', scheduled: true });
  });

  it('says why the code no longer applies when the venue refuses it at the new time', async () => {
    await openCheckout('/menu/brasa-nunez/retiro');
    await click(radio('Transferencia'));
    await applyCode();
    answers['/api/codediscounts/validate'] = () => ({
      status: 400,
      body: {
        message: 'Monto mínimo en productos: $ 20.000',
        fields: { code: 'Monto mínimo en productos: $ 20.000' },
      },
    });
    await click(radio('Programado'));
    expect(text()).not.toContain('Código de descuento: PROVOLETA');
    expect(container.querySelector('.checkout-code [role="status"]')?.textContent).toBe(
      'El código PROVOLETA no aplica al horario elegido: Monto mínimo en productos: $ 20.000',
    );
    await sendOrder();
    expect(orders()[0]?.body).not.toHaveProperty('codeDiscount');
  });
});
