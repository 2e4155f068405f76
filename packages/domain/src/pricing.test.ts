import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AR,
  beer,
  brownie,
  burger,
  comboFuego,
  line,
  menuDiscounts,
  papas,
  papasCheddar,
  plates,
  UY,
} from '../test/fixtures';
import { cartItemKey } from './cart';
import type { CodeDiscount } from './code-discount';
import type { LoyaltyProgram } from './loyalty';
import { moneyMinor as m } from './money';
import { type PricingBreakdown, type PricingInput, pricingCompute } from './pricing';
import type { CartItem, DeliveryInfo, GeneralDiscount, Plate } from './types';

const TZ = 'America/Argentina/Buenos_Aires';
// 2025-01-02 is a Thursday; 15:00 in Buenos Aires.
const THURSDAY = Date.parse('2025-01-02T18:00:00Z');
const WEDNESDAY = Date.parse('2025-01-01T18:00:00Z');

const cercana: DeliveryInfo = {
  fee: m(1500),
  cashFee: m(1800),
  minimumOrderPrice: m(8000),
  freeDeliveryFrom: m(30000),
  insideDeliveryArea: true,
};
const bienvenida: CodeDiscount = {
  code: 'BIENVENIDA',
  type: 'PERCENT',
  value: 10,
  active: true,
  minimumOrderAmount: m(10000),
  firstTimeOnly: true,
  maximumDiscountAmount: m(3000),
};
const envioGratis: CodeDiscount = {
  code: 'ENVIOGRATIS',
  type: 'FREE_DELIVERY',
  value: 0,
  active: true,
  freeDelivery: true,
};
const clubSocios: GeneralDiscount[] = [
  { name: 'Socio Club', type: 'PERCENT', value: 15, priority: 2 },
  { name: 'Socio Club Premium', type: 'FIXED', value: m(2000), priority: 1 },
];
const fueguitos: LoyaltyProgram = {
  active: true,
  name: 'Fueguitos',
  orderPercentage: 5,
  minRedeemedPoints: 500,
  maxRedeemedPoints: 5000,
  maxRedeemedPercentage: 30,
  supportsDiscounts: true,
  branchContactIds: ['fuego-palermo', 'fuego-belgrano'],
};

const combo = (quantity: number, drink: 'gaseosa' | 'cerveza') =>
  line(comboFuego, quantity, {
    extras: [
      {
        groupId: 'bebida-combo',
        groupName: 'Bebida del combo',
        multipleSelection: false,
        groupItems: [{ referenceId: drink, name: drink, quantity: 1 }],
      },
    ],
  });

function base(items: CartItem[], overrides: Partial<PricingInput> = {}): PricingInput {
  return {
    items,
    menu: { plates, discounts: menuDiscounts },
    orderModeType: 'DELIVERY',
    at: THURSDAY,
    timeZone: TZ,
    country: AR,
    paymentMethod: 'CARD_ONLINE',
    deliveryInfo: cercana,
    fees: { userFee: m(300), percentageUserFee: 2 },
    ...overrides,
  };
}

function addsUp(b: PricingBreakdown): number {
  return (
    b.productsAmount -
    b.discountsAmount +
    b.surchargesAmount +
    b.deliveryFee.amount +
    b.serviceFee.amount -
    b.loyalty.amount
  );
}

describe('ordering §3/§7/§9 Pricing: the whole breakdown of a Palermo delivery order', () => {
  const items = [
    burger(2, 'doble', { cheddar: 1 }),
    line(papasCheddar, 1),
    line(brownie, 2),
    beer(2, 'ipa'),
    beer(1, 'honey'),
    combo(1, 'cerveza'),
  ];
  const breakdown = pricingCompute(
    base(items, {
      codeDiscount: { discount: bienvenida, firstPurchase: true },
      externalBenefits: clubSocios,
      loyalty: {
        program: fueguitos,
        branchContactId: 'fuego-palermo',
        balance: 4200,
        redeemPoints: 'default',
      },
    }),
  );

  it('prices each line from the menu with its menu discount', () => {
    expect(
      breakdown.lines.map((l) => [
        l.referenceId,
        l.unitPrice,
        l.quantity,
        l.amount,
        l.discount,
        l.discountType,
      ]),
    ).toEqual([
      ['clasica', 11700, 2, 23400, 0, null],
      ['papas-cheddar', 5900, 1, 5900, 885, 'PERCENT'],
      ['brownie', 5200, 2, 10400, 1000, 'FIXED'],
      // Both pints cost the same: the free unit goes to the line first by key (honey), whatever the line order.
      ['cerveza', 4500, 2, 9000, 0, null],
      ['cerveza', 4500, 1, 4500, 4500, 'MULTIPLE'],
      ['combo-fuego', 16000, 1, 16000, 1600, 'FINAL_PRICE'],
    ]);
    expect(breakdown.itemsAmount).toBe(69200);
    expect(breakdown.itemDiscountsAmount).toBe(7985);
    expect(breakdown.productsAmount).toBe(61215);
  });

  it('applies the code discount capped at its maximum, then the external benefit with the lowest priority', () => {
    expect(breakdown.codeDiscount).toEqual({
      name: 'BIENVENIDA',
      type: 'PERCENT',
      value: 10,
      amount: 3000,
      code: 'BIENVENIDA',
    });
    expect(breakdown.generalDiscounts).toEqual([
      { name: 'Socio Club Premium', type: 'FIXED', value: 2000, amount: 2000 },
    ]);
    expect(breakdown.discountsAmount).toBe(5000);
  });

  it("waives the delivery fee from the free-delivery amount ('Gratis') and charges the service fee", () => {
    expect(breakdown.deliveryFee).toEqual({
      amount: 0,
      baseFee: 1500,
      freeReason: 'THRESHOLD',
      label: 'Gratis',
    });
    expect(breakdown.serviceFee).toEqual({ amount: 1424, label: null });
  });

  it('redeems the default points and earns 5 % of the total', () => {
    expect(breakdown.loyalty).toEqual({
      active: true,
      redeemedPoints: 4200,
      amount: 4200,
      defaultPoints: 4200,
      message: null,
      blockedByDiscounts: false,
      accruedPoints: 2671,
    });
    expect(breakdown.total).toBe(53439);
    expect(addsUp(breakdown)).toBe(breakdown.total);
  });
});

describe('Pricing: each rule in isolation', () => {
  it('has no beer 2x1 on a Wednesday', () => {
    const b = pricingCompute(base([beer(2)], { at: WEDNESDAY }));
    expect(b.itemDiscountsAmount).toBe(0);
  });

  it('charges the cash fee when paying cash under the free-delivery amount', () => {
    const b = pricingCompute(base([line(papas, 3)], { paymentMethod: 'CASH' }));
    expect(b.productsAmount).toBe(12600);
    expect(b.deliveryFee.amount).toBe(1800);
    expect(b.serviceFee.amount).toBe(300 + 252);
    expect(b.total).toBe(12600 + 1800 + 552);
  });

  it("refuses a free-delivery code when delivery is already free with 'Ya tiene envío gratis'", () => {
    const b = pricingCompute(base([line(papas, 8)], { codeDiscount: { discount: envioGratis } }));
    expect(b.codeDiscount).toBeNull();
    expect(b.codeDiscountRejection).toBe('Ya tiene envío gratis');
  });

  it('waives the fee with a free-delivery code', () => {
    const b = pricingCompute(base([line(papas, 3)], { codeDiscount: { discount: envioGratis } }));
    expect(b.codeDiscount?.amount).toBe(0);
    expect(b.deliveryFee).toMatchObject({ amount: 0, freeReason: 'CODE', label: 'Gratis' });
  });

  it('reports a code under its minimum and applies nothing', () => {
    const b = pricingCompute(base([line(papas, 1)], { codeDiscount: { discount: bienvenida } }));
    expect(b.codeDiscountRejection).toBe('Monto mínimo en productos: $ 10.000');
    expect(b.discountsAmount).toBe(0);
  });

  it('applies general discounts of the mode and surcharges, without delivery fee for take-away', () => {
    const b = pricingCompute(
      base([line(papas, 2)], {
        orderModeType: 'TAKE_AWAY',
        generalDiscounts: [{ name: '10% por retirar', type: 'PERCENT', value: 10 }],
        surcharges: [
          { name: 'Servicio de mesa', type: 'FIXED', value: m(800), id: 's1' },
          { name: 'Recargo', type: 'PERCENT', value: 1 },
        ],
        fees: { userFee: m(0), percentageUserFee: 0 },
      }),
    );
    expect(b.generalDiscounts.map((d) => d.amount)).toEqual([840]);
    expect(b.surcharges).toEqual([
      { name: 'Servicio de mesa', type: 'FIXED', value: 800, amount: 800, surchargeReferenceId: 's1' },
      { name: 'Recargo', type: 'PERCENT', value: 1, amount: 76 },
    ]);
    expect(b.deliveryFee.amount).toBe(0);
    expect(b.deliveryFee.label).toBeNull();
    expect(b.serviceFee.label).toBe('Bonificada');
    expect(b.total).toBe(8400 - 840 + 876);
  });

  it('caps the sum of order discounts at the products amount', () => {
    const b = pricingCompute(
      base([line(papas, 1)], {
        generalDiscounts: [
          { name: 'A', type: 'FIXED', value: m(3000), id: 'a', externalBenefitType: 'X' },
          { name: 'B', type: 'FIXED', value: m(3000) },
        ],
      }),
    );
    expect(b.generalDiscounts.map((d) => d.amount)).toEqual([3000, 1200]);
    expect(b.generalDiscounts[0]).toMatchObject({ discountReferenceId: 'a', externalBenefitType: 'X' });
    expect(b.discountsAmount).toBe(4200);
    expect(b.serviceFee.amount).toBe(300);
  });

  it('refuses points when the programme does not combine with discounts', () => {
    const b = pricingCompute(
      base([line(papas, 5)], {
        generalDiscounts: [{ name: 'A', type: 'FIXED', value: m(100) }],
        loyalty: {
          program: { ...fueguitos, supportsDiscounts: false },
          branchContactId: 'fuego-palermo',
          balance: 4200,
          redeemPoints: 1000,
        },
      }),
    );
    expect(b.loyalty).toMatchObject({ active: true, redeemedPoints: 0, amount: 0, blockedByDiscounts: true });
  });

  it('refuses points over the limits with the message and earns nothing when inactive', () => {
    const b = pricingCompute(
      base([line(papas, 1)], {
        loyalty: { program: fueguitos, branchContactId: 'fuego-palermo', balance: 4200, redeemPoints: 4200 },
      }),
    );
    expect(b.loyalty.message).toBe('El máximo de Fueguitos utilizable para este pedido es: 1825');
    expect(b.loyalty.amount).toBe(0);
    const none = pricingCompute(
      base([line(papas, 1)], {
        loyalty: {
          program: fueguitos,
          branchContactId: 'fuego-cafe-centro',
          balance: 4200,
          redeemPoints: 'default',
        },
      }),
    );
    expect(none.loyalty).toMatchObject({ active: false, accruedPoints: 0 });
    const zero = pricingCompute(
      base([line(papas, 1)], {
        loyalty: { program: fueguitos, branchContactId: 'fuego-palermo', balance: 4200, redeemPoints: null },
      }),
    );
    expect(zero.loyalty).toMatchObject({ active: true, redeemedPoints: 0, accruedPoints: 304 });
  });

  it('redeems points worth 1 currency unit each in a 2-decimal currency', () => {
    const pesos = (n: number) => m(n * 100);
    const uyPlates: Plate[] = [{ id: 'chivito', showName: 'Chivito', price: pesos(450) }];
    const b = pricingCompute({
      items: [{ ...line(uyPlates[0] as Plate, 2) }],
      menu: { plates: uyPlates },
      orderModeType: 'TAKE_AWAY',
      at: THURSDAY,
      timeZone: 'America/Montevideo',
      country: UY,
      loyalty: {
        program: { ...fueguitos, minRedeemedPoints: 0 },
        branchContactId: 'fuego-palermo',
        balance: 100,
        redeemPoints: 100,
      },
    });
    expect(b.loyalty.amount).toBe(10000);
    expect(b.total).toBe(90000 - 10000);
    expect(b.loyalty.accruedPoints).toBe(40);
  });

  it('leaves out lines the menu cannot price, with the reason', () => {
    const b = pricingCompute(
      base([
        line({ id: 'fantasma', showName: 'X' }, 1),
        burger(1, 'simple', { jalapenos: 1 }),
        { ...burger(1), extras: [] },
        beer(7),
        line(papas, 0),
        line(papas, 2),
      ]),
    );
    expect(b.rejectedLines.map((r) => [r.index, r.reason, r.message])).toEqual([
      [0, 'UNKNOWN_PLATE', null],
      [1, 'CONFIGURATION', 'Revise que haya agregado la cantidad correcta de opcionales'],
      [2, 'CONFIGURATION', 'Revise que haya agregado la cantidad correcta de opcionales'],
      [3, 'QUANTITY', 'Has alcanzado el máximo de unidades (6) para este producto'],
      [4, 'QUANTITY', null],
    ]);
    expect(b.lines.map((l) => l.index)).toEqual([5]);
    expect(b.itemsAmount).toBe(8400);
  });

  it('reads the category of a code condition from the menu, not from the client', () => {
    const burger20: CodeDiscount = {
      code: 'BURGER20',
      type: 'PERCENT',
      value: 20,
      active: true,
      category: { id: 'hamburguesas', showName: 'Hamburguesas' },
    };
    const forged = pricingCompute(
      base([line(papas, 3, { categoryId: 'hamburguesas' })], { codeDiscount: { discount: burger20 } }),
    );
    expect(forged.codeDiscountRejection).toBe(
      'Descuento válido teniendo un ítem de la categoría Hamburguesas en el carrito',
    );
    const real = pricingCompute(
      base([{ ...burger(1), categoryId: undefined }], { codeDiscount: { discount: burger20 } }),
    );
    expect(real.codeDiscount?.amount).toBe(1700);
  });

  it('redeems nothing for points that are not whole and positive', () => {
    const b = pricingCompute(
      base([line(papas, 5)], {
        loyalty: { program: fueguitos, branchContactId: 'fuego-palermo', balance: 4200, redeemPoints: 600.5 },
      }),
    );
    expect(b.loyalty).toMatchObject({ active: true, redeemedPoints: 0, amount: 0, message: null });
  });

  it('ignores the price the client sent', () => {
    const b = pricingCompute(base([line(papas, 1, { price: m(1) })]));
    expect(b.lines[0]?.unitPrice).toBe(4200);
  });
});

// ---- Properties --------------------------------------------------------------------------------

const burgerArb = fc
  .record({
    size: fc.constantFrom('simple' as const, 'doble' as const, 'triple' as const),
    extras: fc.subarray(['cheddar', 'panceta', 'huevo']),
  })
  .map(
    ({ size, extras }) =>
      (q: number, notes: string) =>
        burger(q, size, Object.fromEntries(extras.map((e) => [e, 1])), notes),
  );
const itemArb = fc.oneof(
  burgerArb,
  fc.constantFrom('ipa' as const, 'honey' as const, 'stout' as const).map((s) => (q: number) => beer(q, s)),
  fc.constantFrom('gaseosa' as const, 'cerveza' as const).map((d) => (q: number) => combo(q, d)),
  fc
    .constantFrom(...plates.filter((p) => !p.garnishGroups))
    .map((p) => (q: number, notes: string) => line(p, q, { notes })),
);
const cartArb = fc
  .array(
    fc.record({
      make: itemArb,
      quantity: fc.integer({ min: 1, max: 4 }),
      notes: fc.constantFrom('', 'sin sal', 'x'),
    }),
    { maxLength: 10 },
  )
  .map((rows) => {
    const seen = new Set<string>();
    return rows
      .map((row) => row.make(row.quantity, row.notes))
      .filter((item) => {
        const key = cartItemKey(item);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  });
const amountArb = fc.integer({ min: 0, max: 50000 }).map(m);
const adjustmentArb = fc.oneof(
  fc.record({
    name: fc.constant('P'),
    type: fc.constant('PERCENT' as const),
    value: fc.integer({ min: 0, max: 100 }),
  }),
  fc.record({ name: fc.constant('F'), type: fc.constant('FIXED' as const), value: amountArb }),
);
const codeArb = fc.option(
  fc.oneof(
    fc.constant(bienvenida),
    fc.constant(envioGratis),
    fc.record({
      code: fc.constant('X'),
      type: fc.constant('FIXED' as const),
      value: amountArb,
      active: fc.boolean(),
    }),
    fc.record({
      code: fc.constant('Y'),
      type: fc.constant('PERCENT' as const),
      value: fc.integer({ min: 0, max: 100 }),
      active: fc.constant(true),
    }),
  ),
);
const inputArb = fc.record({
  items: cartArb,
  orderModeType: fc.constantFrom('DELIVERY' as const, 'TAKE_AWAY' as const, 'DINE_IN' as const),
  at: fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2025-12-31T00:00:00Z') }),
  paymentMethod: fc.constantFrom('CASH' as const, 'CARD_ONLINE' as const, null),
  deliveryInfo: fc.option(
    fc.record({
      fee: amountArb,
      cashFee: amountArb,
      freeDeliveryFrom: fc.integer({ min: 0, max: 100000 }).map(m),
      insideDeliveryArea: fc.constant(true),
    }),
  ),
  fees: fc.option(
    fc.record({ userFee: amountArb, percentageUserFee: fc.double({ min: 0, max: 20, noNaN: true }) }),
  ),
  generalDiscounts: fc.array(adjustmentArb, { maxLength: 2 }),
  externalBenefits: fc.array(
    fc
      .tuple(adjustmentArb, fc.option(fc.integer({ min: 0, max: 5 })))
      .map(([a, priority]) => (priority === null ? a : { ...a, priority })),
    { maxLength: 3 },
  ),
  surcharges: fc.array(adjustmentArb, { maxLength: 2 }),
  code: codeArb,
  loyalty: fc.option(
    fc.record({
      supportsDiscounts: fc.boolean(),
      balance: fc.integer({ min: 0, max: 20000 }),
      redeemPoints: fc.oneof(fc.constant('default' as const), fc.integer({ min: 0, max: 20000 })),
    }),
  ),
});

type Generated = typeof inputArb extends fc.Arbitrary<infer T> ? T : never;

function toInput(g: Generated): PricingInput {
  return {
    items: g.items,
    menu: { plates, discounts: menuDiscounts },
    orderModeType: g.orderModeType,
    at: g.at,
    timeZone: TZ,
    country: AR,
    paymentMethod: g.paymentMethod,
    deliveryInfo: g.deliveryInfo,
    fees: g.fees,
    generalDiscounts: g.generalDiscounts as GeneralDiscount[],
    externalBenefits: g.externalBenefits as GeneralDiscount[],
    surcharges: g.surcharges as GeneralDiscount[],
    codeDiscount: g.code ? { discount: g.code as CodeDiscount } : null,
    loyalty: g.loyalty
      ? {
          program: { ...fueguitos, supportsDiscounts: g.loyalty.supportsDiscounts },
          branchContactId: 'fuego-palermo',
          balance: g.loyalty.balance,
          redeemPoints: g.loyalty.redeemPoints,
        }
      : null,
  };
}

describe('Pricing properties (fast-check)', () => {
  it('no negative line or total; a discount never exceeds what it discounts; the breakdown adds up exactly', () => {
    fc.assert(
      fc.property(inputArb, (g) => {
        const b = pricingCompute(toInput(g));
        for (const l of b.lines) {
          expect(l.amount).toBeGreaterThanOrEqual(0);
          expect(l.discount).toBeGreaterThanOrEqual(0);
          expect(l.discount).toBeLessThanOrEqual(l.amount);
          expect(l.net).toBe(l.amount - l.discount);
        }
        expect(b.itemsAmount).toBe(b.lines.reduce((s, l) => s + l.amount, 0));
        expect(b.itemDiscountsAmount).toBe(b.lines.reduce((s, l) => s + l.discount, 0));
        const orderDiscounts = [...(b.codeDiscount ? [b.codeDiscount] : []), ...b.generalDiscounts];
        for (const d of orderDiscounts) expect(d.amount).toBeGreaterThanOrEqual(0);
        expect(orderDiscounts.reduce((s, d) => s + d.amount, 0)).toBe(b.discountsAmount);
        expect(b.discountsAmount).toBeLessThanOrEqual(b.productsAmount);
        for (const s of b.surcharges) expect(s.amount).toBeGreaterThanOrEqual(0);
        expect(b.deliveryFee.amount).toBeGreaterThanOrEqual(0);
        expect(b.deliveryFee.amount).toBeLessThanOrEqual(b.deliveryFee.baseFee);
        expect(b.serviceFee.amount).toBeGreaterThanOrEqual(0);
        expect(b.loyalty.amount).toBeGreaterThanOrEqual(0);
        expect(b.loyalty.amount).toBeLessThanOrEqual(b.total + b.loyalty.amount);
        expect(b.total).toBeGreaterThanOrEqual(0);
        expect(addsUp(b)).toBe(b.total);
        for (const value of [b.total, b.productsAmount, b.discountsAmount, b.serviceFee.amount]) {
          expect(Number.isSafeInteger(value)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the order of cart lines does not change any figure', () => {
    fc.assert(
      fc.property(
        inputArb.chain((g) =>
          fc.tuple(fc.constant(g), fc.shuffledSubarray(g.items, { minLength: g.items.length })),
        ),
        ([g, shuffled]) => {
          const a = pricingCompute(toInput(g));
          const b = pricingCompute({ ...toInput(g), items: shuffled });
          const { lines: la, rejectedLines: ra, ...restA } = a;
          const { lines: lb, rejectedLines: rb, ...restB } = b;
          expect(restB).toEqual(restA);
          const byKey = (lines: PricingBreakdown['lines']) =>
            lines.map(({ index: _i, ...l }) => l).sort((x, y) => (x.key < y.key ? -1 : 1));
          expect(byKey(lb)).toEqual(byKey(la));
          expect(rb.length).toBe(ra.length);
        },
      ),
      { numRuns: 200 },
    );
  });
});
