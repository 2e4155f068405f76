import type { MoneyCountry } from '@comanda/domain/money';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastOutlet, ToastProvider } from '../../../components/ui/toast';
import { AbandonedCartsPanel } from './abandoned-carts-panel';

// The console's abandoned-cart section (ADR 028) against a fake API: fetch is the only thing replaced.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const AR: MoneyCountry = { code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 };
const period = (abandoned: number, messagesSent: number, recovered: number, recoveredAmount: number) => ({
  from: '2026-11-20T03:00:00.000Z',
  to: '2026-11-20T21:00:00.000Z',
  abandoned,
  messagesSent,
  recovered,
  recoveredAmount,
});
const FIGURES = {
  locations: [
    {
      branchContactId: 7,
      name: 'Brasa Núñez',
      delayMinutes: 30,
      today: period(3, 2, 1, 8500),
      last30Days: period(41, 30, 9, 96400),
    },
  ],
};

type Seen = { method: string; path: string; body: unknown; auth: string | null };
let seen: Seen[] = [];
let onDelay: (body: { delayMinutes: number }) => Response;
let container: HTMLDivElement;
let root: Root;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function settle() {
  for (let round = 0; round < 3; round++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

async function render(owner: boolean, onFailure = vi.fn()) {
  await act(async () => {
    root.render(
      <ToastProvider>
        <AbandonedCartsPanel
          token="staff-token"
          branchContactId={7}
          owner={owner}
          country={AR}
          onFailure={onFailure}
        />
        <ToastOutlet />
      </ToastProvider>,
    );
  });
  await settle();
  return onFailure;
}

const rows = () =>
  [...container.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );
const input = () => container.querySelector<HTMLInputElement>('input[name="delayMinutes"]');
const submit = () =>
  [...container.querySelectorAll('button')].find((node) => node.textContent === 'Guardar espera') ?? null;

async function typeDelay(value: string) {
  const field = input();
  if (!field) throw new Error('no delay field');
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => submit()?.click());
  await settle();
}

beforeEach(() => {
  seen = [];
  onDelay = (body) => json(200, { branchContactId: 7, delayMinutes: body.delayMinutes });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const headers = new Headers(init?.headers);
      seen.push({
        method: init?.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        body,
        auth: headers.get('authorization'),
      });
      if (url.pathname === '/api/console/abandoned-carts') return json(200, FIGURES);
      if (url.pathname === '/api/console/abandoned-carts/7/delay') return onDelay(body);
      return json(404, { message: 'unexpected' });
    }),
  );
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe('the console’s abandoned carts', () => {
  it('shows the location’s figures for today and the last 30 days, the amount in the venue’s money', async () => {
    await render(true);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/api/console/abandoned-carts?branchContactId=7',
      auth: 'Bearer staff-token',
    });
    expect(rows()).toEqual([
      ['Carritos abandonados', '3', '41'],
      ['Mensajes enviados', '2', '30'],
      ['Carritos recuperados', '1', '9'],
      ['Monto recuperado', expect.stringMatching(/^\$\s?8\.500$/), expect.stringMatching(/^\$\s?96\.400$/)],
    ]);
    expect(input()?.value).toBe('30');
  });

  it('an owner saves the delay; the API’s per-field message shows under the field', async () => {
    await render(true);
    await typeDelay('15');
    expect(seen.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/api/console/abandoned-carts/7/delay',
      body: { delayMinutes: 15 },
    });
    expect(document.body.textContent).toContain('Espera guardada.');

    onDelay = () =>
      json(400, {
        message: 'delayMinutes: Indique entre 5 y 1440 minutos',
        fields: { delayMinutes: 'Indique entre 5 y 1440 minutos' },
      });
    await typeDelay('4');
    expect(container.querySelector('#delayMinutes-error')?.textContent).toBe(
      'Indique entre 5 y 1440 minutos',
    );
    expect(input()?.getAttribute('aria-invalid')).toBe('true');
  });

  it('a delay that is not a whole number is refused before anything is sent', async () => {
    await render(true);
    const before = seen.length;
    await typeDelay('');
    expect(container.querySelector('#delayMinutes-error')?.textContent).toBe(
      'Indique los minutos con un número entero',
    );
    expect(seen.length).toBe(before);
  });

  it('staff who are not owners see the figures and the delay, not the setting', async () => {
    await render(false);
    expect(rows()).toHaveLength(4);
    expect(input()).toBeNull();
    expect(container.textContent).toContain(
      'Espera antes del mensaje: 30 minutos. Solo el dueño puede cambiarla.',
    );
  });

  it('an ended session goes to the console’s sign-out', async () => {
    onDelay = () => json(401, { message: 'Sesión vencida' });
    const onFailure = await render(true);
    await typeDelay('20');
    expect(onFailure).toHaveBeenCalled();
  });
});
