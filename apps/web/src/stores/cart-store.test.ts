import type { CartItem } from '@comanda/domain/types';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The stores keep module state, like the app's single page: each test loads fresh copies.
async function fresh() {
  vi.resetModules();
  (await import('../lib/storage-scope')).storageScopeSet('brasa');
  const store = await import('./cart-store');
  const logic = await import('./cart-logic');
  return { store, logic };
}

function item(overrides: Partial<CartItem> = {}): CartItem {
  return {
    referenceId: '11',
    referenceType: 'PLATE',
    name: 'Provoleta',
    notes: '',
    quantity: 1,
    price: 7800 as CartItem['price'],
    source: 'plate',
    extras: [],
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.clear();
  // Adding to the cart sends analytics events: the network edge answers them.
  vi.stubGlobal('fetch', async () => new Response(null, { status: 204 }));
});

describe('ordering §4: the cart, kept locally by branch contact alias', () => {
  it('has no cart and loads no rules for a first visit', async () => {
    const { store } = await fresh();
    store.cartBind('brasa-nunez', 1);
    expect(store.cartGet()).toMatchObject({ alias: 'brasa-nunez', cart: null, itemsCount: 0 });
  });

  it('adds, merges identical items, saves, and restores on the next visit of the same alias', async () => {
    const first = await fresh();
    first.store.cartBind('brasa-nunez', 1);
    first.store.cartFollowMode(1, 'hash-carta');
    expect(first.logic.cartActions.add(item())).toEqual({ message: null, changed: true });
    first.logic.cartActions.add(item());
    expect(first.store.cartGet().itemsCount).toBe(2);
    expect(first.store.cartGet().cart?.items).toHaveLength(1);
    expect(first.store.cartGet().lastAddedAt).toBeGreaterThan(0);
    const saved = JSON.parse(localStorage.getItem(`${first.store.CART_STORAGE_KEY}@brasa`) ?? 'null');
    expect(saved.alias).toBe('brasa-nunez');

    const again = await fresh();
    again.store.cartBind('brasa-nunez', 1);
    await again.store.cartLogicLoad();
    expect(again.store.cartGet()).toMatchObject({ alias: 'brasa-nunez', itemsCount: 2 });
    expect(again.store.cartGet().cart?.orderModeId).toBe('1');
  });

  it('starts empty at another location (changing branch clears the cart)', async () => {
    const first = await fresh();
    first.store.cartBind('brasa-nunez', 1);
    first.logic.cartActions.add(item());
    const other = await fresh();
    other.store.cartBind('brasa-caballito', 2);
    await other.store.cartLogicLoad();
    expect(other.store.cartGet()).toMatchObject({ alias: 'brasa-caballito', itemsCount: 0 });
  });

  it("stops at a plate's maximum with the domain's message", async () => {
    const { store, logic } = await fresh();
    store.cartBind('brasa-nunez', 1);
    const result = logic.cartActions.add(item({ quantity: 7, maxQuantity: 5 }));
    expect(result.message).toBe('Has alcanzado el máximo de unidades (5) para este producto');
    expect(store.cartGet().itemsCount).toBe(5);
  });

  it('keeps the items on a mode with the same menu hash, clears them on another menu', async () => {
    const { store, logic } = await fresh();
    store.cartBind('brasa-nunez', 1);
    store.cartFollowMode(1, 'hash-carta');
    await store.cartLogicLoad();
    logic.cartActions.add(item());
    store.cartFollowMode(2, 'hash-carta');
    expect(store.cartGet().itemsCount).toBe(1);
    store.cartFollowMode(3, 'hash-salon');
    expect(store.cartGet()).toMatchObject({ itemsCount: 0 });
    expect(store.cartGet().cart?.orderModeId).toBe('3');
  });

  it('with items, any other mode asks first, and accepting empties the cart even on the same menu', async () => {
    const { store, logic } = await fresh();
    store.cartBind('brasa-nunez', 1);
    store.cartFollowMode(1, 'hash-carta');
    await store.cartLogicLoad();
    expect(logic.cartModeChangeAsks(2)).toBe(false);
    logic.cartActions.add(item());
    expect(logic.cartModeChangeAsks(1)).toBe(false);
    expect(logic.cartModeChangeAsks(2)).toBe(true);
    logic.cartActions.setModeConfirmed(2, 'hash-carta');
    expect(store.cartGet()).toMatchObject({ itemsCount: 0 });
    expect(store.cartGet().cart?.orderModeId).toBe('2');
    const saved = JSON.parse(localStorage.getItem(`${store.CART_STORAGE_KEY}@brasa`) ?? 'null');
    expect(saved.cart.items).toEqual([]);
  });

  it('an expired stored cart is not restored', async () => {
    const first = await fresh();
    first.store.cartBind('brasa-nunez', 1);
    first.logic.cartActions.add(item());
    const saved = JSON.parse(localStorage.getItem(`${first.store.CART_STORAGE_KEY}@brasa`) ?? 'null');
    saved.savedAt -= 25 * 60 * 60 * 1000;
    localStorage.setItem(`${first.store.CART_STORAGE_KEY}@brasa`, JSON.stringify(saved));
    const again = await fresh();
    again.store.cartBind('brasa-nunez', 1);
    await again.store.cartLogicLoad();
    expect(again.store.cartGet().itemsCount).toBe(0);
  });
});
