import { describe, expect, it } from 'vitest';
import { AR, line, menuDiscounts, papas, papasCheddar, plates } from '../test/fixtures';
import { moneyMinor as m } from './money';
import { pricingCompute } from './pricing';
import type { CartItem } from './types';
import {
  ORDER_ERROR_TYPES,
  venueErrorReportValid,
  venueFollowUpText,
  venueOrderText,
  venueScheduleText,
  venueWhatsAppLink,
  venueWhatsAppLinkWithPayment,
} from './venue-message';

const TZ = 'America/Argentina/Buenos_Aires';
const items: CartItem[] = [
  {
    ...line(plates[0] ?? papas, 2),
    sizeId: 'doble',
    name: 'Clásica (Doble)',
    notes: 'sin cebolla ',
    extras: [
      {
        groupId: 'pan',
        groupName: 'Elegí tu pan',
        multipleSelection: false,
        groupItems: [{ referenceId: 'papa', name: 'Pan de papa', quantity: 1 }],
      },
      {
        groupId: 'extras-burger',
        groupName: 'Extras',
        multipleSelection: true,
        groupItems: [
          { referenceId: 'cheddar', name: 'Cheddar extra', quantity: 2 },
          { referenceId: 'panceta', name: 'Panceta', quantity: 1 },
          { referenceId: 'huevo', name: 'Huevo frito', quantity: 0 },
        ],
      },
      { groupId: 'salsas', groupName: 'Salsas (hasta 2)', multipleSelection: true, groupItems: [] },
    ],
  },
  line(papasCheddar, 1),
];

describe('ordering §4 Order sending: the text to the venue', () => {
  it('lists mode, customer, address, items with extras and notes, totals and payment', () => {
    const breakdown = pricingCompute({
      items,
      menu: { plates, discounts: menuDiscounts },
      orderModeType: 'DELIVERY',
      at: Date.parse('2025-01-03T23:00:00Z'),
      timeZone: TZ,
      country: AR,
      paymentMethod: 'CASH',
      deliveryInfo: { fee: m(1500), cashFee: m(1800), freeDeliveryFrom: m(90000), insideDeliveryArea: true },
      fees: { userFee: m(300), percentageUserFee: 2 },
      generalDiscounts: [{ name: 'Promo viernes', type: 'FIXED', value: m(1000) }],
      surcharges: [{ name: 'Empaque', type: 'FIXED', value: m(200) }],
    });
    const text = venueOrderText({
      orderCode: 'AB12CD',
      orderModeShowName: 'Delivery',
      orderModeType: 'DELIVERY',
      customer: {
        name: 'Martina Gómez',
        phone: '+5491155550101',
        email: 'martina@correo.example',
        document: '30123456',
      },
      address: { fullAddress: 'Honduras 4800, CABA', betweenStreets: 'Gurruchaga y Armenia', details: '3B' },
      scheduledAt: Date.parse('2025-01-04T00:30:00Z'),
      timeZone: TZ,
      items,
      breakdown,
      paymentTypeName: 'Efectivo',
      paysWith: m(40000),
      notes: 'Tocar timbre',
      country: AR,
    });
    expect(text).toBe(
      [
        '*Nuevo pedido* #AB12CD',
        'Modo: Delivery',
        'Programado para: Viernes 03/01 21:30',
        'Cliente: Martina Gómez',
        'Teléfono: +5491155550101',
        'Email: martina@correo.example',
        'Documento: 30123456',
        'Dirección: Honduras 4800, CABA',
        'Entrecalles: Gurruchaga y Armenia',
        'Aclaraciones: 3B',
        '',
        '*Productos*',
        '2 × Clásica (Doble) — $ 27.200',
        '   + Elegí tu pan: Pan de papa',
        '   + Extras: Cheddar extra x2, Panceta',
        '   Nota: sin cebolla',
        '1 × Papas con cheddar y panceta — $ 5.015',
        '',
        'Subtotal: $ 33.100',
        'Descuentos en productos: -$ 885',
        'Promo viernes: -$ 1.000',
        'Empaque: $ 200',
        'Envío: $ 1.800',
        'Costo de servicio: $ 924',
        '*Total: $ 34.139*',
        '',
        'Pago: Efectivo',
        'Paga con: $ 40.000 (Vuelto: $ 5.861)',
        'Notas: Tocar timbre',
      ].join('\n'),
    );
  });

  it('writes a dine-in order as soon as possible, free delivery as Gratis', () => {
    const breakdown = pricingCompute({
      items: [line(papas, 1)],
      menu: { plates },
      orderModeType: 'DINE_IN',
      at: 0,
      timeZone: TZ,
      country: AR,
    });
    const text = venueOrderText({
      orderModeShowName: 'En el salón',
      orderModeType: 'DINE_IN',
      customer: { tableNumber: '12' },
      timeZone: TZ,
      items: [line(papas, 1)],
      breakdown: {
        ...breakdown,
        loyalty: { ...breakdown.loyalty, amount: m(100) },
        codeDiscount: { name: 'X', type: 'FIXED', value: 5, amount: m(5), code: 'X' },
      },
      paymentTypeName: 'Efectivo',
      paysWith: m(4200),
      country: AR,
    });
    expect(text).toContain('*Nuevo pedido*\nModo: En el salón\nProgramado para: Lo antes posible\nMesa: 12');
    expect(text).toContain('X: -$ 5');
    expect(text).toContain('Canje de puntos: -$ 100');
    expect(text).toContain('Paga con: $ 4.200');
    expect(text).not.toContain('Vuelto');
    expect(text).not.toContain('Envío');

    const free = venueOrderText({
      orderModeShowName: 'Delivery',
      orderModeType: 'DELIVERY',
      customer: {},
      timeZone: TZ,
      items: [],
      // A line whose item is missing is skipped.
      breakdown: { ...breakdown, lines: breakdown.lines.map((l) => ({ ...l, index: 9 })) },
      paymentTypeName: 'Tarjeta online',
      country: AR,
    });
    expect(free).toContain('Envío: Gratis');
  });

  it('formats a scheduled time in the branch zone', () => {
    expect(venueScheduleText(Date.parse('2025-01-06T15:00:00Z'), TZ)).toBe('Lunes 06/01 12:00');
  });
});

describe('ordering §1 The wa.me link', () => {
  it('opens a chat with the venue phone and the prefilled text', () => {
    expect(venueWhatsAppLink('+54 9 11 4777-0001', 'Hola ¿cómo están?\n2 x Clásica')).toBe(
      'https://wa.me/5491147770001?text=Hola%20%C2%BFc%C3%B3mo%20est%C3%A1n%3F%0A2%20x%20Cl%C3%A1sica',
    );
  });
});

describe('ordering §4 a card order handed off after its payment (ADR 014)', () => {
  const placed = venueWhatsAppLink('+5491147770002', '*Nuevo pedido* #ABC123\nPago: Tarjeta online');

  it('the same chat and text, with the payment’s state added last', () => {
    const text = '*Nuevo pedido* #ABC123\nPago: Tarjeta online';
    const expected = (state: string) =>
      venueWhatsAppLink('+5491147770002', `${text}\nEstado del pago: ${state}`);
    expect(venueWhatsAppLinkWithPayment(placed, 'PAID')).toBe(expected('Pagado'));
    expect(venueWhatsAppLinkWithPayment(placed, 'PENDING')).toBe(expected('Pendiente de confirmación'));
    expect(venueWhatsAppLinkWithPayment(placed, 'REJECTED')).toBe(
      expected('Rechazado (puede volver a pagar desde el seguimiento del pedido)'),
    );
    expect(venueWhatsAppLinkWithPayment(placed, 'UNPAID')).toBe(
      expected('Sin pagar (puede pagar desde el seguimiento del pedido)'),
    );
  });

  it('leaves a link of another shape as it is', () => {
    expect(venueWhatsAppLinkWithPayment('https://example.com/x', 'PAID')).toBe('https://example.com/x');
  });
});

describe('follow-up §2.2 Reporting an order error', () => {
  it('requires exactly one error type', () => {
    expect(ORDER_ERROR_TYPES).toEqual([
      'WRONG_ITEM',
      'MISSING_ITEM',
      'LATE',
      'COLD',
      'CANCEL_REQUEST',
      'OTHER',
    ]);
    expect(venueErrorReportValid(['LATE'])).toBe(true);
    expect(venueErrorReportValid([])).toBe(false);
    expect(venueErrorReportValid(['LATE', 'OTHER'])).toBe(false);
    expect(venueErrorReportValid(['NOPE'])).toBe(false);
  });

  it('prefills the error report, cancel and contact texts', () => {
    expect(venueFollowUpText('AB12CD', { kind: 'error', errorType: 'LATE' })).toBe(
      'Hola, tengo un problema con mi pedido AB12CD: El pedido está demorado',
    );
    expect(venueFollowUpText('AB12CD', { kind: 'error', errorType: 'COLD' })).toBe(
      'Hola, tengo un problema con mi pedido AB12CD: El pedido llegó frío',
    );
    expect(venueFollowUpText('AB12CD', { kind: 'error', errorType: 'CANCEL_REQUEST' })).toBe(
      'Hola, quiero cancelar mi pedido AB12CD.',
    );
    expect(venueFollowUpText('AB12CD', { kind: 'cancel' })).toBe('Hola, quiero cancelar mi pedido AB12CD.');
    expect(venueFollowUpText('AB12CD', { kind: 'contact' })).toBe('Hola, les escribo por mi pedido AB12CD.');
  });
});
