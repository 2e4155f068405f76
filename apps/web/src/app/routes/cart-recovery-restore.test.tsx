import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastOutlet, ToastProvider } from '../../components/ui/toast';
import { useMenu } from '../../features/menu/api/get-menu';
import { storageScopeSet } from '../../lib/storage-scope';
import { cartActions, cartDiscard } from '../../stores/cart-logic';
import { cartBind, cartGet, cartLogicLoad, useCart } from '../../stores/cart-store';
import type { ApiBranchContact, ApiMenu, ApiPlate } from '../../types/api';
import { useCartRecoveryRestore } from './cart-recovery-restore';

// The return through an abandoned-cart link (ADR 028) against a fake API: fetch is the only thing
// replaced; the cart's rules, the 'Repetir pedido' rule and the analytics client are the real ones.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TOKEN = 'c'.repeat(43);
const LINK = `/menu/brasa-nunez/preview?abandoned=true&phone=%2B5491155552020&cart=${TOKEN}`;

const contact = {
  id: 1,
  alias: 'brasa-nunez',
  branch: { id: 7 },
  deliveryConfig: {
    orderModes: [
      { id: 1, type: 'DELIVERY', showName: 'Delivery', menuId: 1, active: true },
      { id: 2, type: 'TAKE_AWAY', showName: 'Retiro', menuId: 1, active: true },
    ],
  },
} as unknown as ApiBranchContact;

const plate = (overrides: Partial<ApiPlate>): ApiPlate => ({
  id: 1,
  showName: 'Bife de chorizo',
  description: null,
  price: null,
  sizes: [],
  garnishGroups: [],
  category: { id: 10, name: 'parrilla', showName: 'A la parrilla' },
  indicators: [],
  hasIndicators: false,
  withImage: false,
  maxQuantity: 9999999,
  ...overrides,
});
const bife = plate({
  sizes: [{ id: 100, name: '300 g', price: 169.5 }],
  garnishGroups: [
    {
      groupId: 7,
      groupName: 'Salsas',
      minGarnishAmount: 0,
      maxGarnishAmount: 3,
      multipleSelection: true,
      mandatory: false,
      groupItems: [{ id: 70, name: 'Chimichurri', price: 0.25, description: null, visible: true }],
    },
  ],
});
const flan = plate({ id: 2, showName: 'Flan', price: 49.9 });
const menu: ApiMenu = {
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
      plates: [bife, flan],
    },
  ],
  remarkeds: [],
  upselleds: [],
  discounts: [],
};
/** As stored by the beacon: the sized bife with chimichurri, and a plate the menu no longer sells. */
const stored = {
  orderModeId: 2,
  items: [
    {
      referenceId: 1,
      sizeId: 100,
      quantity: 2,
      extras: [{ groupId: 7, groupItems: [{ referenceId: 70, quantity: 1 }] }],
    },
    { referenceId: 99, quantity: 1 },
  ],
};

type Seen = { method: string; path: string; body: unknown };
let recovery: () => Response;
let seen: Seen[] = [];
let container: HTMLDivElement;
let root: Root;
let address = '';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What the cart page does: the menu of the cart's mode, handed to the restore. */
function Harness() {
  const modeId = Number(useCart().cart?.orderModeId) || null;
  const menu = useMenu(
    modeId ? { alias: 'brasa-nunez', branchContactId: 1, orderModeId: modeId, mantissaLength: 2 } : null,
  );
  const data = menu.status === 'success' ? menu.data : null;
  useCartRecoveryRestore(
    contact,
    { loaded: true, hashes: new Map() },
    data && modeId ? { orderModeId: modeId, plates: data.plates } : null,
  );
  const location = useLocation();
  address = `${location.pathname}${location.search}`;
  return null;
}

async function settle() {
  for (let round = 0; round < 5; round++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

async function open(url: string) {
  await act(async () => {
    root.render(
      <ToastProvider>
        <MemoryRouter initialEntries={[url]}>
          <Harness />
        </MemoryRouter>
        <ToastOutlet />
      </ToastProvider>,
    );
  });
  await settle();
}

const toasts = () => [...document.querySelectorAll('.toast')].map((node) => node.textContent);
const lines = () =>
  cartGet().cart?.items.map((item) => ({ name: item.name, quantity: item.quantity, price: item.price })) ??
  [];
const returns = () =>
  seen
    .filter((request) => request.path === '/api/analytics/events')
    .flatMap((request) => (request.body as { events: { type: string; payload: unknown }[] }).events)
    .filter((event) => event.type === 'ABANDONED_CART_RETURN');

beforeEach(async () => {
  storageScopeSet('brasa');
  localStorage.clear();
  seen = [];
  recovery = () => json(200, stored);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      seen.push({ method: init?.method ?? 'GET', path: url.pathname, body });
      if (url.pathname === '/api/recovery/cart/%2B5491155552020/1') {
        expect(url.searchParams.get('token')).toBe(TOKEN);
        return recovery();
      }
      if (url.pathname === '/api/diner/brasa-nunez/menu/1') return json(200, menu);
      if (url.pathname === '/api/analytics/events') return json(202, { accepted: 1 });
      return json(404, { message: 'unexpected' });
    }),
  );
  await cartLogicLoad();
  cartBind('brasa-nunez', 1);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  cartDiscard();
  vi.unstubAllGlobals();
});

describe('the return through an abandoned-cart link', () => {
  it('an empty cart gets the lines at today’s prices in the cart’s mode, with a notice for what is gone', async () => {
    await open(LINK);
    expect(lines()).toEqual([{ name: 'Bife de chorizo (300 g)', quantity: 2, price: 16975 }]);
    expect(cartGet().cart?.orderModeId).toBe('2');
    expect(toasts()).toContain('Recuperamos tu pedido, con los precios de hoy.');
    expect(toasts()).toContain(
      'Ya no están a la venta y no se agregaron: un producto que ya no está en el menú',
    );
    // The token leaves the address: a reload does not add the lines again.
    expect(address).toBe('/menu/brasa-nunez/preview?abandoned=true&phone=%2B5491155552020');
    // The return is recorded (the batch leaves when the page is hidden, once the sender loaded).
    await vi.waitFor(() => {
      dispatchEvent(new Event('pagehide'));
      expect(returns()).toHaveLength(1);
    });
    expect(returns()).toEqual([
      expect.objectContaining({ payload: { outcome: 'restored', merged: false, lines: 2, dropped: 1 } }),
    ]);
  });

  it('a cart with items keeps them and its mode, and gets the lines added', async () => {
    cartActions.setMode(1, 'menu-1');
    const { plateConfigurationToCartItem } = await import('@comanda/domain/plate-configuration');
    const { menuFromApi } = await import('../../features/menu/api/get-menu');
    const flanPlate = menuFromApi(menu, 2).plates.find((item) => item.id === '2');
    const added = flanPlate
      ? plateConfigurationToCartItem(flanPlate, { groups: {} }, { quantity: 1 }).item
      : null;
    if (added) cartActions.add(added);
    await open(LINK);
    expect(lines()).toEqual([
      { name: 'Flan', quantity: 1, price: 4990 },
      { name: 'Bife de chorizo (300 g)', quantity: 2, price: 16975 },
    ]);
    expect(cartGet().cart?.orderModeId).toBe('1');
    expect(toasts()).toContain('Sumamos tu pedido anterior al que tenías, con los precios de hoy.');
  });

  it('a link no longer valid says so and leaves the cart as it is', async () => {
    recovery = () => json(404, { message: 'Este enlace ya no está disponible' });
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    await open(LINK);
    expect(toasts()).toContain('Este enlace ya no está disponible');
    expect(lines()).toEqual([]);
    expect(info).toHaveBeenCalledWith('Cart not found');
    info.mockRestore();
  });

  it('without the link’s token, nothing is read', async () => {
    await open('/menu/brasa-nunez/preview?abandoned=true');
    expect(seen.filter((request) => request.path.startsWith('/api/recovery'))).toEqual([]);
  });
});
