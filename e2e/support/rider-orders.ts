import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import { RIDER_ALIAS } from './rider';

/**
 * Shipments for the rider tests, made the way the product makes them: a
 * diner's DELIVERY order at Brasa Núñez (own fleet), accepted by the venue's
 * staff in the console API, which creates the shipment in the same
 * transaction (own-fleet contract). Placed against the server's clock.
 */

const NUNEZ_STAFF = { email: 'nunez@brasa.example', password: 'brasa-demo-nunez' };

/** Inside Núñez's first delivery zone, with the between-streets Núñez asks for. */
const DESTINATION = {
  fullAddress: 'Av. Cabildo 3000, CABA',
  street: 'Av. Cabildo',
  number: '3000',
  betweenStreets: 'Juramento y Mendoza',
  details: 'Piso 3 B',
  lat: -34.5535,
  lng: -58.4625,
};

export interface PlacedDelivery {
  id: number;
  code: string;
  branchContactId: number;
}

interface Plate {
  id: number;
  sizes: { id: number }[];
  garnishGroups: { mandatory: boolean }[];
}

/** A DELIVERY order at Brasa Núñez, paid in cash (the rider collects it) or by bank transfer. */
export async function deliveryOrderPlace(
  request: APIRequestContext,
  customerName: string,
  payment: 'CASH' | 'BANK_TRANSFER' = 'CASH',
): Promise<PlacedDelivery> {
  const entity = await (await request.get(`/api/diner/${RIDER_ALIAS}`)).json();
  const contact = entity.branchContact;
  const mode = contact.deliveryConfig.orderModes.find(
    (candidate: { type: string }) => candidate.type === 'DELIVERY',
  );
  const paymentType = mode.paymentTypes.find(
    (candidate: { paymentMethod: string }) => candidate.paymentMethod === payment,
  );
  const menu = await (
    await request.get(`/api/diner/${RIDER_ALIAS}/menu/${contact.id}?orderModeId=${mode.id}`)
  ).json();
  const plates: Plate[] = menu.categories.flatMap((category: { plates: Plate[] }) => category.plates);
  const plate = plates.find((candidate) => candidate.garnishGroups.every((group) => !group.mandatory));
  if (!plate || !paymentType) throw new Error('No plate or payment type for a delivery order at Núñez');
  const payload = {
    orderModeId: mode.id,
    branchContact: { id: contact.id },
    items: [{ referenceId: plate.id, ...(plate.sizes[0] ? { sizeId: plate.sizes[0].id } : {}), quantity: 4 }],
    price: 0,
    paymentType: { id: paymentType.id },
    ...(payment === 'CASH' ? { paysWith: 200000 } : {}),
    phone: '+5491155550123',
    customerName,
    destination: DESTINATION,
  };
  const priced = await request.post('/api/order', {
    data: payload,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(priced.status(), await priced.text()).toBe(409);
  const { breakdown } = await priced.json();
  const placed = await request.post('/api/order', {
    data: { ...payload, price: breakdown.price },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = await placed.json();
  return { id: order.id, code: order.code, branchContactId: contact.id };
}

let token: string | null = null;

/** A session of Brasa Núñez's staff (one for the whole run). */
export async function staffToken(request: APIRequestContext): Promise<string> {
  if (!token) {
    const login = await request.post('/api/staff/login', { data: NUNEZ_STAFF });
    expect(login.status()).toBe(200);
    token = (await login.json()).token as string;
  }
  return token;
}

/** The venue accepts the order in the console: its shipment starts looking for a rider. */
export async function deliveryOrderAccept(request: APIRequestContext, order: PlacedDelivery): Promise<void> {
  const moved = await request.post(`/api/console/orders/${order.id}/status`, {
    data: { status: 'ACCEPTED' },
    headers: { authorization: `Bearer ${await staffToken(request)}` },
  });
  expect(moved.status(), await moved.text()).toBe(200);
}

/** The delivery code the diner sees on the follow-up page (and gives the rider at the door). */
export async function deliveryCodeOf(request: APIRequestContext, order: PlacedDelivery): Promise<string> {
  const view = await (await request.get(`/api/diner/order/${order.code}`)).json();
  expect(view.shipmentSecurityCode).toMatch(/^\d{4}$/);
  return view.shipmentSecurityCode as string;
}

/** The order's status as the diner's follow-up page reads it. */
export async function orderStatusOf(request: APIRequestContext, order: PlacedDelivery): Promise<string> {
  return (await (await request.get(`/api/diner/order/${order.code}`)).json()).status;
}
