import { describe, expect, it } from 'vitest';
import { AR } from '../test/fixtures';
import {
  type CheckoutInput,
  checkoutValidate,
  documentIsValid,
  documentToSend,
  emailIsValid,
} from './checkout-validation';
import { moneyMinor as m } from './money';

const valid: CheckoutInput = {
  orderModeType: 'DELIVERY',
  customer: {
    name: 'Martina Gómez',
    phone: '+5491155550101',
    email: 'martina@correo.example',
    document: '30.123.456',
  },
  rules: {
    forceCustomerName: true,
    forceCustomerPhone: true,
    mandatoryEmail: false,
    betweenStreetsRequired: true,
  },
  paymentMethod: 'CASH',
  paysWith: '20.000',
  address: { fullAddress: 'Honduras 4800, CABA', betweenStreets: 'Gurruchaga y Armenia' },
  productsAmount: m(12600),
  total: m(14952),
  deliveryInfo: {
    fee: m(1500),
    cashFee: m(1800),
    minimumOrderPrice: m(8000),
    freeDeliveryFrom: m(30000),
    insideDeliveryArea: true,
  },
  schedule: { loading: false, canOrderNow: true, scheduled: false },
  country: AR,
};

const run = (overrides: Partial<CheckoutInput>) => checkoutValidate({ ...valid, ...overrides });

describe('ordering §5 Checkout: each check and its exact message', () => {
  it('passes a complete delivery order and cleans what it sends', () => {
    const result = checkoutValidate(valid);
    expect(result).toEqual({ valid: true, errors: [], toast: null, document: '30123456', paysWith: 20000 });
  });

  it.each([
    [
      'phone required when forced',
      { customer: { ...valid.customer, phone: '' } },
      'Debe ingresar su número de teléfono para continuar.',
    ],
    [
      'name required when forced',
      { customer: { ...valid.customer, name: ' ' } },
      'Debe ingresar su nombre para poder realizar el pedido.',
    ],
    [
      'phone valid',
      { customer: { ...valid.customer, phone: '123' } },
      'Debe ingresar un número de teléfono válido para continuar.',
    ],
    [
      'table number in dining in',
      { orderModeType: 'DINE_IN', paymentMethod: 'CARD_ONLINE' },
      'Debe ingresar número de mesa para poder realizar el pedido.',
    ],
    [
      'email when the branch demands it',
      { customer: { ...valid.customer, email: '' }, rules: { ...valid.rules, mandatoryEmail: true } },
      'Debe ingresar su email para poder realizar el pedido',
    ],
    [
      'email well formed',
      { customer: { ...valid.customer, email: 'martina@correo' } },
      'Ingrese un email valido',
    ],
    [
      'email under 100 characters',
      { customer: { ...valid.customer, email: `${'a'.repeat(90)}@correo.example` } },
      'Ingrese un email valido',
    ],
    [
      'document of 6',
      { customer: { ...valid.customer, document: '123.456' } },
      'Ingrese un documento valido',
    ],
    [
      'document of 12',
      { customer: { ...valid.customer, document: '123456789012' } },
      'Ingrese un documento valido',
    ],
    [
      'cash amount required',
      { paysWith: '' },
      'Debe ingresar con cuanto abona para poder realizar el pedido.',
    ],
    [
      'cash amount a number',
      { paysWith: 'mucho' },
      'Debe ingresar con cuanto abona para poder realizar el pedido.',
    ],
    [
      'cash amount not negative',
      { paysWith: '-5' },
      'Debe ingresar con cuanto abona para poder realizar el pedido.',
    ],
    [
      'cash amount not under the total',
      { paysWith: '14951' },
      'El monto con el cual abonará no puede ser menor al precio del pedido.',
    ],
    [
      'delivery address',
      { address: { fullAddress: '', betweenStreets: 'x' } },
      'Debe ingresar dirección para poder realizar el pedido.',
    ],
    [
      'between streets',
      { address: { fullAddress: 'Honduras 4800' } },
      'Debe ingresar entrecalles para poder realizar el pedido.',
    ],
    ['minimum order', { productsAmount: m(7999) }, 'El precio del pedido debe ser mayor a $ 8.000'],
    [
      'no riders',
      { deliveryInfo: { ...valid.deliveryInfo, fee: m(1), insideDeliveryArea: true, providersFailed: true } },
      'En este momento no contamos con repartidores en la zona. Vuelva a intentar más tarde',
    ],
    [
      'outside area',
      { deliveryInfo: { fee: m(0), insideDeliveryArea: false } },
      'Tu dirección no se encuentra dentro de la zona de entrega.',
    ],
    [
      'fee being computed',
      { deliveryInfoLoading: true },
      'Estamos calculando el costo de envío, aguarde unos momentos.',
    ],
    [
      'fee not there yet',
      { deliveryInfo: null },
      'Estamos calculando el costo de envío, aguarde unos momentos.',
    ],
    [
      'cash with no cash riders',
      { deliveryInfo: { ...valid.deliveryInfo, fee: m(1), insideDeliveryArea: true, cashAvailable: false } },
      'En este momento no contamos con repartidores en la zona que acepten efectivo. Vuelva a intentar más tarde',
    ],
    [
      'card fields incomplete',
      { paymentMethod: 'CARD_ONLINE', card: { complete: false, valid: false } },
      'Debe completar correctamente los campos de la tarjeta para continuar.',
    ],
    [
      'card fields malformed',
      { paymentMethod: 'CARD_ONLINE', card: { complete: true, valid: false } },
      'Debe completar los campos de su tarjeta correctamente',
    ],
    [
      'schedule loading',
      { schedule: { loading: true, canOrderNow: false, scheduled: true } },
      'Estamos calculando los horarios del local, aguarde unos momentos.',
    ],
    [
      'schedule required when ordering now is not possible',
      { schedule: { loading: false, canOrderNow: false, scheduled: true, scheduledAt: null } },
      'Seleccione un horario de programación del pedido',
    ],
    [
      'schedule required when scheduled is chosen',
      { schedule: { loading: false, canOrderNow: true, scheduled: true } },
      'Seleccione un horario de programación del pedido',
    ],
  ] as [string, Partial<CheckoutInput>, string][])('%s', (_, overrides, message) => {
    const result = run(overrides);
    expect(result.errors.map((e) => e.message)).toEqual([message]);
    expect(result.toast).toBe(message);
    expect(result.valid).toBe(false);
  });

  it('accepts a scheduled order with a slot, a take-away without address, and no cash amount for a card', () => {
    expect(
      run({ schedule: { loading: false, canOrderNow: false, scheduled: true, scheduledAt: 1 } }).valid,
    ).toBe(true);
    expect(run({ orderModeType: 'TAKE_AWAY', address: null, deliveryInfo: null }).valid).toBe(true);
    expect(
      run({ paymentMethod: 'CARD_ONLINE', paysWith: null, card: { complete: true, valid: true } }),
    ).toMatchObject({
      valid: true,
      paysWith: null,
    });
    expect(run({ customer: { name: 'A', phone: '+5491155550101' } }).document).toBeNull();
  });

  it('returns every failing check in the spec order, the last one as the toast', () => {
    const result = checkoutValidate({
      ...valid,
      customer: { phone: '', name: '', email: 'x', document: '1' },
      rules: {
        forceCustomerName: true,
        forceCustomerPhone: true,
        mandatoryEmail: true,
        betweenStreetsRequired: true,
      },
      paysWith: '',
      address: null,
      productsAmount: m(100),
      deliveryInfo: {
        fee: m(0),
        minimumOrderPrice: m(8000),
        insideDeliveryArea: false,
        providersFailed: true,
        cashAvailable: false,
      },
      card: { complete: false, valid: false },
      schedule: { loading: true, canOrderNow: false, scheduled: false },
    });
    expect(result.errors.map((e) => e.code)).toEqual([
      'PHONE_REQUIRED',
      'NAME_REQUIRED',
      'EMAIL_INVALID',
      'DOCUMENT_INVALID',
      'CASH_AMOUNT_REQUIRED',
      'ADDRESS_REQUIRED',
      'BETWEEN_STREETS_REQUIRED',
      'MINIMUM_ORDER',
      'NO_RIDERS',
      'OUTSIDE_AREA',
      'NO_CASH_RIDERS',
      'CARD_FIELDS_INCOMPLETE',
      'SCHEDULE_LOADING',
    ]);
    expect(result.toast).toBe('Estamos calculando los horarios del local, aguarde unos momentos.');
  });
});

describe('ordering §5 Checkout: no payment type usable', () => {
  it('cash-only delivery with no cash riders: the payment is missing, and why', () => {
    const result = run({
      paymentMethod: null,
      paymentMethodsOffered: ['CASH'],
      paysWith: '',
      deliveryInfo: { ...valid.deliveryInfo, fee: m(1500), insideDeliveryArea: true, cashAvailable: false },
    });
    expect(result.errors.map((e) => [e.code, e.field, e.message])).toEqual([
      ['PAYMENT_METHOD_REQUIRED', 'payment', 'Asegurese de haber elegido un medio de pago primero'],
      [
        'NO_CASH_RIDERS',
        null,
        'En este momento no contamos con repartidores en la zona que acepten efectivo. Vuelva a intentar más tarde',
      ],
    ]);
    expect(result.toast).toBe(
      'En este momento no contamos con repartidores en la zona que acepten efectivo. Vuelva a intentar más tarde',
    );
  });

  it('no type usable for another reason: only the payment is missing', () => {
    const result = run({ orderModeType: 'TAKE_AWAY', paymentMethod: null, paymentMethodsOffered: [] });
    expect(result.errors.map((e) => e.code)).toEqual(['PAYMENT_METHOD_REQUIRED']);
    expect(result.toast).toBe('Asegurese de haber elegido un medio de pago primero');
    // Cash riders matter only when cash was all there was.
    const mixed = run({
      paymentMethod: null,
      paymentMethodsOffered: ['CASH', 'BANK_TRANSFER'],
      deliveryInfo: { ...valid.deliveryInfo, fee: m(1500), insideDeliveryArea: true, cashAvailable: false },
    });
    expect(mixed.errors.map((e) => e.code)).toEqual(['PAYMENT_METHOD_REQUIRED']);
  });
});

describe('ordering §9 Email and document', () => {
  it.each([
    ['martina@correo.example', true],
    ['a@b.co', true],
    ['a b@c.com', false],
    ['a@b', false],
    ['a@.com', false],
    [`${'a'.repeat(88)}@correo.com`, true],
    [`${'a'.repeat(89)}@correo.com`, false],
  ])('email %s valid: %s', (email, ok) => {
    expect(emailIsValid(email)).toBe(ok);
  });

  it.each([
    ['30.123.456', true],
    ['1.234.567-8', true],
    ['+54-30123456', true],
    ['123456', false],
    ['123456789012', false],
    ['20-30123456-7', true],
  ])('document %s valid: %s', (document, ok) => {
    expect(documentIsValid(document)).toBe(ok);
  });

  it('sends the document without dots', () => {
    expect(documentToSend(' 30.123.456 ')).toBe('30123456');
    expect(documentToSend('1.234.567-8')).toBe('1234567-8');
  });
});
