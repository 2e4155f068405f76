import { describe, expect, it } from 'vitest';
import { AR, UY } from '../test/fixtures';
import {
  CODE_DISCOUNT_LIMITED_USAGE_TIMEOUT_MS,
  type CodeDiscount,
  type CodeDiscountContext,
  codeDiscountAmount,
  codeDiscountButtonLabel,
  codeDiscountCheck,
  codeDiscountExpired,
  codeDiscountIsFreeDelivery,
  codeDiscountKeptOnScheduleChange,
  codeDiscountPrecheck,
  codeDiscountTerms,
  codeDiscountWarnOnPaymentChange,
} from './code-discount';
import { codeDiscountMessages } from './messages';
import { moneyMinor as m } from './money';

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
const papasCode: CodeDiscount = {
  code: 'PAPAS',
  type: 'FIXED',
  value: m(1000),
  active: true,
  plate: { id: 'papas', showName: 'Papas fritas' },
};
const burger20: CodeDiscount = {
  code: 'BURGER20',
  type: 'PERCENT',
  value: 20,
  active: true,
  category: { id: 'hamburguesas', showName: 'Hamburguesas' },
  limitedUsage: true,
  usageLimit: 50,
};
const viejo: CodeDiscount = { code: 'VIEJO', type: 'PERCENT', value: 50, active: false };

const context: CodeDiscountContext = {
  productsAmount: m(20000),
  items: [{ referenceId: 'clasica', categoryId: 'hamburguesas' }],
  freeDeliveryReached: false,
  country: AR,
};

describe('ordering §5 Discount code: before validating', () => {
  it.each([
    [
      { paymentMethodChosen: false, customerDataValid: false },
      'Asegurese de haber elegido un medio de pago primero',
    ],
    [
      { paymentMethodChosen: true, customerDataValid: false },
      'Asegúrese de haber ingresado sus datos correctamente para validar el código de descuento.',
    ],
    [{ paymentMethodChosen: true, customerDataValid: true }, null],
  ])('%o → %s', (input, message) => {
    expect(codeDiscountPrecheck(input)).toBe(message);
  });

  it('labels the button Aplicar / Aplicando / Continuar', () => {
    expect(['init', 'loading', 'success', 'failed'].map((s) => codeDiscountButtonLabel(s as never))).toEqual([
      'Aplicar',
      'Aplicando',
      'Continuar',
      'Aplicar',
    ]);
  });
});

describe('ordering §5 Discount code: conditions and messages', () => {
  it.each([
    ['inactive code', viejo, {}, 'No se encontró ningún descuento con el código ingresado.'],
    [
      'usage limit reached',
      burger20,
      { timesUsed: 50 },
      'No se encontró ningún descuento con el código ingresado.',
    ],
    ['usage under the limit', burger20, { timesUsed: 49 }, null],
    [
      'not a first purchase',
      bienvenida,
      { firstPurchase: false },
      'Este descuento solo es válido para primera compra',
    ],
    ['first purchase', bienvenida, { firstPurchase: true }, null],
    ['under the minimum', bienvenida, { productsAmount: m(9999) }, 'Monto mínimo en productos: $ 10.000'],
    ['at the minimum', bienvenida, { productsAmount: m(10000) }, null],
    ['without the required plate', papasCode, {}, 'Descuento válido teniendo Papas fritas en el carrito'],
    ['with the required plate', papasCode, { items: [{ referenceId: 'papas' }] }, null],
    [
      'without the required category',
      burger20,
      { items: [{ referenceId: 'papas', categoryId: 'acompanamientos' }] },
      'Descuento válido teniendo un ítem de la categoría Hamburguesas en el carrito',
    ],
    ['free delivery already reached', envioGratis, { freeDeliveryReached: true }, 'Ya tiene envío gratis'],
    ['free delivery not reached', envioGratis, {}, null],
  ] as const)('%s', (_, discount, overrides, message) => {
    expect(codeDiscountCheck(discount, { ...context, ...overrides })).toBe(message);
  });

  it('formats the minimum in the country currency', () => {
    expect(
      codeDiscountCheck({ ...bienvenida, minimumOrderAmount: m(123450) }, { ...context, country: UY }),
    ).toBe('Monto mínimo en productos: $ 1.234,50');
  });

  it('shows the terms', () => {
    expect(codeDiscountTerms(bienvenida, AR)).toEqual([
      'Este descuento solo es válido para primera compra',
      'Tope de descuento: $ 3.000',
    ]);
    expect(codeDiscountTerms(papasCode, AR)).toEqual([]);
  });
});

describe('ordering §5 Discount code: amount', () => {
  it.each([
    ['10 % capped at $ 3.000', bienvenida, 50000, 3000],
    ['10 % under the cap, rounded half up', bienvenida, 12345, 1235],
    ['FIXED', papasCode, 20000, 1000],
    ['FIXED never more than the base', papasCode, 600, 600],
    ['free delivery takes nothing off the products', envioGratis, 20000, 0],
  ])('%s', (_, discount, base, amount) => {
    expect(codeDiscountAmount(discount, m(base))).toBe(amount);
  });

  it('knows a free-delivery code', () => {
    expect(codeDiscountIsFreeDelivery(envioGratis)).toBe(true);
    expect(codeDiscountIsFreeDelivery({ type: 'PERCENT', freeDelivery: true })).toBe(true);
    expect(codeDiscountIsFreeDelivery(bienvenida)).toBe(false);
  });
});

describe('ordering §4 Discount code status: life in the checkout', () => {
  it('expires a limited-usage code after 180000 ms', () => {
    expect(CODE_DISCOUNT_LIMITED_USAGE_TIMEOUT_MS).toBe(180000);
    expect(codeDiscountExpired(burger20, 0, 179_999)).toBe(false);
    expect(codeDiscountExpired(burger20, 0, 180_000)).toBe(true);
    expect(codeDiscountExpired(bienvenida, 0, 10_000_000)).toBe(false);
    expect(codeDiscountMessages.expired).toBe('Tiempo de aplicacion del descuento vencido');
  });

  it('warns before a payment change deletes the code', () => {
    expect(
      codeDiscountWarnOnPaymentChange({ codeApplied: true, canRetain: false, externalLoyalty: false }),
    ).toBe(true);
    expect(
      codeDiscountWarnOnPaymentChange({ codeApplied: true, canRetain: false, externalLoyalty: true }),
    ).toBe(false);
    expect(
      codeDiscountWarnOnPaymentChange({ codeApplied: true, canRetain: true, externalLoyalty: false }),
    ).toBe(false);
    expect(
      codeDiscountWarnOnPaymentChange({ codeApplied: false, canRetain: false, externalLoyalty: false }),
    ).toBe(false);
    expect(codeDiscountMessages.paymentChangeWarning).toBe(
      'Si cambias el medio de pago se borrará el código de descuento',
    );
  });

  it('deletes the code on a schedule change unless external loyalty applies', () => {
    expect(codeDiscountKeptOnScheduleChange(false)).toBe(false);
    expect(codeDiscountKeptOnScheduleChange(true)).toBe(true);
  });
});
