import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { storageScopeSet } from '../../../lib/storage-scope';
import {
  customerSessionForget,
  customerSessionGet,
  customerSessionStart,
} from '../../../stores/customer-session-store';
import { type FakeRequest, fetchFake, jsonResponse, settle, testRootMount } from '../../../testing/fake-api';
import { AccountPanel, type AccountPlace, type AccountScreens } from './account-panel';

// The account menu's content (ordering §2, §5 "Login-only actions"; ADR 018) against a fake
// API: fetch is the only thing replaced.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Request = FakeRequest;
let handler: (request: Request) => Response;
let requests: Request[] = [];
let container: HTMLDivElement;
let root: Root;

const TOKEN = 'T'.repeat(43);
const AT_LOCATION: AccountPlace = { branchContactId: 7, branchId: 3, countryCode: 'AR' };
const SOFIA = {
  optIn: true,
  addressesRegistered: [],
  name: 'Sofía Benítez',
  phone: '+5491155552020',
  loyaltyPointsBalance: 3500,
};
const BRASITAS = { active: true, name: 'Brasitas', branchContactIds: [7, 8] };
const json = jsonResponse;

function signedIn() {
  customerSessionStart({
    token: TOKEN,
    phone: '+5491155552020',
    phoneDisplay: '+54 9 11 5555 2020',
    expiresAt: '2099-01-01T00:00:00.000Z',
  });
}

async function render(
  props: {
    aliasType?: 'COMPANY' | 'BRANCH' | 'BRANCH_CONTACT';
    place?: AccountPlace;
    screens?: AccountScreens;
  } = {},
) {
  await act(async () => {
    root.render(
      <ToastProvider>
        <AccountPanel
          aliasType={props.aliasType ?? 'BRANCH_CONTACT'}
          place={props.place ?? AT_LOCATION}
          screens={props.screens}
        />
      </ToastProvider>,
    );
  });
  await settle();
}

const text = () => container.textContent ?? '';
const buttons = () => [...container.querySelectorAll('button')].map((node) => node.textContent);
const button = (name: string) =>
  [...container.querySelectorAll('button')].find((node) => node.textContent === name) ?? null;
const toasts = () => [...document.querySelectorAll('.toast')].map((node) => node.textContent);

async function click(name: string) {
  const found = button(name);
  if (!found) throw new Error(`No button ${name}`);
  await act(async () => found.click());
  await settle();
}

beforeEach(() => {
  localStorage.clear();
  storageScopeSet('brasa');
  // The store keeps the session in memory too: each test starts signed out.
  customerSessionForget();
  handler = ({ path }) =>
    path.startsWith('/api/orderingcustomer/') ? json(200, SOFIA) : json(404, { message: 'No existe' });
  requests = fetchFake((request) => handler(request));
  ({ container, root } = testRootMount());
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe('signed out', () => {
  it("offers 'Iniciar sesión' and 'Mis pedidos', which asks to sign in ('Inicie sesión'); no 'Cerrar sesión'", async () => {
    const myOrders = vi.fn();
    await render({ screens: { myOrders, loyalty: vi.fn() } });
    expect(buttons()).toEqual(['Iniciar sesión', 'Mis pedidos']);
    await click('Mis pedidos');
    expect(toasts()).toEqual(['Inicie sesión']);
    expect(myOrders).not.toHaveBeenCalled();
    // Nothing of a customer, nor the programme, is read for an anonymous diner.
    expect(requests).toEqual([]);
  });

  it("'Iniciar sesión' opens the modal, and after it the menu greets the diner", async () => {
    await render();
    await click('Iniciar sesión');
    await act(async () => {
      await import('./sign-in-modal');
    });
    await settle();
    expect(document.querySelector('dialog h2')?.textContent).toBe('Iniciar sesión');
    // What the modal does on success (sign-in-modal.test.tsx): the session is kept.
    await act(async () => signedIn());
    await settle();
    expect(text()).toContain('Hola, Sofía Benítez');
  });

  it("on a company's or a branch's list of locations: no 'Mis pedidos', and sign-in waits for a location", async () => {
    await render({
      aliasType: 'COMPANY',
      place: { branchContactId: null, branchId: null, countryCode: 'AR' },
    });
    expect(buttons()).toEqual([]);
    expect(text()).toContain('Elige un local para iniciar sesión.');
  });
});

describe('signed in', () => {
  it('greets with the name the API answers for the session, and the phone', async () => {
    signedIn();
    await render();
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/orderingcustomer/%2B5491155552020' });
    expect(requests[0]?.query.get('branchId')).toBe('3');
    expect(requests[0]?.headers['X-Customer-Session']).toBe(TOKEN);
    expect(text()).toContain('Hola, Sofía Benítez');
    expect(text()).toContain('+54 9 11 5555 2020');
    expect(buttons()).not.toContain('Iniciar sesión');
    expect(customerSessionGet()?.name).toBe('Sofía Benítez');
  });

  it('a session the API refuses (401) is forgotten: signed out', async () => {
    signedIn();
    handler = () => json(401, { message: 'Inicia sesión con tu teléfono' });
    await render();
    expect(customerSessionGet()).toBeNull();
    expect(localStorage.getItem('comanda.customerSession@brasa')).toBeNull();
    expect(buttons()).toEqual(['Iniciar sesión', 'Mis pedidos']);
  });

  it('another failure of the read keeps the session (the greeting without a name)', async () => {
    signedIn();
    handler = () => json(503, { message: 'down' });
    await render();
    expect(customerSessionGet()?.token).toBe(TOKEN);
    expect(text()).toContain('Hola');
    expect(buttons()).toContain('Cerrar sesión');
  });

  it("'Cerrar sesión' ends the session on the server with its token and forgets it here", async () => {
    signedIn();
    handler = ({ method }) => (method === 'DELETE' ? json(204, undefined) : json(200, SOFIA));
    await render();
    await click('Cerrar sesión');
    const ended = requests.find((request) => request.method === 'DELETE');
    expect(ended).toMatchObject({ path: '/api/orderingcustomer/session' });
    expect(ended?.headers['X-Customer-Session']).toBe(TOKEN);
    expect(customerSessionGet()).toBeNull();
    expect(buttons()).toEqual(['Iniciar sesión', 'Mis pedidos']);
  });

  it("'Cerrar sesión' with the server unreachable still signs this device out", async () => {
    signedIn();
    handler = ({ method }) => {
      if (method === 'DELETE') throw new TypeError('Failed to fetch');
      return json(200, SOFIA);
    };
    await render();
    await click('Cerrar sesión');
    expect(customerSessionGet()).toBeNull();
  });

  it("offers 'Mis pedidos' only when its screen exists, and opens it", async () => {
    signedIn();
    await render();
    expect(buttons()).toEqual(['Cerrar sesión']);
    const myOrders = vi.fn();
    await render({ screens: { myOrders } });
    await click('Mis pedidos');
    expect(myOrders).toHaveBeenCalledTimes(1);
    expect(toasts()).toEqual([]);
  });
});

describe("'Mi beneficio' / 'Mis {programme}'", () => {
  it("labels the entry with the programme's name when it covers this location, and opens its screen", async () => {
    signedIn();
    handler = ({ path }) =>
      path === '/api/branch/3/loyalty-program' ? json(200, BRASITAS) : json(200, SOFIA);
    const loyalty = vi.fn();
    await render({ screens: { loyalty } });
    expect(buttons()).toEqual(['Mis Brasitas', 'Cerrar sesión']);
    await click('Mis Brasitas');
    expect(loyalty).toHaveBeenCalledWith(expect.objectContaining({ name: 'Brasitas' }));
  });

  it("'Mi beneficio' for a programme without a name", async () => {
    signedIn();
    handler = ({ path }) =>
      path === '/api/branch/3/loyalty-program' ? json(200, { ...BRASITAS, name: '' }) : json(200, SOFIA);
    await render({ screens: { loyalty: vi.fn() } });
    expect(buttons()).toContain('Mi beneficio');
  });

  it.each([
    ['no programme (404)', () => json(404, { message: 'No existe' })],
    ['an inactive one', () => json(200, { ...BRASITAS, active: false })],
    ['one of other locations', () => json(200, { ...BRASITAS, branchContactIds: [8] })],
    ['a failed read', () => json(500, { message: 'down' })],
  ])('no entry with %s', async (_case, programme) => {
    signedIn();
    handler = ({ path }) => (path === '/api/branch/3/loyalty-program' ? programme() : json(200, SOFIA));
    await render({ screens: { loyalty: vi.fn() } });
    expect(buttons()).toEqual(['Cerrar sesión']);
  });

  it('no entry, and no read, while its screen does not exist', async () => {
    signedIn();
    await render();
    expect(requests.map((request) => request.path)).toEqual(['/api/orderingcustomer/%2B5491155552020']);
  });
});
