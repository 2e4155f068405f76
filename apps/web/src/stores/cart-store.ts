/**
 * The diner's cart, shared by the menu, the plate detail and the cart page.
 *
 * This module is the light half that every screen reads: the current state and
 * which cart the screen wants (the branch contact's alias, the order mode and
 * its menu hash). The rules live in `cart-logic.ts`, which applies
 * `@comanda/domain/cart` and keeps the cart in localStorage with an expiry,
 * keyed by alias. That half loads only when a cart exists or the diner adds an
 * item, so a first visit's menu ships no cart code (ADR 004 budget).
 */
import type { Cart } from '@comanda/domain/cart';
import { useSyncExternalStore } from 'react';
import { storageKey, storageScopeOnChange } from '../lib/storage-scope';

export const CART_STORAGE_KEY = 'comanda.cart';
/** Ordering §9: the basket animation after adding an item. */
export const CART_BASKET_ANIMATION_MS = 1450;

export interface CartState {
  /** The branch contact alias the cart belongs to; null before one is opened. */
  alias: string | null;
  /** The cart; null while there is none (nothing stored, nothing added). */
  cart: Cart | null;
  /** Units in the cart (`cartItemsCount`), 0 without a cart. */
  itemsCount: number;
  /** When an item was last added (drives the basket animation); 0 when never. */
  lastAddedAt: number;
}

/** The cart a screen works with: its branch contact, and the mode once the menu hashes are known. */
export interface CartBinding {
  alias: string;
  branchContactId: number;
  mode: { orderModeId: number; menuHash: string } | null;
}

let state: CartState = { alias: null, cart: null, itemsCount: 0, lastAddedAt: 0 };
let binding: CartBinding | null = null;
const listeners = new Set<() => void>();
// Another company's storefront opened in this page: its own kept cart, if any, is read next.
storageScopeOnChange(() => {
  state = { alias: null, cart: null, itemsCount: 0, lastAddedAt: 0 };
});

type CartLogic = typeof import('./cart-logic');
let logic: CartLogic | null = null;
let loading: Promise<CartLogic> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The cart state, for components. */
export function useCart(): CartState {
  return useSyncExternalStore(subscribe, () => state);
}

/** The cart state, outside React. */
export function cartGet(): CartState {
  return state;
}

/** What the current screen wants (read by `cart-logic.ts`). */
export function cartBindingGet(): CartBinding | null {
  return binding;
}

/** Publishes a new state (called by `cart-logic.ts`). */
export function cartStatePublish(next: CartState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The cart's rules, loaded on first use; the loaded module syncs with the binding. */
export function cartLogicLoad(): Promise<CartLogic> {
  if (logic) return Promise.resolve(logic);
  loading ??= import('./cart-logic').then((module) => {
    logic = module;
    module.cartSync();
    return module;
  });
  return loading;
}

function storedCartExists(): boolean {
  try {
    return localStorage.getItem(storageKey(CART_STORAGE_KEY)) !== null;
  } catch {
    return false;
  }
}

function sync(): void {
  if (logic) logic.cartSync();
  // A stored cart may belong to this alias: restoring it needs the rules.
  else if (storedCartExists()) void cartLogicLoad();
  else if (binding && state.alias !== binding.alias) {
    cartStatePublish({ alias: binding.alias, cart: null, itemsCount: 0, lastAddedAt: 0 });
  }
}

/**
 * Opens the cart of a branch contact (a screen of that location mounted): the
 * stored cart when it belongs to this alias and has not expired, else none.
 */
export function cartBind(alias: string, branchContactId: number): void {
  if (binding?.alias === alias && binding.branchContactId === branchContactId) return;
  binding = { alias, branchContactId, mode: null };
  sync();
}

/**
 * The order mode the diner orders in, once its menu hash is known: the items
 * stay when the hash is the cart's, else they are cleared (`cartChangeOrderMode`).
 */
export function cartFollowMode(orderModeId: number, menuHash: string): void {
  if (!binding) return;
  if (binding.mode?.orderModeId === orderModeId && binding.mode.menuHash === menuHash) return;
  binding = { ...binding, mode: { orderModeId, menuHash } };
  sync();
}
