/**
 * The cart's rules, applied to the state of `cart-store.ts`. Every rule is the
 * domain's (`@comanda/domain/cart`): merging, quantities against
 * `maxQuantity`, the upsell rule, clearing on mode and branch changes, and the
 * local copy with its expiry, keyed by the branch contact alias (`cartStore`,
 * `cartRestore`, ordering §4 "Persistence").
 */
import {
  type Cart,
  cartAdd,
  cartChangeBranch,
  cartChangeOrderMode,
  cartChangeQuantity,
  cartEmpty,
  cartItemsCount,
  cartModeChangeConfirmed,
  cartModeChangeNeedsConfirmation,
  cartRemove,
  cartRestore,
  cartSetQuantity,
  cartStore,
  cartUpdate,
  type StoredCart,
} from '@comanda/domain/cart';
import type { CartItem } from '@comanda/domain/types';
import { storageKey } from '../lib/storage-scope';
import { abandonedCartObserve } from './abandoned-cart-beacon';
import { CART_STORAGE_KEY, cartBindingGet, cartGet, cartStatePublish } from './cart-store';

function read(): StoredCart | null {
  try {
    const text = localStorage.getItem(storageKey(CART_STORAGE_KEY));
    return text ? (JSON.parse(text) as StoredCart) : null;
  } catch {
    return null;
  }
}

function write(cart: Cart, alias: string): void {
  try {
    localStorage.setItem(storageKey(CART_STORAGE_KEY), JSON.stringify(cartStore(cart, alias, Date.now())));
  } catch {
    // Storage full or blocked: the cart still works for this page's life.
  }
}

function publish(alias: string, cart: Cart, lastAddedAt = cartGet().lastAddedAt): void {
  write(cart, alias);
  cartStatePublish({ alias, cart, itemsCount: cartItemsCount(cart), lastAddedAt });
  abandonedCartObserve(alias, cart);
}

/** The cart in the bound mode; unchanged when it already is (so a chosen payment type survives). */
function inMode(cart: Cart, mode: { orderModeId: number; menuHash: string } | null): Cart {
  if (!mode) return cart;
  const orderModeId = String(mode.orderModeId);
  if (cart.orderModeId === orderModeId && cart.menuHash === mode.menuHash) return cart;
  return cartChangeOrderMode(cart, { orderModeId, menuHash: mode.menuHash }).cart;
}

/** The bound cart, created (restored, or empty) when the screen's alias has none yet. */
export function cartCurrent(): { alias: string; cart: Cart } {
  const binding = cartBindingGet();
  const state = cartGet();
  if (!binding) throw new Error('The cart is used before a branch contact was opened');
  if (state.alias === binding.alias && state.cart) return { alias: binding.alias, cart: state.cart };
  const id = String(binding.branchContactId);
  const restored = cartRestore(read(), binding.alias, Date.now());
  // Changing branch clears the cart: a cart of another location is never carried over.
  const cart = cartChangeBranch(restored ?? cartEmpty({ branchContactId: id }), id);
  return { alias: binding.alias, cart: inMode(cart, binding.mode) };
}

/** Brings the state in line with what the screen wants: its alias's cart, in its mode. */
export function cartSync(): void {
  const binding = cartBindingGet();
  if (!binding) return;
  const state = cartGet();
  const cart = inMode(cartCurrent().cart, binding.mode);
  if (state.alias === binding.alias && state.cart === cart) return;
  publish(binding.alias, cart, state.alias === binding.alias ? state.lastAddedAt : 0);
}

/**
 * Whether choosing `orderModeId` must ask first: the cart has items and the mode
 * is another one (`cartModeChangeNeedsConfirmation`), whatever its menu.
 */
export function cartModeChangeAsks(orderModeId: number): boolean {
  return cartModeChangeNeedsConfirmation(cartCurrent().cart, String(orderModeId));
}

/** A change that may have been limited: the message to show, if any. */
export type CartMessage = string | null;

/** The cart's operations on the bound cart; each applies the domain rule and saves the result. */
export const cartActions = {
  /** Changes the mode when nothing would be lost (the items stay on the same menu). */
  setMode(orderModeId: number, menuHash: string): void {
    const { alias, cart } = cartCurrent();
    publish(alias, cartChangeOrderMode(cart, { orderModeId: String(orderModeId), menuHash }).cart);
  },

  /** Changes the mode after the diner confirmed: the items go (`cartModeChangeConfirmed`). */
  setModeConfirmed(orderModeId: number, menuHash: string): void {
    const { alias, cart } = cartCurrent();
    publish(alias, cartModeChangeConfirmed(cart, { orderModeId: String(orderModeId), menuHash }));
  },

  /** Adds an item (merging an identical line); returns the max-units message when limited. */
  add(item: CartItem): { message: CartMessage; changed: boolean } {
    const { alias, cart } = cartCurrent();
    const result = cartAdd(cart, item);
    const changed = result.cart !== cart;
    publish(alias, result.cart, changed ? Date.now() : cartGet().lastAddedAt);
    return { message: result.message, changed };
  },

  /** Replaces a line after editing it. */
  update(index: number, item: CartItem): { message: CartMessage; changed: boolean } {
    const { alias, cart } = cartCurrent();
    const result = cartUpdate(cart, index, item);
    publish(alias, result.cart);
    return { message: result.message, changed: result.cart !== cart };
  },

  /** The − / + of a line; 0 deletes it. */
  changeQuantity(index: number, delta: number): CartMessage {
    const { alias, cart } = cartCurrent();
    const result = cartChangeQuantity(cart, index, delta);
    publish(alias, result.cart);
    return result.message;
  },

  /** Sets a line's quantity; 0 deletes it. */
  setQuantity(index: number, quantity: number): CartMessage {
    const { alias, cart } = cartCurrent();
    const result = cartSetQuantity(cart, index, quantity);
    publish(alias, result.cart);
    return result.message;
  },

  /** Deletes a line. */
  remove(index: number): void {
    const { alias, cart } = cartCurrent();
    publish(alias, cartRemove(cart, index));
  },

  /**
   * Puts a cart the domain built from the bound one (an abandoned cart's lines
   * added by `orderRepeatLines`) in its place.
   */
  replace(cart: Cart): void {
    const { alias } = cartCurrent();
    publish(alias, cart, Date.now());
  },
};

/**
 * The cart kept for whichever branch contact, without binding it: the branch
 * screen asks before a new location replaces it.
 */
export function cartPeek(): { alias: string; cart: Cart } | null {
  const state = cartGet();
  if (state.alias && state.cart) return { alias: state.alias, cart: state.cart };
  const stored = read();
  if (!stored) return null;
  const cart = cartRestore(stored, stored.alias, Date.now());
  return cart ? { alias: stored.alias, cart } : null;
}

/** Drops the kept cart (the diner confirmed changing branch). */
export function cartDiscard(): void {
  try {
    localStorage.removeItem(storageKey(CART_STORAGE_KEY));
  } catch {
    // Storage blocked: nothing was kept.
  }
  cartStatePublish({ alias: null, cart: null, itemsCount: 0, lastAddedAt: 0 });
  abandonedCartObserve(null, null);
}

// Another tab of the same storefront changed the cart: follow it.
window.addEventListener('storage', (event) => {
  const state = cartGet();
  if (event.key !== storageKey(CART_STORAGE_KEY) || !state.alias) return;
  const restored = cartRestore(read(), state.alias, Date.now());
  if (restored) cartStatePublish({ ...state, cart: restored, itemsCount: cartItemsCount(restored) });
});
