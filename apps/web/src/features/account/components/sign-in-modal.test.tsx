import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { storageScopeSet } from '../../../lib/storage-scope';
import { customerSessionForget, customerSessionGet } from '../../../stores/customer-session-store';
import { type FakeRequest, fetchFake, jsonResponse, testRootMount } from '../../../testing/fake-api';
import { SignInModal } from './sign-in-modal';

// The 'Iniciar sesión' modal (ordering §2, §5 "Phone", §8; ADR 018) against a fake API: fetch is
// the only thing replaced. What is sent, what is said, what is kept.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Request = FakeRequest;
let handler: (request: Request) => Response;
let requests: Request[] = [];
let container: HTMLDivElement;
let root: Root;

const TOKEN = 'T'.repeat(43);
const json = jsonResponse;
const codeSent = (code?: string) =>
  json(200, { phone: '+5491155552020', expiresAt: '2026-11-20T21:10:00.000Z', ...(code ? { code } : {}) });

async function render(countryCode = 'AR') {
  const onSignedIn = vi.fn();
  const onClose = vi.fn();
  await act(async () => {
    root.render(
      <ToastProvider>
        <SignInModal place={{ branchContactId: 7, countryCode }} onClose={onClose} onSignedIn={onSignedIn} />
      </ToastProvider>,
    );
  });
  return { onSignedIn, onClose };
}

const dialog = () => document.querySelector('dialog') as HTMLDialogElement;
const text = () => document.body.textContent ?? '';
const alerts = () => [...document.querySelectorAll('[role="alert"]')].map((node) => node.textContent);
const toasts = () => [...document.querySelectorAll('.toast')].map((node) => node.textContent);
const input = (label: string) => {
  const found = [...dialog().querySelectorAll('label')].find((node) => node.textContent === label);
  return dialog().querySelector<HTMLInputElement>(`#${CSS.escape(found?.htmlFor ?? 'missing')}`);
};
const select = () => dialog().querySelector<HTMLSelectElement>('select[aria-label="País del teléfono"]');
const button = (name: string) =>
  [...dialog().querySelectorAll('button')].find((node) => node.textContent === name) ?? null;
const setNative = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

async function type(label: string, value: string) {
  const field = input(label);
  if (!field) throw new Error(`No field ${label}`);
  await act(async () => {
    setNative?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    dialog()
      .querySelector('form')
      ?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function toCodeStep(code?: string) {
  handler = ({ path }) => (path === '/api/orderingcustomer/code' ? codeSent(code) : json(500, {}));
  await render();
  await type('Teléfono', '9 11 5555-2020');
  await submit();
}

beforeEach(() => {
  localStorage.clear();
  storageScopeSet('brasa');
  // The store keeps the session in memory too: each test starts signed out.
  customerSessionForget();
  handler = () => json(500, { message: 'unexpected' });
  requests = fetchFake((request) => handler(request));
  ({ container, root } = testRootMount());
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe('the phone step', () => {
  it("offers the spec's twelve countries, the venue's own first chosen; 'ar' when the venue's is not one of them", async () => {
    await render('UY');
    expect([...(select()?.options ?? [])].map((option) => option.value)).toEqual([
      'ar',
      'uy',
      'cl',
      'co',
      'pe',
      'br',
      've',
      'py',
      'mx',
      'ec',
      'bo',
      'us',
    ]);
    expect(select()?.value).toBe('uy');
    expect(select()?.selectedOptions[0]?.textContent).toBe('+598 Uruguay');
    await act(async () => root.render(null));
    await render('FR');
    expect(select()?.value).toBe('ar');
  });

  it("an invalid phone: 'Debe ingresar un número válido', nothing is sent; it goes once the phone is valid", async () => {
    await render();
    await type('Teléfono', '123');
    await submit();
    expect(alerts()).toEqual(['Debe ingresar un número válido']);
    expect(input('Teléfono')?.getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
    // The message follows the typing, 500 ms after the last key (ordering §9).
    await type('Teléfono', '9 11 5555-2020');
    expect(alerts()).toEqual(['Debe ingresar un número válido']);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 600));
    });
    expect(alerts()).toEqual([]);
  });

  it('a number of another country of the list is read in that country', async () => {
    handler = () => json(200, { phone: '+59899123456', expiresAt: '2026-11-20T21:10:00.000Z' });
    await render();
    await act(async () => {
      const field = select();
      if (!field) throw new Error('no select');
      field.value = 'uy';
      field.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await type('Teléfono', '099 123 456');
    await submit();
    expect(requests[0]?.body).toEqual({ phone: '+59899123456', branchContactId: 7 });
    expect(text()).toContain('Te enviamos un código por WhatsApp al +598 99 123 456.');
  });

  it('a valid phone asks for the code in E.164 for this location; the demo code shows only when the API sent it', async () => {
    await toCodeStep();
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/orderingcustomer/code',
        body: { phone: '+5491155552020', branchContactId: 7 },
      }),
    ]);
    expect(text()).toContain('Te enviamos un código por WhatsApp al +54 9 11 5555 2020.');
    expect(text()).not.toContain('Código de prueba');
    expect(input('Código')?.getAttribute('autocomplete')).toBe('one-time-code');

    await act(async () => root.render(null));
    await toCodeStep('482913');
    expect(dialog().querySelector('.account-demo-code')?.textContent).toBe('Código de prueba: 482913');
  });

  it('too many codes (429): the API says when to try again, and the button waits until then', async () => {
    handler = () =>
      json(429, {
        error: 'Too Many Requests',
        message: 'Pediste demasiados códigos; vuelve a intentar en 15 minutos',
        retryAfterSeconds: 900,
      });
    await render();
    await type('Teléfono', '9 11 5555-2020');
    await submit();
    expect(alerts()).toEqual(['Pediste demasiados códigos; vuelve a intentar en 15 minutos']);
    expect(button('Recibir código')?.disabled).toBe(true);
    await submit();
    expect(requests).toHaveLength(1);
  });

  it("the server unreachable: the toast 'Error iniciando sesión', and the diner can try again", async () => {
    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    await render();
    await type('Teléfono', '9 11 5555-2020');
    await submit();
    expect(toasts()).toEqual(['Error iniciando sesión']);
    expect(button('Recibir código')?.disabled).toBe(false);
  });
});

describe('the code step', () => {
  it('fewer than six digits: asked for all of them, nothing is sent', async () => {
    await toCodeStep('482913');
    await type('Código', '48a29');
    expect(input('Código')?.value).toBe('4829');
    await submit();
    expect(alerts()).toEqual(['Escribe los 6 números del código que te enviamos.']);
    expect(requests).toHaveLength(1);
  });

  it.each([
    'El código no es correcto',
    'Demasiados intentos con este código; pide uno nuevo',
    'El código venció o ya se usó; pide uno nuevo',
  ])("a refused code: the API's words, '%s'", async (message) => {
    await toCodeStep('482913');
    handler = () => json(400, { error: 'Bad Request', message, fields: { code: message } });
    await type('Código', '111111');
    await submit();
    expect(alerts()).toEqual([message]);
    expect(input('Código')?.getAttribute('aria-invalid')).toBe('true');
    expect(customerSessionGet()).toBeNull();
  });

  it("the right code: 'Inicio de sesión con éxito', the token kept for this company (never the phone alone)", async () => {
    handler = ({ path }) =>
      path === '/api/orderingcustomer/code'
        ? codeSent('482913')
        : json(200, { token: TOKEN, expiresAt: '2026-12-20T21:00:00.000Z', phone: '+5491155552020' });
    const { onSignedIn } = await render();
    await type('Teléfono', '9 11 5555-2020');
    await submit();
    await type('Código', '482913');
    await submit();
    expect(requests[1]).toMatchObject({
      method: 'POST',
      path: '/api/orderingcustomer/session',
      body: { phone: '+5491155552020', branchContactId: 7, code: '482913' },
    });
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    expect(toasts()).toEqual(['Inicio de sesión con éxito']);
    expect(JSON.parse(localStorage.getItem('comanda.customerSession@brasa') ?? '{}')).toEqual({
      token: TOKEN,
      phone: '+5491155552020',
      phoneDisplay: '+54 9 11 5555 2020',
      expiresAt: '2026-12-20T21:00:00.000Z',
      name: null,
    });
    // Another company on the same origin does not see it.
    storageScopeSet('fuego');
    expect(customerSessionGet()).toBeNull();
  });

  it("'Cambiar número' goes back to the phone; 'Enviar otro código' asks again for the same one", async () => {
    await toCodeStep('482913');
    await act(async () => button('Enviar otro código')?.click());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(requests.map((request) => request.body)).toEqual([
      { phone: '+5491155552020', branchContactId: 7 },
      { phone: '+5491155552020', branchContactId: 7 },
    ]);
    await act(async () => button('Cambiar número')?.click());
    expect(input('Teléfono')?.value).toBe('9 11 5555-2020');
  });
});
