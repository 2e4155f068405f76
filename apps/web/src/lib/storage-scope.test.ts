import type { CartItem } from '@comanda/domain/types';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Two companies served on one origin (the default single-host deployment):
// what the storefront keeps for one is never read by the other
// (docs/decisions/017-origins-console-and-tenants.md). Each test loads fresh
// module copies, like a new page.
async function fresh(search = '') {
  vi.resetModules();
  window.history.replaceState(null, '', `/menu/fuego-palermo${search}`);
  const scope = await import('./storage-scope');
  const placed = await import('./placed-orders');
  const cart = await import('../stores/cart-store');
  const cartLogic = await import('../stores/cart-logic');
  const location = await import('../stores/location-store');
  const entry = await import('../stores/entry-params-store');
  return { scope, placed, cart, cartLogic, location, entry };
}

const provoleta: CartItem = {
  referenceId: '11',
  referenceType: 'PLATE',
  name: 'Provoleta',
  notes: '',
  quantity: 1,
  price: 7800 as CartItem['price'],
  source: 'plate',
  extras: [],
};

const order = {
  code: 'F-1',
  alias: 'fuego-palermo',
  orderedAt: new Date().toISOString(),
  scheduledAt: null,
  status: 'GENERATED',
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('stored data is keyed by company', () => {
  it("keeps each company's placed orders apart", async () => {
    const page = await fresh();
    page.scope.storageScopeSet('fuego');
    page.placed.placedOrderRecord(order);
    expect(Object.keys(localStorage)).toEqual(['comanda:placed-orders@fuego']);

    page.scope.storageScopeSet('chispa');
    expect(page.placed.placedOrdersRead()).toEqual([]);
    page.scope.storageScopeSet('fuego');
    expect(page.placed.placedOrdersRead()).toEqual([order]);
  });

  it("keeps each company's cart apart, in storage and in the page", async () => {
    const page = await fresh();
    page.scope.storageScopeSet('fuego');
    page.cart.cartBind('fuego-palermo', 1);
    page.cartLogic.cartActions.add(provoleta);
    expect(localStorage.getItem('comanda.cart@fuego')).toContain('Provoleta');

    page.scope.storageScopeSet('chispa');
    expect(page.cartLogic.cartPeek()).toBeNull();
    expect(page.cart.cartGet().itemsCount).toBe(0);

    const next = await fresh();
    next.scope.storageScopeSet('fuego');
    expect(next.cartLogic.cartPeek()?.cart.items).toHaveLength(1);
  });

  it("keeps each company's address apart", async () => {
    const page = await fresh();
    page.scope.storageScopeSet('fuego');
    page.location.locationStore.set({ fullAddress: 'Honduras 5200, Palermo', lat: -34.58, lng: -58.43 });
    expect(Object.keys(localStorage)).toEqual(['comanda.location@fuego']);

    page.scope.storageScopeSet('chispa');
    expect(page.location.locationStore.get().location).toBeNull();
    page.scope.storageScopeSet('fuego');
    expect(page.location.locationStore.get().location).toMatchObject({
      fullAddress: 'Honduras 5200, Palermo',
    });
  });

  it('gives the parameters a diner arrived with to the company they arrived at only', async () => {
    const page = await fresh('?phone=%2B5491155552020&tableNumber=12');
    page.scope.storageScopeSet('fuego');
    expect(page.entry.entryParamsGet()).toMatchObject({ phone: '+5491155552020', tableNumber: '12' });

    page.scope.storageScopeSet('chispa');
    expect(page.entry.entryParamsGet()).toMatchObject({ phone: null, tableNumber: null });

    // A reload of the checkout, whose address no longer has them.
    const reload = await fresh();
    reload.scope.storageScopeSet('fuego');
    expect(reload.entry.entryParamsGet()).toMatchObject({ phone: '+5491155552020', tableNumber: '12' });
  });

  it('drops what an earlier version kept under keys shared by every company', async () => {
    localStorage.setItem('comanda.cart', '{"alias":"chispa-palermo"}');
    localStorage.setItem('comanda.location', '{}');
    localStorage.setItem('comanda:placed-orders', JSON.stringify([{ ...order, alias: 'chispa-palermo' }]));
    const page = await fresh();
    page.scope.storageScopeSet('fuego');
    expect(page.placed.placedOrdersRead()).toEqual([]);
    expect(Object.keys(localStorage)).toEqual([]);
  });
});
