// Orders the benches place through the real API: a line for a plate (its first
// size and the first items of every mandatory garnish group), and the one the
// full-speed benches place (order-throughput, soak): the demo tenant imported
// with Núñez take-away open around the clock, two lines, cash, priced by the
// server itself.
import { randomUUID } from 'node:crypto';
import { demoTenantOpenAroundTheClock, tenantImport } from './built-app.mjs';

async function json(response) {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

/** An order line for a menu plate: its first size, and the first item(s) of every mandatory group. */
export function plateLine(plate, quantity) {
  return {
    referenceId: plate.id,
    ...(plate.sizes.length > 0 ? { sizeId: plate.sizes[0].id } : {}),
    quantity,
    extras: plate.garnishGroups
      .filter((group) => group.mandatory)
      .map((group) => ({
        groupId: group.groupId,
        groupItems: group.groupItems
          .slice(0, Math.max(1, group.minGarnishAmount))
          .map((item) => ({ referenceId: item.id, quantity: 1 })),
      })),
  };
}

/**
 * Imports the demo tenant through the admin API and builds a valid order from
 * the diner API. Answers the order's body without `phone` (each bench sets its
 * own), the location and the mode. The server prices it: a probe with price 0
 * is refused with a 409 that carries the figures (and places nothing).
 */
export async function nunezTakeAwayOrder(base, adminToken) {
  await tenantImport(base, adminToken, demoTenantOpenAroundTheClock(['nunez-takeaway']));
  const entity = await json(await fetch(`${base}/api/diner/brasa-nunez`));
  const contact = entity.branchContact;
  const mode = contact.deliveryConfig.orderModes.find((candidate) => candidate.type === 'TAKE_AWAY');
  const cash = mode.paymentTypes.find((type) => type.paymentMethod === 'CASH');
  const menu = await json(
    await fetch(`${base}/api/diner/brasa-nunez/menu/${contact.id}?orderModeId=${mode.id}`),
  );
  const plates = menu.categories.flatMap((category) => category.plates);
  const withGarnish =
    plates.find((plate) => plate.garnishGroups.some((group) => group.mandatory)) ?? plates[0];
  const plain =
    plates.find((plate) => plate.garnishGroups.length === 0 && plate.id !== withGarnish.id) ?? plates[1];
  const template = {
    orderModeId: mode.id,
    branchContact: { id: contact.id },
    type: 'TAKE_AWAY',
    items: [plateLine(withGarnish, 2), plateLine(plain, 1)],
    paymentType: { id: cash.id },
    customerName: 'Cliente de prueba',
    notes: 'Sin sal',
    price: 0,
  };
  const probe = await fetch(`${base}/api/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ ...template, phone: '+5491140000000', paysWith: 10_000_000 }),
  });
  const answer = await json(probe);
  if (probe.status !== 409)
    throw new Error(`expected the probe to be 409, got ${probe.status}: ${JSON.stringify(answer)}`);
  return {
    contact,
    mode,
    template: {
      ...template,
      price: answer.breakdown.price,
      paysWith: Math.ceil(answer.breakdown.price / 1000) * 1000,
    },
  };
}
