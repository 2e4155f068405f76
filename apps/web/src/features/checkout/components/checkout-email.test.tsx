import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiBranchContact } from '../../../types/api';
import {
  checkoutHarnessSetUp,
  checkoutHarnessTearDown,
  contact,
  container,
  openCheckout,
  orders,
  sendOrder,
  text,
} from './checkout-test-harness';

// The checkout's email (ordering §5 "Email required if the branch demands it"; "Email under 100
// characters and well formed") against a fake API (checkout-test-harness.tsx): offered at every
// location, required only where the location demands it.

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

async function sendPayingCash() {
  await type(field('¿Con cuánto vas a pagar?'), '20000');
  await sendOrder();
}

beforeEach(() => checkoutHarnessSetUp());
afterEach(checkoutHarnessTearDown);

describe('the email at the checkout', () => {
  it('is offered where the location does not demand it, and the order goes without one', async () => {
    expect(contact.mandatoryEmail).toBe(false);
    await openCheckout('/menu/brasa-nunez/retiro');
    const email = field('Email (opcional)');
    expect(email?.type).toBe('email');
    expect(email?.required).toBe(false);
    await sendPayingCash();
    expect(orders()).toHaveLength(1);
    expect(orders()[0]?.body).not.toHaveProperty('customerEmail');
  });

  it('when typed where optional, it must be well formed, and then it goes with the order', async () => {
    await openCheckout('/menu/brasa-nunez/retiro');
    await type(field('Email (opcional)'), 'ana@');
    await sendPayingCash();
    expect(orders()).toHaveLength(0);
    expect(text()).toContain('Ingrese un email valido');
    await type(field('Email (opcional)'), ' ana@correo.example ');
    await sendOrder();
    expect(orders()).toHaveLength(1);
    expect(orders()[0]?.body).toMatchObject({ customerEmail: 'ana@correo.example' });
  });

  it('is required where the location demands it', async () => {
    await openCheckout('/menu/brasa-nunez/retiro', {
      contact: { ...contact, mandatoryEmail: true } as ApiBranchContact,
    });
    expect(field('Email (opcional)')).toBeUndefined();
    expect(field('Email')?.required).toBe(true);
    await sendPayingCash();
    expect(orders()).toHaveLength(0);
    expect(text()).toContain('Debe ingresar su email para poder realizar el pedido');
    await type(field('Email'), 'ana@correo.example');
    await sendOrder();
    expect(orders()[0]?.body).toMatchObject({ customerEmail: 'ana@correo.example' });
  });
});
