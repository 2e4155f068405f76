// A delivery with a live tracking page on the built server, for the benches
// that open that page (bundle-size, lighthouse): a DELIVERY order placed at
// the demo tenant's Brasa Núñez (own fleet) through POST /api/order, accepted
// by the venue's staff in the console API (which creates its shipment), and
// the tracking path the diner's follow-up links to. A demo rider goes on shift
// first (the venue takes own-fleet deliveries only with riders on shift) but
// takes nothing: the page shows the branch and the destination, 'Buscando
// repartidor' and the delivery code.
import { randomUUID } from 'node:crypto';

const ALIAS = 'brasa-nunez';
const STAFF = { email: 'nunez@brasa.example', password: 'brasa-demo-nunez' };
/** A demo rider of Brasa Núñez (apps/api/src/tenant/demo-tenant.json). */
const RIDER = { e164: '+5491161110001', code: '2468' };
const DESTINATION = {
  fullAddress: 'Av. Cabildo 3000, CABA',
  street: 'Av. Cabildo',
  number: '3000',
  betweenStreets: 'Juramento y Mendoza',
  details: 'Piso 3 B',
  lat: -34.5535,
  lng: -58.4625,
};

async function json(response) {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Places and accepts the order; answers `/logistics/tracking/order/{alias}/{code}`. */
export async function trackedOrderPath(base) {
  const entity = await json(await fetch(`${base}/api/diner/${ALIAS}`));
  const contact = entity.branchContact;
  const rider = await json(
    await fetch(
      `${base}/api/rider/bc/phone?branchContactId=${contact.id}&phone=${encodeURIComponent(RIDER.e164)}`,
    ),
  );
  const shift = await fetch(`${base}/api/rider/${rider.id}/updatewithcode`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      active: true,
      securityCode: RIDER.code,
      riderUser: { branchContact: { id: contact.id } },
    }),
  });
  if (!shift.ok) throw new Error(`rider shift refused: ${shift.status} ${await shift.text()}`);
  const mode = contact.deliveryConfig.orderModes.find((candidate) => candidate.type === 'DELIVERY');
  const cash = mode.paymentTypes.find((candidate) => candidate.paymentMethod === 'CASH');
  const menu = await json(
    await fetch(`${base}/api/diner/${ALIAS}/menu/${contact.id}?orderModeId=${mode.id}`),
  );
  const plate = menu.categories
    .flatMap((category) => category.plates)
    .find((candidate) => candidate.garnishGroups.every((group) => !group.mandatory));
  const payload = {
    orderModeId: mode.id,
    branchContact: { id: contact.id },
    items: [{ referenceId: plate.id, ...(plate.sizes[0] ? { sizeId: plate.sizes[0].id } : {}), quantity: 4 }],
    price: 0,
    paymentType: { id: cash.id },
    paysWith: 200000,
    phone: '+5491155550123',
    customerName: 'Cliente de prueba',
    destination: DESTINATION,
  };
  const post = (body) =>
    fetch(`${base}/api/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(body),
    });
  const priced = await json(await post(payload));
  if (!priced?.breakdown) throw new Error(`could not price the delivery: ${JSON.stringify(priced)}`);
  const placed = await post({ ...payload, price: priced.breakdown.price });
  const order = await json(placed);
  if (placed.status !== 201) throw new Error(`order refused: ${placed.status} ${JSON.stringify(order)}`);
  const login = await json(
    await fetch(`${base}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STAFF),
    }),
  );
  const moved = await fetch(`${base}/api/console/orders/${order.id}/status`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
    body: JSON.stringify({ status: 'ACCEPTED' }),
  });
  if (!moved.ok) throw new Error(`accept failed: ${moved.status} ${await moved.text()}`);
  const path = `/logistics/tracking/order/${ALIAS}/${order.code}`;
  const tracking = await fetch(`${base}/api/logisticsorder/tracking/${ALIAS}/${order.code}`);
  if (tracking.status !== 200) throw new Error(`tracking read answered ${tracking.status}`);
  return path;
}
