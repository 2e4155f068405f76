import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FollowUpOrder } from '../api/order';
import { FollowUpPage } from './follow-up-page';

// What the page shows of the follow-up view, rendered in happy-dom. The e2e
// (e2e/tests/follow-up-page.spec.ts) drives real orders; this covers the
// fields no demo flow produces yet (a tracking URL and a shipment security
// code come with a logistics order, which nothing creates today) and the
// payment window read against a given instant.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

const ORDERED_AT = Date.parse('2026-11-20T21:00:00-03:00');

function orderOf(overrides: Partial<FollowUpOrder> = {}): FollowUpOrder {
  return {
    id: 1,
    code: 'ABC123XYZ789',
    type: 'DELIVERY',
    status: 'ACCEPTED',
    orderedAt: new Date(ORDERED_AT).toISOString(),
    scheduled: false,
    scheduledAt: null,
    paymentType: { id: 1, showName: 'Efectivo', paymentMethod: 'CASH' },
    paymentStatus: 'PENDING',
    paymentState: 'NOT_REQUIRED',
    paysWith: 20000,
    items: [
      {
        quantity: 2,
        name: 'Bife de chorizo',
        extras: [
          {
            groupId: 1,
            groupName: 'Cocción',
            groupItems: [{ referenceId: 1, name: 'A punto', quantity: 1 }],
          },
          {
            groupId: 2,
            groupName: 'Salsas',
            groupItems: [
              { referenceId: 2, name: 'Chimichurri', quantity: 2 },
              { referenceId: 3, name: 'Criolla', quantity: 1 },
            ],
          },
        ],
        notes: 'Sin sal',
        accPrice: 35800,
      },
    ],
    itemsPrice: 35800,
    surcharges: [{ name: 'Servicio de mesa', amount: 1200 }],
    discounts: [{ name: 'BIENVENIDO', amount: 5000 }],
    generalCodeDiscount: 'BIENVENIDO',
    deliveryFee: 1500,
    userServiceFee: 537,
    price: 34037,
    notes: 'Tocar timbre',
    destination: {
      street: 'Av. Rivadavia',
      number: '5000',
      zone: 'Caballito',
      locality: 'CABA',
      city: 'Buenos Aires',
      fullAddress: null,
      betweenStreets: null,
      details: 'Piso 3 B',
    },
    customerName: 'Ana',
    table: '12',
    trackingUrl: '/logistics/tracking/order/brasa-caballito/ABC123XYZ789',
    shipmentSecurityCode: '4821',
    shipment: null,
    loyalty: {
      programName: 'Brasitas',
      cashback: false,
      redeemedPoints: 500,
      gainedPoints: 1700,
      gainedCredited: false,
      redeemedReturned: false,
    },
    survey: { orderHasResponse: false, generalNPSAnswer: null, canRate: false },
    errorType: null,
    cancelReason: null,
    branchContact: {
      id: 2,
      alias: 'brasa-caballito',
      name: 'Brasa Caballito',
      whatsAppPhone: '+5491145550202',
    },
    country: { code: 'AR', currency: { code: 'ARS', symbol: '$' }, mantissaLength: 0 },
    ...overrides,
  };
}

async function render(order: FollowUpOrder, now = ORDERED_AT + 60_000) {
  await act(async () => {
    root.render(
      <MemoryRouter>
        <FollowUpPage
          order={order}
          live
          timeZone="America/Argentina/Buenos_Aires"
          now={now}
          paying={false}
          onPaid={() => {}}
          onPayingChange={() => {}}
          onReported={() => {}}
        />
      </MemoryRouter>,
    );
  });
}

/** The label → value pairs of a description list. */
function pairs(selector: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const row of document.querySelectorAll(`${selector} > div`)) {
    out[row.querySelector('dt')?.textContent ?? ''] = row.querySelector('dd')?.textContent ?? '';
  }
  return out;
}

const text = (selector: string) => document.querySelector(selector)?.textContent ?? null;
const norm = (value: string | undefined) => value?.replace(/\s+/g, ' ');

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.restoreAllMocks();
});

describe('FollowUpPage', () => {
  it('says why a cancelled paid order was cancelled and that the venue refunds it (issue 18)', async () => {
    await render(
      orderOf({
        status: 'CANCELED',
        cancelReason: 'Nos quedamos sin carbón',
        paymentType: { id: 3, showName: 'Tarjeta', paymentMethod: 'CARD_ONLINE' },
        paymentStatus: 'PAID',
      }),
    );
    const notice = document.querySelector('[data-testid="canceled-notice"]');
    expect([...(notice?.querySelectorAll('p') ?? [])].map((line) => norm(line.textContent ?? ''))).toEqual([
      'Brasa Caballito canceló tu pedido ABC123XYZ789.',
      'Motivo: Nos quedamos sin carbón',
      'Ya pagaste $ 34.037. La devolución no es automática: la hace Brasa Caballito. Escríbele para coordinarla.',
      'Escribir por WhatsApp',
    ]);
    const chat = new URL(notice?.querySelector('a')?.getAttribute('href') ?? '');
    expect(chat.pathname).toBe('/5491145550202');
    expect(chat.searchParams.get('text')).toContain('mi pedido ABC123XYZ789 fue cancelado');
  });

  it('tells a cancelled unpaid card order that nothing is to be refunded, and a cash one nothing', async () => {
    await render(
      orderOf({
        status: 'CANCELED',
        cancelReason: 'Cerramos antes',
        paymentType: { id: 3, showName: 'Tarjeta', paymentMethod: 'CARD_ONLINE' },
        paymentStatus: 'PROCESSING',
      }),
    );
    expect(text('[data-testid="canceled-notice"]')).toContain(
      'Este pedido no tiene ningún pago aprobado: no hay nada que devolver.',
    );
    await render(orderOf({ status: 'CANCELED', cancelReason: 'Cerramos antes' }));
    expect(text('[data-testid="canceled-notice"]')).not.toContain('devol');
    await render(orderOf({ status: 'DELIVERED' }));
    expect(document.querySelector('[data-testid="canceled-notice"]')).toBeNull();
  });

  it('shows every field of the order when it has them', async () => {
    await render(orderOf());
    expect(text('.follow-items__name')).toBe('2 × Bife de chorizo');
    expect([...document.querySelectorAll('.follow-items__extras')].map((node) => node.textContent)).toEqual([
      'Cocción: A punto',
      'Salsas: 2 × Chimichurri, Criolla',
    ]);
    expect(text('.follow-items__notes')).toBe('“Sin sal”');
    expect(norm(text('.follow-items__price') ?? undefined)).toBe('$ 35.800');

    const summary = pairs('.cart-summary');
    expect(Object.keys(summary)).toEqual([
      'Subtotal',
      'Servicio de mesa',
      'BIENVENIDO',
      'Envío',
      'Costo de servicio',
      'Total',
    ]);
    expect(norm(summary.BIENVENIDO)).toBe('− $ 5.000');
    expect(norm(summary['Envío'])).toBe('$ 1.500');
    expect(norm(summary['Costo de servicio'])).toBe('$ 537');
    expect(norm(summary.Total)).toBe('$ 34.037');

    const facts = pairs('.follow-facts');
    expect(facts['Medio de pago']).toBe('Efectivo');
    expect(norm(facts['Paga con'])).toBe('$ 20.000');
    expect(facts.Mesa).toBe('12');
    expect(facts.Dirección).toBe('Av. Rivadavia 5000, Buenos Aires (Piso 3 B)');
    expect(facts.Notas).toBe('Tocar timbre');
    expect(facts['Clave de entrega']).toBe('4821');
    expect(facts['Puntos canjeados']).toBe('500');
    expect(facts['Puntos a ganar']).toBe('1.700 (al entregar el pedido)');
    // The live map is one call to action in the order's status, not a fact among the details.
    expect(document.querySelector('.follow-facts a')).toBeNull();
    const tracking = document.querySelector<HTMLAnchorElement>('[data-testid="tracking-link"]');
    expect(tracking?.textContent).toBe('Seguir el envío en el mapa');
    expect(tracking?.getAttribute('href')).toBe('/logistics/tracking/order/brasa-caballito/ABC123XYZ789');
    expect(tracking?.closest('section')?.getAttribute('aria-label')).toBe('Estado del pedido');
    expect(document.querySelector('.follow-steps__step--current')?.textContent).toBe('Pedido aceptado');
  });

  it('leaves out what the order does not have', async () => {
    await render(
      orderOf({
        surcharges: [],
        discounts: [],
        deliveryFee: 0,
        userServiceFee: 0,
        paysWith: null,
        table: null,
        destination: null,
        notes: null,
        trackingUrl: null,
        shipmentSecurityCode: null,
        loyalty: {
          programName: null,
          cashback: false,
          redeemedPoints: 0,
          gainedPoints: 0,
          gainedCredited: false,
          redeemedReturned: false,
        },
      }),
    );
    // The fees stay, read as at checkout (ordering §9): a zero delivery fee is 'Gratis', a zero service fee 'Bonificada'.
    const summary = pairs('.cart-summary');
    expect(Object.keys(summary)).toEqual(['Subtotal', 'Envío', 'Costo de servicio', 'Total']);
    expect(summary['Envío']).toBe('Gratis');
    expect(summary['Costo de servicio']).toBe('Bonificada');
    expect(Object.keys(pairs('.follow-facts'))).toEqual(['Medio de pago']);
    expect(document.querySelector('[data-testid="tracking-link"]')).toBeNull();
  });

  it('a take-away order has no delivery fee line; its zero service fee reads Bonificada', async () => {
    await render(orderOf({ type: 'TAKE_AWAY', deliveryFee: 0, userServiceFee: 0, destination: null }));
    const summary = pairs('.cart-summary');
    expect(summary['Envío']).toBeUndefined();
    expect(summary['Costo de servicio']).toBe('Bonificada');
  });

  it("the venue's rider: waiting for one, then who brings it and where the delivery is", async () => {
    await render(orderOf({ shipment: { status: 'LOOKING_FOR_DRIVER', riderName: null } }));
    const line = () => document.querySelector('[data-testid="shipment-status"]');
    expect(line()?.textContent).toBe('Buscando repartidor');
    await render(
      orderOf({ status: 'READY', shipment: { status: 'ON_ROUTE_TO_DROP_OFF', riderName: 'Lucas Romero' } }),
    );
    expect(line()?.querySelector('.follow-shipment__status')?.textContent).toBe('Tu pedido va en camino');
    expect(line()?.querySelector('.follow-shipment__rider')?.textContent).toBe('Repartidor: Lucas Romero');
    expect(line()?.className).toContain('follow-shipment--moving');
    // A rider who gave the shipment back is not named: the food waits for another one.
    await render(orderOf({ shipment: { status: 'DRIVER_CANCELED', riderName: 'Lucas Romero' } }));
    expect(line()?.textContent).toBe('Buscando repartidor');
    // Take-away, or a delivery the venue's fleet does not carry: no line at all.
    await render(orderOf({ shipment: null }));
    expect(line()).toBeNull();
  });

  it('loyalty: gained points once delivered, none on a canceled order whose redeemed points went back', async () => {
    const base = orderOf().loyalty;
    await render(orderOf({ status: 'DELIVERED', loyalty: { ...base, gainedCredited: true } }));
    expect(pairs('.follow-facts')['Puntos ganados']).toBe('1.700');
    await render(orderOf({ status: 'CANCELED', loyalty: { ...base, redeemedReturned: true } }));
    const facts = pairs('.follow-facts');
    expect(facts['Puntos canjeados']).toBe('500 (devueltos)');
    expect(Object.keys(facts)).not.toContain('Puntos ganados');
    expect(Object.keys(facts)).not.toContain('Puntos a ganar');
  });

  it('loyalty of a cashback programme reads as money (ADR 033)', async () => {
    const base = orderOf().loyalty;
    await render(orderOf({ loyalty: { ...base, cashback: true } }));
    const facts = pairs('.follow-facts');
    expect(norm(facts['Cashback canjeado'])).toBe('$ 500');
    expect(norm(facts['Cashback a ganar'])).toBe('$ 1.700 (al entregar el pedido)');
    expect(Object.keys(facts)).not.toContain('Puntos canjeados');
  });

  it('an unpaid card order inside the window: greyed, labelled, with the pay action', async () => {
    const card = { id: 2, showName: 'Tarjeta online', paymentMethod: 'CARD_ONLINE' };
    await render(orderOf({ paymentType: card, paymentStatus: 'PROCESSING', paymentState: 'UNPAID' }));
    expect(document.querySelector('.follow-up__detail--unpaid')).not.toBeNull();
    expect(text('.follow-up__unpaid-label')).toBe('Pendiente de pago');
    expect(text('.follow-up__pay')).toMatch(/^Pagar \$\s34\.037$/);
    expect(document.body.textContent).not.toContain('Tiempo de pago vencido');
  });

  it('past the window by the page’s clock, or when the server says so: expired, no pay action', async () => {
    const card = { id: 2, showName: 'Tarjeta online', paymentMethod: 'CARD_ONLINE' };
    await render(orderOf({ paymentType: card, paymentStatus: 'PENDING' }), ORDERED_AT + 2 * 3_600_000 + 1);
    expect(text('[role="alert"]')).toBe('Tiempo de pago vencido, vuelva a generar el pedido');
    expect(document.querySelector('.follow-up__pay')).toBeNull();

    // The page's clock is a minute in, but the server (the authority) says expired.
    await render(orderOf({ paymentType: card, paymentStatus: 'PENDING', paymentState: 'EXPIRED' }));
    expect(text('[role="alert"]')).toBe('Tiempo de pago vencido, vuelva a generar el pedido');
    expect(document.querySelector('.follow-up__pay')).toBeNull();
  });

  it('a paid card order: no grey, no pay action, "Pagado"', async () => {
    const card = { id: 2, showName: 'Tarjeta online', paymentMethod: 'CARD_ONLINE' };
    await render(orderOf({ paymentType: card, paymentStatus: 'PAID', paymentState: 'PAID' }));
    expect(document.querySelector('.follow-up__detail--unpaid')).toBeNull();
    expect(document.querySelector('.follow-up__pay')).toBeNull();
    expect(pairs('.follow-facts')['Medio de pago']).toBe('Tarjeta online · Pagado');
  });

  it('a canceled order: generated, then canceled as the current node', async () => {
    await render(orderOf({ status: 'CANCELED' }));
    expect([...document.querySelectorAll('.follow-steps__step')].map((node) => node.textContent)).toEqual([
      'Pedido recibido',
      'Pedido cancelado',
    ]);
    expect(document.querySelector('.follow-steps__step--current')?.textContent).toBe('Pedido cancelado');
  });

  it('offers the survey while the order can be rated, then thanks for the rating given', async () => {
    const offer = () =>
      [...document.querySelectorAll('a')].find((a) => a.textContent === 'Calificar pedido') ?? null;
    await render(orderOf({ status: 'READY' }));
    expect(offer()).toBeNull();
    await render(
      orderOf({
        status: 'DELIVERED',
        survey: { orderHasResponse: false, generalNPSAnswer: null, canRate: true },
      }),
    );
    expect(offer()?.getAttribute('href')).toBe('/encuesta/brasa-caballito/ABC123XYZ789');
    expect(text('#survey-offer-title')).toBe('¿Qué tal estuvo tu pedido?');
    await render(
      orderOf({
        status: 'DELIVERED',
        survey: { orderHasResponse: true, generalNPSAnswer: 3, canRate: false },
      }),
    );
    expect(offer()).toBeNull();
    expect(text('[data-testid="survey-done"]')).toBe('Calificaste este pedido con 3 de 5. ¡Gracias!');
  });

  it('links to the support page with the order code', async () => {
    await render(orderOf());
    const support = [...document.querySelectorAll('a')].find(
      (a) => a.textContent === 'Ayuda con este pedido',
    );
    expect(support?.getAttribute('href')).toBe('/soporte?referenceId=ABC123XYZ789');
  });
});
