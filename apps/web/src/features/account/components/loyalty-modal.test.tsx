import { moneyMinor } from '@comanda/domain/money';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { storageScopeSet } from '../../../lib/storage-scope';
import { cartDiscard } from '../../../stores/cart-logic';
import { cartBind, cartGet, cartLogicLoad } from '../../../stores/cart-store';
import {
  customerSessionForget,
  customerSessionGet,
  customerSessionStart,
} from '../../../stores/customer-session-store';
import { type FakeRequest, fetchFake, jsonResponse, settle, testRootMount } from '../../../testing/fake-api';
import type { AccountLoyaltyProgram } from '../api/account-api';
import type { LoyaltyHistoryRow } from '../api/account-history-api';
import { LoyaltyModal } from './loyalty-modal';

// 'Mis {programme}' against a fake API (fetch is the only thing replaced): welcome, balance,
// the Pedidos / Puntos / Saldo history read 20 rows at a time, 'Canjear', and 401.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Request = FakeRequest;
let handler: (request: Request) => Response;
let requests: Request[] = [];
let container: HTMLDivElement;
let root: Root;

const TOKEN = 'T'.repeat(43);
const ARGENTINA = { code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 };
const json = jsonResponse;

const BRASITAS: AccountLoyaltyProgram = {
  active: true,
  name: 'Brasitas',
  branchContactIds: ['7'],
  welcomeText: 'Bienvenido a Brasitas: cada pedido entregado suma.',
};
const SOFIA = {
  optIn: true,
  addressesRegistered: [],
  name: 'Sofía',
  phone: '+5491155552020',
  loyaltyPointsBalance: 3500,
};

// Newest first: an order that earned, one that spent, a reward, and the opening balance.
const ROWS: LoyaltyHistoryRow[] = [
  { orderCode: 'K7MQ2', createdAt: '2026-03-06T23:30:00Z', amount: 350, postBalance: 3500, kind: 'ACCRUAL' },
  {
    orderCode: 'B2XR9',
    createdAt: '2026-03-05T23:30:00Z',
    amount: -500,
    postBalance: 3150,
    kind: 'REDEMPTION',
  },
  { orderCode: null, createdAt: '2026-03-04T23:30:00Z', amount: 650, postBalance: 3650, kind: 'REWARD' },
  { orderCode: null, createdAt: '2026-03-01T15:00:00Z', amount: 3000, postBalance: 3000, kind: 'OPENING' },
];

function history(total: number) {
  return (request: Request) => {
    if (request.path.startsWith('/api/orderingcustomer/')) return json(200, SOFIA);
    const offset = Number(request.query.get('offset'));
    const length = Math.max(0, Math.min(20, total - offset));
    const rows = Array.from({ length }, (_, i) => ({
      ...ROWS[(offset + i) % ROWS.length],
      orderCode: `R${offset + i}`,
    }));
    return json(200, { history: total === ROWS.length ? ROWS : rows, offset, limit: 20 });
  };
}

async function render(program: AccountLoyaltyProgram = BRASITAS) {
  await act(async () => {
    root.render(
      <ToastProvider>
        <MemoryRouter initialEntries={['/menu/brasa-nunez/delivery']}>
          <Routes>
            <Route
              path="/menu/:alias/delivery"
              element={
                <LoyaltyModal
                  program={program}
                  place={{
                    alias: 'brasa-nunez',
                    branchId: 3,
                    timeZone: 'America/Argentina/Buenos_Aires',
                    country: ARGENTINA,
                  }}
                  onClose={() => {}}
                  onLeave={() => {}}
                />
              }
            />
            <Route path="/menu/:alias/checkout" element={<h1>Checkout</h1>} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>,
    );
  });
  await settle();
  await settle();
}

const text = () => document.body.textContent ?? '';
const cells = () =>
  [...document.querySelectorAll('.account-points tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );
const toasts = () => [...document.querySelectorAll('.toast')].map((node) => node.textContent);
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((node) => node.textContent === name) ?? null;

async function click(element: HTMLElement | null | undefined) {
  if (!element) throw new Error('Nothing to click');
  await act(async () => element.click());
  await settle();
  await settle();
}

beforeEach(() => {
  localStorage.clear();
  storageScopeSet('brasa');
  customerSessionForget();
  cartDiscard();
  customerSessionStart({
    token: TOKEN,
    phone: '+5491155552020',
    phoneDisplay: '+54 9 11 5555 2020',
    expiresAt: '2099-01-01T00:00:00.000Z',
  });
  handler = history(ROWS.length);
  requests = fetchFake((request) => handler(request));
  ({ container, root } = testRootMount());
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe("'Mis Brasitas'", () => {
  it('shows the welcome text, the balance and the history under Pedidos / Puntos / Saldo', async () => {
    await render();
    expect(document.querySelector('dialog h2')?.textContent).toBe('Mis Brasitas');
    expect(text()).toContain('Bienvenido a Brasitas: cada pedido entregado suma.');
    expect(document.querySelector('.account-balance')?.textContent).toBe('Tu saldo3.500 Brasitas');
    expect([...document.querySelectorAll('.account-points th')].map((th) => th.textContent)).toEqual([
      'Pedidos',
      'Puntos',
      'Saldo',
    ]);
    expect(cells()).toEqual([
      ['Pedido K7MQ2viernes 6/3, 20:30', '+350', '3.500'],
      ['Pedido B2XR9jueves 5/3, 20:30', '−500', '3.150'],
      // Rows without an order say what they are.
      ['Premiomiércoles 4/3, 20:30', '+650', '3.650'],
      ['Saldo inicialdomingo 1/3, 12:00', '+3.000', '3.000'],
    ]);
    const read = requests.find((request) => request.path.includes('/loyalty-points/history/'));
    expect(read?.path).toBe('/api/branch/3/loyalty-points/history/%2B5491155552020');
    expect(read?.query.get('limit')).toBe('20');
    expect(read?.headers['X-Customer-Session']).toBe(TOKEN);
    // Fewer than 20 rows: the end of the history.
    expect(button('Ver más')).toBeNull();
  });

  it('reads 20 rows at a time until a reading brings fewer', async () => {
    handler = history(45);
    await render();
    expect(cells()).toHaveLength(20);
    await click(button('Ver más'));
    expect(cells()).toHaveLength(40);
    await click(button('Ver más'));
    expect(cells()).toHaveLength(45);
    expect(button('Ver más')).toBeNull();
    const offsets = requests
      .filter((request) => request.path.includes('/loyalty-points/history/'))
      .map((request) => request.query.get('offset'));
    expect(offsets).toEqual(['0', '20', '40']);
  });

  it('without a welcome text of its own, says how points work in its own words', async () => {
    await render({ ...BRASITAS, welcomeText: null });
    expect(text()).toContain(
      'Sumas Brasitas con cada pedido entregado y los canjeas al pagar: cada uno vale $ 1.',
    );
  });

  it('a cashback programme reads its balance, history and welcome as money (ADR 033)', async () => {
    await render({ ...BRASITAS, name: 'Vuelto Brasa', orderPercentage: 0, cashback: 10, welcomeText: null });
    expect(text()).toContain(
      'Con cada pedido entregado te devolvemos el 10 % en Vuelto Brasa, y lo usas al pagar.',
    );
    expect(document.querySelector('.account-balance')?.textContent).toBe('Tu saldo$ 3.500 de Vuelto Brasa');
    expect([...document.querySelectorAll('.account-points th')].map((th) => th.textContent)).toEqual([
      'Pedidos',
      'Cashback',
      'Saldo',
    ]);
    expect(cells()[1]).toEqual(['Pedido B2XR9jueves 5/3, 20:30', '−$ 500', '$ 3.150']);
  });

  it("'Canjear Brasitas' with an empty cart tells the diner to add something first", async () => {
    await render();
    await click(button('Canjear Brasitas'));
    expect(toasts()).toEqual(['Agrega productos a tu pedido y canjea tus Brasitas al pagar.']);
    expect(document.querySelector('h1')).toBeNull();
  });

  it("'Canjear Brasitas' with items in the cart goes to the checkout, where points are redeemed", async () => {
    cartBind('brasa-nunez', 7);
    const logic = await cartLogicLoad();
    logic.cartActions.setMode(5, 'hash-5');
    logic.cartActions.add({
      referenceId: '1',
      referenceType: 'PLATE',
      name: 'Bife de chorizo',
      quantity: 1,
      price: moneyMinor(9800),
      notes: '',
      extras: [],
      source: 'plate',
    });
    expect(cartGet().itemsCount).toBe(1);
    await render();
    await click(button('Canjear Brasitas'));
    expect(document.querySelector('h1')?.textContent).toBe('Checkout');
  });

  it('a session the API refuses (401) signs the diner out', async () => {
    handler = () => json(401, { message: 'Inicia sesión con tu teléfono' });
    await render();
    expect(customerSessionGet()).toBeNull();
    expect(text()).toContain('Tu sesión terminó. Inicia sesión de nuevo para verlo.');
  });
});
