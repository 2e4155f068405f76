import { act } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast';
import { storageScopeSet } from '../../../lib/storage-scope';
import { cartDiscard } from '../../../stores/cart-logic';
import { cartGet } from '../../../stores/cart-store';
import {
  customerSessionForget,
  customerSessionGet,
  customerSessionStart,
} from '../../../stores/customer-session-store';
import { type FakeRequest, fetchFake, jsonResponse, settle, testRootMount } from '../../../testing/fake-api';
import type { ApiMenu, ApiPlate } from '../../../types/api';
import { getMenu } from '../../menu/api/get-menu';
import type { DinerOrder } from '../api/account-history-api';
import { MyOrdersModal } from './my-orders-modal';

// 'Mis pedidos' against a fake API (fetch is the only thing replaced): paging, the follow-up
// links, 'Repetir pedido' into the real cart store on the menu the storefront reads, and 401.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Request = FakeRequest;
let handler: (request: Request) => Response;
let requests: Request[] = [];
let container: HTMLDivElement;
let root: Root;

const TOKEN = 'T'.repeat(43);
const ARGENTINA = { code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 };
const json = jsonResponse;

const order = (index: number, overrides: Partial<DinerOrder> = {}): DinerOrder => ({
  code: `P${String(index).padStart(3, '0')}`,
  type: 'DELIVERY',
  orderModeId: 5,
  status: 'DELIVERED',
  // Friday 6 March 2026, 20:30 in Buenos Aires, then a day earlier for each older order.
  orderedAt: new Date(Date.parse('2026-03-06T23:30:00Z') - index * 86_400_000).toISOString(),
  scheduled: false,
  scheduledAt: null,
  inProgress: false,
  price: 18500,
  items: [
    {
      referenceId: 1,
      sizeId: null,
      name: 'Bife de chorizo',
      quantity: 2,
      notes: null,
      extras: [],
      accPrice: 17000,
    },
  ],
  branchContact: { id: 7, alias: 'brasa-nunez', name: 'Brasa Núñez' },
  followUpUrl: `/menu/brasa-nunez/order/P${String(index).padStart(3, '0')}`,
  ...overrides,
});

const plate = (id: number, showName: string, price: number): ApiPlate => ({
  id,
  showName,
  description: null,
  price,
  sizes: [],
  garnishGroups: [],
  category: { id: 10, name: 'parrilla', showName: 'A la parrilla' },
  indicators: [],
  hasIndicators: false,
  withImage: false,
  maxQuantity: 9999999,
});
// Today's menu: the bife costs more than it did, the provoleta is gone.
const TODAY: ApiMenu = {
  id: 1,
  name: 'Carta',
  categories: [
    {
      id: 10,
      name: 'parrilla',
      showName: 'A la parrilla',
      description: null,
      withImage: false,
      indicators: [],
      hasIndicators: false,
      plates: [plate(1, 'Bife de chorizo', 9800), plate(3, 'Flan', 4200)],
    },
  ],
  remarkeds: [],
  upselleds: [],
  discounts: [],
};

const menuRead = async (orderModeId: number) => ({
  plates: (await getMenu('brasa-nunez', 7, orderModeId, 0)).plates,
  menuHash: 'hash-5',
});

async function render() {
  await act(async () => {
    root.render(
      <ToastProvider>
        <MemoryRouter initialEntries={['/menu/brasa-nunez/delivery']}>
          <Routes>
            <Route
              path="/menu/:alias/delivery"
              element={
                <MyOrdersModal
                  place={{
                    branchContactId: 7,
                    timeZone: 'America/Argentina/Buenos_Aires',
                    country: ARGENTINA,
                  }}
                  menuRead={menuRead}
                  onClose={() => {}}
                  onLeave={() => {}}
                />
              }
            />
            <Route path="/menu/:alias/preview" element={<h1>Mi pedido</h1>} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>,
    );
  });
  await settle();
  await settle();
}

const text = () => document.body.textContent ?? '';
const orderItems = () => [...document.querySelectorAll('.account-order')];
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
  handler = () => json(404, { message: 'No existe' });
  requests = fetchFake((request) => handler(request));
  ({ container, root } = testRootMount());
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const pages = (total: number) => (request: Request) => {
  const offset = Number(request.query.get('offset'));
  const orders = Array.from({ length: Math.max(0, Math.min(10, total - offset)) }, (_, i) =>
    order(offset + i),
  );
  return json(200, { orders, offset, pageSize: 10, nextOffset: offset + 10 < total ? offset + 10 : null });
};

describe("'Mis pedidos'", () => {
  it('shows what a diner recognises: when, status, mode, what, total; each opens its follow-up', async () => {
    handler = pages(1);
    await render();
    const [first] = orderItems();
    expect(first?.textContent).toContain('viernes 6/3, 20:30');
    expect(first?.textContent).toContain('Pedido entregado');
    expect(first?.textContent).toContain('Delivery');
    expect(first?.textContent).toContain('2 × Bife de chorizo');
    expect(first?.textContent).toContain('$ 18.500');
    expect(first?.querySelector('a')?.getAttribute('href')).toBe('/menu/brasa-nunez/order/P000');
    // Only this diner's orders, with the session.
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/orders' });
    expect(requests[0]?.query.get('phone')).toBe('+5491155552020');
    expect(requests[0]?.query.get('branchContactId')).toBe('7');
    expect(requests[0]?.query.get('offset')).toBe('0');
    expect(requests[0]?.headers['X-Customer-Session']).toBe(TOKEN);
  });

  it("pages by 10: 'Ver más' reads the next page until the last", async () => {
    handler = pages(23);
    await render();
    expect(orderItems()).toHaveLength(10);
    await click(button('Ver más'));
    expect(orderItems()).toHaveLength(20);
    await click(button('Ver más'));
    expect(orderItems()).toHaveLength(23);
    expect(button('Ver más')).toBeNull();
    expect(requests.map((request) => request.query.get('offset'))).toEqual(['0', '10', '20']);
  });

  it("says 'No tienes pedidos realizados' when there are none", async () => {
    handler = pages(0);
    await render();
    expect(text()).toContain('No tienes pedidos realizados');
    expect(button('Ver más')).toBeNull();
  });

  it("a failed read says so in Spanish, and 'Reintentar' reads again", async () => {
    handler = () => json(503, { message: 'Service Unavailable' });
    await render();
    expect(text()).toContain('No pudimos cargar tus pedidos. Inténtalo de nuevo en unos minutos.');
    handler = pages(2);
    await click(button('Reintentar'));
    expect(orderItems()).toHaveLength(2);
  });

  it('a session the API refuses (401) signs the diner out', async () => {
    handler = () => json(401, { message: 'Inicia sesión con tu teléfono' });
    await render();
    expect(customerSessionGet()).toBeNull();
    expect(text()).toContain('Tu sesión terminó. Inicia sesión de nuevo para verlo.');
    expect(orderItems()).toHaveLength(0);
  });
});

describe("'Repetir pedido'", () => {
  const withGoneLine = order(0, {
    items: [
      ...order(0).items,
      {
        referenceId: 2,
        sizeId: null,
        name: 'Provoleta',
        quantity: 1,
        notes: null,
        extras: [],
        accPrice: 6500,
      },
    ],
  });

  it("puts the lines still sold in the cart at today's price, names what was dropped, and goes to the cart", async () => {
    handler = (request) =>
      request.path === '/api/orders'
        ? json(200, { orders: [withGoneLine], offset: 0, pageSize: 10, nextOffset: null })
        : request.path === '/api/diner/brasa-nunez/menu/7'
          ? json(200, TODAY)
          : json(404, { message: 'No existe' });
    await render();
    await click(button('Repetir pedido'));
    const cart = cartGet();
    expect(cart.alias).toBe('brasa-nunez');
    expect(cart.cart?.orderModeId).toBe('5');
    expect(cart.cart?.items.map((item) => [item.name, item.quantity, item.price])).toEqual([
      ['Bife de chorizo', 2, 9800],
    ]);
    expect(toasts()).toContain('Ya no están a la venta y no se agregaron: Provoleta');
    expect(document.querySelector('h1')?.textContent).toBe('Mi pedido');
  });

  it('when nothing is sold any more, the cart stays as it was and the diner stays on the list', async () => {
    const gone = order(0, {
      items: [
        {
          referenceId: 2,
          sizeId: null,
          name: 'Provoleta',
          quantity: 1,
          notes: null,
          extras: [],
          accPrice: 6500,
        },
      ],
    });
    handler = (request) =>
      request.path === '/api/orders'
        ? json(200, { orders: [gone], offset: 0, pageSize: 10, nextOffset: null })
        : json(200, TODAY);
    await render();
    await click(button('Repetir pedido'));
    expect(cartGet().itemsCount).toBe(0);
    expect(toasts()).toEqual(['Ya no están a la venta y no se agregaron: Provoleta']);
    expect(orderItems()).toHaveLength(1);
  });

  it("a menu that cannot be read: 'No pudimos repetir el pedido…', nothing added", async () => {
    handler = (request) =>
      request.path === '/api/orders'
        ? json(200, { orders: [withGoneLine], offset: 0, pageSize: 10, nextOffset: null })
        : json(500, { message: 'down' });
    await render();
    await click(button('Repetir pedido'));
    expect(toasts()).toEqual(['No pudimos repetir el pedido. Inténtalo de nuevo en unos minutos.']);
    expect(cartGet().itemsCount).toBe(0);
  });
});
