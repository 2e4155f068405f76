import type { RiderShiftVariant } from '@comanda/domain/rider-forms';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { storageScopeSet } from '../../../lib/storage-scope';
import { riderPhoneChecks } from '../lib/phone-checks';
import { riderSessionGet, riderSessionSet } from '../lib/session';
import type { RiderLocation } from '../types';
import { RiderRedirectPage } from './redirect-page';
import { RiderShiftPage } from './shift-page';

// The shift flow (follow-up §2.7, §4.6, §5, §8) against a fake API (fetch is
// the only thing replaced): where each answer leads, what is kept, what is said.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const LOCATION: RiderLocation = {
  branchContactId: 5,
  alias: 'brasa-nunez',
  name: 'Brasa Núñez',
  logoUrl: null,
  timeZone: 'America/Argentina/Buenos_Aires',
  country: { code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 },
  colorConfig: null,
  fontFamily: null,
};
const LUCAS = {
  id: 7,
  riderId: 7,
  name: 'Lucas Romero',
  phone: '+5491161110001',
  approved: true,
  riderUser: { branchContact: { id: 5 } },
};
const SESSION = { token: 'a'.repeat(43), expiresAt: '2026-11-21T16:00:00.000Z' };

type Handler = (request: { method: string; path: string; query: URLSearchParams; body: unknown }) => Response;
let handler: Handler;
let requests: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
let container: HTMLDivElement;
let root: Root;

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function ShiftRoute() {
  const { registerPageVariant } = useParams();
  const variant = registerPageVariant as RiderShiftVariant;
  return <RiderShiftPage key={variant} location={LOCATION} variant={variant} />;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

let opened = 0;

/** `redirect`: the redirect page answers its path (else the shift page's navigation stops there). */
async function open(path: string, redirect = false) {
  opened += 1;
  await act(async () => {
    root.render(
      <ToastProvider>
        <MemoryRouter key={opened} initialEntries={[path]}>
          <Routes>
            <Route path="/logistics/:alias/rider/:registerPageVariant" element={<ShiftRoute />} />
            <Route
              path="/logistics/:alias/rider/:riderId/shipments"
              element={redirect ? <RiderRedirectPage location={LOCATION} /> : null}
            />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </ToastProvider>,
    );
  });
}

const where = () => container.querySelector('[data-testid="where"]')?.textContent;
const text = () => container.textContent ?? '';
const field = (label: string) => {
  const found = [...container.querySelectorAll('label')].find((node) => node.textContent === label);
  return container.querySelector<HTMLInputElement>(`#${CSS.escape(found?.htmlFor ?? 'missing')}`);
};
const setNative = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

async function type(label: string, value: string) {
  const input = field(label);
  if (!input) throw new Error(`No field ${label}`);
  await act(async () => {
    setNative?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    container.querySelector('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  // The answer, then the navigation it causes.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const alerts = () => [...container.querySelectorAll('[role="alert"]')].map((node) => node.textContent);

// The page loads its phone checks on demand (lib/phone-checks.ts); loaded once here, a submit
// finds them as a rider who typed the phone first would.
beforeAll(async () => {
  await Promise.all([riderPhoneChecks(), import('../lib/format')]);
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  storageScopeSet('brasa');
  requests = [];
  handler = () => json(500, { message: 'unexpected' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit) => {
      const url = new URL(String(input));
      const request = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      };
      requests.push(request);
      return handler(request);
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

describe('phone step', () => {
  it("an invalid phone: 'El número de teléfono es invalido', and nothing is asked", async () => {
    await open('/logistics/brasa-nunez/rider/phoneIntake');
    expect(field('Ingresa con tu teléfono')?.placeholder).toBe('9 11 2345-6789');
    await type('Ingresa con tu teléfono', '123');
    await submit();
    expect(alerts()).toContain('El número de teléfono es invalido');
    expect(requests).toHaveLength(0);
  });

  it('found and off shift → logIn, greeted by name; the code starts the shift and leads to the shipments link', async () => {
    handler = ({ method, path }) =>
      method === 'GET' && path === '/api/rider/bc/phone'
        ? json(200, { ...LUCAS, active: false })
        : method === 'PUT' && path === '/api/rider/7/updatewithcode'
          ? json(200, { ...LUCAS, active: true, session: SESSION })
          : json(500, {});
    await open('/logistics/brasa-nunez/rider/phoneIntake');
    await type('Ingresa con tu teléfono', '9 11 6111-0001');
    await submit();
    // Sent formatted (E.164), for this location.
    expect(requests[0]?.query.get('phone')).toBe('+5491161110001');
    expect(requests[0]?.query.get('branchContactId')).toBe('5');
    expect(where()).toBe('/logistics/brasa-nunez/rider/logIn');
    expect(container.querySelector('h2')?.textContent).toBe('Hola Lucas Romero!');
    expect(container.querySelector('button[type="submit"]')?.textContent).toBe('Iniciar turno');

    await type('Código de seguridad', '2468');
    await submit();
    expect(requests[1]?.body).toEqual({
      active: true,
      securityCode: '2468',
      riderUser: { branchContact: { id: 5 } },
    });
    expect(where()).toBe('/logistics/brasa-nunez/rider/7/shipments');
    expect(riderSessionGet(5)).toMatchObject({ token: SESSION.token, riderId: 7, name: 'Lucas Romero' });
  });

  it('found and on shift → logOut; ending it shows the success variant and forgets the token', async () => {
    riderSessionSet(5, { ...SESSION, riderId: 7, name: LUCAS.name, phone: LUCAS.phone });
    handler = ({ method }) =>
      method === 'GET' ? json(200, { ...LUCAS, active: true }) : json(200, { ...LUCAS, active: false });
    await open('/logistics/brasa-nunez/rider/phoneIntake');
    await type('Ingresa con tu teléfono', '+54 9 11 6111-0001');
    await submit();
    expect(where()).toBe('/logistics/brasa-nunez/rider/logOut');
    expect(container.querySelector('button[type="submit"]')?.textContent).toBe('Finalizar turno');
    await type('Código de seguridad', '2468');
    await submit();
    expect(requests[1]?.body).toMatchObject({ active: false, securityCode: '2468' });
    expect(where()).toBe('/logistics/brasa-nunez/rider/success');
    expect(text()).toContain('Turno finalizado con éxito');
    expect(container.querySelector('button[type="submit"]')).toBeNull();
    expect(riderSessionGet(5)).toBeNull();
  });

  it("not found (404) → register; any other failure: 'Hubo un error, vuélvalo a intentar en unos minutos'", async () => {
    handler = () => json(500, { message: 'boom' });
    await open('/logistics/brasa-nunez/rider/phoneIntake');
    await type('Ingresa con tu teléfono', '9 11 6999-0001');
    await submit();
    expect(where()).toBe('/logistics/brasa-nunez/rider/phoneIntake');
    expect(alerts()).toContain('Hubo un error, vuélvalo a intentar en unos minutos');

    handler = () => json(404, { message: 'No existe' });
    await submit();
    expect(where()).toBe('/logistics/brasa-nunez/rider/register');
  });
});

describe('register', () => {
  async function openRegister() {
    handler = () => json(404, { message: 'No existe' });
    await open('/logistics/brasa-nunez/rider/phoneIntake');
    await type('Ingresa con tu teléfono', '9 11 6999-0001');
    await submit();
  }

  it('the phone is locked; the form says what is missing or wrong before asking the server', async () => {
    await openRegister();
    expect(field('Teléfono')?.readOnly).toBe(true);
    expect(field('Teléfono')?.value).toBe('+54 9 11 6999 0001');
    await type('Confirma tu teléfono', '9 11 6999-0002');
    await submit();
    expect(alerts()).toContain('Debe completar todos los campos para continuar');
    await type('Nombre y Apellido', 'Sofía Gómez');
    await type('Código de seguridad', '1234');
    await submit();
    expect(alerts()).toContain('Los números de teléfono no coinciden');
    expect(requests).toHaveLength(1);
  });

  it('registered: the shift starts with the token of the answer and leads to the shipments link', async () => {
    await openRegister();
    handler = () =>
      json(201, {
        ...LUCAS,
        id: 31,
        riderId: 31,
        name: 'Sofía Gómez',
        phone: '+5491169990001',
        approved: false,
        active: true,
        session: SESSION,
      });
    await type('Confirma tu teléfono', '9 11 6999-0001');
    await type('Nombre y Apellido', 'Sofía Gómez');
    await type('Código de seguridad', '1234');
    await submit();
    expect(requests[1]).toMatchObject({
      method: 'POST',
      path: '/api/rider/createwithcode',
      body: {
        name: 'Sofía Gómez',
        phone: '+5491169990001',
        securityCode: '1234',
        active: true,
        riderUser: { branchContact: { id: 5 } },
      },
    });
    expect(where()).toBe('/logistics/brasa-nunez/rider/31/shipments');
    expect(riderSessionGet(5)?.token).toBe(SESSION.token);
  });
});

describe('the code steps', () => {
  it("a wrong code (400): 'El código de seguridad es erróneo', and the page stays", async () => {
    handler = ({ method }) =>
      method === 'GET'
        ? json(200, { ...LUCAS, active: false })
        : json(400, { message: 'El código de seguridad es erróneo', fields: { securityCode: 'x' } });
    await open('/logistics/brasa-nunez/rider/phoneIntake');
    await type('Ingresa con tu teléfono', '9 11 6111-0001');
    await submit();
    await type('Código de seguridad', '9999');
    await submit();
    expect(alerts()).toContain('El código de seguridad es erróneo');
    expect(where()).toBe('/logistics/brasa-nunez/rider/logIn');
    expect(riderSessionGet(5)).toBeNull();
  });

  it('opened without a phone first (a bookmark of logIn): back to the phone step', async () => {
    await open('/logistics/brasa-nunez/rider/logIn');
    expect(where()).toBe('/logistics/brasa-nunez/rider/phoneIntake');
  });
});

describe('the invisible redirect page', () => {
  const withSession = () =>
    riderSessionSet(5, { ...SESSION, riderId: 7, name: LUCAS.name, phone: LUCAS.phone });

  it('goes to the shipment in progress, sending the token', async () => {
    withSession();
    handler = () => json(200, { kind: 'simple', shipment: { id: 11 } });
    await open('/logistics/brasa-nunez/rider/7/shipments', true);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(requests[0]?.path).toBe('/api/shipments/rider');
    const init = vi.mocked(fetch).mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${SESSION.token}`);
    expect(where()).toBe('/logistics/brasa-nunez/shipments/simple/11');
  });

  it('goes to the stack in progress, or to the list when nothing is', async () => {
    withSession();
    handler = () => json(200, { kind: 'stack', stack: { id: 4 } });
    await open('/logistics/brasa-nunez/rider/7/shipments', true);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(where()).toBe('/logistics/brasa-nunez/shipments/stack/4');

    handler = () => json(200, null);
    await open('/logistics/brasa-nunez/rider/7/shipments', true);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(where()).toBe('/logistics/brasa-nunez/shipments');
  });

  it("without a shift on this device: the phone step; a session the server refuses: 'Acceso denegado o link expirado'", async () => {
    await open('/logistics/brasa-nunez/rider/7/shipments', true);
    expect(where()).toBe('/logistics/brasa-nunez/rider/phoneIntake');

    withSession();
    handler = () => json(401, { message: 'Tu turno terminó' });
    await open('/logistics/brasa-nunez/rider/7/shipments', true);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(where()).toBe(`/404?${new URLSearchParams({ message: 'Acceso denegado o link expirado' })}`);
    expect(riderSessionGet(5)).toBeNull();
  });
});
