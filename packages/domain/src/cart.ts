/**
 * The cart (ordering §4 "Cart", §5 "Cart and menu", follow-up §5): lines,
 * merging, quantities against `maxQuantity`, upsell lines, and the clearing
 * rules on order-mode and branch changes. Every function returns a new cart.
 */
import { cartMessages } from './messages';
import { type Minor, moneyMinor } from './money';
import type { CartExtraGroup, CartItem, PaymentMethod } from './types';

/** ordering §9: the quantity cap of an item without its own `maxQuantity`. */
export const CART_DEFAULT_MAX_QUANTITY = 9_999_999;

/** (decision) How long a locally stored cart can be restored: 24 hours. */
export const CART_STORAGE_TTL_MS = 24 * 60 * 60 * 1000;

/** The payment type kept with the cart (ordering §3 "Cart state"). */
export interface CartPaymentType {
  id: string;
  paymentMethod: PaymentMethod;
  upload: 'APP' | 'API';
}

/** Cart state: items, mode (with its menu hash), branch contact, payment type and per-reference totals. */
export interface Cart {
  items: readonly CartItem[];
  orderModeId: string | null;
  /** The menu hash of the order mode the items were chosen from. */
  menuHash: string | null;
  branchContactId: string | null;
  paymentType: CartPaymentType | null;
  /** Units per `referenceId`, across lines (two lines of one plate with different extras add up). */
  totals: Readonly<Record<string, number>>;
}

/** A cart operation's result: the new cart, and the message to show when the operation was limited. */
export interface CartResult {
  cart: Cart;
  message: string | null;
}

/** An empty cart, optionally already bound to a mode, hash, branch contact and payment type. */
export function cartEmpty(init: Partial<Omit<Cart, 'items' | 'totals'>> = {}): Cart {
  return {
    items: [],
    orderModeId: init.orderModeId ?? null,
    menuHash: init.menuHash ?? null,
    branchContactId: init.branchContactId ?? null,
    paymentType: init.paymentType ?? null,
    totals: {},
  };
}

/** Units per `referenceId` over all lines. */
export function cartReferenceTotals(items: readonly CartItem[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const item of items) totals[item.referenceId] = (totals[item.referenceId] ?? 0) + item.quantity;
  return totals;
}

/**
 * The identity of a line: reference, notes, name and extras (the spec's merge
 * rule), plus the size. Extras are compared as a set, whatever order they were
 * picked in; a zero-quantity extra counts as not picked.
 */
export function cartItemKey(
  item: Pick<CartItem, 'referenceId' | 'sizeId' | 'notes' | 'name' | 'extras'>,
): string {
  return JSON.stringify([item.referenceId, item.sizeId ?? '', item.notes, item.name, extrasKey(item.extras)]);
}

function extrasKey(extras: readonly CartExtraGroup[]): [string, [string, number][]][] {
  return extras
    .map((group): [string, [string, number][]] => [
      group.groupId,
      group.groupItems
        .filter((extra) => extra.quantity > 0)
        .map((extra): [string, number] => [extra.referenceId, extra.quantity])
        .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
    ])
    .filter(([, items]) => items.length > 0)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The cap of an item: its `maxQuantity` when positive, else the default 9999999. */
export function cartMaxQuantity(item: Pick<CartItem, 'maxQuantity'>): number {
  return item.maxQuantity !== undefined && item.maxQuantity > 0
    ? item.maxQuantity
    : CART_DEFAULT_MAX_QUANTITY;
}

/** Whether a line came from the upsell section ('Te recomendamos'). */
export function cartItemIsUpsell(item: Pick<CartItem, 'upsell' | 'source'>): boolean {
  return item.upsell === true || item.source === 'upselled';
}

/** Units in the cart, all lines. */
export function cartItemsCount(cart: Pick<Cart, 'items'>): number {
  return cart.items.reduce((sum, item) => sum + item.quantity, 0);
}

/** A line's amount as displayed (unit price × quantity); the figures that count come from pricing. */
export function cartLineAmount(item: Pick<CartItem, 'price' | 'quantity'>): Minor {
  return moneyMinor(item.price * item.quantity);
}

function withItems(cart: Cart, items: CartItem[]): Cart {
  return { ...cart, items: applyUpsellRule(items), totals: cartReferenceTotals(items) };
}

/**
 * ordering §4: once no non-upsell line remains, upsell lines go back to their
 * regular price (`originalPrice`), since the special price only holds next to a
 * main item.
 */
function applyUpsellRule(items: CartItem[]): CartItem[] {
  if (items.some((item) => !cartItemIsUpsell(item))) return items;
  return items.map((item) =>
    item.originalPrice !== undefined && item.price !== item.originalPrice
      ? { ...item, price: item.originalPrice }
      : item,
  );
}

function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity)) throw new RangeError(`A quantity is a whole number, got ${quantity}`);
}

/** Units of `referenceId` one more line may take, given the lines other than `exceptIndex`. */
function roomFor(cart: Cart, item: CartItem, exceptIndex: number): number {
  const others = cart.items.reduce(
    (sum, line, index) =>
      index !== exceptIndex && line.referenceId === item.referenceId ? sum + line.quantity : sum,
    0,
  );
  return Math.max(0, cartMaxQuantity(item) - others);
}

/**
 * Adds an item: merges it into the line identical in reference, notes, name and
 * extras, else appends it. The plate's units (all its lines together) never
 * exceed `maxQuantity`: the quantity is cut to what fits and the message
 * 'Has alcanzado el máximo de unidades ({n}) para este producto' is returned.
 */
export function cartAdd(cart: Cart, item: CartItem): CartResult {
  assertQuantity(item.quantity);
  if (item.quantity <= 0) return { cart, message: null };
  const key = cartItemKey(item);
  const index = cart.items.findIndex((line) => cartItemKey(line) === key);
  const existing = index >= 0 ? cart.items[index] : undefined;
  const room = roomFor(cart, item, index);
  const wanted = (existing?.quantity ?? 0) + item.quantity;
  const quantity = Math.min(wanted, room);
  const message = quantity < wanted ? cartMessages.maxQuantity(cartMaxQuantity(item)) : null;
  if (existing) {
    if (quantity === existing.quantity) return { cart, message };
    const items = cart.items.map((line, i) => (i === index ? { ...line, quantity } : line));
    return { cart: withItems(cart, items), message };
  }
  if (quantity <= 0) return { cart, message };
  return { cart: withItems(cart, [...cart.items, { ...item, quantity }]), message };
}

/**
 * Sets a line's quantity. 0 (or less) deletes the line; over the cap the
 * quantity stops at the cap with the max-units message.
 */
export function cartSetQuantity(cart: Cart, index: number, quantity: number): CartResult {
  assertQuantity(quantity);
  const line = cart.items[index];
  if (!line) return { cart, message: null };
  if (quantity <= 0) return { cart: cartRemove(cart, index), message: null };
  const room = roomFor(cart, line, index);
  const kept = Math.min(quantity, room);
  const message = kept < quantity ? cartMessages.maxQuantity(cartMaxQuantity(line)) : null;
  if (kept <= 0) return { cart: cartRemove(cart, index), message };
  const items = cart.items.map((item, i) => (i === index ? { ...item, quantity: kept } : item));
  return { cart: withItems(cart, items), message };
}

/** Changes a line's quantity by `delta` (the − / + buttons). */
export function cartChangeQuantity(cart: Cart, index: number, delta: number): CartResult {
  const line = cart.items[index];
  if (!line) return { cart, message: null };
  return cartSetQuantity(cart, index, line.quantity + delta);
}

/**
 * Replaces a line after editing it (source `edit`). When the edited line becomes
 * identical to another line the two merge, as an add would.
 */
export function cartUpdate(cart: Cart, index: number, item: CartItem): CartResult {
  assertQuantity(item.quantity);
  if (!cart.items[index]) return { cart, message: null };
  const rest = cart.items.filter((_, i) => i !== index);
  if (item.quantity <= 0) return { cart: withItems(cart, rest), message: null };
  // The upsell rule is applied to the final lines only, never to the cart without the edited line.
  const restCart: Cart = { ...cart, items: rest, totals: cartReferenceTotals(rest) };
  const key = cartItemKey(item);
  if (rest.some((line) => cartItemKey(line) === key)) {
    const merged = cartAdd(restCart, item);
    return { cart: withItems(merged.cart, [...merged.cart.items]), message: merged.message };
  }
  const room = roomFor(restCart, item, -1);
  const quantity = Math.min(item.quantity, room);
  const message = quantity < item.quantity ? cartMessages.maxQuantity(cartMaxQuantity(item)) : null;
  if (quantity <= 0) return { cart: withItems(cart, rest), message };
  const items = [...rest];
  items.splice(index, 0, { ...item, quantity });
  return { cart: withItems(cart, items), message };
}

/**
 * Deletes a line. Deleting the last non-upsell line puts the upsell lines back
 * at their regular price.
 */
export function cartRemove(cart: Cart, index: number): Cart {
  if (!cart.items[index]) return cart;
  return withItems(
    cart,
    cart.items.filter((_, i) => i !== index),
  );
}

/**
 * Whether changing to `orderModeId` must first ask 'Si continuas, se borrarán
 * los ítems agregados a tu pedido' (ordering §4: "With a non-empty cart, a mode
 * change asks for confirmation"): any other mode, whatever its menu, once the
 * cart has items. Choosing the cart's own mode again is no change.
 */
export function cartModeChangeNeedsConfirmation(
  cart: Pick<Cart, 'items' | 'orderModeId'>,
  orderModeId: string,
): boolean {
  return cart.items.length > 0 && cart.orderModeId !== orderModeId;
}

/**
 * The diner accepted the confirmation (ordering §4: "accepting clears the
 * stored cart and changes the mode"): the items go, even when the new mode
 * shares the menu, as the dialog said they would; then the mode changes.
 */
export function cartModeChangeConfirmed(
  cart: Cart,
  change: { orderModeId: string; menuHash: string | null; defaultPaymentType?: CartPaymentType | null },
): Cart {
  return cartChangeOrderMode(withItems(cart, []), change).cart;
}

/**
 * Changes the order mode: the items are cleared when the new mode's menu hash
 * differs from the cart's (they were chosen from another menu), then the mode's
 * default payment type is set.
 */
export function cartChangeOrderMode(
  cart: Cart,
  change: { orderModeId: string; menuHash: string | null; defaultPaymentType?: CartPaymentType | null },
): { cart: Cart; cleared: boolean } {
  const cleared = cart.items.length > 0 && cart.menuHash !== change.menuHash;
  const base = cleared ? withItems(cart, []) : cart;
  return {
    cart: {
      ...base,
      orderModeId: change.orderModeId,
      menuHash: change.menuHash,
      paymentType: change.defaultPaymentType ?? null,
    },
    cleared,
  };
}

/** Changing branch (location) clears the cart. */
export function cartChangeBranch(cart: Cart, branchContactId: string): Cart {
  if (cart.branchContactId === branchContactId) return cart;
  return cartEmpty({ branchContactId });
}

/** What is kept in local storage: the cart, the branch contact alias it belongs to and when it was saved. */
export interface StoredCart {
  alias: string;
  savedAt: number;
  cart: Cart;
}

/** Wraps a cart for local storage. */
export function cartStore(cart: Cart, alias: string, now: number | Date): StoredCart {
  return { alias, savedAt: +now, cart };
}

/** Restores a stored cart when it belongs to `alias` and has not expired; otherwise null. */
export function cartRestore(
  stored: StoredCart | null | undefined,
  alias: string,
  now: number | Date,
): Cart | null {
  if (!stored || stored.alias !== alias) return null;
  const age = +now - stored.savedAt;
  if (age < 0 || age >= CART_STORAGE_TTL_MS) return null;
  return { ...stored.cart, totals: cartReferenceTotals(stored.cart.items) };
}

/** (decision) How many suggestions 'Te recomendamos' shows at most. */
export const UPSELL_LIST_LIMIT = 6;

/** The upsell suggestions: the menu's upselleds not already in the cart, at most `limit`. */
export function cartUpsellSuggestions<T extends { id: string }>(
  upselleds: readonly T[],
  cart: Pick<Cart, 'items'>,
  limit: number = UPSELL_LIST_LIMIT,
): T[] {
  const inCart = new Set(cart.items.map((item) => item.referenceId));
  return upselleds.filter((plate) => !inCart.has(plate.id)).slice(0, limit);
}
