import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { storageScopeSet } from '../../../lib/storage-scope';
import {
  customerSessionForget,
  customerSessionNameSet,
  customerSessionStart,
} from '../../../stores/customer-session-store';
import { type FakeRequest, fetchFake, jsonResponse, settle, testRootMount } from '../../../testing/fake-api';
import { RewardSignupModal } from './reward-signup-modal';

// The loyalty reward sign-up (ordering §2, §5 "Loyalty reward sign-up", §8; ADR 029) against a fake
// API: fetch is the only thing replaced. What is shown, what is refused, what is sent, what is said.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Request = FakeRequest;
let handler: (request: Request) => Response;
let requests: Request[] = [];
let container: HTMLDivElement;
let root: Root;

const TOKEN = 'T'.repeat(43);
const ARGENTINA = { code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 };
const PLACE = { branchId: 3, branchContactId: 7, countryCode: 'AR', country: ARGENTINA };
const BIENVENIDA = { id: 12, active: true, reward: 1500, branchId: 3, branchContactId: 7 };
const BRASITAS = { active: true, name: 'Brasitas', branchContactIds: [7], welcomeText: null };
const json = jsonResponse;

/** The reward and the programme as the API answers them, and what the sign-up answers. */
function api(signUp: (request: Request) => Response, reward: object = BIENVENIDA) {
  return (request: Request) => {
    if (request.path === '/api/loyalty-reward/12') return json(200, reward);
    if (request.path === '/api/branch/3/loyalty-program') return json(200, BRASITAS);
    if (request.method === 'POST') return signUp(request);
    return json(500, { message: 'unexpected' });
  };
}
const credited = (request: Request) =>
  json(201, { loyaltyRewardId: 12, phone: (request.body as { phone: string }).phone, reward: 1500 });

async function render(rewardId: number | null = 12) {
  const onClose = vi.fn();
  await act(async () => {
    root.render(
      <ToastProvider>
        <RewardSignupModal rewardId={rewardId} place={PLACE} onClose={onClose} />
      </ToastProvider>,
    );
  });
  await settle();
  return { onClose };
}

const dialog = () => document.querySelector('dialog') as HTMLDialogElement;
const text = () => dialog().textContent ?? '';
const input = (label: string) => {
  const found = [...dialog().querySelectorAll('label')].find((node) => node.textContent === label);
  return dialog().querySelector<HTMLInputElement>(`#${CSS.escape(found?.htmlFor ?? 'missing')}`);
};
const errorOf = (label: string) => {
  const described = input(label)?.getAttribute('aria-describedby');
  return described ? (document.getElementById(described)?.textContent ?? null) : null;
};
const button = (name: string) =>
  [...dialog().querySelectorAll('button')].find((node) => node.textContent === name) ?? null;
const posts = () => requests.filter((request) => request.method === 'POST');
const setNative = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

async function type(label: string, value: string) {
  const field = input(label);
  if (!field) throw new Error(`No field ${label}`);
  await act(async () => {
    setNative?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function fill(form: { name: string; phone: string; email: string }) {
  await type('Nombre', form.name);
  await type('Teléfono', form.phone);
  await type('Email', form.email);
}

async function submit() {
  await act(async () => {
    dialog()
      .querySelector('form')
      ?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await settle();
}

const LUCIA = { name: 'Lucía Pérez', phone: '9 11 6000-1234', email: 'lucia@example.com' };

/**
 * The diner's entry link at brasa: the store keeps each company's entry query in its session and reads
 * it back when that company is opened again (stores/entry-params-store.ts).
 */
function arriveWith(search: string) {
  storageScopeSet('otra');
  sessionStorage.setItem('comanda.entry@brasa', search);
  storageScopeSet('brasa');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  arriveWith('');
  customerSessionForget();
  handler = api(credited);
  requests = fetchFake((request) => handler(request));
  ({ container, root } = testRootMount());
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe('what the diner gets', () => {
  it("names the reward with the programme's points, grouped like the venue's numbers: '1.500 Brasitas'", async () => {
    await render();
    expect(dialog().getAttribute('aria-labelledby')).toBeTruthy();
    expect(text()).toContain('Recibe tu premio');
    expect(dialog().querySelector('.account-reward')?.textContent).toBe('Te regalamos1.500 Brasitas');
    expect(input('Nombre')?.value).toBe('');
    expect(dialog().querySelector<HTMLSelectElement>('select[aria-label="País del teléfono"]')?.value).toBe(
      'ar',
    );
  });

  it("an unknown or inactive reward shows the API's 404 instead of a form", async () => {
    handler = () => json(404, { error: 'Not Found', message: 'No existe el premio 12' });
    await render();
    expect(dialog().querySelector('[role="alert"]')?.textContent).toBe('No existe el premio 12');
    expect(dialog().querySelector('form')).toBeNull();
    expect(button('Ver el menú')).not.toBeNull();
  });

  it('a reward of another location of the branch says it is not offered here', async () => {
    handler = api(credited, { ...BIENVENIDA, branchContactId: 8 });
    await render();
    expect(text()).toContain('Este premio no se ofrece en este local.');
    expect(dialog().querySelector('form')).toBeNull();
  });

  it('a link whose value is not an id asks nothing of the API', async () => {
    await render(null);
    expect(text()).toContain('Este enlace de premio no es válido.');
    expect(requests).toEqual([]);
  });

  it('an unreachable API says so, and the diner can try again', async () => {
    let down = true;
    handler = (request) => (down ? json(503, { message: 'down' }) : api(credited)(request));
    await render();
    expect(text()).toContain('No pudimos cargar el premio. Inténtalo de nuevo en unos minutos.');
    down = false;
    await act(async () => button('Reintentar')?.click());
    await settle();
    expect(text()).toContain('1.500 Brasitas');
  });
});

describe('the form', () => {
  it("refuses each field with the spec's text, sends nothing, and focuses the first refused field", async () => {
    await render();
    await submit();
    expect(errorOf('Nombre')).toBe('Debe completar todos los campos para continuar');
    expect(errorOf('Teléfono')).toBe('El número de teléfono es invalido');
    expect(errorOf('Email')).toBe('Debe completar todos los campos para continuar');
    expect(input('Nombre')?.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('Nombre'));
    expect(posts()).toEqual([]);

    // A malformed email and a phone too short for Argentina: each keeps its message.
    await fill({ name: 'Lucía', phone: '11 1234', email: 'lucia@' });
    await submit();
    expect(errorOf('Nombre')).toBeNull();
    expect(errorOf('Teléfono')).toBe('El número de teléfono es invalido');
    expect(errorOf('Email')).toBe('Debe completar todos los campos para continuar');
    expect(document.activeElement).toBe(input('Teléfono'));
    expect(posts()).toEqual([]);

    // Editing a field takes its message away.
    await type('Email', 'lucia@example.com');
    expect(errorOf('Email')).toBeNull();
    expect(errorOf('Teléfono')).toBe('El número de teléfono es invalido');
  });

  it("sends the spec's fields, the phone in E.164 and no session, then says what was credited", async () => {
    await render();
    await fill(LUCIA);
    await submit();
    expect(posts()).toEqual([
      {
        method: 'POST',
        path: '/api/diner/customer/%2B5491160001234/loyalty-reward/12',
        query: new URLSearchParams(),
        body: {
          name: 'Lucía Pérez',
          phone: '+5491160001234',
          email: 'lucia@example.com',
          branchId: 3,
          branchContactId: 7,
          loyaltyRewardId: 12,
          acquisitionChannel: 'DIRECT',
        },
        headers: expect.not.objectContaining({ 'X-Customer-Session': expect.anything() }),
      },
    ]);
    expect(dialog().querySelector('[role="status"]')?.textContent).toContain(
      '¡Listo! Sumaste 1.500 Brasitas.',
    );
    expect(text()).toContain(
      'Inicia sesión con este teléfono para verlos y canjearlos al pagar tus pedidos.',
    );
    expect(dialog().querySelector('form')).toBeNull();
    expect(document.activeElement).toBe(dialog().querySelector('.account-reward-done'));
  });

  it("a phone of another country is read in that country; the entry link's source is the channel", async () => {
    arriveWith('?source=qr-salon');
    await render();
    await act(async () => {
      const select = dialog().querySelector<HTMLSelectElement>('select[aria-label="País del teléfono"]');
      if (!select) throw new Error('No country');
      select.value = 'uy';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await fill({ ...LUCIA, phone: '94 123 456' });
    await submit();
    expect(posts()[0]?.body).toMatchObject({ phone: '+59894123456', acquisitionChannel: 'qr-salon' });
  });

  it("a phone that got this reward before: 'Ya ha canjeado este premio'; the form stays", async () => {
    handler = api(() =>
      json(409, {
        error: 'Conflict',
        message: 'Ya ha canjeado este premio',
        detail: 'loyalty reward already exists for this customer',
      }),
    );
    await render();
    await fill(LUCIA);
    await submit();
    expect(dialog().querySelector('.notice[role="alert"]')?.textContent).toBe('Ya ha canjeado este premio');
    expect(input('Teléfono')?.value).toBe(LUCIA.phone);
    expect(text()).not.toContain('¡Listo!');
  });

  it("any other failure: 'Hubo un error validando sus datos, inténtelo en unos momentos'", async () => {
    for (const failure of [
      () => json(500, { error: 'Internal Server Error', message: 'boom' }),
      () => json(429, { message: 'Demasiados intentos' }),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ]) {
      handler = api(failure);
      await render();
      await fill(LUCIA);
      await submit();
      expect(dialog().querySelector('.notice[role="alert"]')?.textContent).toBe(
        'Hubo un error validando sus datos, inténtelo en unos momentos',
      );
      await act(async () => root.render(null));
    }
  });

  it("the server's per-field refusal shows on its field", async () => {
    handler = api(() =>
      json(400, {
        message: 'El número de teléfono es invalido',
        fields: { phone: 'El número de teléfono es invalido' },
      }),
    );
    await render();
    await fill(LUCIA);
    await submit();
    expect(errorOf('Teléfono')).toBe('El número de teléfono es invalido');
    expect(document.activeElement).toBe(input('Teléfono'));
    expect(dialog().querySelector('.notice')).toBeNull();
  });
});

describe('a signed-in diner', () => {
  beforeEach(() => {
    customerSessionStart({
      token: TOKEN,
      phone: '+5491155552020',
      phoneDisplay: '+54 9 11 5555 2020',
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    customerSessionNameSet('Sofía Benítez');
  });

  it('finds their name and phone filled in, and signs up their own phone with their session', async () => {
    await render();
    expect(input('Nombre')?.value).toBe('Sofía Benítez');
    expect(input('Teléfono')?.value).toBe('+54 9 11 5555 2020');
    expect(input('Email')?.value).toBe('');
    await type('Email', 'sofia@example.com');
    await submit();
    expect(posts()[0]?.body).toMatchObject({ name: 'Sofía Benítez', phone: '+5491155552020' });
    expect(posts()[0]?.headers['X-Customer-Session']).toBe(TOKEN);
    expect(text()).toContain("¡Listo! Sumaste 1.500 Brasitas.Los ves en 'Mis Brasitas'");
  });

  it('signing up another phone sends no session', async () => {
    await render();
    await fill(LUCIA);
    await submit();
    expect(posts()[0]?.body).toMatchObject({ phone: '+5491160001234' });
    expect(posts()[0]?.headers['X-Customer-Session']).toBeUndefined();
    expect(text()).toContain('Inicia sesión con este teléfono');
  });
});
