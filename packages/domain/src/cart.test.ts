import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beer, brownie, burger, cerveza, gaseosa, line, papas } from '../test/fixtures';
import {
  CART_DEFAULT_MAX_QUANTITY,
  CART_STORAGE_TTL_MS,
  type Cart,
  cartAdd,
  cartChangeBranch,
  cartChangeOrderMode,
  cartChangeQuantity,
  cartEmpty,
  cartItemKey,
  cartItemsCount,
  cartLineAmount,
  cartMaxQuantity,
  cartModeChangeConfirmed,
  cartModeChangeNeedsConfirmation,
  cartReferenceTotals,
  cartRemove,
  cartRestore,
  cartSetQuantity,
  cartStore,
  cartUpdate,
  cartUpsellSuggestions,
} from './cart';
import { cartMessages } from './messages';
import { moneyMinor as m } from './money';
import type { CartItem } from './types';

function build(...items: CartItem[]): Cart {
  return items.reduce(
    (cart, item) => cartAdd(cart, item).cart,
    cartEmpty({ orderModeId: 'd', menuHash: 'h1' }),
  );
}

describe('ordering §4 Cart: add merges identical lines', () => {
  it('merges an item identical in reference, notes, name and extras', () => {
    const cart = build(burger(1, 'simple', { cheddar: 1 }), burger(2, 'simple', { cheddar: 1 }));
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]?.quantity).toBe(3);
    expect(cart.totals).toEqual({ clasica: 3 });
  });

  it.each([
    ['notes', burger(1, 'simple', {}, 'sin cebolla')],
    ['extras', burger(1, 'simple', { panceta: 1 })],
    ['size', burger(1, 'doble')],
    ['name', { ...burger(1), name: 'Otra' }],
  ])('appends when the %s differ', (_, other) => {
    const cart = build(burger(1), other);
    expect(cart.items).toHaveLength(2);
    expect(cart.totals).toEqual({ clasica: 2 });
  });

  it('compares extras as a set, whatever the picking order', () => {
    const a = burger(1, 'simple', { cheddar: 1, huevo: 2 });
    const b = burger(1, 'simple', { huevo: 2, cheddar: 1 });
    expect(cartItemKey(a)).toBe(cartItemKey(b));
    const zero = burger(1, 'simple', { cheddar: 1, huevo: 0 });
    expect(cartItemKey(zero)).toBe(cartItemKey(burger(1, 'simple', { cheddar: 1 })));
  });

  it('ignores an add of 0 units and refuses fractions', () => {
    const cart = build(line(papas, 1));
    expect(cartAdd(cart, line(papas, 0)).cart).toBe(cart);
    expect(() => cartAdd(cart, line(papas, 1.5))).toThrow(RangeError);
  });

  it('keeps per-reference totals across lines of one plate', () => {
    const cart = build(beer(2, 'ipa'), beer(1, 'honey'), line(papas, 4));
    expect(cart.totals).toEqual({ cerveza: 3, papas: 4 });
    expect(cartReferenceTotals(cart.items)).toEqual(cart.totals);
    expect(cartItemsCount(cart)).toBe(7);
    expect(cartLineAmount(cart.items[2] as CartItem)).toBe(16800);
  });
});

describe('ordering §5 Cart and menu: maxQuantity', () => {
  it('caps a plate at its maxQuantity across lines with the exact message', () => {
    const first = build(beer(4, 'ipa'));
    const result = cartAdd(first, beer(5, 'honey'));
    expect(result.message).toBe('Has alcanzado el máximo de unidades (6) para este producto');
    expect(result.cart.totals.cerveza).toBe(6);
    expect(result.cart.items[1]?.quantity).toBe(2);
  });

  it('refuses an add when the plate is already at its cap', () => {
    const full = build(beer(6));
    const result = cartAdd(full, beer(1, 'stout'));
    expect(result.cart.items).toHaveLength(1);
    expect(result.message).toBe(cartMessages.maxQuantity(6));
    const merged = cartAdd(full, beer(1));
    expect(merged.cart).toBe(full);
    expect(merged.message).toBe(cartMessages.maxQuantity(6));
  });

  it('uses the default cap 9999999 without maxQuantity', () => {
    expect(cartMaxQuantity({})).toBe(CART_DEFAULT_MAX_QUANTITY);
    expect(cartMaxQuantity({ maxQuantity: 0 })).toBe(9999999);
    const result = cartAdd(cartEmpty(), line(papas, 10_000_000));
    expect(result.cart.items[0]?.quantity).toBe(9999999);
    expect(result.message).toBe('Has alcanzado el máximo de unidades (9999999) para este producto');
  });

  it('stops a quantity change at the cap', () => {
    const cart = build(beer(2, 'ipa'), beer(1, 'honey'));
    const result = cartSetQuantity(cart, 0, 9);
    expect(result.cart.items[0]?.quantity).toBe(5);
    expect(result.message).toBe(cartMessages.maxQuantity(6));
  });
});

describe('ordering §4 Cart: quantity change, update and delete', () => {
  it('changes quantity by delta and updates totals', () => {
    const cart = build(line(papas, 2), line(gaseosa, 1));
    const up = cartChangeQuantity(cart, 0, 1).cart;
    expect(up.items[0]?.quantity).toBe(3);
    expect(up.totals).toEqual({ papas: 3, gaseosa: 1 });
  });

  it('deletes a line whose quantity becomes 0', () => {
    const cart = build(line(papas, 1), line(gaseosa, 1));
    const down = cartChangeQuantity(cart, 0, -1).cart;
    expect(down.items.map((item) => item.referenceId)).toEqual(['gaseosa']);
    expect(down.totals).toEqual({ gaseosa: 1 });
    expect(cartSetQuantity(cart, 1, 0).cart.items).toHaveLength(1);
  });

  it('ignores an unknown index', () => {
    const cart = build(line(papas, 1));
    expect(cartSetQuantity(cart, 5, 2).cart).toBe(cart);
    expect(cartChangeQuantity(cart, 5, 2).cart).toBe(cart);
    expect(cartRemove(cart, 5)).toBe(cart);
    expect(cartUpdate(cart, 5, line(papas, 1)).cart).toBe(cart);
  });

  it('updates a line in place', () => {
    const cart = build(burger(1), line(papas, 1));
    const updated = cartUpdate(cart, 0, { ...burger(2, 'doble'), source: 'edit' }).cart;
    expect(updated.items.map((item) => [item.sizeId ?? item.referenceId, item.quantity])).toEqual([
      ['doble', 2],
      ['papas', 1],
    ]);
  });

  it('merges an updated line that became identical to another', () => {
    const cart = build(burger(1, 'simple'), burger(2, 'doble'));
    const updated = cartUpdate(cart, 0, burger(1, 'doble'));
    expect(updated.cart.items).toHaveLength(1);
    expect(updated.cart.items[0]?.quantity).toBe(3);
  });

  it('deletes a line updated to 0 and caps an update', () => {
    const cart = build(beer(1, 'ipa'), beer(3, 'honey'));
    expect(cartUpdate(cart, 0, beer(0, 'ipa')).cart.items).toHaveLength(1);
    const capped = cartUpdate(cart, 0, beer(9, 'stout'));
    expect(capped.cart.items[0]?.quantity).toBe(3);
    expect(capped.message).toBe(cartMessages.maxQuantity(6));
    const full = build(beer(6, 'honey'), line(papas, 1));
    const none = cartUpdate(cartAdd(full, line(papas, 0)).cart, 1, beer(2, 'ipa'));
    expect(none.cart.items.map((item) => item.referenceId)).toEqual(['cerveza']);
    expect(none.message).toBe(cartMessages.maxQuantity(6));
  });
});

describe('ordering §4 Cart: upsell lines', () => {
  const upsellBrownie = line(brownie, 1, {
    source: 'upselled',
    upsell: true,
    price: m(4000),
    originalPrice: m(5200),
  });

  it('puts upsell lines back at their regular price when the last non-upsell line is deleted', () => {
    const cart = build(line(papas, 1), upsellBrownie);
    expect(cart.items[1]?.price).toBe(4000);
    const after = cartRemove(cart, 0);
    expect(after.items).toEqual([{ ...upsellBrownie, price: m(5200) }]);
  });

  it('keeps the upsell price while a non-upsell line remains', () => {
    const cart = build(line(papas, 1), line(gaseosa, 1), upsellBrownie);
    expect(cartRemove(cart, 0).items[1]?.price).toBe(4000);
  });

  it('keeps the upsell price while editing the only main line', () => {
    const cart = build(burger(1), upsellBrownie);
    expect(cartUpdate(cart, 0, burger(2)).cart.items[1]?.price).toBe(4000);
  });

  it('suggests upselleds not in the cart, at most the limit', () => {
    const cart = build(line(papas, 1));
    expect(cartUpsellSuggestions([papas, gaseosa, brownie], cart).map((p) => p.id)).toEqual([
      'gaseosa',
      'brownie',
    ]);
    expect(cartUpsellSuggestions([papas, gaseosa, brownie], cart, 1)).toHaveLength(1);
  });
});

describe('ordering §4 Cart: mode and branch changes', () => {
  const cashType = { id: 'efectivo', paymentMethod: 'CASH' as const, upload: 'APP' as const };

  it('asks for confirmation on any other mode once the cart has items, whatever its menu', () => {
    expect(cartModeChangeNeedsConfirmation(cartEmpty({ orderModeId: 'd' }), 'takeaway')).toBe(false);
    const cart = build(line(papas, 1));
    // 'takeaway' shares the menu (same hash): still asked, the dialog says the items go.
    expect(cartModeChangeNeedsConfirmation(cart, 'takeaway')).toBe(true);
    expect(cartModeChangeNeedsConfirmation(cart, 'salon')).toBe(true);
    // The cart's own mode chosen again is no change.
    expect(cartModeChangeNeedsConfirmation(cart, 'd')).toBe(false);
  });

  it('accepting the confirmation clears the items and changes the mode, even on the same menu', () => {
    const next = cartModeChangeConfirmed(build(line(papas, 1)), {
      orderModeId: 'takeaway',
      menuHash: 'h1',
      defaultPaymentType: cashType,
    });
    expect(next.items).toEqual([]);
    expect(next.totals).toEqual({});
    expect(next.orderModeId).toBe('takeaway');
    expect(next.menuHash).toBe('h1');
    expect(next.paymentType).toEqual(cashType);
  });

  it('clears the cart when the new mode has another menu hash, then sets the default payment', () => {
    const cart = build(line(papas, 1));
    const { cart: next, cleared } = cartChangeOrderMode(cart, {
      orderModeId: 'salon',
      menuHash: 'h2',
      defaultPaymentType: cashType,
    });
    expect(cleared).toBe(true);
    expect(next.items).toEqual([]);
    expect(next.totals).toEqual({});
    expect(next.orderModeId).toBe('salon');
    expect(next.paymentType).toEqual(cashType);
  });

  it('keeps the items when the menu hash is the same', () => {
    const cart = build(line(papas, 1));
    const { cart: next, cleared } = cartChangeOrderMode(cart, { orderModeId: 'takeaway', menuHash: 'h1' });
    expect(cleared).toBe(false);
    expect(next.items).toHaveLength(1);
    expect(next.paymentType).toBeNull();
  });

  it('clears the cart on a branch change', () => {
    const cart = { ...build(line(papas, 1)), branchContactId: 'palermo' };
    expect(cartChangeBranch(cart, 'palermo')).toBe(cart);
    const next = cartChangeBranch(cart, 'belgrano');
    expect(next.items).toEqual([]);
    expect(next.branchContactId).toBe('belgrano');
  });
});

describe('ordering §4 Persistence', () => {
  it('restores a stored cart for the same alias before it expires', () => {
    const cart = build(line(papas, 2));
    const stored = cartStore(cart, 'fuego-palermo', 1_000);
    expect(cartRestore(stored, 'fuego-palermo', 1_000 + CART_STORAGE_TTL_MS - 1)?.items).toEqual(cart.items);
    expect(cartRestore(stored, 'fuego-belgrano', 2_000)).toBeNull();
    expect(cartRestore(stored, 'fuego-palermo', 1_000 + CART_STORAGE_TTL_MS)).toBeNull();
    expect(cartRestore(stored, 'fuego-palermo', 0)).toBeNull();
    expect(cartRestore(null, 'fuego-palermo', 0)).toBeNull();
  });
});

describe('cart properties', () => {
  const lineArb = fc.record({
    plate: fc.constantFrom(papas, gaseosa, brownie, cerveza),
    quantity: fc.integer({ min: 0, max: 8 }),
    notes: fc.constantFrom('', 'sin sal'),
  });

  it('totals always match the lines and no plate exceeds its cap, whatever the adds', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), (adds) => {
        const cart = adds.reduce(
          (acc, add) => cartAdd(acc, line(add.plate, add.quantity, { notes: add.notes })).cart,
          cartEmpty(),
        );
        expect(cart.totals).toEqual(cartReferenceTotals(cart.items));
        expect(cart.totals.cerveza ?? 0).toBeLessThanOrEqual(6);
        const keys = cart.items.map(cartItemKey);
        expect(new Set(keys).size).toBe(keys.length);
        expect(cart.items.every((item) => item.quantity > 0)).toBe(true);
      }),
    );
  });

  it('adding in any order gives the same lines as a set', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 10 }), (adds) => {
        const forward = adds.reduce(
          (acc, add) => cartAdd(acc, line(add.plate, add.quantity, { notes: add.notes })).cart,
          cartEmpty(),
        );
        const backward = [...adds]
          .reverse()
          .reduce(
            (acc, add) => cartAdd(acc, line(add.plate, add.quantity, { notes: add.notes })).cart,
            cartEmpty(),
          );
        // Without a capped plate the order of adds cannot matter.
        fc.pre((forward.totals.cerveza ?? 0) < 6);
        const sorted = (c: Cart) => c.items.map((i) => `${cartItemKey(i)}=${i.quantity}`).sort();
        expect(sorted(backward)).toEqual(sorted(forward));
      }),
    );
  });
});
