import { describe, expect, it } from 'vitest';
import { clasica, papas, veggie } from '../test/fixtures';
import { cartEmpty } from './cart';
import { moneyMinor as m } from './money';
import { type OrderRepeatLine, orderRepeatLines, orderRepeatNotice } from './order-repeat';
import type { Plate } from './types';

const line = (overrides: Partial<OrderRepeatLine> = {}): OrderRepeatLine => ({
  referenceId: 'clasica',
  sizeId: 'doble',
  name: 'Clásica (Doble)',
  quantity: 2,
  notes: 'sin cebolla',
  extras: [
    { groupId: 'pan', groupItems: [{ referenceId: 'papa', name: 'Pan de papa', quantity: 1 }] },
    {
      groupId: 'extras-burger',
      groupItems: [{ referenceId: 'cheddar', name: 'Cheddar extra', quantity: 1 }],
    },
  ],
  ...overrides,
});

describe("issue 11 'Repetir pedido'", () => {
  it("puts a past order's lines back at today's prices", () => {
    // Today the double costs 11500 instead of the 10900 it cost then; cheddar still 800.
    const today: Plate = {
      ...clasica,
      sizes: (clasica.sizes ?? []).map((size) => (size.id === 'doble' ? { ...size, price: m(11500) } : size)),
    };
    const { cart, dropped, message } = orderRepeatLines(
      cartEmpty({ branchContactId: '7' }),
      [line(), { referenceId: 'papas', name: 'Papas fritas', quantity: 1, notes: '', extras: [] }],
      [today, papas],
    );
    expect(dropped).toEqual([]);
    expect(message).toBeNull();
    expect(cart.items.map((item) => [item.name, item.quantity, item.price, item.notes])).toEqual([
      ['Clásica (Doble)', 2, 11500 + 800, 'sin cebolla'],
      ['Papas fritas', 1, 4200, ''],
    ]);
    expect(cart.items[0]?.extras.map((group) => group.groupItems.map((item) => item.name))).toEqual([
      ['Pan de papa'],
      ['Cheddar extra'],
    ]);
    expect(cart.totals).toEqual({ clasica: 2, papas: 1 });
  });

  it('leaves out, and names, a line whose plate, size or extra is no longer sold', () => {
    const noTriple: Plate = {
      ...clasica,
      sizes: (clasica.sizes ?? []).filter((size) => size.id !== 'triple'),
    };
    const { cart, dropped } = orderRepeatLines(
      cartEmpty(),
      [
        line({ sizeId: 'triple', name: 'Clásica (Triple)' }),
        // Jalapeños are hidden today.
        line({
          name: 'Clásica (Doble) picante',
          extras: [
            { groupId: 'pan', groupItems: [{ referenceId: 'papa', name: 'Pan de papa', quantity: 1 }] },
            {
              groupId: 'extras-burger',
              groupItems: [{ referenceId: 'jalapenos', name: 'Jalapeños', quantity: 1 }],
            },
          ],
        }),
        { referenceId: 'aros', name: 'Aros de cebolla', quantity: 1, notes: '', extras: [] },
        // Veggie is now sold without sizes: the size it was ordered in is gone.
        {
          referenceId: 'veggie',
          sizeId: 'doble',
          name: 'Veggie (Doble)',
          quantity: 1,
          notes: '',
          extras: [],
        },
        line(),
      ],
      [noTriple, veggie],
    );
    expect(dropped).toEqual([
      'Clásica (Triple)',
      'Clásica (Doble) picante',
      'Aros de cebolla',
      'Veggie (Doble)',
    ]);
    expect(cart.items.map((item) => item.name)).toEqual(['Clásica (Doble)']);
    expect(orderRepeatNotice(dropped)).toBe(
      'Ya no están a la venta y no se agregaron: Clásica (Triple), Clásica (Doble) picante, Aros de cebolla, Veggie (Doble)',
    );
    expect(orderRepeatNotice([])).toBeNull();
  });

  it("merges with the cart's identical line and keeps the plate's maximum", () => {
    const first = orderRepeatLines(cartEmpty(), [line({ quantity: 15 })], [clasica]);
    const again = orderRepeatLines(first.cart, [line({ quantity: 15 })], [clasica]);
    expect(again.cart.items).toHaveLength(1);
    expect(again.cart.items[0]?.quantity).toBe(20);
    expect(again.message).toBe('Has alcanzado el máximo de unidades (20) para este producto');
  });
});
